/**
 * Paying a held booking exactly once (issue 7), through the sandbox bank's real ledger: replayed
 * callbacks, a tampered amount, cancel then pay, a payment that lands after the hold expired,
 * a crash between verify and issue, and reconciliation before the bank's deadline.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingRepository } from "#adapters/db/booking-repository.ts";
import { createLedgerRepository } from "#adapters/db/ledger-repository.ts";
import { createPaymentRepository } from "#adapters/db/payment-repository.ts";
import { bookingTickets, flightFares, payments, sandboxBankPayments } from "#adapters/db/schema.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { createSandboxBank } from "#adapters/payments/sandbox/sandbox-bank.ts";
import { createHouseFlightSupplier } from "#adapters/suppliers/house/flight-supplier.ts";
import { createHouseInternationalFlightSupplier } from "#adapters/suppliers/house/international-flight-supplier.ts";
import { createHouseTrainSupplier } from "#adapters/suppliers/house/train-supplier.ts";
import type { Booking, BookingItem } from "#core/booking/booking.ts";
import { expireDueBookings, placeFlightBooking } from "#core/booking/place-flight-booking.ts";
import type { PaymentDeps } from "#core/payments/deps.ts";
import { reconcilePayments } from "#core/payments/reconcile.ts";
import { supplierRegistry } from "#server/database-adapters.ts";
import { handleCallback, settlePayment } from "#core/payments/settle-payment.ts";
import { startPayment } from "#core/payments/start-payment.ts";
import type { PaymentGateway } from "#core/payments/ports.ts";
import { addDays } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";

const CALLBACK = "http://shop.test/payment/callback/sandbox";

describe.each(ENGINES)("paying for a booking on %s", (engine) => {
  let database: TestDatabase;
  let tenantId: string;
  // A fixed first day and a clock pinned to it: the generated inventory does not change with today.
  const firstDate = "2026-03-10";
  const travelDate = addDays(firstDate, 2);
  let now = new Date(`${firstDate}T08:00:00+03:30`);
  const clock = { now: () => now };
  // The house supplier is the registry's ("flight", "house"): a test that wraps its issue wraps what payments call.
  let deps: PaymentDeps & { flights: ReturnType<typeof createHouseFlightSupplier> };
  let sandbox: ReturnType<typeof createSandboxBank>;
  /** The gateway as the shop sees it; a test may wrap it (a crash, a silent bank). */
  let gateway: PaymentGateway;
  let fareIndex = 0;

  const seatsOf = async (offerId: string) =>
    (await database.handle.db.select({ seats: flightFares.seatsAvailable }).from(flightFares).where(eq(flightFares.id, offerId)))[0]!.seats;

  async function heldBooking(seats = 9): Promise<Booking> {
    const offers = await deps.flights.search({ from: "THR", to: "MHD", date: travelDate, adults: 1, children: 0, infants: 0 });
    const offer = offers[fareIndex++]!;
    await database.handle.db
      .update(flightFares)
      .set({ seatsAvailable: Math.min(seats, offer.seatsLeft) })
      .where(eq(flightFares.id, offer.offerId));
    const placed = await placeFlightBooking(
      {
        tenantId,
        tenantOptions: [],
        locale: "fa",
        offerIds: [offer.offerId],
        passengers: [
          { type: "adult", firstName: "علی", lastName: "رضایی", gender: "male", birthDate: "1990-05-01", nationalCode: "0499370899" },
        ],
        contact: { mobile: "09121234567" },
        company: null,
        discountCode: null,
        expectedFare: null,
        cause: "test",
      },
      deps,
    );
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    return placed.booking;
  }

  async function goToBank(booking: Booking) {
    const started = await startPayment(
      {
        tenantId,
        bookingHashId: booking.hashId,
        gateway: "sandbox",
        allowedGateways: ["sandbox"],
        callbackUrl: CALLBACK,
        description: "test",
      },
      deps,
    );
    if (!started.ok) throw new Error(started.error);
    return { payment: started.payment, token: started.payment.token! };
  }

  const callback = (token: string, status: "OK" | "NOK") =>
    handleCallback({ tenantId, gateway: "sandbox", query: {}, body: { token, status } }, deps);
  const bookingNow = async (booking: Booking) => (await deps.bookings.findById(tenantId, booking.id))!;
  const ticketsOf = async (booking: Booking) =>
    database.handle.db.select().from(bookingTickets).where(eq(bookingTickets.bookingId, booking.id));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate, days: 4 }),
    });
    sandbox = createSandboxBank(database.handle.db, { clock });
    gateway = sandbox.gateway;
    const flights = createHouseFlightSupplier(database.handle.db, clock);
    deps = {
      bookings: createBookingRepository(database.handle.db),
      payments: createPaymentRepository(database.handle.db),
      flights,
      suppliers: supplierRegistry({
        flights,
        internationalFlights: createHouseInternationalFlightSupplier(database.handle.db, clock),
        trains: createHouseTrainSupplier(database.handle.db, clock),
      }),
      ledger: createLedgerRepository(database.handle.db),
      clock,
      gateway: (name) => (name === "sandbox" ? gateway : null),
    };
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("charges our amount, stretches the hold over the bank's deadline, and a callback replayed 40 times gives one payment and one set of tickets", async () => {
    const booking = await heldBooking();
    const { payment, token } = await goToBank(booking);
    const [ledger] = await database.handle.db.select().from(sandboxBankPayments).where(eq(sandboxBankPayments.token, token));
    expect(ledger?.amountRials).toBe(booking.price.total * 10);
    const atBank = await bookingNow(booking);
    expect(atBank.status).toBe("awaiting_payment");
    expect(atBank.holdExpiresAt.getTime()).toBeGreaterThan(booking.holdExpiresAt.getTime());

    await sandbox.bank.act(token, "pay");
    const results = await Promise.all(Array.from({ length: 40 }, () => callback(token, "OK")));
    expect(results.every((result) => result !== null)).toBe(true);
    expect((await bookingNow(booking)).status).toBe("issued");
    expect(await ticketsOf(booking)).toHaveLength(1);
    const stored = await database.handle.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(stored.map((row) => row.status)).toEqual(["verified"]);
    expect(stored[0]?.id).toBe(payment.id);
    // Replayed later, it only reads the result.
    expect((await callback(token, "OK"))?.outcome).toBe("issued");
    expect(await ticketsOf(booking)).toHaveLength(1);
  });

  it("refuses a callback for another amount: the gateway is asked for ours, and nothing is settled", async () => {
    const booking = await heldBooking();
    const { token } = await goToBank(booking);
    await sandbox.bank.act(token, "pay");
    // Someone changed the amount at the bank's side: verify with ours must fail.
    await database.handle.db
      .update(sandboxBankPayments)
      .set({ amountRials: booking.price.total * 10 - 10_000 })
      .where(eq(sandboxBankPayments.token, token));
    const result = await callback(token, "OK");
    expect(result?.outcome).toBe("cancelled");
    expect(result?.payment.failure).toBe("AMOUNT_MISMATCH");
    expect((await bookingNow(booking)).status).toBe("held");
    expect(await ticketsOf(booking)).toHaveLength(0);
  });

  it("a forged 'cancelled' callback for a paid payment is verified and issued, not dropped", async () => {
    const booking = await heldBooking();
    const { token } = await goToBank(booking);
    await sandbox.bank.act(token, "pay");
    expect((await callback(token, "NOK"))?.outcome).toBe("issued");
    expect(await ticketsOf(booking)).toHaveLength(1);
  });

  it("a cancelled payment leaves the booking payable, and paying again issues it", async () => {
    const booking = await heldBooking();
    const first = await goToBank(booking);
    await sandbox.bank.act(first.token, "cancel");
    expect((await callback(first.token, "NOK"))?.outcome).toBe("cancelled");
    expect((await bookingNow(booking)).status).toBe("held");
    const second = await goToBank(booking);
    await sandbox.bank.act(second.token, "pay");
    expect((await callback(second.token, "OK"))?.outcome).toBe("issued");
    // The first one, replayed with a forged OK, changes nothing.
    expect((await callback(first.token, "OK"))?.outcome).toBe("cancelled");
    expect(await ticketsOf(booking)).toHaveLength(1);
  });

  it("a payment that lands after the hold expired is issued if seats remain, and refunded if not", async () => {
    const releaseHold = async (item: BookingItem) => {
      await deps.flights.cancel({ holdId: item.holdId, offerId: item.offerId, seats: item.seats, expiresAt: now.toISOString() });
    };
    const withSeats = await heldBooking();
    const soldOut = await heldBooking(1);
    const late = await goToBank(withSeats);
    const lost = await goToBank(soldOut);
    // The buyers are slow at the bank; the holds run out and the job gives the seats back.
    now = new Date(now.getTime() + 40 * 60_000);
    await expireDueBookings({ bookings: deps.bookings, clock, releaseHold });
    expect((await bookingNow(withSeats)).status).toBe("expired");
    // Someone else takes the last seat of the second flight; then both buyers pay.
    await database.handle.db.update(flightFares).set({ seatsAvailable: 0 }).where(eq(flightFares.id, soldOut.items[0]!.offerId));
    await sandbox.bank.act(late.token, "pay");
    await sandbox.bank.act(lost.token, "pay");

    expect((await callback(late.token, "OK"))?.outcome).toBe("issued");
    expect(await ticketsOf(withSeats)).toHaveLength(1);
    const refunded = await callback(lost.token, "OK");
    expect(refunded?.outcome).toBe("refunded");
    expect((await bookingNow(soldOut)).status).toBe("refunded");
    const [ledger] = await database.handle.db.select().from(sandboxBankPayments).where(eq(sandboxBankPayments.token, lost.token));
    expect(ledger?.status).toBe("reversed");
    expect(await seatsOf(soldOut.items[0]!.offerId)).toBe(0);
  });

  it("a crash between verify and issue leaves, after a restart, exactly one set of tickets", async () => {
    const booking = await heldBooking();
    const { token } = await goToBank(booking);
    await sandbox.bank.act(token, "pay");
    // The process dies right after the bank verified: the issue step never runs.
    const issue = deps.flights.issue.bind(deps.flights);
    deps.flights.issue = async () => {
      throw new Error("process killed");
    };
    await expect(callback(token, "OK")).rejects.toThrow("process killed");
    deps.flights.issue = issue;
    expect((await bookingNow(booking)).status).toBe("paid");
    // After the restart, reconciliation completes it; running it again changes nothing.
    now = new Date(now.getTime() + 5 * 60_000);
    await reconcilePayments({ ...deps, gatewaysFor: async () => deps.gateway });
    await reconcilePayments({ ...deps, gatewaysFor: async () => deps.gateway });
    expect((await bookingNow(booking)).status).toBe("issued");
    expect(await ticketsOf(booking)).toHaveLength(1);
  });

  it("a payment whose buyer never came back is verified by reconciliation before the bank's deadline", async () => {
    const paid = await heldBooking();
    const abandoned = await heldBooking();
    const quiet = await goToBank(paid);
    const left = await goToBank(abandoned);
    await sandbox.bank.act(quiet.token, "pay");
    // The browser was closed: no callback ever comes. Fifteen minutes on, the job looks.
    now = new Date(now.getTime() + 16 * 60_000);
    const [ledger] = await database.handle.db.select().from(sandboxBankPayments).where(eq(sandboxBankPayments.token, quiet.token));
    expect(now.getTime()).toBeLessThan(ledger!.verifyBy!.getTime());
    await reconcilePayments({ ...deps, gatewaysFor: async () => deps.gateway });
    expect((await bookingNow(paid)).status).toBe("issued");
    expect((await bookingNow(abandoned)).status).toBe("held");
    const [leftPayment] = await database.handle.db.select().from(payments).where(eq(payments.token, left.token));
    expect(leftPayment?.status).toBe("cancelled");
  });

  it("when tickets cannot be issued the money is owed, and returned by reconciliation once the bank answers", async () => {
    const booking = await heldBooking();
    const { payment, token } = await goToBank(booking);
    await sandbox.bank.act(token, "pay");
    const issue = deps.flights.issue.bind(deps.flights);
    const real = gateway;
    deps.flights.issue = async () => ({ ok: false, error: "ISSUE_FAILED" });
    gateway = { ...real, reverse: async () => ({ ok: false, error: "UNAVAILABLE" }) };
    try {
      expect((await callback(token, "OK"))?.outcome).toBe("refunded");
    } finally {
      deps.flights.issue = issue;
      gateway = real;
    }
    expect((await bookingNow(booking)).status).toBe("refund_requested");
    expect((await deps.payments.findByHashId(tenantId, payment.hashId))?.status).toBe("refund_due");
    now = new Date(now.getTime() + 5 * 60_000);
    await reconcilePayments({ ...deps, gatewaysFor: async () => deps.gateway });
    expect((await deps.payments.findByHashId(tenantId, payment.hashId))?.status).toBe("reversed");
    expect((await bookingNow(booking)).status).toBe("refunded");
    const [ledger] = await database.handle.db.select().from(sandboxBankPayments).where(eq(sandboxBankPayments.token, token));
    expect(ledger?.status).toBe("reversed");
  });

  it("a bank that does not answer leaves the payment for reconciliation, never settled twice", async () => {
    const booking = await heldBooking();
    const { payment, token } = await goToBank(booking);
    await sandbox.bank.act(token, "pay");
    const real = gateway;
    gateway = { ...real, verify: async () => ({ ok: false, error: "UNAVAILABLE" }) };
    expect((await callback(token, "OK"))?.outcome).toBe("processing");
    gateway = real;
    await settlePayment((await deps.payments.findByHashId(tenantId, payment.hashId))!, deps);
    expect((await bookingNow(booking)).status).toBe("issued");
    expect(await ticketsOf(booking)).toHaveLength(1);
  });
});
