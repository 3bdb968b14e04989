import { newHashId, type Booking, type BookingTicket } from "../booking/booking.ts";
import { isPayable, transition, type BookingEvent } from "../booking/booking-state.ts";
import type { FlightHold } from "../flights/flight.ts";
import type { BookingRepository, Clock, FlightSupplier, PaymentGateway, PaymentRepository } from "../ports.ts";
import { BANK_SESSION_MINUTES, SETTLED_PAYMENT_STATES, STALE_VERIFY_SECONDS, toRials, type Payment } from "./payment.ts";

/**
 * Paying a held booking, exactly once (issue 7). The buyer goes to the bank with an amount taken
 * from our database; the bank's callback only says which payment to look at, and the verify call
 * to the gateway is the proof. Every paid booking ends with tickets or with its money returned.
 */
export interface PaymentDeps {
  bookings: BookingRepository;
  payments: PaymentRepository;
  flights: FlightSupplier;
  clock: Clock;
  /** The gateway of that name, when the server has it. */
  gateway(name: string): PaymentGateway | null;
  /** Told once when a booking's tickets are issued (the traveller's SMS); its failure changes nothing. */
  onIssued?(booking: Booking, tickets: BookingTicket[]): Promise<void>;
}

/** What the result page says, decided from stored state only. */
export type PaymentOutcome = "issued" | "processing" | "cancelled" | "refunded" | "failed";

export type StartPaymentResult =
  | { ok: true; payment: Payment; redirect: { method: "GET" | "POST"; url: string; fields?: Record<string, string> } }
  | { ok: false; error: "NOT_PAYABLE" | "GATEWAY_UNAVAILABLE" };

const minutes = (count: number) => count * 60_000;

function holdOf(item: Booking["items"][number], expiresAt: Date): FlightHold {
  return { holdId: item.holdId, offerId: item.offerId, seats: item.seats, expiresAt: expiresAt.toISOString() };
}

async function moveBooking(deps: PaymentDeps, booking: Booking, event: BookingEvent, cause: string): Promise<boolean> {
  const change = transition(booking.status, event, { at: deps.clock.now(), cause });
  return change.ok ? deps.bookings.applyChange(booking.id, change.change) : false;
}

/**
 * Sends the buyer to the bank: the hold is stretched to cover the bank's page and its verify
 * deadline, the booking goes to the bank, and a payment with our amount is opened.
 */
export async function startPayment(
  input: { tenantId: string; bookingHashId: string; gateway: string; allowedGateways: readonly string[]; callbackUrl: string; description: string },
  deps: PaymentDeps,
): Promise<StartPaymentResult> {
  const now = deps.clock.now();
  const booking = await deps.bookings.findByHashId(input.tenantId, input.bookingHashId);
  if (!booking || !isPayable(booking.status, booking.holdExpiresAt, now)) return { ok: false, error: "NOT_PAYABLE" };
  const gateway = input.allowedGateways.includes(input.gateway) ? deps.gateway(input.gateway) : null;
  if (!gateway) return { ok: false, error: "GATEWAY_UNAVAILABLE" };

  const verifyBy = new Date(now.getTime() + minutes(BANK_SESSION_MINUTES + gateway.verifyDeadlineMinutes));
  for (const item of booking.items) {
    const extended = await deps.flights.extend(holdOf(item, booking.holdExpiresAt), verifyBy);
    if (!extended.ok) return { ok: false, error: "NOT_PAYABLE" };
  }
  await deps.bookings.extendHold(booking.id, verifyBy);
  if (booking.status === "held") await moveBooking(deps, booking, "go_to_bank", `traveller went to ${gateway.name}`);

  const payment = await deps.payments.create({ tenantId: input.tenantId, bookingId: booking.id, hashId: newHashId(), gateway: gateway.name, amount: booking.price.total, verifyBy, at: now });
  const requested = await gateway.request({ orderId: payment.hashId, amountRials: toRials(payment.amount), callbackUrl: input.callbackUrl, description: input.description, mobile: booking.contact.mobile, ...(booking.contact.email ? { email: booking.contact.email } : {}) });
  if (!requested.ok) {
    await deps.payments.move(payment.id, ["created"], "failed", deps.clock.now(), { failure: requested.error });
    const current = await deps.bookings.findByHashId(input.tenantId, input.bookingHashId);
    if (current?.status === "awaiting_payment") await moveBooking(deps, current, "payment_cancelled", `${gateway.name} refused the request`);
    return { ok: false, error: "GATEWAY_UNAVAILABLE" };
  }
  await deps.payments.setToken(payment.id, requested.token, deps.clock.now());
  return { ok: true, payment: { ...payment, token: requested.token, status: "pending" }, redirect: requested.redirect };
}

