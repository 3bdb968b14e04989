/**
 * Card-to-card payments (issue 23 §2): the payer moves the booking's exact total into the
 * agency's card and hands us the bank's receipt, pasted on the booking's page or sent by SMS to
 * the agency's number. An exact match pays the booking like a verified gateway payment (a payment
 * row of gateway "card-to-card", then the pipeline's completion: tickets and their SMS); anything
 * else waits for an operator with the hold stretched, or is refused. Each receipt is kept with
 * what was read from it; a trace counts once per bank.
 */
import type { Booking } from "../booking/booking.ts";
import { newHashId, normalizeReference } from "../booking/booking.ts";
import { isPayable, transition } from "../booking/booking-state.ts";
import type { PaymentDeps } from "../payments/deps.ts";
import { completePaidBooking } from "../payments/issue-tickets.ts";
import { extendItemHolds } from "../payments/start-payment.ts";
import { tenantOffers } from "../tenants/options.ts";
import type { AgencyCard } from "./card.ts";
import { matchReceipt, type PendingReason, type RefusedReason } from "./match-receipt.ts";
import { parseReceipt, type ParsedReceipt } from "./receipt-parser.ts";

/** The gateway name of a payment made by card-to-card: no bank is asked, the receipt is the proof. */
export const CARD_TO_CARD_GATEWAY = "card-to-card";
/** How much longer a booking is held while an operator looks at its receipt. */
export const STRETCH_MINUTES = 30;
/** Receipts of one booking that may stretch its hold: a payer cannot keep seats forever by pasting text. */
export const MAX_STRETCHES = 2;

export const RECEIPT_STATUSES = ["matched", "pending", "refused", "rejected", "confirmed"] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

export interface CardToCardReceipt {
  id: string;
  tenantId: string;
  bookingId: string | null;
  source: "page" | "sms";
  senderMobile: string | null;
  text: string;
  bank: string | null;
  amountRials: number | null;
  cardSuffix: string | null;
  paidAt: Date | null;
  trace: string | null;
  status: ReceiptStatus;
  reason: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt: Date;
}

export interface CardToCardRepository {
  /**
   * Stores a receipt. One that would pay or wait (matched, pending, confirmed) with a trace its
   * bank already has for this agency is not stored: TRACE_USED (a unique index decides, so two
   * at once store one).
   */
  record(input: {
    tenantId: string;
    bookingId: string | null;
    source: "page" | "sms";
    senderMobile: string | null;
    text: string;
    parsed: ParsedReceipt | null;
    status: ReceiptStatus;
    reason: string | null;
    at: Date;
  }): Promise<{ ok: true; receipt: CardToCardReceipt } | { ok: false; error: "TRACE_USED" }>;
  /** Moves a receipt from one of `from` to `to`; false when it was in none of them. */
  move(
    id: string,
    from: readonly ReceiptStatus[],
    to: ReceiptStatus,
    details: { at: Date; reason?: string | null; bookingId?: string; decidedBy?: string },
  ): Promise<boolean>;
  findById(tenantId: string, id: string): Promise<CardToCardReceipt | null>;
  list(tenantId: string, input: { status?: ReceiptStatus; limit: number }): Promise<CardToCardReceipt[]>;
  /** Receipts of a booking that stretched its hold (pending ones). */
  countPendingForBooking(bookingId: string): Promise<number>;
  /** Held, payable bookings of the agency whose total is `totalTomans`: candidates of a receipt sent by SMS. */
  openBookingsWithTotal(tenantId: string, totalTomans: number, now: Date): Promise<Booking[]>;
  /** The booking of a reference at this agency (the operator types references). */
  findBookingByReference(tenantId: string, reference: string): Promise<Booking | null>;
}

export type CardToCardDeps = PaymentDeps & { receipts: CardToCardRepository };

