/**
 * The double-entry ledger (issue 10, docs/decisions/0015-wallet-ledger.md). Every movement of
 * money is a transaction of two or more entries on accounts, in integer tomans, summing to zero.
 * An account's balance is the sum of its entries: a wallet's is what the agency owes the
 * traveller (negative while they use granted credit); system accounts hold the other sides.
 */

export const LEDGER_ACCOUNT_KINDS = ["wallet", "gateway_clearing", "revenue", "refunds", "wallet_holds"] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];
/**
 * The tenant's own accounts, one of each per tenant: money paid in at the gateway and not yet
 * settled to the agency (gateway_clearing), earned (revenue), given back (refunds), and taken
 * from a wallet for a booking whose gateway part is still open (wallet_holds).
 */
export type SystemAccountKind = Exclude<LedgerAccountKind, "wallet">;
export const SYSTEM_ACCOUNT_KINDS: readonly SystemAccountKind[] = ["gateway_clearing", "revenue", "refunds", "wallet_holds"];

export const LEDGER_TRANSACTION_KINDS = ["topup", "booking_payment", "wallet_hold", "hold_release", "refund", "adjustment"] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

export const isLedgerAccountKind = (value: string): value is LedgerAccountKind =>
  (LEDGER_ACCOUNT_KINDS as readonly string[]).includes(value);
export const isLedgerTransactionKind = (value: string): value is LedgerTransactionKind =>
  (LEDGER_TRANSACTION_KINDS as readonly string[]).includes(value);

/** The largest amount of one entry: PostgreSQL's `integer`, the column's type. */
export const MAX_ENTRY_AMOUNT = 2_147_483_647;
/** The largest credit limit an operator may grant a wallet, in tomans. */
export const MAX_CREDIT_LIMIT = 100_000_000;

export interface LedgerAccount {
  id: string;
  tenantId: string;
  kind: LedgerAccountKind;
  /** The wallet's owner; null for system accounts. */
  userId: string | null;
  /** Tomans a wallet may go below zero; 0 for system accounts. */
  creditLimit: number;
  createdAt: Date;
}

/** One entry as written: a signed amount on an account (positive adds to its balance). */
export interface Posting {
  accountId: string;
  amount: number;
}

/** An account named the way a caller knows it: by id, as a tenant's system account, or as a traveller's wallet. */
export type AccountRef = { id: string } | { system: SystemAccountKind } | { walletOf: string };

/** What a transaction was for, so the wallet page can link to it. */
export interface LedgerLinks {
  paymentId?: string | null;
  bookingId?: string | null;
  refundId?: string | null;
}

export interface LedgerTransaction {
  id: string;
  tenantId: string;
  kind: LedgerTransactionKind;
  idempotencyKey: string;
  reason: string;
  createdBy: string;
  links: Required<LedgerLinks>;
  at: Date;
  entries: Posting[];
}

/** An account's balance and, for a wallet, how far it may still be debited. */
export interface LedgerBalance {
  balance: number;
  creditLimit: number;
  /** balance + creditLimit: the largest debit the wallet can take now. */
  available: number;
}

/** One line of an account's history, with what the transaction was and which accounts took the other side. */
export interface LedgerEntry {
  id: string;
  transactionId: string;
  amount: number;
  at: Date;
  kind: LedgerTransactionKind;
  reason: string;
  createdBy: string;
  links: Required<LedgerLinks>;
  /** Kinds of the other accounts of the transaction (a wallet paid to revenue shows ["revenue"]). */
  counterparts: LedgerAccountKind[];
}

export interface CreditGrant {
  id: string;
  accountId: string;
  creditLimit: number;
  grantedBy: string;
  reason: string;
  at: Date;
}

export type PostingProblem = "TOO_FEW_ENTRIES" | "NOT_AN_INTEGER" | "ZERO_AMOUNT" | "OUT_OF_RANGE" | "UNBALANCED";

/**
 * Whether a set of amounts can be one transaction: at least two entries, each a non-zero integer
 * that fits the column, summing to zero. Only the sum can be wrong in a well-formed caller; the
 * other problems are bugs. Summed in safe integers (2^53 > entries × 2^31 for any real count).
 */
export function checkPostings(amounts: readonly number[]): { ok: true } | { ok: false; problem: PostingProblem } {
  if (amounts.length < 2) return { ok: false, problem: "TOO_FEW_ENTRIES" };
  let sum = 0;
  for (const amount of amounts) {
    if (!Number.isSafeInteger(amount)) return { ok: false, problem: "NOT_AN_INTEGER" };
    if (amount === 0) return { ok: false, problem: "ZERO_AMOUNT" };
    if (Math.abs(amount) > MAX_ENTRY_AMOUNT) return { ok: false, problem: "OUT_OF_RANGE" };
    sum += amount;
  }
  return sum === 0 ? { ok: true } : { ok: false, problem: "UNBALANCED" };
}

/** A positive whole amount of tomans that fits one entry: what a debit, credit or top-up may move. */
export const isLedgerAmount = (amount: number): boolean => Number.isSafeInteger(amount) && amount > 0 && amount <= MAX_ENTRY_AMOUNT;

export const isCreditLimit = (limit: number): boolean => Number.isSafeInteger(limit) && limit >= 0 && limit <= MAX_CREDIT_LIMIT;

/**
 * Net amount per account: several postings on one account count as one movement, so a debit
 * split in two lines is guarded as a whole.
 */
export function netByAccount(postings: readonly Posting[]): Map<string, number> {
  const net = new Map<string, number>();
  for (const posting of postings) net.set(posting.accountId, (net.get(posting.accountId) ?? 0) + posting.amount);
  return net;
}

/** Whether a wallet may take a movement: a debit must not leave it below minus its credit limit. Credits are always allowed. */
export function walletAllows(input: { balance: number; creditLimit: number; amount: number }): boolean {
  return input.amount >= 0 || input.balance + input.amount >= -input.creditLimit;
}

export const balanceOf = (balance: number, creditLimit: number): LedgerBalance => ({
  balance,
  creditLimit,
  available: balance + creditLimit,
});
