/**
 * The credit an operator grants a traveller's wallet (issue 10): reading the limit and the record
 * of who and why as typed, and the audited use case that sets it. The command line, the
 * back-office screen and the admin API share these; the money itself moves only through the ledger.
 */
import { audited, maskMobileForRecord, type Actor, type AuditLog } from "../back-office/audit.ts";
import { formatNumber, readWholeNumber } from "../booking/discount-codes.ts";
import { normalizeMobile } from "../passengers/passenger-rules.ts";
import type { Clock } from "../ports.ts";
import { printable } from "../text/printable.ts";
import { MAX_CREDIT_LIMIT, balanceOf, type CreditGrant, type LedgerBalance } from "./ledger.ts";
import type { LedgerRepository } from "./ports.ts";

export const MAX_GRANTOR_LENGTH = 100;
export const MAX_REASON_LENGTH = 500;

export type CreditField = "mobile" | "limit" | "by" | "reason";
export type CreditFieldError = "REQUIRED" | "INVALID" | "TOO_LONG";

/** A refused field: its code for screens and the API, the command line's sentence. */
export type CreditRead<T> = { ok: true; value: T } | { ok: false; field: CreditField; code: CreditFieldError; error: string };

/** Finds a traveller's account at a tenant by the mobile it signed in with. */
export interface CreditAccounts {
  userIdByMobile(tenantId: string, mobile: string): Promise<string | null>;
}

export function readCreditMobile(text: string | undefined): CreditRead<string> {
  if (text === undefined || text.trim() === "")
    return { ok: false, field: "mobile", code: "REQUIRED", error: "--mobile is required: the account's mobile number, e.g. 09121234567" };
  const mobile = normalizeMobile(text);
  return mobile
    ? { ok: true, value: mobile }
    : {
        ok: false,
        field: "mobile",
        code: "INVALID",
        error: `--mobile must be an Iranian mobile number, e.g. 09121234567 (got "${printable(text)}")`,
      };
}

export function readCreditLimit(text: string | undefined): CreditRead<number> {
  if (text === undefined || text.trim() === "")
    return { ok: false, field: "limit", code: "REQUIRED", error: "--limit is required: whole tomans, 0 to take the credit away" };
  const value = readWholeNumber(text);
  if (value === null || value > MAX_CREDIT_LIMIT)
    return {
      ok: false,
      field: "limit",
      code: "INVALID",
      error: `--limit must be whole tomans from 0 to ${formatNumber(MAX_CREDIT_LIMIT)} (got "${printable(text)}")`,
    };
  return { ok: true, value };
}

/** Who and why are stored as typed but printable, since the history shows them back. */
export function readCreditRecordText(name: "by" | "reason", text: string | undefined): CreditRead<string> {
  const value = printable(text ?? "");
  const max = name === "by" ? MAX_GRANTOR_LENGTH : MAX_REASON_LENGTH;
  if (value === "")
    return {
      ok: false,
      field: name,
      code: "REQUIRED",
      error: name === "by" ? "--by is required: who grants the credit" : "--reason is required: why the credit is granted",
    };
  if ([...value].length > max) return { ok: false, field: name, code: "TOO_LONG", error: `--${name} may have at most ${max} characters` };
  return { ok: true, value };
}

export interface CreditWallet {
  /** False until the traveller's wallet is first used; looking does not open it. */
  opened: boolean;
  balance: LedgerBalance;
  /** Every change of the limit, newest first. */
  history: CreditGrant[];
}

/** A traveller's wallet as an operator sees it, without opening it. */
export async function creditWallet(
  ledger: Pick<LedgerRepository, "findWallet" | "balance" | "creditHistory">,
  tenantId: string,
  userId: string,
): Promise<CreditWallet> {
  const wallet = await ledger.findWallet(tenantId, userId);
  if (!wallet) return { opened: false, balance: balanceOf(0, 0), history: [] };
  const [balance, history] = await Promise.all([ledger.balance(wallet.id), ledger.creditHistory(wallet.id)]);
  return { opened: true, balance, history };
}

export type SetCreditLimitResult =
  { changed: false; creditLimit: number } | { changed: true; previous: number; creditLimit: number; balance: LedgerBalance };

/**
 * Sets how far below zero a wallet may go, opening it if needed; audited. The same limit again
 * changes nothing and records nothing: the history lists changes, not confirmations.
 */
export async function setWalletCreditLimit(
  deps: { ledger: Pick<LedgerRepository, "walletOf" | "setCreditLimit" | "balance">; audit: AuditLog; clock: Clock },
  actor: Actor,
  input: { tenantId: string; userId: string; mobile: string; limit: number; by: string; reason: string },
): Promise<SetCreditLimitResult> {
  const wallet = await deps.ledger.walletOf(input.tenantId, input.userId);
  if (wallet.creditLimit === input.limit) return { changed: false, creditLimit: input.limit };
  const changed = await audited(
    deps,
    { tenantId: input.tenantId, actor, action: "credit.set", subject: { type: "wallet", id: wallet.id } },
    async () => {
      const result = await deps.ledger.setCreditLimit(wallet.id, input.limit, input.by, input.reason, deps.clock.now());
      const balance = await deps.ledger.balance(wallet.id);
      const account = maskMobileForRecord(input.mobile);
      return {
        result: { changed: true as const, previous: result.previous, creditLimit: result.creditLimit, balance },
        before: { account, creditLimit: result.previous },
        after: { account, creditLimit: result.creditLimit, by: input.by, reason: input.reason },
      };
    },
  );
  return changed!;
}