export type ReceiptOutcome =
  | { ok: true; status: "matched"; receipt: CardToCardReceipt; booking: Booking }
  | { ok: true; status: "pending"; receipt: CardToCardReceipt; reason: PendingReason | "BOOKING_NOT_PAYABLE" | "NO_SINGLE_BOOKING" }
  | { ok: false; error: "OPTION_NOT_ACTIVE" | "NOT_OFFERED" | "NOT_PAYABLE" | RefusedReason };

/**
 * Pays a booking from a receipt: a verified payment of the booking's total whose reference is the
 * trace, then the same completion as after a gateway's verify. False (nothing paid) when the
 * booking cannot take it any more.
 */
export async function payBookingByReceipt(
  booking: Booking,
  receipt: Pick<CardToCardReceipt, "trace" | "cardSuffix" | "id">,
  deps: PaymentDeps,
  cause: string,
): Promise<boolean> {
  const now = deps.clock.now();
  const payment = await deps.payments.create({
    tenantId: booking.tenantId,
    bookingId: booking.id,
    hashId: newHashId(),
    gateway: CARD_TO_CARD_GATEWAY,
    amount: booking.price.total,
    verifyBy: now,
    at: now,
  });
  await deps.payments.move(payment.id, ["created"], "verifying", now);
  const current = await deps.bookings.findById(booking.tenantId, booking.id);
  const change =
    current && isPayable(current.status, current.holdExpiresAt, now)
      ? transition(current.status, "payment_verified", { at: now, cause })
      : null;
  const proof = {
    referenceId: receipt.trace ?? `receipt-${receipt.id}`,
    maskedPan: receipt.cardSuffix ? `****${receipt.cardSuffix}` : null,
    at: now,
  };
  if (change?.ok && (await deps.payments.recordVerified(payment.id, proof, booking.id, change.change))) {
    await completePaidBooking(booking.tenantId, booking.id, deps);
    return true;
  }
  // No money came through us: the receipt goes to an operator, who returns it by hand.
  await deps.payments.move(payment.id, ["verifying"], "failed", deps.clock.now(), { failure: "BOOKING_NOT_PAYABLE" });
  return false;
}

/** A waiting receipt keeps the seats a while longer (a bounded number of times per booking). */
async function stretchHold(booking: Booking, deps: CardToCardDeps): Promise<void> {
  const now = deps.clock.now();
  if (!isPayable(booking.status, booking.holdExpiresAt, now)) return;
  if ((await deps.receipts.countPendingForBooking(booking.id)) > MAX_STRETCHES) return;
  const until = new Date(now.getTime() + STRETCH_MINUTES * 60_000);
  if (until.getTime() <= booking.holdExpiresAt.getTime()) return;
  if (await extendItemHolds(booking, until, deps)) await deps.bookings.extendHold(booking.id, until);
}

/** Stores a receipt that pays `booking` and pays it; a trace seen before refuses it, a booking gone makes it wait. */
async function recordAndPay(
  input: { booking: Booking; source: "page" | "sms"; senderMobile: string | null; text: string; parsed: ParsedReceipt },
  deps: CardToCardDeps,
): Promise<ReceiptOutcome> {
  const now = deps.clock.now();
  const recorded = await deps.receipts.record({
    ...base(input, now),
    tenantId: input.booking.tenantId,
    bookingId: input.booking.id,
    status: "matched",
    reason: null,
  });
  if (!recorded.ok) return refuse(input, deps, "TRACE_USED");
  const paid = await payBookingByReceipt(
    input.booking,
    recorded.receipt,
    deps,
    `card-to-card receipt ${recorded.receipt.trace ?? ""}`.trim(),
  );
  if (paid) {
    const booking = (await deps.bookings.findById(input.booking.tenantId, input.booking.id)) ?? input.booking;
    return { ok: true, status: "matched", receipt: { ...recorded.receipt }, booking };
  }
  await deps.receipts.move(recorded.receipt.id, ["matched"], "pending", { at: deps.clock.now(), reason: "BOOKING_NOT_PAYABLE" });
  return { ok: true, status: "pending", receipt: { ...recorded.receipt, status: "pending" }, reason: "BOOKING_NOT_PAYABLE" };
}

