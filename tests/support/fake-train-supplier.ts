import type { Locale } from "#core/i18n/locales.ts";
import { addDays, daysBetween, tehranToday } from "#core/search/dates.ts";
import { bedsToPay, compartmentsNeeded } from "#core/trains/search-trains.ts";
import type { TrainRouteFacts, TrainSupplier } from "#core/trains/supplier.ts";
import { tehranPlusMinutes } from "#core/trains/test-train-offers.ts";
import type { TrainHold, TrainOffer, TrainSearchQuery, TrainTicket, TrainTicketType, VehicleType, WagonKind } from "#core/trains/train.ts";

/**
 * An in-memory train supplier for tests of the pages and the API: a handful of trains on fixed
 * clocks, honouring the port as the house supplier does. Offers are priced for the party searched
 * (coupe: every bed of the compartments taken), `seatsLeft` is what is free (coupe: beds of wholly
 * free compartments), and a day's fares are all answered, even those too full for the party: the
 * search use case decides what can carry it. Nothing depends on the calendar: a train runs on the
 * days its `runs` says, counted from `firstDate`.
 */

export interface FakeFare {
  kind: WagonKind;
  ticketType: TrainTicketType;
  /** Price of an adult bed, tomans. */
  adult: number;
  /** Free beds (seats in a salon). */
  freeBeds: number;
  /** Wholly free compartments, for coupe purchases. */
  freeCompartments: number;
}

export interface FakeTrain {
  trainNumber: string;
  trainName: Record<Locale, string>;
  operator: { code: string; names: Record<Locale, string> };
  from: string;
  to: string;
  /** "HH:MM" on Tehran's clock. */
  departs: string;
  durationMinutes: number;
  foreignersAllowed: boolean;
  carTransport: Record<VehicleType, number> | null;
  fares: FakeFare[];
  /** Which days it runs; every day when absent. */
  runs?: (date: string) => boolean;
}

const BEDS: Record<WagonKind, number> = { salon: 1, compartment4: 4, compartment6: 6, vip4: 4 };
const EXTRAS = [
  { code: "meal-chicken", kind: "meal" as const, names: { fa: "چلو مرغ", en: "Chicken with rice", ar: "دجاج مع الأرز" }, price: 0 },
  { code: "snack", kind: "service" as const, names: { fa: "بسته پذیرایی", en: "Snack pack", ar: "وجبة خفيفة" }, price: 180_000 },
];

/** The fares of the test route: four Tehran–Mashhad trains and two back, as in the tests' expectations. */
export function sampleTrains(): FakeTrain[] {
  const raja = { code: "raja", names: { fa: "رجا", en: "Raja", ar: "رجاء" } };
  const fadak = { code: "fadak", names: { fa: "فدک", en: "Fadak", ar: "فدك" } };
  const simorgh = { code: "simorgh", names: { fa: "سیمرغ", en: "Simorgh", ar: "سيمرغ" } };
  const fare = (kind: WagonKind, adult: number, freeBeds: number, freeCompartments: number, ticketType: TrainTicketType = "general") => ({
    kind,
    ticketType,
    adult,
    freeBeds,
    freeCompartments,
  });
  const cars = { sedan: 4_500_000, suv: 5_800_000, motorcycle: 2_100_000 };
  return [
    {
      trainNumber: "310",
      trainName: { fa: "سبز", en: "Sabz", ar: "سبز" },
      operator: raja,
      from: "tehran",
      to: "mashhad",
      departs: "07:20",
      durationMinutes: 700,
      foreignersAllowed: true,
      carTransport: null,
      fares: [fare("salon", 480_000, 40, 0)],
    },
    {
      trainNumber: "352",
      trainName: { fa: "نور", en: "Noor", ar: "نور" },
      operator: fadak,
      from: "tehran",
      to: "mashhad",
      departs: "16:45",
      durationMinutes: 690,
      foreignersAllowed: false,
      carTransport: cars,
      fares: [fare("compartment4", 1_350_000, 9, 2), fare("compartment4", 1_350_000, 4, 1, "sisters")],
    },
    {
      trainNumber: "356",
      trainName: { fa: "سیمرغ", en: "Simorgh", ar: "سيمرغ" },
      operator: simorgh,
      from: "tehran",
      to: "mashhad",
      departs: "21:30",
      durationMinutes: 620,
      foreignersAllowed: true,
      carTransport: null,
      fares: [fare("vip4", 2_450_000, 2, 0), fare("compartment6", 950_000, 14, 1)],
    },
    {
      trainNumber: "390",
      trainName: { fa: "پردیس", en: "Pardis", ar: "برديس" },
      operator: raja,
      from: "tehran",
      to: "mashhad",
      departs: "23:10",
      durationMinutes: 720,
      foreignersAllowed: true,
      carTransport: cars,
      fares: [fare("compartment4", 1_100_000, 6, 1)],
    },
    {
      trainNumber: "351",
      trainName: { fa: "نور", en: "Noor", ar: "نور" },
      operator: fadak,
      from: "mashhad",
      to: "tehran",
      departs: "17:30",
      durationMinutes: 690,
      foreignersAllowed: false,
      carTransport: cars,
      fares: [fare("compartment4", 1_350_000, 10, 2)],
    },
    {
      trainNumber: "309",
      trainName: { fa: "سبز", en: "Sabz", ar: "سبز" },
      operator: raja,
      from: "mashhad",
      to: "tehran",
      departs: "08:00",
      durationMinutes: 700,
      foreignersAllowed: true,
      carTransport: null,
      fares: [fare("salon", 480_000, 30, 0)],
    },
  ];
}

