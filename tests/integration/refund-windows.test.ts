/**
 * Refund windows that count from the tickets' issue (Raja's free hour) on each database engine: the
 * quote finds when the booking was issued in its stored history, so a rule with a free period is
 * free for that hour and then falls into its next window; the refund recorded keeps the window and
 * its end. The booking is a house flight whose supplier answers a Raja-shaped rule, as a train
 * supplier will (the pipeline never names the service). The clock is pinned to a fixed inventory.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingRepository } from "#adapters/db/booking-repository.ts";
import { createLedgerRepository } from "#adapters/db/ledger-repository.ts";
import { createRefundRepository } from "#adapters/db/refund-repository.ts";
import { refunds } from "#adapters/db/schema.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { createHouseFlightSupplier } from "#adapters/suppliers/house/flight-supplier.ts";
import type { Booking } from "#core/booking/booking.ts";
import { transition, type BookingEvent } from "#core/booking/booking-state.ts";
import { placeFlightBooking } from "#core/booking/place-flight-booking.ts";
import type { FlightSupplier } from "#core/flights/ports.ts";
import { issuedAtOf, quoteRefund, refundBooking } from "#core/refunds/refund-booking.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { createSupplierRegistry } from "#core/suppliers/registry.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";

const MINUTE = 60_000;
const SHEBA = "IR820540102680020817909002";
const ADULT = {
  type: "adult",
  firstName: "علی",
  lastName: "رضایی",
  gender: "male",
  birthDate: "1990-05-17",
  nationalCode: "0499370899",
} as const;

describe.each(ENGINES)("refund windows from the issue on %s", (engine) => {
  let database: TestDatabase;
  let tenantId: string;
  const firstDate = "2026-03-10";
  const travelDate = addDays(firstDate, 1);
  const bookedAt = new Date(`${firstDate}T08:00:00+03:30`);
  const issuedAt = new Date(`${firstDate}T08:10:00+03:30`);
  let now = bookedAt;
  const clock = { now: () => now };
  let offerIndex = 0;

  function deps() {
    const flights = createHouseFlightSupplier(database.handle.db, clock);
    // The house supplier's own answer, with Raja's windows in place of the fare's: free for an hour after issue, then by the calendar.
    const raja = {
      ...flights,
      async refundTerms(offerId: string) {
        const terms = await flights.refundTerms(offerId);
        if (!terms) return null;
        return {
          ...terms,
          rule: {
            ...terms.rule,
            refundable: true,
            windows: [
              { noonDaysBefore: 1, penaltyPercent: 10 },
              { minutesBefore: 180, penaltyPercent: 30 },
              { minutesBefore: 0, penaltyPercent: 50 },
            ],
            afterDeparturePercent: 100,
            freeMinutesAfterIssue: 60,
          },
        };
      },
    } satisfies FlightSupplier;
    return {
      flights,
      suppliers: createSupplierRegistry([{ service: "flight", supplier: raja }]),
      bookings: createBookingRepository(database.handle.db),
      refunds: createRefundRepository(database.handle.db),
      ledger: createLedgerRepository(database.handle.db),
      clock,
    };
  }

  /** A booking paid and issued at `issuedAt`, each step through the repository's guarded state change; and its departure. */
  async function issuedBooking(): Promise<{ booking: Booking; departAt: Date }> {
    const { flights, bookings } = deps();
    now = bookedAt;
    const offer = (await flights.search({ from: "THR", to: "MHD", date: travelDate, adults: 1, children: 0, infants: 0 }))[offerIndex++];
    if (!offer) throw new Error("no offer left");
    const placed = await placeFlightBooking(
      {
        tenantId,
        tenantOptions: [],
        locale: "fa",
        offerIds: [offer.offerId],
        passengers: [ADULT],
        contact: { mobile: "09121111111" },
        company: null,
        discountCode: null,
        expectedFare: null,
        cause: "test",
      },
      deps(),
    );
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    let status = placed.booking.status;
    for (const [event, at] of [
      ["go_to_bank", bookedAt],
      ["payment_verified", issuedAt],
      ["tickets_issued", issuedAt],
    ] as [BookingEvent, Date][]) {
      const change = transition(status, event, { at, cause: "test" });
      if (!change.ok || !(await bookings.applyChange(placed.booking.id, change.change))) throw new Error(`${event} not applied`);
      status = change.change.to;
    }
    return { booking: (await bookings.findById(tenantId, placed.booking.id))!, departAt: new Date(offer.departAt) };
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    tenantId = (await tenantIdBySlug(database.handle.db, DEMO_TENANTS[0]!.tenant.slug))!;
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate, days: 3 }),
    });
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("reads the issue from the stored history and quotes the free hour, then the window to noon the day before", async () => {
    const { booking, departAt } = await issuedBooking();
    expect(await issuedAtOf(deps().bookings, booking.id)).toEqual(issuedAt);
    const freeUntil = new Date(issuedAt.getTime() + 60 * MINUTE);
    const noon = new Date(`${addDays(tehranToday(departAt), -1)}T12:00:00+03:30`);

    now = freeUntil;
    const free = await quoteRefund(booking, deps());
    expect(free).toMatchObject({ ok: true, penalty: 0, lines: [{ penaltyPercent: 0 }] });
    expect(free.ok && free.lines[0]!.window).toEqual({ minutesBefore: null, label: "free-after-issue", endsAt: freeUntil.toISOString() });
    expect(free.ok && free.lines[0]!.timeline.map((stage) => [stage.penaltyPercent, stage.endsAt])).toEqual([
      [0, freeUntil.toISOString()],
      [10, noon.toISOString()],
      [30, new Date(departAt.getTime() - 180 * MINUTE).toISOString()],
      [50, departAt.toISOString()],
      [100, null],
    ]);

    now = new Date(freeUntil.getTime() + 1);
    const tenth = await quoteRefund(booking, deps());
    expect(tenth.ok && tenth.lines[0]!.window).toEqual({ minutesBefore: null, label: "before", endsAt: noon.toISOString() });
    expect(tenth.ok && tenth.penalty).toBe(Math.floor(tenth.ok ? tenth.paid / 10 : 0));
  });

  it("records the window a refund was taken in, with its end", async () => {
    const { booking } = await issuedBooking();
    now = new Date(issuedAt.getTime() + 30 * MINUTE);
    const result = await refundBooking({ booking, to: { to: "card", sheba: SHEBA }, cause: "traveller (test)" }, deps());
    expect(result).toMatchObject({ ok: true, quote: { penalty: 0 } });
    const [row] = await database.handle.db
      .select({ rule: refunds.rule, penalty: refunds.penalty })
      .from(refunds)
      .where(eq(refunds.bookingId, booking.id));
    expect(row!.penalty).toBe(0);
    expect(row!.rule).toMatchObject({
      lines: [
        { penaltyPercent: 0, window: { label: "free-after-issue", endsAt: new Date(issuedAt.getTime() + 60 * MINUTE).toISOString() } },
      ],
    });
  });
});
