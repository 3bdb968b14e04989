/* eslint-disable @typescript-eslint/require-await -- an in-memory fake answers at once, behind the supplier's promises */
import type { RefundRule } from "../flights/flight.ts";
import type { Gender } from "../passengers/passenger-rules.ts";
import type { SupplierHold } from "../suppliers/ports.ts";
import type { BusLayout, BusOffer, BusSeatMap, BusTicket, HeldBusOffer } from "./bus.ts";
import { seatRuleErrors } from "./seat-rules.ts";
import type { BusRouteFacts, BusSupplier } from "./supplier.ts";

/**
 * Bus offers for unit and API tests: Seir-o-Safar's VIP 25-seat coach leaving Tehran's south
 * terminal for Isfahan's Kaveh terminal at 08:00, 7 hours, 850,000 tomans a seat.
 */
export function testBus(overrides: Partial<BusOffer> = {}): BusOffer {
  return {
    offerId: "bus-seir-o-safar-0800",
    company: { code: "seir-o-safar", name: "Seir-o-Safar" },
    busType: "vip25",
    from: "tehran",
    to: "isfahan",
    originTerminal: { code: "tehran-south", name: "Tehran South Terminal" },
    destinationTerminal: { code: "isfahan-kaveh", name: "Isfahan Kaveh Terminal" },
    departAt: "2026-11-22T08:00:00+03:30",
    arriveAt: "2026-11-22T15:00:00+03:30",
    durationMinutes: 420,
    seatsLeft: 20,
    price: { adult: 850_000, child: 850_000, infant: 0, total: 850_000 },
    refundable: true,
    ...overrides,
  };
}

/** A 2+1 coach of `rows` rows: column 1 a single seat, 2 the aisle, 3 and 4 a pair; seats numbered row by row from the front. */
export const TEST_LAYOUT: BusLayout = { rows: 8, columns: 4, aisleColumn: 2, driverSide: "left" };

/**
 * The seat map of a layout with the given seats taken by travellers of other bookings. On the
 * default 2+1 layout seat 1 is row 1's single seat, 2 and 3 its pair; seat 4 starts row 2, and so on.
 */
export function testSeatMap(offerId: string, taken: Readonly<Record<number, Gender>> = {}, layout: BusLayout = TEST_LAYOUT): BusSeatMap {
  const seats: BusSeatMap["seats"] = [];
  for (let row = 1; row <= layout.rows; row++)
    for (let column = 1; column <= layout.columns; column++) {
      if (column === layout.aisleColumn) continue;
      const number = seats.length + 1;
      const gender = taken[number];
      seats.push(gender ? { number, row, column, status: "taken", gender } : { number, row, column, status: "free" });
    }
  return { offerId, layout, seats };
}

/** The bus rule (iran-travel-facts.md): free within an hour of issue, 10% until 2 h before, then 50% in person at the terminal. */
export const TEST_BUS_REFUND_RULE: RefundRule = {
  id: "bus-test",
  airlineCode: "seir-o-safar",
  fareClasses: [],
  charter: false,
  refundable: true,
  windows: [{ minutesBefore: 120, penaltyPercent: 10 }],
  afterDeparturePercent: 100,
  freeMinutesAfterIssue: 60,
  inPersonFromMinutesBefore: 120,
  inPersonPenaltyPercent: 50,
};

export interface TestBusSupplier extends BusSupplier, BusRouteFacts {
  /** Seats taken by other bookings, by offer: set them to draw a map the test needs. */
  readonly taken: Map<string, Record<number, Gender>>;
}

interface Held {
  hold: SupplierHold;
  seats: HeldBusOffer["seats"];
  tickets: BusTicket[] | null;
}

/**
 * An in-memory bus supplier for unit and API tests: the given departures on the default layout,
 * each seat held by one hold at most (judged by the seat rules, as the house supplier does), one
 * ticket per traveller with its seat, and the bus refund rule.
 */
