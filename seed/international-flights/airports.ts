/**
 * UTC offsets of the airports of the international inventory. Most keep one offset all year
 * (Iran since 2022, Turkey since 2016, the Gulf, the Caucasus, Iraq, Malaysia, Thailand); the
 * European ones follow the EU rule (summer time from 01:00 UTC on the last Sunday of March to
 * 01:00 UTC on the last Sunday of October; the UK keeps the same dates). Every airport a route of
 * routes.ts touches must be here: the generator refuses one it cannot place on a clock.
 */
export interface AirportClock {
  /** Minutes east of UTC in winter (standard time). */
  standardMinutes: number;
  /** Summer time by the EU rule: one hour more. */
  euSummerTime?: true;
}

const TEHRAN: AirportClock = { standardMinutes: 210 };
const PLUS_3: AirportClock = { standardMinutes: 180 };
const PLUS_4: AirportClock = { standardMinutes: 240 };
const CENTRAL_EUROPE: AirportClock = { standardMinutes: 60, euSummerTime: true };

export const AIRPORT_CLOCKS: Readonly<Record<string, AirportClock>> = {
  IKA: TEHRAN,
  MHD: TEHRAN,
  SYZ: TEHRAN,
  IFN: TEHRAN,
  TBZ: TEHRAN,
  KIH: TEHRAN,
  IST: PLUS_3,
  SAW: PLUS_3,
  AYT: PLUS_3,
  DOH: PLUS_3,
  NJF: PLUS_3,
  BGW: PLUS_3,
  DXB: PLUS_4,
  MCT: PLUS_4,
  EVN: PLUS_4,
  TBS: PLUS_4,
  GYD: PLUS_4,
  KUL: { standardMinutes: 480 },
  BKK: { standardMinutes: 420 },
  FRA: CENTRAL_EUROPE,
  HAM: CENTRAL_EUROPE,
  CDG: CENTRAL_EUROPE,
  LHR: { standardMinutes: 0, euSummerTime: true },
};

/** Iranian airports: a flight between two of them is a domestic feeder, sold only as part of a trip abroad. */
export const IRANIAN_AIRPORTS: ReadonlySet<string> = new Set(["IKA", "MHD", "SYZ", "IFN", "TBZ", "KIH"]);

/** 01:00 UTC on the last Sunday of a month (0-based), in milliseconds. */
function lastSundayAtOne(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0, 1));
  return last.getTime() - last.getUTCDay() * 24 * 3_600_000;
}

/** The offset of an airport's clock at an instant, in minutes east of UTC. Throws for an airport not listed. */
export function utcOffsetAt(iata: string, instant: Date): number {
  const clock = AIRPORT_CLOCKS[iata];
  if (!clock) throw new RangeError(`no clock for airport ${iata}`);
  if (!clock.euSummerTime) return clock.standardMinutes;
  const year = instant.getUTCFullYear();
  const time = instant.getTime();
  const summer = time >= lastSundayAtOne(year, 2) && time < lastSundayAtOne(year, 9);
  return clock.standardMinutes + (summer ? 60 : 0);
}

/**
 * The instant of a local wall-clock time at an airport on a date. The offset is taken at the
 * standard-time reading of that moment, which differs from the true one only within the hour
 * the clocks change (at 01:00 UTC, when no house flight leaves).
 */
export function localToInstant(iata: string, date: string, minutes: number): Date {
  const clock = AIRPORT_CLOCKS[iata];
  if (!clock) throw new RangeError(`no clock for airport ${iata}`);
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const guess = new Date(wall - clock.standardMinutes * 60_000);
  return new Date(wall - utcOffsetAt(iata, guess) * 60_000);
}
