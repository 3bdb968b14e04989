import type { FlightCabin } from "#core/flights/flight.ts";
import { roundPrice } from "#core/international-flights/pricing.ts";
import { INTERNATIONAL_AIRLINES, type InternationalAirlineSeed } from "./airlines.ts";
import { AIRPORT_CLOCKS, localToInstant, utcOffsetAt } from "./airports.ts";
import { AIRCRAFT_SEATS, DEPARTURE_CHARGES, FARE_CLASSES, refundRuleId } from "./fares.ts";
import { INTERNATIONAL_SERVICES, type InternationalServiceSeed } from "./routes.ts";
import { hash, prng } from "#seed/seeded-random.ts";

/**
 * The international seed timetable: every service of routes.ts flown both ways on its weekdays,
 * each departure with the three fare classes of fares.ts. Deterministic: the timetable depends on
 * the data files only, and a day's seats and prices on a PRNG seeded from the flight and its date,
 * so a date comes out the same whatever window it is generated in. A segment belongs to the date
 * on its origin's clock. Connections are not generated: the supplier builds them from segments.
 */

export interface GeneratedInternationalFare {
  fareClass: string;
  cabin: FlightCabin;
  /** One-way adult base fare of this segment alone, tomans. */
  baseFare: number;
  /** Departure charges per seat. */
  taxes: number;
  childPercent: number;
  infantPercent: number;
  seats: number;
  /** Checked baggage by weight or by pieces (one of them, by the carrier); 0 kg means a cabin bag only. */
  baggageKg: number | null;
  baggagePieces: number | null;
  cabinKg: number;
  refundRuleId: string;
  connectionPercent: number;
  roundTripPercent: number;
}

export interface GeneratedInternationalSegment {
  /** `${designator}${number}-${local date}`, e.g. "TK878-2026-06-01": unique and stable. */
  key: string;
  airlineCode: string;
  flightNumber: string;
  from: string;
  to: string;
  departAt: Date;
  arriveAt: Date;
  /** Minutes east of UTC of the origin at departure and of the destination at arrival. */
  departOffset: number;
  arriveOffset: number;
  aircraft: string;
  /** False for a domestic feeder, sold only as part of a trip abroad. */
  soldAlone: boolean;
  fares: GeneratedInternationalFare[];
}

export const DEFAULT_INTERNATIONAL_WINDOW_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;
const DAILY_VARIATION = 0.12;
const FEW_SEATS_SHARE = 0.05;
/** Thursday and Friday out of Iran are dearer, as weekends are. */
const WEEKEND_DAYS = [4, 5];
const WEEKEND_MULTIPLIER = 1.08;

interface Slot {
  service: InternationalServiceSeed;
  airline: InternationalAirlineSeed;
  flightNumber: string;
  from: string;
  to: string;
  minutes: number;
}

