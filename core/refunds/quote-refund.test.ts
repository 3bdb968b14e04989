/**
 * Quoting a booking's refund against in-memory ports: a rule with a free period after issue counts
 * it from the booking's "tickets_issued" change; a rule without one (every flight) never reads the
 * history, and quotes exactly as before. Each line carries its window's end and the whole timeline.
 */
import { describe, expect, it } from "vitest";
import type { Booking, BookingChange } from "../booking/booking.ts";
import type { BookingRepository } from "../booking/ports.ts";
import type { FlightOffer, RefundRule } from "../flights/flight.ts";
import type { FlightSupplier } from "../flights/ports.ts";
import { createSupplierRegistry } from "../suppliers/registry.ts";
import { issuedAtOf, quoteRefund } from "./refund-booking.ts";

/** Tehran wall-clock time as an instant (+03:30 all year). */
const tehran = (local: string) => new Date(`${local}+03:30`);
const DEPART = tehran("2026-11-26T02:00:00");
const ISSUED = tehran("2026-11-20T10:00:00");
const MINUTE = 60_000;

const RAJA: RefundRule = {
  id: "RAJA-ALL",
  airlineCode: "RAJA",
  fareClasses: [],
  charter: false,
  refundable: true,
  windows: [
    { noonDaysBefore: 1, penaltyPercent: 10 },
    { minutesBefore: 180, penaltyPercent: 30 },
    { minutesBefore: 0, penaltyPercent: 50 },
  ],
  afterDeparturePercent: 100,
  freeMinutesAfterIssue: 60,
};
const IRAN_AIR: RefundRule = {
  id: "IR-ALL",
  airlineCode: "IR",
  fareClasses: ["Y"],
  charter: false,
  refundable: true,
  windows: [
    { minutesBefore: 24 * 60, penaltyPercent: 30 },
    { minutesBefore: 0, penaltyPercent: 60 },
  ],
  afterDeparturePercent: 60,
};

/** The offer the booking stores: the module names the item by it; the supplier's rule decides the penalty. */
const OFFER: FlightOffer = {
  offerId: "o1",
  airline: { code: "IR", name: "Iran Air" },
  flightNumber: "IR 451",
  from: "THR",
  to: "MHD",
  departAt: "2026-11-26T02:00:00+03:30",
  arriveAt: "2026-11-26T03:30:00+03:30",
  durationMinutes: 90,
  aircraft: "A320",
  fareClass: "Y",
  cabin: "economy",
  seatsLeft: 9,
  charter: false,
  baggageKg: 20,
  refundable: true,
  price: { adult: 1_000_000, child: 1_000_000, infant: 100_000, total: 1_000_000 },
  taxesPerSeat: 100_000,
  latinNamesRequired: false,
};

const BOOKING = {
  id: "b1",
  tenantId: "t1",
  status: "issued",
  price: { discount: 0 },
  service: "flight",
  items: [
    {
      position: 0,
      service: "flight",
      supplier: "house",
      offerId: "o1",
      holdId: "h1",
      seats: 1,
      base: 900_000,
      taxes: 100_000,
      offer: OFFER,
    },
  ],
} as unknown as Booking;

function change(event: BookingChange["event"], from: BookingChange["from"], to: BookingChange["to"], at: Date): BookingChange {
  return { event, from, to, at: at.toISOString(), cause: "test" };
}

/** The ports a quote reads, with the supplier answering `rule`, and a count of history reads. */
function world(rule: RefundRule, history: BookingChange[]) {
  let reads = 0;
  const supplier = {
    service: "flight",
    name: "house",
    refundTerms: async () => ({ rule, departAt: DEPART, cancelledByAirline: false }),
  } as unknown as FlightSupplier;
  const bookings: Pick<BookingRepository, "history"> = {
    history: async () => {
      reads += 1;
      return history;
    },
  };
  let now = ISSUED;
  return {
    deps: { suppliers: createSupplierRegistry([{ service: "flight", supplier }]), bookings, clock: { now: () => now } },
    at: (moment: Date) => void (now = moment),
    reads: () => reads,
  };
}

const ISSUED_HISTORY = [
  change("go_to_bank", "held", "awaiting_payment", new Date(ISSUED.getTime() - 5 * MINUTE)),
  change("payment_verified", "awaiting_payment", "paid", new Date(ISSUED.getTime() - MINUTE)),
  change("tickets_issued", "paid", "issued", ISSUED),
];

describe("quoteRefund and the time of issue", () => {
  it("is free within the hour after the tickets were issued, then 10% until noon the day before", async () => {
    const w = world(RAJA, ISSUED_HISTORY);
    w.at(new Date(ISSUED.getTime() + 60 * MINUTE));
    const free = await quoteRefund(BOOKING, w.deps);
    expect(free).toMatchObject({
      ok: true,
      paid: 1_000_000,
      penalty: 0,
      refundAmount: 1_000_000,
      lines: [
        {
          code: "IR 451",
          penaltyPercent: 0,
          window: { label: "free-after-issue", minutesBefore: null, endsAt: tehran("2026-11-20T11:00:00").toISOString() },
        },
      ],
    });
    expect(free.ok && free.lines[0]!.timeline.map((stage) => [stage.penaltyPercent, stage.endsAt])).toEqual([
      [0, tehran("2026-11-20T11:00:00").toISOString()],
      [10, tehran("2026-11-25T12:00:00").toISOString()],
      [30, tehran("2026-11-25T23:00:00").toISOString()],
      [50, DEPART.toISOString()],
      [100, null],
    ]);

    w.at(new Date(ISSUED.getTime() + 60 * MINUTE + 1));
    expect(await quoteRefund(BOOKING, w.deps)).toMatchObject({
      penalty: 100_000,
      lines: [{ penaltyPercent: 10, window: { label: "before", endsAt: tehran("2026-11-25T12:00:00").toISOString() } }],
    });
  });

  it("gives no free hour when the history has no issue", async () => {
    const w = world(RAJA, ISSUED_HISTORY.slice(0, 2));
    expect(await quoteRefund(BOOKING, w.deps)).toMatchObject({ penalty: 100_000, lines: [{ window: { label: "before" } }] });
    expect(w.reads()).toBe(1);
  });

  it("never reads the history for a rule without a free period: flights quote as before", async () => {
    const w = world(IRAN_AIR, ISSUED_HISTORY);
    w.at(new Date(DEPART.getTime() - 25 * 60 * MINUTE));
    expect(await quoteRefund(BOOKING, w.deps)).toMatchObject({
      penalty: 300_000,
      lines: [
        {
          penaltyPercent: 30,
          window: { label: "before", minutesBefore: 1440, endsAt: new Date(DEPART.getTime() - 1440 * MINUTE).toISOString() },
        },
      ],
    });
    expect(w.reads()).toBe(0);
  });

  it("reads the issue's time from the history, null without one", async () => {
    expect(await issuedAtOf({ history: async () => ISSUED_HISTORY }, "b1")).toEqual(ISSUED);
    expect(await issuedAtOf({ history: async () => ISSUED_HISTORY.slice(0, 2) }, "b1")).toBeNull();
  });
});
