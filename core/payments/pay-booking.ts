import { newHashId, type Booking, type BookingTicket } from "../booking/booking.ts";
import { isPayable, transition, type BookingEvent } from "../booking/booking-state.ts";
import type { FlightHold } from "../flights/flight.ts";
import type { BookingRepository, Clock, FlightSupplier, LedgerRepository, PaymentGateway, PaymentRepository } from "../ports.ts";
import { creditWallet, debitWallet } from "../wallet/wallet.ts";
import {
  BANK_SESSION_MINUTES,
  SETTLED_PAYMENT_STATES,
  STALE_VERIFY_SECONDS,
  WALLET_GATEWAY,
  gatewayAmount,
  toRials,
  type Payment,
} from "./payment.ts";

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
  /** The wallets (issue 10): top-ups credit them, and they pay all or part of a booking. */
  ledger: LedgerRepository;
  /** The gateway of that name, when the server has it. */
  gateway: (name: string) => PaymentGateway | null;
  /** Told once when a booking's tickets are issued (the traveller's SMS); its failure changes nothing. */
  onIssued?(booking: Booking, tickets: BookingTicket[]): Promise<void>;
}

/** What the result page says, decided from stored state only; "credited" is a top-up in the wallet. */
export type PaymentOutcome = "issued" | "credited" | "processing" | "cancelled" | "refunded" | "failed";

export type StartPaymentResult =
  | { ok: true; payment: Payment; redirect: { method: "GET" | "POST"; url: string; fields?: Record<string, string> } }
  | { ok: false; error: "NOT_PAYABLE" | "GATEWAY_UNAVAILABLE" | WalletRefusal };