export function testBusSupplier(
  offers: readonly BusOffer[] = [testBus()],
  options: { name?: string; rule?: RefundRule } = {},
): TestBusSupplier {
  const taken = new Map<string, Record<number, Gender>>();
  const holds = new Map<string, Held>();
  let counter = 0;

  const find = (offerId: string) => offers.find((offer) => offer.offerId === offerId);
  const mapOf = (offerId: string): BusSeatMap => {
    const occupied: Record<number, Gender> = { ...taken.get(offerId) };
    for (const held of holds.values())
      if (held.hold.offerId === offerId) for (const seat of held.seats) occupied[seat.number] = seat.gender;
    return testSeatMap(offerId, occupied);
  };
  const free = (offerId: string) => mapOf(offerId).seats.filter((seat) => seat.status === "free").length;
  const priced = (offer: BusOffer, seated: number, infants: number): BusOffer => ({
    ...offer,
    seatsLeft: free(offer.offerId),
    price: { ...offer.price, total: offer.price.adult * seated + offer.price.infant * infants },
  });

  return {
    service: "bus",
    name: options.name ?? "test-buses",
    taken,
    async search(query) {
      return offers
        .filter((offer) => offer.from === query.from && offer.to === query.to && offer.departAt.startsWith(query.date))
        .map((offer) => priced(offer, query.adults + query.children, query.infants))
        .filter((offer) => offer.seatsLeft >= query.adults + query.children);
    },
    async seatMap(offerId) {
      return find(offerId) ? mapOf(offerId) : null;
    },
    async revalidate(offerId) {
      const offer = find(offerId);
      if (!offer) return { ok: false, error: "NOT_FOUND" };
      if (free(offerId) === 0) return { ok: false, error: "SOLD_OUT" };
      return { ok: true, offer: priced(offer, 1, 0) };
    },
    async hold(offerId, passengers, until, chosen) {
      const seats = (chosen as HeldBusOffer | undefined)?.seats;
      if (!find(offerId)) return { ok: false, error: "SOLD_OUT" };
      if (!Array.isArray(seats)) throw new Error("a bus hold needs the chosen seats");
      if (Object.keys(seatRuleErrors(mapOf(offerId), seats)).length > 0) return { ok: false, error: "SEAT_TAKEN" };
      const hold = { holdId: `bus-hold-${++counter}`, offerId, seats: passengers, expiresAt: until.toISOString() };
      holds.set(hold.holdId, { hold, seats: [...seats], tickets: null });
      return { ok: true, hold };
    },
    async extend(hold, until) {
      const held = holds.get(hold.holdId);
      if (!held) return { ok: false, error: "HOLD_LOST" };
      held.hold = { ...held.hold, expiresAt: until.toISOString() };
      return { ok: true, hold: held.hold };
    },
    async issue(hold, travellers) {
      const held = holds.get(hold.holdId);
      if (!held) return { ok: false, error: "ISSUE_FAILED" };
      if (!held.tickets) {
        const count = travellers ?? hold.seats;
        const pnr = `BUS${hold.holdId.replace(/\D/g, "").padStart(4, "0")}`;
        held.tickets = Array.from({ length: count }, (_unused, position) => {
          const seat = held.seats.find((chosen) => chosen.passenger === position);
          return {
            holdId: hold.holdId,
            pnr,
            ticketNumber: `${pnr}-${position + 1}`,
            passengerPosition: position,
            leg: 0,
            placement: seat ? { seat: seat.number } : null,
          };
        });
      }
      return { ok: true, tickets: held.tickets };
    },
    async cancel(target) {
      const ids = Array.isArray(target) ? target.map((ticket) => ticket.holdId) : [target.holdId];
      // The seats go back on sale at once.
      for (const id of ids) holds.delete(id);
      return { ok: true };
    },
    async refundTerms(offerId) {
      const offer = find(offerId);
      if (!offer) return null;
      return { rule: options.rule ?? TEST_BUS_REFUND_RULE, departAt: new Date(offer.departAt), cancelledByAirline: false };
    },
    async cheapestPerDay({ from, to, firstDate, lastDate }) {
      const cheapest = new Map<string, number>();
      for (const offer of offers) {
        const day = offer.departAt.slice(0, 10);
        if (offer.from !== from || offer.to !== to || day < firstDate || day > lastDate) continue;
        cheapest.set(day, Math.min(cheapest.get(day) ?? Number.POSITIVE_INFINITY, offer.price.adult));
      }
      return cheapest;
    },
  };
}
