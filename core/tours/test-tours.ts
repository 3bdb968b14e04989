/* eslint-disable @typescript-eslint/require-await -- an in-memory fake answers at once, behind the supplier's promises */
import type { RefundRule } from "../flights/flight.ts";
import type { Locale } from "../i18n/locales.ts";
import { addDays } from "../search/dates.ts";
import type { SupplierHold, SupplierTicket } from "../suppliers/ports.ts";
import { roomOfEachTraveller } from "./occupancy.ts";
import type { TourSupplier } from "./supplier.ts";
import type {
  HeldTourOffer,
  TourDetails,
  TourHotelOption,
  TourOffer,
  TourPackage,
  TourPlacement,
  TourScope,
  TourTransport,
  TourVisa,
} from "./tour.ts";
import { TOUR_TRANSPORTS } from "./tour.ts";

/**
 * Package tours for unit, API and page tests: Tehran→Kish by air at two hotels, Tehran→Mashhad
 * land only (the traveller's own flight meets the transfer), Tehran→Istanbul (no visa) and
 * Tehran→Dubai (an e-visa the agency arranges) abroad. Departures fall a fixed number of days
 * after the `today` a test gives; each has seats that tests may lower (`setSeats`).
 */
export interface TestTour {
  details: TourDetails;
  /** Seats on sale before any hold. */
  seats: number;
}

type Trio = Record<Locale, string>;

/** Days after today each departure leaves, and its tour ids for a given today. */
const DEPARTS_IN = { kish: 10, mashhad: 12, istanbul: 20, dubai: 25 } as const;
export type TestTourName = keyof typeof DEPARTS_IN;

export function testTourId(name: TestTourName, today: string): string {
  const code = { kish: "kish-thr-fl-3n", mashhad: "mashhad-thr-own-2n", istanbul: "istanbul-thr-fl-4n", dubai: "dubai-thr-fl-3n" }[name];
  return `${code}.${addDays(today, DEPARTS_IN[name])}`;
}

/** "tour1:{tourId}:{hotelId}", as the house supplier writes it. */
export function testTourOfferId(tourId: string, hotelId: string): string {
  return `tour1:${tourId}:${hotelId}`;
}

const prices = (single: number, double: number, triple: number, childWithBed: number, childNoBed: number, infant: number) => ({
  single,
  double,
  triple,
  childWithBed,
  childNoBed,
  infant,
});

function hotel(overrides: Partial<TourHotelOption> & Pick<TourHotelOption, "hotelId" | "name" | "prices">): TourHotelOption {
  return { stars: 4, board: "breakfast", address: "Sea front", rating: 8.2, ...overrides };
}

interface Plan {
  name: TestTourName;
  scope: TourScope;
  to: string;
  countryCode: string;
  title: Trio;
  transport: TourTransport;
  carrier: { code: string; name: string };
  nights: number;
  /** Local clocks of departure and return, and the offsets at each end. */
  departs: string;
  returns: string;
  fromOffset: string;
  toOffset: string;
  transfer: TourDetails["transfer"];
  visa: TourVisa | null;
  hotels: TourHotelOption[];
  toAirports: string[];
  seats: number;
  refundable: boolean;
}