function minutesOf(hhmm: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) throw new Error(`not a time: ${hhmm}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

function buildTimetable(): Slot[] {
  const airlines = new Map(INTERNATIONAL_AIRLINES.map((airline) => [airline.code, airline]));
  const next = new Map(INTERNATIONAL_AIRLINES.map((airline) => [airline.code, airline.numbersFrom]));
  const slots: Slot[] = [];
  for (const service of INTERNATIONAL_SERVICES) {
    const airline = airlines.get(service.airline);
    if (!airline) throw new Error(`no airline ${service.airline}`);
    for (const airport of [service.from, service.to]) if (!AIRPORT_CLOCKS[airport]) throw new Error(`no clock for ${airport}`);
    if (!AIRCRAFT_SEATS[service.aircraft]) throw new Error(`no seats for ${service.aircraft}`);
    if (service.departs.length !== service.returns.length)
      throw new Error(`${service.airline} ${service.from}-${service.to}: departs and returns differ`);
    service.departs.forEach((departs, index) => {
      const number = next.get(airline.code)!;
      next.set(airline.code, number + 2);
      const common = { service, airline };
      slots.push({ ...common, flightNumber: `${airline.code} ${number}`, from: service.from, to: service.to, minutes: minutesOf(departs) });
      slots.push({
        ...common,
        flightNumber: `${airline.code} ${number + 1}`,
        from: service.to,
        to: service.from,
        minutes: minutesOf(service.returns[index]!),
      });
    });
  }
  return slots;
}

let timetable: Slot[] | undefined;

function fares(slot: Slot, weekday: number, random: () => number): GeneratedInternationalFare[] {
  const seats = AIRCRAFT_SEATS[slot.service.aircraft]!;
  const load = 0.15 + 0.65 * random();
  const fewSeats = random() < FEW_SEATS_SHARE;
  const factor = (1 + (random() * 2 - 1) * DAILY_VARIATION) * (WEEKEND_DAYS.includes(weekday) ? WEEKEND_MULTIPLIER : 1) * (1 + 0.3 * load);
  const taxes = DEPARTURE_CHARGES[slot.from] ?? DEPARTURE_CHARGES.default!;
  const economy = FARE_CLASSES.filter((seed) => seed.cabin === "economy");
  const capacities = economy.map((seed) => Math.max(1, Math.round(seats.economy * (seed.economyShare ?? 0))));
  // The cheapest class sells first; a nearly full flight keeps a handful of seats in its dearest class.
  let sold = fewSeats ? capacities.reduce((sum, seats) => sum + seats, 0) - 1 - Math.floor(random() * 4) : Math.round(load * seats.economy);
  const left = capacities.map((capacity) => {
    const taken = Math.min(capacity, Math.max(0, sold));
    sold -= taken;
    return capacity - taken;
  });
  const result: GeneratedInternationalFare[] = [];
  for (const seed of FARE_CLASSES) {
    const available =
      seed.cabin === "business"
        ? seats.business - Math.min(seats.business, Math.round(load * 0.8 * seats.business) + (fewSeats ? seats.business : 0))
        : (left[economy.indexOf(seed)] ?? 0);
    if (available <= 0) continue;
    const cabinOnly = seed.fareClass === "V" && slot.airline.cabinBagOnlySaver === true;
    result.push({
      fareClass: seed.fareClass,
      cabin: seed.cabin,
      baseFare: Math.max(1000, roundPrice(slot.service.baseFare * seed.multiplier * factor)),
      taxes,
      childPercent: seed.childPercent,
      infantPercent: seed.infantPercent,
      seats: available,
      baggageKg: slot.airline.baggageBy === "kg" ? (cabinOnly ? 0 : seed.checkedKg) : null,
      baggagePieces: slot.airline.baggageBy === "pieces" ? seed.checkedPieces : null,
      cabinKg: seed.cabinKg,
      refundRuleId: refundRuleId(slot.airline.code, seed.fareClass),
      connectionPercent: slot.airline.connectionPercent,
      roundTripPercent: slot.airline.roundTripPercent,
    });
  }
  return result;
}

function parseDate(iso: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new RangeError(`firstDate must be YYYY-MM-DD, got ${JSON.stringify(iso)}`);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (new Date(ms).toISOString().slice(0, 10) !== iso) throw new RangeError(`firstDate is not a calendar date: ${iso}`);
  return ms;
}

/**
 * Segments departing on `days` local calendar days from `firstDate` on (each on its origin's
 * clock), sorted by departure. A date's segments are the same whatever the window around it.
 */
export function generateInternationalFlights(input: { firstDate: string; days: number }): GeneratedInternationalSegment[] {
  if (!Number.isInteger(input.days) || input.days < 0) throw new RangeError(`days must be a whole number ≥ 0, got ${input.days}`);
  const first = parseDate(input.firstDate);
  timetable ??= buildTimetable();
  const segments: GeneratedInternationalSegment[] = [];
  for (let offset = 0; offset < input.days; offset += 1) {
    const dayMs = first + offset * DAY_MS;
    const date = new Date(dayMs).toISOString().slice(0, 10);
    const weekday = new Date(dayMs).getUTCDay();
    for (const slot of timetable) {
      if (!slot.service.weekdays.includes(weekday)) continue;
      const random = prng(hash(`intl|${slot.flightNumber}|${slot.from}|${slot.to}|${date}`));
      const departAt = localToInstant(slot.from, date, slot.minutes);
      const arriveAt = new Date(departAt.getTime() + slot.service.minutes * 60_000);
      segments.push({
        key: `${slot.flightNumber.replace(" ", "")}-${date}`,
        airlineCode: slot.airline.code,
        flightNumber: slot.flightNumber,
        from: slot.from,
        to: slot.to,
        departAt,
        arriveAt,
        departOffset: utcOffsetAt(slot.from, departAt),
        arriveOffset: utcOffsetAt(slot.to, arriveAt),
        aircraft: slot.service.aircraft,
        soldAlone: slot.service.feeder !== true,
        fares: fares(slot, weekday, random),
      });
    }
  }
  return segments.sort(
    (a, b) =>
      a.departAt.getTime() - b.departAt.getTime() || (a.flightNumber < b.flightNumber ? -1 : a.flightNumber > b.flightNumber ? 1 : 0),
  );
}
