import type { FlightCabin } from "#core/flights/flight.ts";
import { AIRCRAFT_TYPES, AIRLINES, AIRLINE_BASES, FLIGHT_NUMBER_START } from "./airlines.ts";
import { AIRLINE_FARES, AIRPORT_CHARGES, PRICING, type AirlineFares, type CharterFareSeed, type FareClassSeed } from "./fares.ts";
import { ROUTES, type RouteSeed } from "./routes.ts";
import { hash, prng } from "#seed/seeded-random.ts";

/**
 * The seed timetable: every route of routes.ts flown both ways by its airlines, day after day, with
 * the fares of fares.ts. Deterministic: the timetable (numbers, times, aircraft, weekdays, charter
 * or not) depends on the data files only, and each day's seats and prices on a PRNG seeded from the
 * flight and the date, so a date comes out the same whatever window it is generated in and whenever.
 */

export interface GeneratedFare {
  fareClass: string;
  cabin: FlightCabin;
  adultPrice: number;
  childPrice: number;
  infantPrice: number;
  /** Seats left in this class. */
  seats: number;
  baggageKg: number;
  /** Airport charges included in the adult and child prices. */
  taxesPerSeat: number;
  refundRuleId: string;
}

export interface GeneratedFlight {
  /** `${designator}${number}-${Tehran date}`, e.g. "IR451-2025-06-01": unique and stable. */
  key: string;
  airlineCode: string;
  /** e.g. "IR 451". */
  flightNumber: string;
  from: string;
  to: string;
  departAt: Date;
  arriveAt: Date;
  aircraft: string;
  charter: boolean;
  fares: GeneratedFare[];
}

export const DEFAULT_FLIGHT_WINDOW_DAYS = 90;

/** Iran has kept standard time all year since 2022: Tehran is always UTC+03:30. */
export const TEHRAN_UTC_OFFSET_MINUTES = 3 * 60 + 30;

/** Departures happen between 05:00 and 23:30 Tehran time. */
const FIRST_DEPARTURE = 5 * 60;
const LAST_DEPARTURE = 23 * 60 + 30;
/** Flights out of an airline's base leave between 06:00 and 22:00, spread over the day. */
const OUTBOUND_FROM = 6 * 60;
const OUTBOUND_UNTIL = 22 * 60;
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** Block-time limits per aircraft category; wide-bodies only on busy routes. */
const MAX_BLOCK_MINUTES = { turboprop: 90, regional: 130 } as const;
const WIDEBODY_MIN_DAILY_FLIGHTS = 4;

/** Share of flights with only a handful of seats left. */
const FEW_SEATS_SHARE = 0.05;

/** Weekday sets (JavaScript numbering, 0 Sunday … 6 Saturday). */
const DAILY = [0, 1, 2, 3, 4, 5, 6];
const SCHEDULED_PATTERNS: readonly (readonly number[])[] = [
  [6, 1, 3], // Saturday, Monday, Wednesday
  [0, 2, 4], // Sunday, Tuesday, Thursday
  [0, 1, 2, 3, 4, 6], // all but Friday
  [6, 0, 2, 4], // Saturday, Sunday, Tuesday, Thursday
];
const CHARTER_PATTERNS: readonly (readonly number[])[] = [
  [3, 4, 5, 6], // the long weekend: Wednesday to Saturday
  [4, 5], // Thursday, Friday
  [0, 3, 4, 6],
  [1, 3, 4, 5],
];

// --- Deterministic randomness -------------------------------------------------------------------

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