const PLANS: Plan[] = [
  {
    name: "kish",
    scope: "domestic",
    to: "kish",
    countryCode: "IR",
    title: { fa: "۳ شب کیش، با هواپیما", en: "3 nights in Kish, by air", ar: "٣ ليالٍ في كيش، بالطائرة" },
    transport: "flight",
    carrier: { code: "IR", name: "Iran Air" },
    nights: 3,
    departs: "08:30",
    returns: "18:00",
    fromOffset: "+03:30",
    toOffset: "+03:30",
    transfer: "withPackage",
    visa: null,
    hotels: [
      hotel({
        hotelId: "kish-dariush",
        name: "Dariush Grand Hotel",
        stars: 5,
        board: "halfBoard",
        prices: prices(30_000_000, 21_000_000, 19_000_000, 12_000_000, 8_000_000, 2_000_000),
      }),
      hotel({
        hotelId: "kish-toranj",
        name: "Toranj Hotel",
        stars: 4,
        prices: prices(18_000_000, 12_500_000, 11_000_000, 7_500_000, 5_000_000, 1_200_000),
      }),
    ],
    toAirports: ["KIH"],
    seats: 20,
    refundable: true,
  },
  {
    name: "mashhad",
    scope: "domestic",
    to: "mashhad",
    countryCode: "IR",
    title: { fa: "۲ شب مشهد، بدون بلیت رفت و برگشت", en: "2 nights in Mashhad, land only", ar: "ليلتان في مشهد، بدون تذاكر السفر" },
    transport: "flight",
    // Land only: the traveller books the flight, and the transfer meets it.
    carrier: { code: "", name: "Your own flight" },
    nights: 2,
    departs: "12:00",
    returns: "12:00",
    fromOffset: "+03:30",
    toOffset: "+03:30",
    transfer: "ownFlight",
    visa: null,
    hotels: [
      hotel({
        hotelId: "mashhad-darvishi",
        name: "Darvishi Hotel",
        stars: 5,
        board: "fullBoard",
        address: "Imam Reza Street",
        prices: prices(9_000_000, 6_000_000, 5_500_000, 3_000_000, 2_000_000, 500_000),
      }),
    ],
    toAirports: ["MHD"],
    seats: 12,
    refundable: true,
  },
  {
    name: "istanbul",
    scope: "international",
    to: "istanbul",
    countryCode: "TR",
    title: { fa: "۴ شب استانبول، با هواپیما", en: "4 nights in Istanbul, by air", ar: "٤ ليالٍ في إسطنبول، بالطائرة" },
    transport: "flight",
    carrier: { code: "TK", name: "Turkish Airlines" },
    nights: 4,
    departs: "07:15",
    returns: "21:40",
    fromOffset: "+03:30",
    toOffset: "+03:00",
    transfer: "withPackage",
    visa: {
      kind: "none",
      message: "Iranian passports need no visa for up to 90 days; the passport must be valid six months after the return.",
      available: false,
      processingDays: null,
      fee: null,
    },
    hotels: [
      hotel({
        hotelId: "istanbul-golden-horn",
        name: "Golden Horn Hotel",
        address: "Sirkeci, Fatih",
        prices: prices(62_000_000, 45_000_000, 42_000_000, 30_000_000, 22_000_000, 6_000_000),
      }),
    ],
    toAirports: ["IST", "SAW"],
    seats: 16,
    refundable: true,
  },
  {
    name: "dubai",
    scope: "international",
    to: "dubai",
    countryCode: "AE",
    title: { fa: "۳ شب دبی، با هواپیما", en: "3 nights in Dubai, by air", ar: "٣ ليالٍ في دبي، بالطائرة" },
    transport: "flight",
    carrier: { code: "W5", name: "Mahan Air" },
    nights: 3,
    departs: "10:00",
    returns: "23:30",
    fromOffset: "+03:30",
    toOffset: "+04:00",
    transfer: "withPackage",
    visa: {
      kind: "eVisa",
      message:
        "The UAE tourist visa is issued with the agency as sponsor; send the passport scan and photo at least 7 days before departure.",
      available: true,
      processingDays: 7,
      fee: 4_500_000,
    },
    hotels: [
      hotel({
        hotelId: "dubai-deira",
        name: "Deira Creek Hotel",
        stars: 3,
        address: "Deira",
        prices: prices(48_000_000, 36_000_000, 33_000_000, 24_000_000, 17_000_000, 5_000_000),
      }),
    ],
    toAirports: ["DXB"],
    seats: 10,
    // A charter package abroad: nothing back once sold.
    refundable: false,
  },
];

