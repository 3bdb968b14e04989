/**
 * A traveller's wallet on the ledger: the movements later features make (top-up, paying a booking,
 * holding for a booking, a refund) are each a wallet and one of the tenant's system accounts.
 */
import type { LedgerPostInput, LedgerPostResult, LedgerRepository } from "./ports.ts";
import {
  balanceOf,
  isLedgerAmount,
  type LedgerBalance,
  type LedgerEntry,
  type LedgerLinks,
  type LedgerTransactionKind,
  type SystemAccountKind,
} from "./ledger.ts";

export interface WalletMovement {
  tenantId: string;
  userId: string;
  /** Positive whole tomans. */
  amount: number;
  kind: LedgerTransactionKind;
  idempotencyKey: string;
  reason: string;
  createdBy: string;
  links?: LedgerLinks;
  at: Date;
}

/** The wallet gives `amount` to a system account (pays revenue, is held in wallet_holds). */
export function walletDebitPostings(walletAccountId: string, amount: number, to: SystemAccountKind): LedgerPostInput["postings"] {
  return [
    { account: { id: walletAccountId }, amount: -amount },
    { account: { system: to }, amount },
  ];
}

/** A system account gives `amount` to the wallet (a top-up from gateway_clearing, a refund, a released hold). */
export function walletCreditPostings(walletAccountId: string, amount: number, from: SystemAccountKind): LedgerPostInput["postings"] {
  return [
    { account: { system: from }, amount: -amount },
    { account: { id: walletAccountId }, amount },
  ];
}

function assertAmount(amount: number): void {
  // A zero or negative amount would turn a debit into a credit: a caller's bug, never a traveller's input.
  if (!isLedgerAmount(amount)) throw new RangeError(`a wallet movement needs a positive whole amount of tomans, got ${amount}`);
}

function postInput(movement: WalletMovement, postings: LedgerPostInput["postings"]): LedgerPostInput {
  return {
    tenantId: movement.tenantId,
    kind: movement.kind,
    idempotencyKey: movement.idempotencyKey,
    postings,
    reason: movement.reason,
    createdBy: movement.createdBy,
    at: movement.at,
    ...(movement.links ? { links: movement.links } : {}),
  };
}

/** Takes money from the wallet, refused (INSUFFICIENT_FUNDS) below minus its credit limit; opens the wallet on first use. */
export async function debitWallet(
  ledger: LedgerRepository,
  movement: WalletMovement & { to: SystemAccountKind },
): Promise<LedgerPostResult> {
  assertAmount(movement.amount);
  const wallet = await ledger.walletOf(movement.tenantId, movement.userId);
  return ledger.post({
    ...postInput(movement, walletDebitPostings(wallet.id, movement.amount, movement.to)),
    guard: { walletAccountId: wallet.id, mustStayAbove: "credit" },
  });
}

/** Gives money to the wallet; opens it on first use. */
export async function creditWallet(
  ledger: LedgerRepository,
  movement: WalletMovement & { from: SystemAccountKind },
): Promise<LedgerPostResult> {
  assertAmount(movement.amount);
  const wallet = await ledger.walletOf(movement.tenantId, movement.userId);
  return ledger.post(postInput(movement, walletCreditPostings(wallet.id, movement.amount, movement.from)));
}

/**
 * What the wallet page shows: balance, credit and the latest entries (older than `before`, the last
 * entry of the previous page, when paging); a wallet never opened is empty, and is not opened by looking.
 */
export async function walletSummary(
  ledger: LedgerRepository,
  input: { tenantId: string; userId: string; limit: number; before?: Pick<LedgerEntry, "id" | "at"> },
): Promise<LedgerBalance & { entries: LedgerEntry[] }> {
  const wallet = await ledger.findWallet(input.tenantId, input.userId);
  if (!wallet) return { ...balanceOf(0, 0), entries: [] };
  const [balance, entries] = await Promise.all([
    ledger.balance(wallet.id),
    ledger.entries(wallet.id, { limit: input.limit, ...(input.before ? { before: input.before } : {}) }),
  ]);
  return { ...balance, entries };
}