/** Why a wallet cannot pay: not the booking's account, an amount it cannot take, or not enough money. */
export type WalletRefusal = "WALLET_NOT_ALLOWED" | "WALLET_AMOUNT_INVALID" | "INSUFFICIENT_FUNDS";

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
  input: {
    tenantId: string;
    bookingHashId: string;
    gateway: string;
    allowedGateways: readonly string[];
    callbackUrl: string;
    description: string;
    /** Issue 10: this part of the total is held from `userId`'s wallet, and the bank is asked for the rest. */
    wallet?: { userId: string; amount: number };
  },
  deps: PaymentDeps,
): Promise<StartPaymentResult> {
  const now = deps.clock.now();
  const booking = await deps.bookings.findByHashId(input.tenantId, input.bookingHashId);
  if (!booking || !isPayable(booking.status, booking.holdExpiresAt, now)) return { ok: false, error: "NOT_PAYABLE" };
  const gateway = input.allowedGateways.includes(input.gateway) && input.gateway !== WALLET_GATEWAY ? deps.gateway(input.gateway) : null;
  if (!gateway) return { ok: false, error: "GATEWAY_UNAVAILABLE" };
  const wallet = input.wallet;
  if (wallet) {
    // Only the booking's own account spends its wallet on it; a split leaves the bank a whole toman at least.
    if (booking.userId === null || booking.userId !== wallet.userId) return { ok: false, error: "WALLET_NOT_ALLOWED" };
    if (!Number.isSafeInteger(wallet.amount) || wallet.amount <= 0 || wallet.amount >= booking.price.total)
      return { ok: false, error: "WALLET_AMOUNT_INVALID" };
    if ((await walletAvailable(deps, input.tenantId, wallet.userId)) < wallet.amount) return { ok: false, error: "INSUFFICIENT_FUNDS" };
  }

  const verifyBy = new Date(now.getTime() + minutes(BANK_SESSION_MINUTES + gateway.verifyDeadlineMinutes));
  for (const item of booking.items) {
    const extended = await deps.flights.extend(holdOf(item, booking.holdExpiresAt), verifyBy);
    if (!extended.ok) return { ok: false, error: "NOT_PAYABLE" };
  }
  await deps.bookings.extendHold(booking.id, verifyBy);
  if (booking.status === "held") await moveBooking(deps, booking, "go_to_bank", `traveller went to ${gateway.name}`);

  const payment = await deps.payments.create({
    tenantId: input.tenantId,
    bookingId: booking.id,
    hashId: newHashId(),
    gateway: gateway.name,
    amount: booking.price.total,
    verifyBy,
    at: now,
    ...(wallet ? { userId: wallet.userId, walletAmount: wallet.amount } : {}),
  });
  if (wallet) {
    // The wallet part is held before the buyer leaves: the bank is asked only for what it does not cover.
    const held = await debitWallet(deps.ledger, {
      tenantId: input.tenantId,
      userId: wallet.userId,
      amount: wallet.amount,
      to: "wallet_holds",
      kind: "wallet_hold",
      idempotencyKey: `hold:${payment.id}`,
      reason: `held for booking ${booking.reference} while the card pays the rest`,
      createdBy: "traveller",
      links: { paymentId: payment.id, bookingId: booking.id },
      at: now,
    });
    if (!held.ok) {
      await deps.payments.move(payment.id, ["created"], "failed", deps.clock.now(), { failure: held.error });
      await reopenBooking(deps, input.tenantId, payment, "the wallet could not hold its part");
      return { ok: false, error: "INSUFFICIENT_FUNDS" };
    }
    // Ended meanwhile (the booking's hold ran out): whoever ended it may have found no hold yet.
    const current = await deps.payments.findByHashId(input.tenantId, payment.hashId);
    if (current?.status !== "created") {
      await releaseWalletPart(payment, deps);
      return { ok: false, error: "NOT_PAYABLE" };
    }
  }
  const requested = await gateway.request({
    orderId: payment.hashId,
    amountRials: toRials(gatewayAmount(payment)),
    callbackUrl: input.callbackUrl,
    description: input.description,
    mobile: booking.contact.mobile,
    ...(booking.contact.email ? { email: booking.contact.email } : {}),
  });
  if (!requested.ok) {
    if (await deps.payments.move(payment.id, ["created"], "failed", deps.clock.now(), { failure: requested.error }))
      await releaseWalletPart(payment, deps);
    const current = await deps.bookings.findByHashId(input.tenantId, input.bookingHashId);
    if (current?.status === "awaiting_payment")
      await moveBooking(deps, current, "payment_cancelled", `${gateway.name} refused the request`);
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
      if (payment.purpose === "topup") return "credited";
      const booking = payment.bookingId ? await bookingById(deps, tenantId, payment) : null;
      return booking?.status === "issued"
        ? "issued"
        : booking?.status === "refund_requested" || booking?.status === "refunded"
          ? "refunded"
          : "processing";
    }
    case "created":
    case "pending":
    case "verifying":
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
export async function handleCallback(
  input: { tenantId: string; gateway: string; query: Record<string, string>; body: Record<string, string> },
  deps: PaymentDeps,
): Promise<{ payment: Payment; outcome: PaymentOutcome } | null> {
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
 * tickets, or credits the wallet of a top-up. Safe to call again for the same payment at any
 * point (callbacks, reconciliation, a restart after a crash): each step is guarded by the state
 * it expects, and every ledger posting has a key of the payment.
 */
export async function settlePayment(payment: Payment, deps: PaymentDeps): Promise<void> {
  if (payment.gateway === WALLET_GATEWAY) {
    // A wallet payment interrupted by a crash: taken up again like a stale verify.
    const now = deps.clock.now();
    if (await deps.payments.claimForVerify(payment.id, now, new Date(now.getTime() - STALE_VERIFY_SECONDS * 1000)))
      await completeWalletPayment(payment, deps);
    return;
  }
  const gateway = deps.gateway(payment.gateway);
  if (!gateway || !payment.token || (payment.purpose === "booking" && !payment.bookingId)) return;
  const now = deps.clock.now();
  if (!(await deps.payments.claimForVerify(payment.id, now, new Date(now.getTime() - STALE_VERIFY_SECONDS * 1000)))) return;

  const verified = await gateway.verify({ token: payment.token, amountRials: toRials(gatewayAmount(payment)) });
  if (!verified.ok) {
    if (verified.error === "UNAVAILABLE") {
      // The bank did not answer: leave it for reconciliation, before the bank's deadline.
      await deps.payments.move(payment.id, ["verifying"], "pending", deps.clock.now());
      return;
    }
    // Not paid, another amount (a tampered callback), unknown or already reversed: no money stays with us.
    if (await deps.payments.move(payment.id, ["verifying"], "cancelled", deps.clock.now(), { failure: verified.error })) {
      await releaseWalletPart(payment, deps);
      await reopenBooking(deps, payment.tenantId, payment, `payment not verified: ${verified.error}`);
    }
    return;
  }
  const proof = { referenceId: verified.referenceId, maskedPan: verified.maskedPan ?? null, at: deps.clock.now() };

  if (payment.purpose === "topup") {
    // Credited before the payment reads verified: a crash in between leaves it verifying, and the
    // next run verifies again ("already verified") and finds the credit by its key.
    if (!payment.userId) return;
    await creditWallet(deps.ledger, {
      tenantId: payment.tenantId,
      userId: payment.userId,
      amount: payment.amount,
      from: "gateway_clearing",
      kind: "topup",
      idempotencyKey: `topup:${payment.id}`,
      reason: `top-up through ${gateway.name} ${verified.referenceId}`,
      createdBy: "traveller",
      links: { paymentId: payment.id },
      at: proof.at,
    });
    await deps.payments.move(payment.id, ["verifying"], "verified", proof.at, {
      referenceId: proof.referenceId,
      ...(proof.maskedPan ? { maskedPan: proof.maskedPan } : {}),
    });
    return;
  }

  const booking = await deps.bookings.findById(payment.tenantId, payment.bookingId!);
  const change = booking
    ? transition(booking.status, "payment_verified", { at: deps.clock.now(), cause: `${gateway.name} verified ${verified.referenceId}` })
    : null;
  const recorded = booking && change?.ok ? await deps.payments.recordVerified(payment.id, proof, booking.id, change.change) : false;
  if (!recorded) {
    // Money for a booking that cannot take it (cancelled, or already paid by another payment): give it back.
    await deps.payments.move(payment.id, ["verifying"], "refund_due", deps.clock.now(), {
      failure: "BOOKING_NOT_PAYABLE",
      referenceId: verified.referenceId,
      ...(verified.maskedPan ? { maskedPan: verified.maskedPan } : {}),
    });
    await returnMoney({ ...payment, status: "refund_due", failure: "BOOKING_NOT_PAYABLE" }, deps);
    return;
  }
  await completePaidBooking(payment.tenantId, booking!.id, deps);
}

/** A wallet's available money (balance plus credit); 0 for a wallet never opened. */
async function walletAvailable(deps: Pick<PaymentDeps, "ledger">, tenantId: string, userId: string): Promise<number> {
  const wallet = await deps.ledger.findWallet(tenantId, userId);
  return wallet ? (await deps.ledger.balance(wallet.id)).available : 0;
}

/**
 * A card payment's wallet part goes back to the wallet: the card part was not paid, or paid for a
 * booking that could not take it. Only a hold that was made is released (a payment refused
 * for want of funds held nothing), and its key makes a second release a replay.
 */
async function releaseWalletPart(payment: Payment, deps: PaymentDeps): Promise<void> {
  if (payment.walletAmount <= 0 || payment.gateway === WALLET_GATEWAY || !payment.userId) return;
  if (!(await deps.payments.ledgerKeyPosted(payment.tenantId, `hold:${payment.id}`))) return;
  await creditWallet(deps.ledger, {
    tenantId: payment.tenantId,
    userId: payment.userId,
    amount: payment.walletAmount,
    from: "wallet_holds",
    kind: "hold_release",
    idempotencyKey: `release:${payment.id}`,
    reason: `the card part was not paid (${payment.failure ?? payment.status})`,
    createdBy: "system",
    links: { paymentId: payment.id, bookingId: payment.bookingId },
    at: deps.clock.now(),
  });
}

/** A verified payment's held wallet part becomes the agency's, with the card part (once per payment). */
async function captureWalletPart(payment: Payment, deps: PaymentDeps): Promise<void> {
  if (payment.walletAmount <= 0 || payment.gateway === WALLET_GATEWAY) return;
  await deps.ledger.post({
    tenantId: payment.tenantId,
    kind: "booking_payment",
    idempotencyKey: `capture:${payment.id}`,
    postings: [
      { account: { system: "wallet_holds" }, amount: -payment.walletAmount },
      { account: { system: "revenue" }, amount: payment.walletAmount },
    ],
    reason: "wallet part of a booking paid with a card",
    createdBy: "system",
    links: { paymentId: payment.id, bookingId: payment.bookingId },
    at: deps.clock.now(),
  });
}

/**
 * Gives a payment's money back: its wallet part to the wallet at once (released if it was only
 * held, returned from revenue if the booking had been paid), its card part through its gateway.
 * Stays `refund_due` for a retry if the bank does not answer.
 */
async function returnMoney(payment: Payment, deps: PaymentDeps): Promise<boolean> {
  if (payment.walletAmount > 0 && payment.userId) {
    // Only a payment that paid its booking (ISSUE_FAILED) or a wallet payment put money in revenue.
    const inRevenue = payment.gateway === WALLET_GATEWAY || payment.failure === "ISSUE_FAILED";
    if (!inRevenue) await releaseWalletPart(payment, deps);
    else {
      // A wallet payment reaches here only after its debit; a split's hold is captured first if a crash left it held.
      await captureWalletPart(payment, deps);
      await creditWallet(deps.ledger, {
        tenantId: payment.tenantId,
        userId: payment.userId,
        amount: payment.walletAmount,
        from: "revenue",
        kind: "refund",
        idempotencyKey: `return:${payment.id}`,
        reason: payment.failure === "ISSUE_FAILED" ? "tickets could not be issued" : "the booking could not take the payment",
        createdBy: "system",
        links: { paymentId: payment.id, bookingId: payment.bookingId },
        at: deps.clock.now(),
      });
    }
  }
  if (gatewayAmount(payment) > 0) {
    const gateway = deps.gateway(payment.gateway);
    if (!gateway || !payment.token) return false;
    const reversed = await gateway.reverse({ token: payment.token, amountRials: toRials(gatewayAmount(payment)) });
    if (!reversed.ok && reversed.error !== "REVERSED") return false;
  }
  return deps.payments.move(payment.id, ["verified", "refund_due"], "reversed", deps.clock.now());
}

/**
 * Pays a held booking from its account's wallet alone (issue 10): the whole total moves from the
 * wallet to revenue under the booking's key, the booking is paid and its tickets issued as after
 * a card. A double click opens one wallet payment (the other is refused while it is open), and
 * the key lets the booking's money move once whatever happens.
 */
export async function payFromWallet(
  input: { tenantId: string; bookingHashId: string; userId: string; amount: number },
  deps: PaymentDeps,
): Promise<{ ok: true; payment: Payment; outcome: PaymentOutcome } | { ok: false; error: "NOT_PAYABLE" | "IN_PROGRESS" | WalletRefusal }> {
  const now = deps.clock.now();
  const booking = await deps.bookings.findByHashId(input.tenantId, input.bookingHashId);
  if (!booking || !isPayable(booking.status, booking.holdExpiresAt, now)) return { ok: false, error: "NOT_PAYABLE" };
  if (booking.userId === null || booking.userId !== input.userId) return { ok: false, error: "WALLET_NOT_ALLOWED" };
  if (input.amount !== booking.price.total) return { ok: false, error: "WALLET_AMOUNT_INVALID" };
  // Asked first so a refusal leaves no payment behind; the guarded debit decides under the wallet's lock.
  if ((await walletAvailable(deps, input.tenantId, input.userId)) < booking.price.total) return { ok: false, error: "INSUFFICIENT_FUNDS" };
  const payment = await deps.payments.openWalletPayment({
    tenantId: input.tenantId,
    bookingId: booking.id,
    userId: input.userId,
    hashId: newHashId(),
    amount: booking.price.total,
    at: now,
  });
  if (!payment) return { ok: false, error: "IN_PROGRESS" };
  const refused = await completeWalletPayment(payment, deps);
  if (refused) return { ok: false, error: refused };
  const settled = await settledView(deps, input.tenantId, payment);
  return { ok: true, ...settled };
}

/** The steps of a wallet payment after it is opened (or reclaimed): debit, booking paid, tickets; or the money back. */
async function completeWalletPayment(payment: Payment, deps: PaymentDeps): Promise<"INSUFFICIENT_FUNDS" | null> {
  if (!payment.bookingId || !payment.userId) return null;
  const booking = await deps.bookings.findById(payment.tenantId, payment.bookingId);
  const debit = await debitWallet(deps.ledger, {
    tenantId: payment.tenantId,
    userId: payment.userId,
    amount: payment.amount,
    to: "revenue",
    kind: "booking_payment",
    // One open wallet payment per booking at a time, so a replay of this key is this payment's own.
    idempotencyKey: `booking:${payment.bookingId}`,
    reason: `booking ${booking?.reference ?? payment.bookingId} paid from the wallet`,
    createdBy: "traveller",
    links: { paymentId: payment.id, bookingId: payment.bookingId },
    at: deps.clock.now(),
  });
  if (!debit.ok) {
    await deps.payments.move(payment.id, ["verifying"], "failed", deps.clock.now(), { failure: "INSUFFICIENT_FUNDS" });
    return "INSUFFICIENT_FUNDS";
  }
  const proof = { referenceId: debit.transactionId, maskedPan: null, at: deps.clock.now() };
  // The booking may move between reading and writing (a bank's cancel puts it back to held): read it again and retry.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const current = await deps.bookings.findById(payment.tenantId, payment.bookingId);
    if (!current || !isPayable(current.status, current.holdExpiresAt, deps.clock.now())) break;
    const change = transition(current.status, "payment_verified", { at: deps.clock.now(), cause: "paid from the wallet" });
    if (!change.ok) break;
    if (await deps.payments.recordVerified(payment.id, proof, current.id, change.change)) {
      await completePaidBooking(payment.tenantId, current.id, deps);
      return null;
    }
  }
  // The booking cannot take it any more (expired, cancelled, paid by a card meanwhile): the money goes back.
  if (
    await deps.payments.move(payment.id, ["verifying"], "refund_due", deps.clock.now(), {
      failure: "BOOKING_NOT_PAYABLE",
      referenceId: debit.transactionId,
    })
  ) {
    await returnMoney({ ...payment, status: "refund_due", failure: "BOOKING_NOT_PAYABLE", referenceId: debit.transactionId }, deps);
  }
  return null;
}

/**
 * A booking's hold ran out (the hold-expiry job): card payments still open that hold part of a
 * wallet are ended and their holds go back. Their bank deadline is past by now (the hold was
 * stretched to cover it), so an unverified card part is the bank's to reverse.
 */
export async function releaseExpiredBookingHolds(booking: Pick<Booking, "id" | "tenantId">, deps: PaymentDeps): Promise<number> {
  let released = 0;
  for (const payment of await deps.payments.openWithWalletPart(booking.id)) {
    if (!(await deps.payments.move(payment.id, ["created", "pending"], "cancelled", deps.clock.now(), { failure: "BOOKING_EXPIRED" })))
      continue;
    await releaseWalletPart({ ...payment, status: "cancelled", failure: "BOOKING_EXPIRED" }, deps);
    released += 1;
  }
  return released;
}

/**
 * A paid booking gets its tickets. If its hold ran out before the money came (a late payment), the
 * seats are taken again when they are still there; otherwise, or if the supplier cannot issue,
 * the money goes back and the booking ends refunded.
 */
export async function completePaidBooking(tenantId: string, bookingId: string, deps: PaymentDeps): Promise<void> {
  const booking = await deps.bookings.findById(tenantId, bookingId);
  if (!booking || booking.status !== "paid") return;
  // The wallet part of the payment that paid it becomes revenue first (again after a crash: a replay).
  const payer = await deps.payments.payerOf(booking.id);
  if (payer) await captureWalletPart(payer, deps);
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
    issued.tickets.forEach((ticket, passengerPosition) =>
      tickets.push({ itemPosition: item.position, passengerPosition, pnr: ticket.pnr, ticketNumber: ticket.ticketNumber }),
    );
  }
  const change = transition("paid", "tickets_issued", { at: deps.clock.now(), cause: "supplier issued the tickets" });
  if (change.ok && (await deps.bookings.recordTickets(booking.id, tickets, change.change)))
    await deps.onIssued?.(booking, tickets).catch(() => undefined);
}

/** Paid but not issuable: the seats taken are released, the money goes back, the booking ends refunded. */
async function refundBooking(booking: Booking, deps: PaymentDeps, cause: string): Promise<void> {
  for (const item of booking.items) await deps.flights.cancel(holdOf(item, booking.holdExpiresAt));
  if (!(await moveBooking(deps, booking, "issue_failed", cause))) return;
  const payment = await deps.payments.payerOf(booking.id);
  if (!payment) return;
  // Owed first, then returned: if the bank does not answer now, reconciliation tries again.
  await deps.payments.move(payment.id, ["verified"], "refund_due", deps.clock.now(), { failure: "ISSUE_FAILED" });
  if (await returnMoney({ ...payment, status: "refund_due", failure: "ISSUE_FAILED" }, deps)) {
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
  // The expiry job releases wallet parts as it expires a booking; one it did not finish (a crash
  // in between) is found here, as the booking no longer comes up for expiry.
  for (const booking of await deps.payments.endedWithOpenWalletPart(limit))
    await releaseExpiredBookingHolds(booking, await withGateways(booking.tenantId));
  return { looked: due.length, completed: stuck.length };
}