function detailsOf(plan: Plan, today: string, locale: Locale): TourDetails {
  const departureDate = addDays(today, DEPARTS_IN[plan.name]);
  const returnDate = addDays(departureDate, plan.nights);
  const stars = plan.hotels.map((option) => option.stars);
  return {
    tourId: testTourId(plan.name, today),
    packageId: testTourId(plan.name, today).split(".")[0]!,
    scope: plan.scope,
    title: plan.title[locale],
    from: "tehran",
    to: plan.to,
    countryCode: plan.countryCode,
    transport: plan.transport,
    carrier: plan.carrier,
    departureDate,
    returnDate,
    departAt: `${departureDate}T${plan.departs}:00${plan.fromOffset}`,
    returnAt: `${returnDate}T${plan.returns}:00${plan.toOffset}`,
    nights: plan.nights,
    hotelCount: plan.hotels.length,
    fromPrice: Math.min(...plan.hotels.map((option) => option.prices.double)),
    stars: { min: Math.min(...stars), max: Math.max(...stars) },
    seatsLeft: plan.seats,
    inclusions: plan.transfer === "ownFlight" ? ["transfer", "insurance"] : ["transfer", "insurance", "cityTour"],
    transfer: plan.transfer,
    visa: plan.visa,
    image: `/tour-images/${plan.to}.svg`,
    description: `${plan.title.en}: the hotel, transfers and a city tour.`,
    itinerary: Array.from({ length: plan.nights + 1 }, (_unused, day) => `Day ${day + 1}`),
    exclusions: plan.visa?.fee ? ["Visa fee"] : [],
    hotelOptions: plan.hotels,
    fromAirports: ["IKA", "THR"].slice(plan.scope === "international" ? 0 : 1),
    toAirports: plan.toAirports,
    refundable: plan.refundable,
    cancellationPolicy: plan.refundable ? "Free until 7 days before departure, then 30%." : "Non-refundable.",
  };
}

/** The test departures for a day, texts in a language. */
export function testTours(today: string, locale: Locale = "en"): TestTour[] {
  return PLANS.map((plan) => ({ details: detailsOf(plan, today, locale), seats: plan.seats }));
}

/** Free until 7 days before departure, then 30%; nothing back once the group has left. */
export const TEST_TOUR_REFUND_RULE: RefundRule = {
  id: "tour-test",
  airlineCode: "tour",
  fareClasses: [],
  charter: false,
  refundable: true,
  windows: [
    { minutesBefore: 7 * 24 * 60, penaltyPercent: 0 },
    { minutesBefore: 0, penaltyPercent: 30 },
  ],
  afterDeparturePercent: 100,
};

export interface TestTourSupplier extends TourSupplier {
  /** Sets the seats on sale of a departure (sold elsewhere), before this supplier's own holds. */
  setSeats(tourId: string, seats: number): void;
  /** The holds still taking seats, for tests that check a refusal held nothing. */
  heldSeats(tourId: string): number;
}

interface Held {
  hold: SupplierHold;
  tourId: string;
  rooms: HeldTourOffer["rooms"];
  vouchers: SupplierTicket[] | null;
}

const OFFER_ID = /^tour1:([a-z0-9-]+\.\d{4}-\d{2}-\d{2}):([a-z0-9-]+)$/;

/**
 * An in-memory tour supplier over the test departures of `today`: seats per departure, a hold
 * takes its seats whole or answers CAPACITY_FULL, one voucher per traveller naming their room.
 */
