import { instantMillis } from "../flights/clock.ts";
import type { FlightLeg, FlightSegment } from "./international-flight.ts";

/**
 * Layover rules of a connection. The minimum connection time is the airport's (as published for
 * a change between two flights of one airline; IKA needs a terminal change from a domestic feeder);
 * a connection longer than the maximum is two trips, not one, and is not sold as a through fare.
 */
export const DEFAULT_MINIMUM_CONNECTION_MINUTES = 60;
export const MINIMUM_CONNECTION_MINUTES: Readonly<Record<string, number>> = Object.freeze({
  IKA: 120,
  IST: 75,
  SAW: 60,
  DXB: 90,
  DOH: 60,
  MCT: 60,
  GYD: 60,
  FRA: 45,
  CDG: 60,
  LHR: 90,
});
export const MAXIMUM_CONNECTION_MINUTES = 8 * 60;

export type LayoverProblem = "TOO_SHORT" | "TOO_LONG";

export function minimumConnection(airport: string): number {
  return MINIMUM_CONNECTION_MINUTES[airport] ?? DEFAULT_MINIMUM_CONNECTION_MINUTES;
}

/** Whether a change at `airport` with `minutes` on the ground can be sold; null when it can. */
export function layoverProblem(airport: string, minutes: number): LayoverProblem | null {
  if (minutes < minimumConnection(airport)) return "TOO_SHORT";
  if (minutes > MAXIMUM_CONNECTION_MINUTES) return "TOO_LONG";
  return null;
}

const minutesBetween = (from: string, to: string): number | null => {
  const start = instantMillis(from);
  const end = instantMillis(to);
  return start === null || end === null ? null : Math.round((end - start) / 60_000);
};

/**
 * The leg flown by these segments in order, with its layovers and duration; null when they do not
 * make one journey: a segment that leaves from somewhere else than the last one landed, an
 * unreadable time, a segment that lands before it leaves, or a layover the rules refuse.
 */
export function legOf(segments: readonly FlightSegment[]): FlightLeg | null {
  const first = segments[0];
  const last = segments[segments.length - 1];
  if (!first || !last) return null;
  const layoverMinutes: number[] = [];
  for (let index = 0; index < segments.length; index += 1) {
    const segment = segments[index]!;
    const flown = minutesBetween(segment.departAt, segment.arriveAt);
    if (flown === null || flown <= 0) return null;
    const next = segments[index + 1];
    if (!next) break;
    if (next.from !== segment.to) return null;
    const ground = minutesBetween(segment.arriveAt, next.departAt);
    if (ground === null || layoverProblem(segment.to, ground) !== null) return null;
    layoverMinutes.push(ground);
  }
  // A connection that comes back to where it started is no journey.
  if (segments.slice(1).some((segment) => segment.to === first.from)) return null;
  const durationMinutes = minutesBetween(first.departAt, last.arriveAt);
  if (durationMinutes === null) return null;
  return { segments: [...segments], layoverMinutes, durationMinutes };
}