/** The outcome a settled payment shows, read from the database. */
export async function outcomeOf(payment: Payment, deps: Pick<PaymentDeps, "bookings">, tenantId: string): Promise<PaymentOutcome> {
  switch (payment.status) {
    case "cancelled":
      return "cancelled";
    case "failed":
      return "failed";
    case "reversed":
    case "refund_due":
      return "refunded";
    case "verified": {
      const booking = payment.bookingId ? await bookingById(deps, tenantId, payment) : null;
      return booking?.status === "issued" ? "issued" : booking?.status === "refund_requested" || booking?.status === "refunded" ? "refunded" : "processing";
    }
    default:
      return "processing";
  }
}

async function bookingById(deps: Pick<PaymentDeps, "bookings">, tenantId: string, payment: Payment): Promise<Booking | null> {
  return payment.bookingId ? ((await deps.bookings.findById(tenantId, payment.bookingId)) ?? null) : null;
}

/**
 * The bank sent the buyer back. The callback names the payment; a replay of it (another tab, a
 * refresh, an attacker) finds the payment settled and only reads it.
 */
export async function handleCallback(input: { tenantId: string; gateway: string; query: Record<string, string>; body: Record<string, string> }, deps: PaymentDeps): Promise<{ payment: Payment; outcome: PaymentOutcome } | null> {
  const gateway = deps.gateway(input.gateway);
  const callback = gateway?.readCallback({ query: input.query, body: input.body });
  if (!gateway || !callback) return null;
  const payment = await deps.payments.findByToken(gateway.name, callback.token);
  if (!payment || payment.tenantId !== input.tenantId) return null;
  if (SETTLED_PAYMENT_STATES.includes(payment.status)) return { payment, outcome: await outcomeOf(payment, deps, input.tenantId) };
  // "Cancelled" from the callback is a claim like "paid": the gateway's verify decides both, so a
  // forged cancel cannot drop a payment the buyer made (it is verified and settled instead).
  await settlePayment(payment, deps);
  return settledView(deps, input.tenantId, payment);
}

async function settledView(deps: PaymentDeps, tenantId: string, payment: Payment): Promise<{ payment: Payment; outcome: PaymentOutcome }> {
  const current = (await deps.payments.findByHashId(tenantId, payment.hashId)) ?? payment;
  return { payment: current, outcome: await outcomeOf(current, deps, tenantId) };
}

async function reopenBooking(deps: PaymentDeps, tenantId: string, payment: Payment, cause: string): Promise<void> {
  const booking = payment.bookingId ? await deps.bookings.findById(tenantId, payment.bookingId) : null;
  if (booking?.status === "awaiting_payment") await moveBooking(deps, booking, "payment_cancelled", cause);
}

/**
 * Verifies a payment with its gateway and, once verified, takes the booking to paid and on to
 * tickets. Safe to call again for the same payment at any point (callbacks, reconciliation,
 * a restart after a crash): each step is guarded by the state it expects.
 */
export async function settlePayment(payment: Payment, deps: PaymentDeps): Promise<void> {
  const gateway = deps.gateway(payment.gateway);
  if (!gateway || !payment.token || !payment.bookingId) return;
  const now = deps.clock.now();
  if (!(await deps.payments.claimForVerify(payment.id, now, new Date(now.getTime() - STALE_VERIFY_SECONDS * 1000)))) return;

  const verified = await gateway.verify({ token: payment.token, amountRials: toRials(payment.amount) });
  if (!verified.ok) {
    if (verified.error === "UNAVAILABLE") {
      // The bank did not answer: leave it for reconciliation, before the bank's deadline.
      await deps.payments.move(payment.id, ["verifying"], "pending", deps.clock.now());
      return;
    }
    // Not paid, another amount (a tampered callback), unknown or already reversed: no money stays with us.
    if (await deps.payments.move(payment.id, ["verifying"], "cancelled", deps.clock.now(), { failure: verified.error })) await reopenBooking(deps, payment.tenantId, payment, `payment not verified: ${verified.error}`);
    return;
  }

  const booking = await deps.bookings.findById(payment.tenantId, payment.bookingId);
  const change = booking ? transition(booking.status, "payment_verified", { at: deps.clock.now(), cause: `${gateway.name} verified ${verified.referenceId}` }) : null;
  const recorded = booking && change?.ok ? await deps.payments.recordVerified(payment.id, { referenceId: verified.referenceId, maskedPan: verified.maskedPan ?? null, at: deps.clock.now() }, booking.id, change.change) : false;
  if (!recorded) {
    // Money for a booking that cannot take it (cancelled, or already paid by another payment): give it back.
    await deps.payments.move(payment.id, ["verifying"], "refund_due", deps.clock.now(), { failure: "BOOKING_NOT_PAYABLE", referenceId: verified.referenceId, ...(verified.maskedPan ? { maskedPan: verified.maskedPan } : {}) });
    await returnMoney({ ...payment, status: "refund_due" }, deps);
    return;
  }
  await completePaidBooking(payment.tenantId, booking!.id, deps);
}

/** Gives a verified payment's money back through its gateway; stays `refund_due` for a retry if the bank does not answer. */
async function returnMoney(payment: Payment, deps: PaymentDeps): Promise<boolean> {
  const gateway = deps.gateway(payment.gateway);
  if (!gateway || !payment.token) return false;
  const reversed = await gateway.reverse({ token: payment.token, amountRials: toRials(payment.amount) });
  if (!reversed.ok && reversed.error !== "REVERSED") return false;
  return deps.payments.move(payment.id, ["verified", "refund_due"], "reversed", deps.clock.now());
}