export function testTourSupplier(options: { today?: string; name?: string; rule?: RefundRule } = {}): TestTourSupplier {
  const today = options.today ?? "2026-12-01";
  const seatsOnSale = new Map<string, number>(testTours(today).map((tour) => [tour.details.tourId, tour.seats]));
  const holds = new Map<string, Held>();
  let counter = 0;

  const taken = (tourId: string) =>
    [...holds.values()].filter((held) => held.tourId === tourId).reduce((sum, held) => sum + held.hold.seats, 0);
  const left = (tourId: string) => (seatsOnSale.get(tourId) ?? 0) - taken(tourId);
  const detailsIn = (locale: Locale = "en") =>
    testTours(today, locale).map(({ details }) => ({ ...details, seatsLeft: left(details.tourId) }));
  const cardOf = (details: TourDetails): TourPackage => {
    const {
      description: _description,
      itinerary: _itinerary,
      exclusions: _exclusions,
      hotelOptions: _hotels,
      fromAirports: _fromAirports,
      toAirports: _toAirports,
      refundable: _refundable,
      cancellationPolicy: _policy,
      ...card
    } = details;
    return card;
  };
  const offerOf = (offerId: string, locale?: Locale): TourOffer | null => {
    const match = OFFER_ID.exec(offerId);
    const details = match && detailsIn(locale).find((candidate) => candidate.tourId === match[1]);
    const chosen = details?.hotelOptions.find((option) => option.hotelId === match![2]);
    if (!details || !chosen) return null;
    const { hotelOptions: _hotels, hotelCount: _count, fromPrice: _from, stars: _stars, ...rest } = details;
    return { ...rest, offerId, hotel: chosen };
  };

  return {
    service: "tour",
    name: options.name ?? "test-tours",
    setSeats(tourId, seats) {
      seatsOnSale.set(tourId, seats);
    },
    heldSeats: taken,
    async searchTours(query) {
      const from = query.date ?? today;
      const to = query.lastDate ?? addDays(from, 30);
      return detailsIn(query.locale)
        .filter(
          (details) =>
            details.scope === query.scope &&
            (query.from === undefined || details.from === query.from) &&
            (query.to === undefined || details.to === query.to) &&
            (query.transport === undefined || details.transport === query.transport) &&
            details.departureDate >= from &&
            details.departureDate <= to &&
            details.seatsLeft >= Math.max(1, query.seats ?? 1),
        )
        .sort((a, b) => a.departAt.localeCompare(b.departAt))
        .map(cardOf);
    },
    async tour(tourId, locale) {
      return detailsIn(locale).find((details) => details.tourId === tourId) ?? null;
    },
    async destinations(scope) {
      return detailsIn()
        .filter((details) => details.scope === scope && details.seatsLeft > 0)
        .map((details) => ({ city: details.to, countryCode: details.countryCode, departures: 1, fromPrice: details.fromPrice }));
    },
    async origins(scope) {
      return [
        ...new Set(
          detailsIn()
            .filter((details) => details.scope === scope)
            .map((details) => details.from),
        ),
      ];
    },
    async transports(scope) {
      const used = new Set(
        detailsIn()
          .filter((details) => details.scope === scope)
          .map((details) => details.transport),
      );
      return TOUR_TRANSPORTS.filter((transport) => used.has(transport));
    },
    async revalidate(offerId, locale) {
      const offer = offerOf(offerId, locale);
      if (!offer) return { ok: false, error: "NOT_FOUND" };
      return offer.seatsLeft > 0 ? { ok: true, offer } : { ok: false, error: "SOLD_OUT" };
    },
    async hold(offerId, seats, until, chosen) {
      const offer = offerOf(offerId);
      if (!offer || !Number.isInteger(seats) || seats < 1) return { ok: false, error: "SOLD_OUT" };
      if (left(offer.tourId) < seats) return { ok: false, error: "CAPACITY_FULL" };
      const hold = { holdId: `tour-hold-${++counter}`, offerId, seats, expiresAt: until.toISOString() };
      const rooms = (chosen as HeldTourOffer | undefined)?.rooms ?? [];
      holds.set(hold.holdId, { hold, tourId: offer.tourId, rooms, vouchers: null });
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
      const count = travellers ?? hold.seats;
      if (!held || count < held.hold.seats) return { ok: false, error: "ISSUE_FAILED" };
      const confirmation = `TT${hold.holdId.replace(/\D/g, "").padStart(6, "0")}`;
      const roomOf = roomOfEachTraveller(held.rooms);
      held.vouchers ??= Array.from({ length: count }, (_unused, position) => {
        const placement: TourPlacement = { confirmation, room: roomOf[position] ?? "1" };
        return {
          holdId: hold.holdId,
          pnr: confirmation,
          ticketNumber: `${confirmation}-${position + 1}`,
          passengerPosition: position,
          leg: 0,
          placement,
        };
      });
      return { ok: true, tickets: held.vouchers };
    },
    async cancel(target) {
      const ids = Array.isArray(target) ? target.map((voucher) => voucher.holdId) : [target.holdId];
      // The seats go back on sale at once.
      for (const id of ids) holds.delete(id);
      return { ok: true };
    },
    async refundTerms(offerId) {
      const offer = offerOf(offerId);
      if (!offer) return null;
      const rule = offer.refundable
        ? (options.rule ?? TEST_TOUR_REFUND_RULE)
        : { ...TEST_TOUR_REFUND_RULE, id: "tour-test-nonref", refundable: false, windows: [] };
      return { rule, departAt: new Date(offer.departAt), cancelledByAirline: false };
    },
  };
}
