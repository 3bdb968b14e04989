import type { RefundRule } from "#core/flights/flight.ts";
import { addDays } from "#core/search/dates.ts";
import type { SupplierHold } from "#core/suppliers/ports.ts";
import { bedsFor } from "#core/trains/pricing.ts";
import type { TrainRouteFacts, TrainSupplier } from "#core/trains/supplier.ts";
import type { TrainOffer, TrainTicket } from "#core/trains/train.ts";

/**
 * A train supplier in memory for integration tests of the purchase pipeline, until the house
 * supplier on our own tables is registered by the server (issue 18). It is complete for one
 * process: offers per day from a timetable, holds that take beds and never oversell, issued tickets
 * with wagon, compartment and bed, cancels that give the beds back, and Raja's refund rule.
 */

/** Raja (iran-travel-facts.md, "Refund rules"): free for an hour after issue, 10% until noon the day before, 30% until 3 h before, 50% until departure. */
export const RAJA_RULE: RefundRule = {
  id: "raja",
  airlineCode: "raja",
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

interface Train {
  number: string;
  name: string;
  from: string;
  to: string;
  /** Tehran clock of departure, and minutes on the way. */
  departs: string;
  minutes: number;
  foreignersAllowed: boolean;
  carTransport: TrainOffer["carTransport"];
  beds: number;
}

const TRAINS: Train[] = [
  {
    number: "352",
    name: "Noor",
    from: "tehran",
    to: "mashhad",
    departs: "21:30",
    minutes: 640,
    foreignersAllowed: true,
    carTransport: { sedan: 3_200_000, suv: 4_100_000, motorcycle: 1_500_000 },
    beds: 40,
  },
  {
    number: "351",
    name: "Noor",
    from: "mashhad",
    to: "tehran",
    departs: "20:00",
    minutes: 640,
    foreignersAllowed: true,
    carTransport: { sedan: 3_200_000, suv: 4_100_000, motorcycle: 1_500_000 },
    beds: 40,
  },
  {
    number: "114",
    name: "Simorgh",
    from: "tehran",
    to: "mashhad",
    departs: "16:45",
    minutes: 700,
    foreignersAllowed: false,
    carTransport: null,
    beds: 40,
  },
];

const EXTRAS: TrainOffer["extras"] = [
  { code: "meal-chicken", kind: "meal", name: "Chicken kebab", price: 0 },
  { code: "meal-fish", kind: "meal", name: "Fish and rice", price: 90_000 },
  { code: "snack", kind: "service", name: "Snack pack", price: 60_000 },
  { code: "bedding", kind: "service", name: "Bedding", price: 120_000 },
];

const PRICE = { adult: 1_450_000, child: 1_100_000, infant: 150_000 };
const BEDS_PER_COMPARTMENT = 4;

interface HeldBeds {
  offerId: string;
  beds: number[];
  status: "held" | "issued" | "cancelled";
  tickets: TrainTicket[];
}

export type MemoryTrainSupplier = TrainSupplier &
  TrainRouteFacts & {
    /** Free beds of an offer now. */
    freeBeds(offerId: string): number;
  };

/** Trains run every day from `firstDate` for `days` days. */
export function createMemoryTrainSupplier(options: { firstDate: string; days: number }): MemoryTrainSupplier {
  const taken = new Map<string, Set<number>>();
  const holds = new Map<string, HeldBeds>();
  let sequence = 0;

  const departureOf = (offerId: string) => {
    const match = /^(\d+)@(\d{4}-\d{2}-\d{2})$/.exec(offerId);
    const train = match && TRAINS.find((candidate) => candidate.number === match[1]);
    if (!match || !train) return null;
    const date = match[2]!;
    const first = options.firstDate;
    if (date < first || date > addDays(first, options.days - 1)) return null;
    return { train, date };
  };
  const takenOf = (offerId: string) => {
    let beds = taken.get(offerId);
    if (!beds) taken.set(offerId, (beds = new Set()));
    return beds;
  };
  const offerOf = (train: Train, date: string, travellers = 1): TrainOffer => {
    const departAt = `${date}T${train.departs}:00+03:30`;
    const arrival = new Date(Date.parse(departAt) + train.minutes * 60_000 + 3.5 * 3_600_000).toISOString().slice(0, 19);
    const offerId = `${train.number}@${date}`;
    return {
      offerId,
      operator: { code: "raja", name: "Raja" },
      trainNumber: train.number,
      trainName: train.name,
      from: train.from,
      to: train.to,
      departAt,
      arriveAt: `${arrival}+03:30`,
      durationMinutes: train.minutes,
      wagon: { kind: "compartment4", bedsPerCompartment: BEDS_PER_COMPARTMENT },
      ticketType: "general",
      coupe: false,
      seatsLeft: train.beds - takenOf(offerId).size,
      foreignersAllowed: train.foreignersAllowed,
      carTransport: train.carTransport,
      extras: EXTRAS,
      price: { ...PRICE, total: PRICE.adult * travellers },
      refundable: true,
    };
  };
  const release = (hold: HeldBeds) => {
    const beds = takenOf(hold.offerId);
    for (const bed of hold.beds) beds.delete(bed);
    hold.status = "cancelled";
  };

  return {
    service: "train",
    name: "house",

    async search(query) {
      return TRAINS.filter((train) => train.from === query.from && train.to === query.to)
        .map((train) => departureOf(`${train.number}@${query.date}`))
        .filter((found) => found !== null)
        .map(({ train, date }) => offerOf(train, date, query.adults + query.children))
        .filter((offer) => offer.seatsLeft >= bedsFor(offer, query));
    },

    async revalidate(offerId) {
      const found = departureOf(offerId);
      if (!found) return { ok: false, error: "NOT_FOUND" };
      const offer = offerOf(found.train, found.date);
      return offer.seatsLeft > 0 ? { ok: true, offer } : { ok: false, error: "SOLD_OUT" };
    },

    async hold(offerId, passengers, until) {
      const found = departureOf(offerId);
      if (!found) return { ok: false, error: "SOLD_OUT" };
      const beds = takenOf(offerId);
      const free = Array.from({ length: found.train.beds }, (_bed, index) => index).filter((bed) => !beds.has(bed));
      if (free.length < passengers) return { ok: false, error: "SOLD_OUT" };
      const chosen = free.slice(0, passengers);
      for (const bed of chosen) beds.add(bed);
      sequence += 1;
      const holdId = `hold-${sequence}`;
      holds.set(holdId, { offerId, beds: chosen, status: "held", tickets: [] });
      return { ok: true, hold: { holdId, offerId, seats: passengers, expiresAt: until.toISOString() } };
    },

    async extend(hold, until) {
      const held = holds.get(hold.holdId);
      return held?.status === "held" ? { ok: true, hold: { ...hold, expiresAt: until.toISOString() } } : { ok: false, error: "HOLD_LOST" };
    },

    async issue(hold, travellers) {
      const held = holds.get(hold.holdId);
      if (!held || held.status === "cancelled") return { ok: false, error: "ISSUE_FAILED" };
      if (held.status === "issued") return { ok: true, tickets: held.tickets };
      const pnr = `RJ${hold.holdId.replace(/\D/g, "").padStart(4, "0")}`;
      const count = travellers ?? held.beds.length;
      const placeOf = (bed: number) => ({
        wagon: 1 + Math.floor(bed / 20),
        compartment: 1 + Math.floor((bed % 20) / BEDS_PER_COMPARTMENT),
        bed: 1 + (bed % 20),
      });
      held.tickets = Array.from({ length: count }, (_ticket, passengerPosition) => ({
        holdId: hold.holdId,
        pnr,
        ticketNumber: `${pnr}-${passengerPosition + 1}`,
        passengerPosition,
        leg: 0,
        // Travellers past the beds held are infants: on the lap of the first traveller, in that bed.
        placement: placeOf(held.beds[passengerPosition] ?? held.beds[0]!),
      }));
      held.status = "issued";
      return { ok: true, tickets: held.tickets };
    },

    async cancel(target: SupplierHold | TrainTicket[]) {
      const holdId = Array.isArray(target) ? target[0]?.holdId : target.holdId;
      const held = holdId ? holds.get(holdId) : undefined;
      if (held && held.status !== "cancelled") release(held);
      return { ok: true };
    },

    async refundTerms(offerId) {
      const found = departureOf(offerId);
      if (!found) return null;
      return { rule: RAJA_RULE, departAt: new Date(offerOf(found.train, found.date).departAt), cancelledByAirline: false };
    },

    async cheapestPerDay({ from, to, firstDate, lastDate }) {
      const days = new Map<string, number>();
      for (let date = firstDate; date <= lastDate; date = addDays(date, 1))
        if (TRAINS.some((train) => train.from === from && train.to === to && departureOf(`${train.number}@${date}`)))
          days.set(date, PRICE.adult);
      return days;
    },

    async timetable({ from, to }) {
      return TRAINS.filter((train) => train.from === from && train.to === to).map((train) => ({
        trainNumber: train.number,
        trainName: train.name,
        operator: { code: "raja", name: "Raja" },
        departs: train.departs,
        arrives: offerOf(train, options.firstDate).arriveAt.slice(11, 16),
        durationMinutes: train.minutes,
        wagonKinds: ["compartment4"],
        carTransport: train.carTransport !== null,
      }));
    },

    freeBeds(offerId) {
      const found = departureOf(offerId);
      return found ? found.train.beds - takenOf(offerId).size : 0;
    },
  };
}
