import type {
  AccountRef,
  CreditGrant,
  LedgerAccount,
  LedgerBalance,
  LedgerEntry,
  LedgerLinks,
  LedgerTransactionKind,
  SystemAccountKind,
} from "./ledger.ts";

/** The input of one ledger transaction (core/wallet/ledger.ts). */
export interface LedgerPostInput {
  tenantId: string;
  kind: LedgerTransactionKind;
  /** Unique per tenant: posting the same key again changes nothing and answers the first transaction. */
  idempotencyKey: string;
  postings: { account: AccountRef; amount: number }[];
  reason: string;
  createdBy: string;
  links?: LedgerLinks;
  at: Date;
  /**
   * Names the wallet this transaction debits. Every wallet a transaction debits is guarded anyway
   * (locked, its balance summed, refused below minus its credit limit); naming one asserts it is debited.
   */
  guard?: { walletAccountId: string; mustStayAbove: "credit" };
}

export type LedgerPostResult =
  { ok: true; transactionId: string; replayed: boolean } | { ok: false; error: "INSUFFICIENT_FUNDS" | "UNBALANCED" };

/**
 * The double-entry ledger of wallets and credit (issue 10). Balances are derived from entries; a
 * debit of a wallet is decided under a lock of that wallet, so simultaneous debits never spend
 * the same money twice.
 */
export interface LedgerRepository {
  /** The tenant's account of a system kind, opened on first use. */
  systemAccount(tenantId: string, kind: SystemAccountKind): Promise<LedgerAccount>;
  /** The traveller's wallet, opened on first use; throws when the user is not this tenant's. */
  walletOf(tenantId: string, userId: string): Promise<LedgerAccount>;
  /** The traveller's wallet if it was ever opened, without opening it. */
  findWallet(tenantId: string, userId: string): Promise<LedgerAccount | null>;
  /** Writes one balanced transaction, or replays the first with the same key. Malformed postings (zero, fractional, one entry) throw. */
  post(input: LedgerPostInput): Promise<LedgerPostResult>;
  balance(accountId: string): Promise<LedgerBalance>;
  /** Newest first; `before` is the last entry of the previous page. */
  entries(accountId: string, page: { limit: number; before?: Pick<LedgerEntry, "id" | "at"> }): Promise<LedgerEntry[]>;
  /** Sets a wallet's credit limit and records who and why; existing debt is kept when it is lowered. */
  setCreditLimit(
    accountId: string,
    limit: number,
    by: string,
    reason: string,
    at: Date,
  ): Promise<{ previous: number; creditLimit: number }>;
  /** Every change of a wallet's credit limit, newest first. */
  creditHistory(accountId: string): Promise<CreditGrant[]>;
  /** The sum of every entry of the tenant: 0 unless the ledger is broken. */
  sumAll(tenantId: string): Promise<number>;
}
