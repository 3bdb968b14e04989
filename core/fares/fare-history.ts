import { addDays, daysBetween } from "../search/dates.ts";

/**
 * The buy-or-wait hint (issue 22 §4): from a route's fare history (the cheapest adult fare of each
 * departure day as seen on each day before it) judge how today's price of a departure compares
 * with what the route usually costs that many days ahead, and whether its fares usually rise or
 * fall from there to departure. Pure: the rows come from the fare history repository.
 */

/** One observation: the cheapest one-adult fare of a departure day as seen on one day. */
export interface FareObservation {
  departureDate: string;
  seenOn: string;
  cheapest: number;
}

export type FareTrendKind = "rising" | "falling" | "steady";

/** One point of the chosen departure's chart. */
export interface FarePoint {
  seenOn: string;
  cheapest: number;
}

export interface FareEvidence {
  /** Days from today to the chosen departure. */
  daysBefore: number;
  /** Departures observed around `daysBefore` and again in their last days: what the trend rests on. */
  departures: number;
  /** Distinct days the route was observed on. */
  historyDays: number;
  /** The chosen departure's cheapest fare as seen on each of the last days (oldest first; a day unseen is absent). */
  lastDays: FarePoint[];
}

export interface FareHint {
  kind: FareTrendKind;
  /** The chosen departure's cheapest fare as seen today. */
  todayPrice: number;
  /** The route's usual cheapest fare that many days before a departure (median over departures). */
  usualPrice: number;
  /** How far today's price is above (positive) or below (negative) the usual price, in whole percent. */
  percentVsUsual: number;
  /** How the route's fares usually move from here to departure, in whole percent (positive: up). */
  usualChangePercent: number;
}

export interface FareAnalysis {
  /** Null when the evidence is too thin: nothing is shown then. */
  hint: FareHint | null;
  evidence: FareEvidence;
}

/** Observations this many days either side of today's distance count as "around" it. */
export const AROUND_DAYS = 2;
/** Fewer departures than this behind the trend and there is no hint. */
export const MIN_DEPARTURES = 14;
/** Fewer observed days than this and there is no hint. */
export const MIN_HISTORY_DAYS = 10;
/** A usual move smaller than this (either way) counts as steady. */
export const TREND_THRESHOLD_PERCENT = 5;
/** The chart's length. */
export const CHART_DAYS = 30;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The observation of a departure nearest to `daysBefore` within AROUND_DAYS (the later-seen one on a tie). */
function nearest(byDistance: Map<number, number>, daysBefore: number): number | undefined {
  for (let offset = 0; offset <= AROUND_DAYS; offset += 1) {
    const closer = byDistance.get(daysBefore - offset);
    if (closer !== undefined) return closer;
    const farther = byDistance.get(daysBefore + offset);
    if (farther !== undefined) return farther;
  }
  return undefined;
}

/**
 * The analysis of one departure day of a route, as of `today`. Each departure is judged against
 * its own fare around today's distance (so a dearer season does not pass for a trend): the usual
 * move is the median over departures of (their mean fare over the remaining days ÷ their fare at
 * this distance). The usual price is the median of the departures' fares at this distance.
 */
export function analyseFares(history: readonly FareObservation[], departureDate: string, today: string): FareAnalysis {
  const daysBefore = daysBetween(today, departureDate);
  const seenDays = new Set<string>();
  // Each departure's fares by days before it; seenOn after today is a future the clock has not reached.
  const byDeparture = new Map<string, Map<number, number>>();
  for (const row of history) {
    if (row.seenOn > today || row.cheapest <= 0) continue;
    const distance = daysBetween(row.seenOn, row.departureDate);
    if (distance < 0) continue;
    seenDays.add(row.seenOn);
    let fares = byDeparture.get(row.departureDate);
    if (!fares) byDeparture.set(row.departureDate, (fares = new Map<number, number>()));
    fares.set(distance, row.cheapest);
  }

  const chartStart = addDays(today, -(CHART_DAYS - 1));
  const chosen = byDeparture.get(departureDate) ?? new Map<number, number>();
  const lastDays: FarePoint[] = [...chosen]
    .map(([distance, cheapest]) => ({ seenOn: addDays(departureDate, -distance), cheapest }))
    .filter((point) => point.seenOn >= chartStart)
    .sort((a, b) => (a.seenOn < b.seenOn ? -1 : 1));

  const atDistance: number[] = [];
  const moves: number[] = [];
  for (const [day, fares] of byDeparture) {
    if (day === departureDate) continue;
    const around = nearest(fares, daysBefore);
    if (around === undefined) continue;
    atDistance.push(around);
    // Only a departure seen through to its last days tells how the rest of the way went.
    const remaining = [...fares].filter(([distance]) => distance < Math.max(1, daysBefore - AROUND_DAYS));
    const seenToTheEnd = remaining.some(([distance]) => distance <= Math.min(AROUND_DAYS, daysBefore - 1));
    if (seenToTheEnd) moves.push(mean(remaining.map(([, fare]) => fare)) / around);
  }

  const evidence: FareEvidence = { daysBefore, departures: moves.length, historyDays: seenDays.size, lastDays };
  const todayPrice = chosen.get(daysBefore);
  if (daysBefore < 1 || todayPrice === undefined || moves.length < MIN_DEPARTURES || seenDays.size < MIN_HISTORY_DAYS) {
    return { hint: null, evidence };
  }
  const usualPrice = Math.round(median(atDistance));
  const usualChangePercent = Math.round((median(moves) - 1) * 100);
  const kind: FareTrendKind =
    usualChangePercent >= TREND_THRESHOLD_PERCENT ? "rising" : usualChangePercent <= -TREND_THRESHOLD_PERCENT ? "falling" : "steady";
  return {
    hint: {
      kind,
      todayPrice,
      usualPrice,
      percentVsUsual: Math.round((todayPrice / usualPrice - 1) * 100),
      usualChangePercent,
    },
    evidence,
  };
}