function offerIdOf(train: FakeTrain, date: string, fare: FakeFare, coupe: boolean): string {
  return `fake-${train.trainNumber}-${date}-${fare.kind}-${fare.ticketType}-${coupe ? "c" : "b"}`;
}

export interface FakeTrainSupplier extends TrainSupplier, TrainRouteFacts {
  /** Every search the supplier was asked, in order. */
  readonly queries: TrainSearchQuery[];
  /** Makes every later call of the named method reject, until set back to null. */
  failing: "search" | "cheapestPerDay" | "timetable" | null;
  /** The trains it sells; tests may change them (fewer seats, other days). */
  trains: FakeTrain[];
}

export function createFakeTrainSupplier(options: { trains?: FakeTrain[]; now: () => Date; horizonDays?: number }): FakeTrainSupplier {
  const horizon = options.horizonDays ?? 90;
  const holds = new Map<string, TrainHold>();
  let counter = 0;
  const today = () => tehranToday(options.now());

  const runsOn = (train: FakeTrain, date: string) => {
    const ahead = daysBetween(today(), date);
    return ahead >= 0 && ahead < horizon && (train.runs?.(date) ?? true);
  };

  function offer(train: FakeTrain, date: string, fare: FakeFare, query: TrainSearchQuery, coupe: boolean): TrainOffer {
    const locale = query.locale ?? "fa";
    const departAt = `${date}T${train.departs}:00+03:30`;
    const beds = BEDS[fare.kind];
    const wagon = { kind: fare.kind, bedsPerCompartment: beds };
    const party = { adults: query.adults, children: query.children, infants: query.infants };
    const child = Math.round((fare.adult * 0.75) / 1000) * 1000;
    const infant = Math.round(fare.adult / 10 / 1000) * 1000;
    // Empty beds of a coupe purchase are paid at the adult price.
    const empty = bedsToPay({ coupe, wagon }, party) - party.adults - party.children;
    return {
      offerId: offerIdOf(train, date, fare, coupe),
      operator: { code: train.operator.code, name: train.operator.names[locale] },
      trainNumber: train.trainNumber,
      trainName: train.trainName[locale],
      from: train.from,
      to: train.to,
      departAt,
      arriveAt: tehranPlusMinutes(departAt, train.durationMinutes),
      durationMinutes: train.durationMinutes,
      wagon,
      ticketType: fare.ticketType,
      coupe,
      seatsLeft: coupe ? fare.freeCompartments * beds : fare.freeBeds,
      foreignersAllowed: train.foreignersAllowed,
      carTransport: train.carTransport,
      extras: EXTRAS.map((extra) => ({ code: extra.code, kind: extra.kind, name: extra.names[locale], price: extra.price })),
      price: {
        adult: fare.adult,
        child,
        infant,
        total: (party.adults + Math.max(0, empty)) * fare.adult + party.children * child + party.infants * infant,
      },
      refundable: true,
    };
  }

  function offersOf(query: TrainSearchQuery): TrainOffer[] {
    const coupe = query.coupe;
    return supplier.trains
      .filter((train) => train.from === query.from && train.to === query.to && runsOn(train, query.date))
      .flatMap((train) =>
        train.fares
          // A salon has no compartment to buy whole.
          .filter((fare) => fare.ticketType === query.ticketType && !(coupe && fare.kind === "salon"))
          .map((fare) => offer(train, query.date, fare, query, coupe)),
      );
  }

  function find(offerId: string): { train: FakeTrain; fare: FakeFare; date: string; coupe: boolean } | null {
    for (const train of supplier.trains)
      for (const fare of train.fares)
        for (const coupe of [false, true]) {
          const prefix = offerIdOf(train, "DATE", fare, coupe).split("DATE");
          if (offerId.startsWith(prefix[0]!) && offerId.endsWith(prefix[1]!)) {
            const date = offerId.slice(prefix[0]!.length, offerId.length - prefix[1]!.length);
            return { train, fare, date, coupe };
          }
        }
    return null;
  }

  const supplier: FakeTrainSupplier = {
    service: "train",
    name: "fake",
    queries: [],
    failing: null,
    trains: options.trains ?? sampleTrains(),
    async search(query) {
      supplier.queries.push(query);
      if (supplier.failing === "search") throw new Error("the fake train supplier is down");
      return offersOf(query);
    },
    async revalidate(offerId, locale) {
      const found = find(offerId);
      if (!found || !runsOn(found.train, found.date)) return { ok: false, error: "NOT_FOUND" };
      const one = { from: found.train.from, to: found.train.to, date: found.date, adults: 1, children: 0, infants: 0 };
      const answer = offer(
        found.train,
        found.date,
        found.fare,
        { ...one, ticketType: found.fare.ticketType, coupe: found.coupe, locale },
        found.coupe,
      );
      return answer.seatsLeft > 0 ? { ok: true, offer: answer } : { ok: false, error: "SOLD_OUT" };
    },
    async hold(offerId, passengers, until) {
      const found = find(offerId);
      if (!found) return { ok: false, error: "SOLD_OUT" };
      const party = { adults: passengers, children: 0, infants: 0 };
      const wagon = { kind: found.fare.kind, bedsPerCompartment: BEDS[found.fare.kind] };
      if (found.coupe) {
        const compartments = compartmentsNeeded({ coupe: true, wagon }, party);
        if (found.fare.freeCompartments < compartments) return { ok: false, error: "CAPACITY_FULL" };
        found.fare.freeCompartments -= compartments;
      } else {
        if (found.fare.freeBeds < passengers) return { ok: false, error: "CAPACITY_FULL" };
        found.fare.freeBeds -= passengers;
      }
      counter += 1;
      const hold: TrainHold = { holdId: `fake-hold-${counter}`, offerId, seats: passengers, expiresAt: until.toISOString() };
      holds.set(hold.holdId, hold);
      return { ok: true, hold };
    },
    async extend(hold, until) {
      if (!holds.has(hold.holdId)) return { ok: false, error: "HOLD_LOST" };
      const kept = { ...hold, expiresAt: until.toISOString() };
      holds.set(hold.holdId, kept);
      return { ok: true, hold: kept };
    },
    async issue(hold, travellers) {
      if (!holds.has(hold.holdId)) return { ok: false, error: "ISSUE_FAILED" };
      const tickets: TrainTicket[] = Array.from({ length: travellers ?? hold.seats }, (_, position) => ({
        holdId: hold.holdId,
        pnr: hold.holdId.toUpperCase(),
        ticketNumber: `${hold.holdId}-${position + 1}`,
        passengerPosition: position,
        leg: 0,
        placement: { wagon: 3, compartment: 1 + Math.floor(position / 4), bed: 1 + (position % 4) },
      }));
      return { ok: true, tickets };
    },
    async cancel() {
      return { ok: true };
    },
    async refundTerms() {
      return null;
    },
    async cheapestPerDay({ from, to, firstDate, lastDate }) {
      if (supplier.failing === "cheapestPerDay") throw new Error("the fake train supplier is down");
      const days = new Map<string, number>();
      for (let date = firstDate; daysBetween(date, lastDate) >= 0; date = addDays(date, 1)) {
        for (const train of supplier.trains) {
          if (train.from !== from || train.to !== to || !runsOn(train, date)) continue;
          for (const fare of train.fares) days.set(date, Math.min(days.get(date) ?? Number.POSITIVE_INFINITY, fare.adult));
        }
      }
      return days;
    },
    async timetable({ from, to, locale }) {
      if (supplier.failing === "timetable") throw new Error("the fake train supplier is down");
      const language = (locale ?? "fa") as Locale;
      return supplier.trains
        .filter((train) => train.from === from && train.to === to)
        .sort((a, b) => (a.departs < b.departs ? -1 : a.departs > b.departs ? 1 : 0))
        .map((train) => ({
          trainNumber: train.trainNumber,
          trainName: train.trainName[language],
          operator: { code: train.operator.code, name: train.operator.names[language] },
          departs: train.departs,
          arrives: tehranPlusMinutes(`2026-01-01T${train.departs}:00+03:30`, train.durationMinutes).slice(11, 16),
          durationMinutes: train.durationMinutes,
          wagonKinds: [...new Set(train.fares.map((fare) => fare.kind))],
          carTransport: train.carTransport !== null,
        }));
    },
  };
  return supplier;
}
