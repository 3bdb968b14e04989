/**
 * Whether a card-to-card receipt pays a booking (issue 23 §2). Only an exact match pays: the
 * booking's total to the rial, into the agency's card, at a time after the booking was made and
 * not in the future, from a bank we can read. A receipt that is ours but not exact (another
 * amount, no time, a bank we do not know) waits for an operator; one that cannot be ours (another
 * card, a time that cannot be, nothing readable) is refused. A trace used before is refused by
 * the database (one trace per bank), not here.
 */
import type { ParsedReceipt } from "./receipt-parser.ts";

/** Clocks differ: a receipt may read a few minutes before the booking it paid was stored. */
export const CLOCK_SKEW_MINUTES = 5;

/** Why a receipt waits for an operator. */
export type PendingReason = "AMOUNT_DIFFERS" | "CARD_UNCLEAR" | "TIME_UNCLEAR" | "TIME_BEFORE_BOOKING" | "TRACE_MISSING" | "UNKNOWN_BANK";
/** Why a receipt is refused outright. */
export type RefusedReason = "NOT_A_RECEIPT" | "IMPOSSIBLE" | "WRONG_CARD" | "TRACE_USED";

export type ReceiptVerdict =
  { verdict: "matched" } | { verdict: "pending"; reason: PendingReason } | { verdict: "refused"; reason: RefusedReason };

/**
 * The verdict of a parsed receipt (null: the parser found no receipt) for a booking of
 * `totalTomans` made at `bookingCreatedAt`, paid into `agencyCard` (its 16 digits).
 */
export function matchReceipt(
  receipt: ParsedReceipt | null,
  booking: { totalTomans: number; createdAt: Date },
  agencyCard: string,
  now: Date,
): ReceiptVerdict {
  if (!receipt) return { verdict: "refused", reason: "NOT_A_RECEIPT" };
  const skew = CLOCK_SKEW_MINUTES * 60_000;
  if (receipt.impossible) return { verdict: "refused", reason: "IMPOSSIBLE" };
  if (receipt.cardSuffix !== null && receipt.cardSuffix !== agencyCard.slice(-4)) return { verdict: "refused", reason: "WRONG_CARD" };
  // A transfer made later than now (beyond the clocks' difference) has not happened: written, not received.
  if (receipt.paidAt && receipt.paidAt.getTime() > now.getTime() + skew) return { verdict: "refused", reason: "IMPOSSIBLE" };
  if (receipt.cardSuffix === null) return { verdict: "pending", reason: "CARD_UNCLEAR" };
  if (receipt.amountRials !== booking.totalTomans * 10) return { verdict: "pending", reason: "AMOUNT_DIFFERS" };
  if (!receipt.paidAt) return { verdict: "pending", reason: "TIME_UNCLEAR" };
  if (receipt.paidAt.getTime() < booking.createdAt.getTime() - skew) return { verdict: "pending", reason: "TIME_BEFORE_BOOKING" };
  if (!receipt.trace) return { verdict: "pending", reason: "TRACE_MISSING" };
  if (!receipt.bank) return { verdict: "pending", reason: "UNKNOWN_BANK" };
  return { verdict: "matched" };
}