function roundTo(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

// --- The timetable --------------------------------------------------------------------------------

interface Slot {
  route: RouteSeed;
  airlineCode: string;
  flightNumber: string;
  from: string;
  to: string;
  /** Departure, minutes after Tehran midnight. */
  minutes: number;
  aircraft: string;
  charter: boolean;
  weekdays: readonly number[];
}

const faresByAirline = new Map<string, AirlineFares>(AIRLINE_FARES.map((fares) => [fares.airlineCode, fares]));
const fleetByAirline = new Map<string, string[]>(AIRLINES.map((airline) => [airline.code, airline.fleet]));

function faresOf(airlineCode: string): AirlineFares {
  const fares = faresByAirline.get(airlineCode);
  if (!fares) throw new Error(`no fares for airline ${airlineCode}`);
  return fares;
}

function aircraftFits(aircraft: string, route: RouteSeed): boolean {
  const type = AIRCRAFT_TYPES[aircraft];
  if (!type) return false;
  if (type.category === "widebody") return route.dailyFlights >= WIDEBODY_MIN_DAILY_FLIGHTS;
  if (type.category === "narrowbody") return true;
  return route.durationMinutes <= MAX_BLOCK_MINUTES[type.category];
}

/** The aircraft types whose business cabin the airline sells on this route. */
function businessAircraft(fares: AirlineFares, route: RouteSeed): string[] {
  return fares.classes.flatMap((fare) =>
    fare.cabin === "business" && fare.onlyOn && route.dailyFlights >= fare.onlyOn.minRouteDailyFlights ? fare.onlyOn.aircraft : [],
  );
}

function chooseAircraft(
  airlineCode: string,
  route: RouteSeed,
  firstSlotOfAirline: boolean,
  charter: boolean,
  random: () => number,
): string {
  const fleet = fleetByAirline.get(airlineCode) ?? [];
  const fitting = fleet.filter((aircraft) => aircraftFits(aircraft, route));
  // An airline's first daily flight on a main route is its wide-body with a business cabin.
  const withBusiness = fitting.filter((aircraft) => businessAircraft(faresOf(airlineCode), route).includes(aircraft));
  if (firstSlotOfAirline && !charter && withBusiness.length > 0) return pick(withBusiness, random);
  const choices = fitting.length > 0 ? fitting : fleet;
  return pick(choices, random);
}

function shuffled(count: number, random: () => number): number[] {
  const order = Array.from({ length: count }, (_, index) => index);
  for (let i = count - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
}

function roundToFive(minutes: number): number {
  return Math.round(minutes / 5) * 5;
}

function buildTimetable(): Slot[] {
  const nextNumber = new Map<string, number>(Object.entries(FLIGHT_NUMBER_START));
  const slots: Slot[] = [];
  for (const route of ROUTES) {
    const routeRandom = prng(hash(`route|${route.from}|${route.to}`));
    const bandOf = shuffled(route.dailyFlights, routeRandom);
    const band = (OUTBOUND_UNTIL - OUTBOUND_FROM) / route.dailyFlights;
    for (let index = 0; index < route.dailyFlights; index += 1) {
      const airlineCode = route.airlines[index % route.airlines.length];
      if (airlineCode === undefined) throw new Error(`route ${route.from}-${route.to} has no airlines`);
      const airlineSlot = Math.floor(index / route.airlines.length);
      const random = prng(hash(`slot|${route.from}|${route.to}|${airlineCode}|${airlineSlot}`));
      const fares = faresOf(airlineCode);

      // Out of the airline's base when the route touches it, else out of the route's first airport.
      const reversed = AIRLINE_BASES[airlineCode] === route.to;
      const from = reversed ? route.to : route.from;
      const to = reversed ? route.from : route.to;

      const charter = fares.charter !== null && random() < fares.charter.share;
      const aircraft = chooseAircraft(airlineCode, route, airlineSlot === 0, charter, random);
      const weekdays = charter
        ? pick(CHARTER_PATTERNS, random)
        : random() < (route.dailyFlights >= 6 ? 0.85 : 0.55)
          ? DAILY
          : pick(SCHEDULED_PATTERNS, random);

      const outMinutes = roundToFive(OUTBOUND_FROM + band * (bandOf[index] ?? index) + random() * band * 0.6);
      // The aircraft turns round at the far end; a late arrival stays the night and returns at dawn.
      const turnaround = 40 + roundToFive(random() * 30);
      let backMinutes = outMinutes + route.durationMinutes + turnaround;
      let backWeekdays: readonly number[] = weekdays;
      if (backMinutes > LAST_DEPARTURE) {
        backMinutes = FIRST_DEPARTURE + roundToFive(random() * 120);
        backWeekdays = weekdays.map((day) => (day + 1) % 7);
      }

      const number = nextNumber.get(airlineCode);
      if (number === undefined) throw new Error(`no flight number block for airline ${airlineCode}`);
      nextNumber.set(airlineCode, number + 2);

      const common = { route, airlineCode, aircraft, charter };
      slots.push({ ...common, flightNumber: `${airlineCode} ${number}`, from, to, minutes: outMinutes, weekdays });
      slots.push({
        ...common,
        flightNumber: `${airlineCode} ${number + 1}`,
        from: to,
        to: from,
        minutes: backMinutes,
        weekdays: backWeekdays,
      });
    }
  }
  return slots;
}

let timetable: Slot[] | undefined;

// --- One day's flights --------------------------------------------------------------------------

interface PriceFactors {
  /** Charges of the departure airport, per seat. */
  taxesPerSeat: number;
  base: number;
  day: number;
  weekend: number;
  load: number;
}

function price(multiplier: number, factors: PriceFactors): number {
  return roundTo(factors.base * multiplier * factors.day * factors.weekend * factors.load, PRICING.roundTo);
}

function fare(
  seed: FareClassSeed | CharterFareSeed,
  cabin: FlightCabin,
  seats: number,
  childPercent: number,
  infantPercent: number,
  factors: PriceFactors,
): GeneratedFare {
  const adultPrice = price(seed.multiplier, factors);
  return {
    fareClass: seed.fareClass,
    cabin,
    adultPrice,
    childPrice: roundTo((adultPrice * childPercent) / 100, PRICING.roundTo),
    infantPrice: roundTo((adultPrice * infantPercent) / 100, PRICING.roundTo),
    seats,
    baggageKg: seed.baggageKg,
    taxesPerSeat: factors.taxesPerSeat,
    refundRuleId: seed.refundRuleId,
  };
}

/** Seats sold out of `capacity`, with at least one left; a few flights are nearly full. */
function seatsSold(capacity: number, load: number, fewSeats: boolean, random: () => number): number {
  if (capacity <= 1) return 0;
  if (fewSeats) return Math.max(0, capacity - 1 - Math.floor(random() * 4));
  return Math.min(capacity - 1, Math.round(load * capacity));
}

function flightFares(slot: Slot, weekday: number, random: () => number): GeneratedFare[] {
  const fares = faresOf(slot.airlineCode);
  const weekend = PRICING.weekendDays.includes(weekday);
  // Share of seats sold: 10–65%, more at the weekend.
  const load = 0.1 + 0.55 * random() + (weekend ? 0.12 : 0);
  const fewSeats = random() < FEW_SEATS_SHARE;
  const factors: PriceFactors = {
    taxesPerSeat: AIRPORT_CHARGES[slot.from] ?? AIRPORT_CHARGES.default,
    base: slot.route.baseFare,
    day: 1 + (random() * 2 - 1) * PRICING.dailyVariation,
    weekend: weekend ? PRICING.weekendMultiplier : 1,
    load: 1 + PRICING.loadMarkup * load,
  };
  const aircraftSeats = AIRCRAFT_TYPES[slot.aircraft]?.seats ?? 100;

  if (slot.charter && fares.charter) {
    const capacity = Math.min(fares.charter.seats, aircraftSeats);
    const left = capacity - seatsSold(capacity, load, fewSeats, random);
    return [fare(fares.charter, "economy", left, fares.charter.childPercent, fares.charter.infantPercent, factors)];
  }

  const offered = fares.classes.filter(
    (seed) => !seed.onlyOn || (seed.onlyOn.aircraft.includes(slot.aircraft) && slot.route.dailyFlights >= seed.onlyOn.minRouteDailyFlights),
  );
  const business = offered.filter((seed) => seed.cabin === "business");
  const economy = offered.filter((seed) => seed.cabin === "economy");
  const businessSeats = business.reduce((sum, seed) => sum + seed.seats, 0);
  const economyListed = economy.reduce((sum, seed) => sum + seed.seats, 0);
  const scale = Math.min(1, (aircraftSeats - businessSeats) / economyListed);
  const capacities = economy.map((seed) => Math.max(1, Math.round(seed.seats * scale)));
  const capacity = capacities.reduce((sum, seats) => sum + seats, 0);

  // The cheapest classes sell first: fill from the end of the list upwards.
  let sold = seatsSold(capacity, load, fewSeats, random);
  const left = [...capacities];
  for (let i = left.length - 1; i >= 0 && sold > 0; i -= 1) {
    const taken = Math.min(left[i] ?? 0, sold);
    left[i] = (left[i] ?? 0) - taken;
    sold -= taken;
  }

  const result: GeneratedFare[] = [];
  for (const seed of business) {
    const seatsLeft = seed.seats - Math.min(seed.seats, Math.round(load * 0.9 * seed.seats + (fewSeats ? seed.seats : 0)));
    if (seatsLeft > 0) result.push(fare(seed, "business", seatsLeft, fares.childPercent, fares.infantPercent, factors));
  }
  economy.forEach((seed, index) => {
    const seatsLeft = left[index] ?? 0;
    if (seatsLeft > 0) result.push(fare(seed, "economy", seatsLeft, fares.childPercent, fares.infantPercent, factors));
  });
  return result;
}

function parseDate(iso: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new RangeError(`firstDate must be YYYY-MM-DD, got ${JSON.stringify(iso)}`);
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const ms = Date.UTC(year, month - 1, day);
  if (new Date(ms).toISOString().slice(0, 10) !== iso) throw new RangeError(`firstDate is not a calendar date: ${iso}`);
  return ms;
}

/**
 * Flights departing on `days` Tehran calendar days from `firstDate` (ISO, in Tehran) on, sorted by
 * departure. A date's flights are the same whatever the window around it.
 */
export function generateFlights(input: { firstDate: string; days: number }): GeneratedFlight[] {
  if (!Number.isInteger(input.days) || input.days < 0) throw new RangeError(`days must be a whole number ≥ 0, got ${input.days}`);
  const first = parseDate(input.firstDate);
  timetable ??= buildTimetable();

  const flights: GeneratedFlight[] = [];
  for (let offset = 0; offset < input.days; offset += 1) {
    // Midnight of the Tehran date, counted as if it were UTC: only the calendar is read from it.
    const dayMs = first + offset * DAY_MS;
    const date = new Date(dayMs).toISOString().slice(0, 10);
    const weekday = new Date(dayMs).getUTCDay();
    const today: GeneratedFlight[] = [];
    for (const slot of timetable) {
      if (!slot.weekdays.includes(weekday)) continue;
      const random = prng(hash(`day|${slot.from}|${slot.to}|${slot.airlineCode}|${slot.flightNumber}|${date}`));
      const departAt = new Date(dayMs + (slot.minutes - TEHRAN_UTC_OFFSET_MINUTES) * MINUTE_MS);
      today.push({
        key: `${slot.flightNumber.replace(" ", "")}-${date}`,
        airlineCode: slot.airlineCode,
        flightNumber: slot.flightNumber,
        from: slot.from,
        to: slot.to,
        departAt,
        arriveAt: new Date(departAt.getTime() + slot.route.durationMinutes * MINUTE_MS),
        aircraft: slot.aircraft,
        charter: slot.charter,
        fares: flightFares(slot, weekday, random),
      });
    }
    today.sort(
      (a, b) =>
        a.departAt.getTime() - b.departAt.getTime() || (a.flightNumber < b.flightNumber ? -1 : a.flightNumber > b.flightNumber ? 1 : 0),
    );
    flights.push(...today);
  }
  return flights;
}
