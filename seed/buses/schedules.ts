import { busClassOf, type BusType } from "#core/buses/bus.ts";
import { IRAN_TERMINALS } from "#seed/places/terminals.ts";
import { BUS_COMPANIES } from "./companies.ts";
import { busRefundRuleId } from "./refund-rules.ts";
import { BUS_ROUTES, type BusRouteSeed } from "./routes.ts";

/** Sunday first, as `Date.getUTCDay` counts (Saturday, the first day of the Iranian week, is 6). */
export const EVERY_DAY: readonly number[] = [0, 1, 2, 3, 4, 5, 6];
/** Wednesday to Friday: the extra buses of the Iranian weekend. */
export const WEEKEND_DAYS: readonly number[] = [3, 4, 5];

/** One bus of the timetable: it leaves one terminal for another at one Tehran clock on the weekdays it runs. */
export interface BusTripSeed {
  /** Stable: the departures made from it are keyed by it. */
  code: string;
  companyCode: string;
  busType: BusType;
  /** Terminal slugs, and the cities they are in. */
  fromTerminal: string;
  toTerminal: string;
  fromCity: string;
  toCity: string;
  /** "HH:MM" in Tehran. */
  departs: string;
  durationMinutes: number;
  /** Tomans per seat, whatever the traveller's age (an infant on a lap pays nothing). */
  price: number;
  weekdays: readonly number[];
  refundRuleId: string;
}

/** Average coach speed on Iran's roads with a rest stop, km/h. */
const ROAD_SPEED_KMH = 70;

const cityOf = new Map(IRAN_TERMINALS.map((terminal) => [terminal.slug, terminal.city]));

/**
 * Tomans per seat by class and distance, rounded to 1,000: Tehran–Isfahan (440 km) is about
 * 450,000 in a VIP and 280,000 in an ordinary coach. A company's own rate moves it a few percent.
 */
export function busSeatPrice(type: BusType, km: number, companyPercent = 100): number {
  const base = busClassOf(type) === "vip" ? 60_000 + 885 * km : 40_000 + 545 * km;
  return Math.round((base * companyPercent) / 100 / 1_000) * 1_000;
}

/** Driving time at the average speed, to five minutes. */
export function busDurationMinutes(km: number): number {
  return Math.max(60, Math.round(((km / ROAD_SPEED_KMH) * 60) / 5) * 5);
}

/** Clocks buses leave at through the day; long routes add night buses, which travellers prefer. */
const DAY_CLOCKS = ["06:30", "09:00", "12:30", "16:00", "20:00"] as const;
const NIGHT_CLOCKS = ["21:30", "23:00"] as const;
const TYPE_CYCLE: readonly BusType[] = ["vip25", "ordinary44", "vip29", "ordinary40", "vip25", "vip29", "ordinary44"];

function clockPlus(clock: string, minutes: number): string {
  const [hours, mins] = clock.split(":").map(Number) as [number, number];
  const total = (hours * 60 + mins + minutes) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/**
 * The trips of one direction of a route: busy Tehran routes run more buses, and routes of more
 * than 500 km add night buses. Companies, bus types and a small shift of the clocks rotate with
 * the route, so neighbouring routes do not look alike. The last trip runs on weekends only.
 */
function tripsOf(route: BusRouteSeed, index: number, fromTerminal: string, toTerminal: string): BusTripSeed[] {
  const fromCity = cityOf.get(fromTerminal);
  const toCity = cityOf.get(toTerminal);
  if (!fromCity || !toCity) throw new Error(`bus route ${fromTerminal}–${toTerminal} names an unknown terminal`);
  const fromTehran = fromCity === "tehran" || toCity === "tehran";
  const clocks: string[] = [...(fromTehran ? DAY_CLOCKS : DAY_CLOCKS.filter((_, position) => position % 2 === 0))];
  if (route.km > 500) clocks.push(...NIGHT_CLOCKS);
  const shift = (index % 4) * 15;
  return clocks.map((clock, position) => {
    const company = BUS_COMPANIES[(index * 3 + position) % BUS_COMPANIES.length]!;
    const busType = TYPE_CYCLE[(index + position) % TYPE_CYCLE.length]!;
    return {
      code: `${fromTerminal}.${toTerminal}.${position + 1}`,
      companyCode: company.code,
      busType,
      fromTerminal,
      toTerminal,
      fromCity,
      toCity,
      departs: clockPlus(clock, shift),
      durationMinutes: busDurationMinutes(route.km),
      price: busSeatPrice(busType, route.km, 96 + ((index + position) % 5) * 2),
      weekdays: position === clocks.length - 1 && clocks.length > 2 ? WEEKEND_DAYS : EVERY_DAY,
      refundRuleId: busRefundRuleId(company.code),
    };
  });
}

/** Every trip of the house timetable, both ways of every route. */
export const BUS_TRIPS: readonly BusTripSeed[] = BUS_ROUTES.flatMap((route, index) => [
  ...tripsOf(route, index, route.a, route.b),
  ...tripsOf(route, index + 1, route.b, route.a),
]);

/** Minutes after midnight of an "HH:MM" clock. */
export function busClockMinutes(clock: string): number {
  const [hours, minutes] = clock.split(":").map(Number) as [number, number];
  return hours * 60 + minutes;
}