/** The fields every stored receipt has, whatever its verdict. */
function base(input: { source: "page" | "sms"; senderMobile: string | null; text: string; parsed: ParsedReceipt | null }, at: Date) {
  return { source: input.source, senderMobile: input.senderMobile, text: input.text, parsed: input.parsed, at };
}

/** A refused receipt is kept too (an operator may want to see what was tried), then refused. */
async function refuse(
  input: {
    booking?: Booking | null;
    tenantId?: string;
    source: "page" | "sms";
    senderMobile: string | null;
    text: string;
    parsed: ParsedReceipt | null;
  },
  deps: CardToCardDeps,
  reason: RefusedReason,
): Promise<ReceiptOutcome> {
  const tenantId = input.booking?.tenantId ?? input.tenantId ?? "";
  await deps.receipts.record({
    ...base(input, deps.clock.now()),
    tenantId,
    bookingId: input.booking?.id ?? null,
    status: "refused",
    reason,
  });
  return { ok: false, error: reason };
}

/**
 * A receipt pasted on a booking's pre-invoice or sent through the API for it: matched to that
 * booking alone. The agency must offer payment by others and have a card.
 */
export async function submitReceipt(
  input: { tenant: { id: string; optionActive: readonly string[]; cardToCard: AgencyCard | null }; booking: Booking; text: string },
  deps: CardToCardDeps,
): Promise<ReceiptOutcome> {
  const { tenant, booking } = input;
  if (!tenantOffers(tenant, "payByOthers")) return { ok: false, error: "OPTION_NOT_ACTIVE" };
  if (!tenant.cardToCard) return { ok: false, error: "NOT_OFFERED" };
  const now = deps.clock.now();
  if (booking.tenantId !== tenant.id || !isPayable(booking.status, booking.holdExpiresAt, now)) return { ok: false, error: "NOT_PAYABLE" };
  const text = input.text.trim();
  const parsed = parseReceipt(text);
  const verdict = matchReceipt(
    parsed,
    { totalTomans: booking.price.total, createdAt: booking.createdAt },
    tenant.cardToCard.cardNumber,
    now,
  );
  const from = { booking, source: "page" as const, senderMobile: null, text, parsed };
  if (verdict.verdict === "refused") return refuse(from, deps, verdict.reason);
  if (verdict.verdict === "matched") return recordAndPay({ ...from, parsed: parsed! }, deps);
  const recorded = await deps.receipts.record({
    ...base(from, now),
    tenantId: tenant.id,
    bookingId: booking.id,
    status: "pending",
    reason: verdict.reason,
  });
  if (!recorded.ok) return refuse(from, deps, "TRACE_USED");
  await stretchHold(booking, deps);
  return { ok: true, status: "pending", receipt: recorded.receipt, reason: verdict.reason };
}

/**
 * A receipt the payer forwarded by SMS to the agency's number: matched against the agency's open
 * bookings by its exact amount and card. Exactly one candidate is paid; none or several wait for
 * an operator, who knows which booking it was for.
 */