/**
 * A paid booking gets its tickets. If its hold ran out before the money came (a late payment), the
 * seats are taken again when they are still there; otherwise, or if the supplier cannot issue,
 * the money goes back and the booking ends refunded.
 */
export async function completePaidBooking(tenantId: string, bookingId: string, deps: PaymentDeps): Promise<void> {
  const booking = await deps.bookings.findById(tenantId, bookingId);
  if (!booking || booking.status !== "paid") return;
  const now = deps.clock.now();
  const tickets: BookingTicket[] = [];
  for (const item of booking.items) {
    let hold = holdOf(item, booking.holdExpiresAt);
    const travellers = booking.passengers.length;
    let issued = await deps.flights.issue(hold, travellers);
    if (!issued.ok) {
      // The hold is gone (expired before the money arrived): the seats may still be on sale.
      const again = await deps.flights.hold(item.offerId, item.seats, new Date(now.getTime() + minutes(10)));
      if (again.ok) {
        await deps.bookings.replaceHold(booking.id, item.position, again.hold.holdId);
        hold = again.hold;
        issued = await deps.flights.issue(hold, travellers);
      }
    }
    if (!issued.ok) {
      await refundBooking(booking, deps, "tickets could not be issued");
      return;
    }
    // One ticket per passenger, in the order of the booking's passengers.
    issued.tickets.forEach((ticket, passengerPosition) => tickets.push({ itemPosition: item.position, passengerPosition, pnr: ticket.pnr, ticketNumber: ticket.ticketNumber }));
  }
  const change = transition("paid", "tickets_issued", { at: deps.clock.now(), cause: "supplier issued the tickets" });
  if (change.ok && (await deps.bookings.recordTickets(booking.id, tickets, change.change))) await deps.onIssued?.(booking, tickets).catch(() => undefined);
}

/** Paid but not issuable: the seats taken are released, the money goes back, the booking ends refunded. */
async function refundBooking(booking: Booking, deps: PaymentDeps, cause: string): Promise<void> {
  for (const item of booking.items) await deps.flights.cancel(holdOf(item, booking.holdExpiresAt));
  if (!(await moveBooking(deps, booking, "issue_failed", cause))) return;
  const payment = await deps.payments.verifiedOf(booking.id);
  if (!payment) return;
  // Owed first, then returned: if the bank does not answer now, reconciliation tries again.
  await deps.payments.move(payment.id, ["verified"], "refund_due", deps.clock.now(), { failure: "ISSUE_FAILED" });
  if (await returnMoney({ ...payment, status: "refund_due" }, deps)) {
    const current = await deps.bookings.findById(booking.tenantId, booking.id);
    if (current) await moveBooking(deps, current, "refund_paid", `${payment.gateway} returned the money`);
  }
}

/** A return the bank did not take at first: tried again, and the booking's refund completed when it goes. */
async function retryRefund(payment: Payment, deps: PaymentDeps): Promise<void> {
  if (!(await returnMoney(payment, deps)) || !payment.bookingId) return;
  const booking = await deps.bookings.findById(payment.tenantId, payment.bookingId);
  if (booking?.status === "refund_requested") await moveBooking(deps, booking, "refund_paid", `${payment.gateway} returned the money`);
}

/**
 * The reconciliation job: payments whose buyer never came back are verified before the bank's
 * deadline (and settled, or cancelled), verifies interrupted by a crash are taken up again, and
 * paid bookings without tickets are completed.
 */
export async function reconcilePayments(
  deps: Omit<PaymentDeps, "gateway"> & { gatewaysFor(tenantId: string): Promise<(name: string) => PaymentGateway | null> },
  limit = 50,
): Promise<{ looked: number; completed: number }> {
  const now = deps.clock.now();
  const due = await deps.payments.dueForReconciliation({
    pendingBefore: new Date(now.getTime() - minutes(BANK_SESSION_MINUTES)),
    verifyingBefore: new Date(now.getTime() - STALE_VERIFY_SECONDS * 1000),
    limit,
  });
  // Each payment is verified through its own tenant's gateway.
  const withGateways = async (tenantId: string): Promise<PaymentDeps> => ({ ...deps, gateway: await deps.gatewaysFor(tenantId) });
  for (const payment of due) {
    const paymentDeps = await withGateways(payment.tenantId);
    if (payment.status === "refund_due") await retryRefund(payment, paymentDeps);
    else await settlePayment(payment, paymentDeps);
  }
  const stuck = await deps.bookings.paidWithoutTickets(new Date(now.getTime() - STALE_VERIFY_SECONDS * 1000), limit);
  for (const booking of stuck) await completePaidBooking(booking.tenantId, booking.id, await withGateways(booking.tenantId));
  return { looked: due.length, completed: stuck.length };
}