export async function receiveReceiptSms(
  input: { tenant: { id: string; optionActive: readonly string[]; cardToCard: AgencyCard | null }; from: string | null; text: string },
  deps: CardToCardDeps,
): Promise<ReceiptOutcome> {
  const { tenant } = input;
  if (!tenantOffers(tenant, "payByOthers")) return { ok: false, error: "OPTION_NOT_ACTIVE" };
  if (!tenant.cardToCard) return { ok: false, error: "NOT_OFFERED" };
  const now = deps.clock.now();
  const text = input.text.trim();
  const parsed = parseReceipt(text);
  const from = { tenantId: tenant.id, source: "sms" as const, senderMobile: input.from, text, parsed };
  // Judged first against no booking: what is forged for every booking is refused before any is looked up.
  const alone = matchReceipt(parsed, { totalTomans: 0, createdAt: new Date(0) }, tenant.cardToCard.cardNumber, now);
  if (alone.verdict === "refused") return refuse(from, deps, alone.reason);
  const candidates =
    parsed?.amountRials && parsed.amountRials % 10 === 0
      ? await deps.receipts.openBookingsWithTotal(tenant.id, parsed.amountRials / 10, now)
      : [];
  const matching = candidates.filter(
    (booking) =>
      matchReceipt(parsed, { totalTomans: booking.price.total, createdAt: booking.createdAt }, tenant.cardToCard!.cardNumber, now)
        .verdict === "matched",
  );
  if (matching.length === 1) return recordAndPay({ ...from, booking: matching[0]!, parsed: parsed! }, deps);
  // Which booking it was for is the operator's to say: no single open booking fits it exactly.
  const reason = parsed?.cardSuffix ? ("NO_SINGLE_BOOKING" as const) : ("CARD_UNCLEAR" as const);
  const recorded = await deps.receipts.record({ ...base(from, now), tenantId: tenant.id, bookingId: null, status: "pending", reason });
  if (!recorded.ok) return refuse(from, deps, "TRACE_USED");
  return { ok: true, status: "pending", receipt: recorded.receipt, reason };
}

export type OperatorRefusal = "NOT_FOUND" | "NOT_PENDING" | "BOOKING_NOT_FOUND" | "BOOKING_NOT_PAYABLE";

/**
 * An operator says which booking a waiting receipt paid, having seen the money arrive: the
 * booking is paid through the same steps as a matched receipt. A booking that cannot be paid any
 * more is refused: the money must then be returned to the payer by hand.
 */
export async function confirmReceipt(
  input: { tenantId: string; receiptId: string; bookingReference: string; operator: string },
  deps: CardToCardDeps,
): Promise<{ ok: true; booking: Booking } | { ok: false; error: OperatorRefusal }> {
  const receipt = await deps.receipts.findById(input.tenantId, input.receiptId);
  if (!receipt) return { ok: false, error: "NOT_FOUND" };
  if (receipt.status !== "pending") return { ok: false, error: "NOT_PENDING" };
  const booking = await deps.receipts.findBookingByReference(input.tenantId, normalizeReference(input.bookingReference));
  if (!booking) return { ok: false, error: "BOOKING_NOT_FOUND" };
  if (!isPayable(booking.status, booking.holdExpiresAt, deps.clock.now())) return { ok: false, error: "BOOKING_NOT_PAYABLE" };
  // Claimed first, so two operators (or two runs) confirming at once pay once.
  if (
    !(await deps.receipts.move(receipt.id, ["pending"], "confirmed", {
      at: deps.clock.now(),
      bookingId: booking.id,
      decidedBy: input.operator,
    }))
  )
    return { ok: false, error: "NOT_PENDING" };
  if (await payBookingByReceipt(booking, receipt, deps, `card-to-card receipt confirmed by ${input.operator}`)) {
    return { ok: true, booking: (await deps.bookings.findById(input.tenantId, booking.id)) ?? booking };
  }
  await deps.receipts.move(receipt.id, ["confirmed"], "pending", { at: deps.clock.now(), reason: "BOOKING_NOT_PAYABLE" });
  return { ok: false, error: "BOOKING_NOT_PAYABLE" };
}

/** An operator refuses a waiting receipt (no money came, or it was for something else). */
export async function rejectReceipt(
  input: { tenantId: string; receiptId: string; reason: string; operator: string },
  deps: Pick<CardToCardDeps, "receipts" | "clock">,
): Promise<{ ok: true } | { ok: false; error: "NOT_FOUND" | "NOT_PENDING" }> {
  const receipt = await deps.receipts.findById(input.tenantId, input.receiptId);
  if (!receipt) return { ok: false, error: "NOT_FOUND" };
  const moved = await deps.receipts.move(receipt.id, ["pending"], "rejected", {
    at: deps.clock.now(),
    reason: input.reason,
    decidedBy: input.operator,
  });
  return moved ? { ok: true } : { ok: false, error: "NOT_PENDING" };
}
