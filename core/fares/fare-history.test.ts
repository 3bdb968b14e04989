import { describe, expect, it } from "vitest";
import { addDays } from "../search/dates.ts";
import { analyseFares, CHART_DAYS, type FareObservation } from "./fare-history.ts";

const TODAY = "2026-11-26";

/** A small deterministic generator (mulberry32), so a noisy history is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A synthetic history: each of `days` seen days up to today observes every departure of the next
 * `window` days; a departure's fare is its own level × the route's curve at that distance × noise.
 */
function history(options: {
  days: number;
  window?: number;
  curve: (daysBefore: number) => number;
  level?: (departureDate: string, index: number) => number;
  noise?: number;
  seed?: number;
}): FareObservation[] {
  const window = options.window ?? 60;
  const random = seeded(options.seed ?? 7);
  const rows: FareObservation[] = [];
  for (let back = options.days - 1; back >= 0; back -= 1) {
    const seenOn = addDays(TODAY, -back);
    for (let distance = 0; distance <= window; distance += 1) {
      const departureDate = addDays(seenOn, distance);
      const index = options.days - 1 - back + distance;
      const level = options.level?.(departureDate, index) ?? 2_000_000;
      const jitter = 1 + (options.noise ?? 0) * (random() * 2 - 1);
      rows.push({ departureDate, seenOn, cheapest: Math.round(level * options.curve(distance) * jitter) });
    }
  }
  return rows;
}

/** Fares climb 1% a day over the last 30 days before departure. */
const risingCurve = (daysBefore: number) => 1 + 0.01 * Math.max(0, 30 - daysBefore);
/** Fares fall 1% a day over the last 20 days (seats left over are sold off). */
const fallingCurve = (daysBefore: number) => 1 - 0.01 * Math.max(0, 20 - daysBefore);

describe("analyseFares", () => {
  it("says a route whose fares climb towards departure usually rises from here", () => {
    const departure = addDays(TODAY, 20);
    const { hint, evidence } = analyseFares(history({ days: 45, curve: risingCurve }), departure, TODAY);
    expect(hint?.kind).toBe("rising");
    expect(hint!.usualChangePercent).toBeGreaterThanOrEqual(5);
    // Today's price is the route's usual price at 20 days: the same curve and level.
    expect(hint!.percentVsUsual).toBe(0);
    expect(hint!.todayPrice).toBe(hint!.usualPrice);
    expect(evidence.daysBefore).toBe(20);
    expect(evidence.historyDays).toBe(45);
    expect(evidence.departures).toBeGreaterThanOrEqual(14);
  });

  it("says a route whose fares fall towards departure usually falls", () => {
    const { hint } = analyseFares(history({ days: 45, curve: fallingCurve }), addDays(TODAY, 15), TODAY);
    expect(hint?.kind).toBe("falling");
    expect(hint!.usualChangePercent).toBeLessThanOrEqual(-5);
  });

  it("calls a flat route steady", () => {
    const { hint } = analyseFares(history({ days: 45, curve: () => 1 }), addDays(TODAY, 10), TODAY);
    expect(hint?.kind).toBe("steady");
    expect(hint!.usualChangePercent).toBe(0);
  });

  it("does not take a dearer season for a trend: each departure is judged against its own level", () => {
    // Later departures cost more and more (a holiday approaches), but no departure's fare moves.
    const season = (_date: string, index: number) => 1_000_000 + index * 40_000;
    const { hint } = analyseFares(history({ days: 45, curve: () => 1, level: season }), addDays(TODAY, 10), TODAY);
    expect(hint?.kind).toBe("steady");
  });

  it("compares today's price with the usual one at that distance", () => {
    const rows = history({ days: 45, curve: () => 1 }).map((row) =>
      row.departureDate === addDays(TODAY, 10) && row.seenOn === TODAY ? { ...row, cheapest: 2_300_000 } : row,
    );
    const { hint } = analyseFares(rows, addDays(TODAY, 10), TODAY);
    expect(hint).toMatchObject({ todayPrice: 2_300_000, usualPrice: 2_000_000, percentVsUsual: 15 });
  });

  it("finds the trend through noise", () => {
    const rising = analyseFares(history({ days: 60, curve: risingCurve, noise: 0.08, seed: 3 }), addDays(TODAY, 25), TODAY);
    expect(rising.hint?.kind).toBe("rising");
    const falling = analyseFares(history({ days: 60, curve: fallingCurve, noise: 0.08, seed: 11 }), addDays(TODAY, 18), TODAY);
    expect(falling.hint?.kind).toBe("falling");
    const flat = analyseFares(history({ days: 60, curve: () => 1, noise: 0.08, seed: 5 }), addDays(TODAY, 12), TODAY);
    expect(flat.hint?.kind).toBe("steady");
  });

  it("shows nothing on fewer than ten days of history", () => {
    const { hint, evidence } = analyseFares(history({ days: 9, curve: risingCurve }), addDays(TODAY, 5), TODAY);
    expect(hint).toBeNull();
    expect(evidence.historyDays).toBe(9);
  });

  it("shows nothing when too few departures were seen around that distance", () => {
    // 30 days of history and a departure 40 days away: no departure was ever seen that far ahead and again.
    const { hint } = analyseFares(history({ days: 30, curve: risingCurve }), addDays(TODAY, 40), TODAY);
    expect(hint).toBeNull();
    // Only a handful of departures, seen on many days.
    const few = history({ days: 45, curve: risingCurve }).filter((row) => row.departureDate >= addDays(TODAY, 5));
    expect(analyseFares(few, addDays(TODAY, 20), TODAY).hint).toBeNull();
  });

  it("shows nothing without today's price of the chosen departure", () => {
    const rows = history({ days: 45, curve: risingCurve }).filter(
      (row) => !(row.departureDate === addDays(TODAY, 20) && row.seenOn === TODAY),
    );
    expect(analyseFares(rows, addDays(TODAY, 20), TODAY).hint).toBeNull();
  });

  it("charts the chosen departure's last thirty days, oldest first", () => {
    const departure = addDays(TODAY, 20);
    const { evidence } = analyseFares(history({ days: 45, curve: risingCurve }), departure, TODAY);
    expect(evidence.lastDays).toHaveLength(CHART_DAYS);
    expect(evidence.lastDays[0]!.seenOn).toBe(addDays(TODAY, -29));
    expect(evidence.lastDays.at(-1)).toEqual({ seenOn: TODAY, cheapest: 2_200_000 });
  });

  it("ignores observations the clock has not reached", () => {
    const rows = history({ days: 45, curve: () => 1 });
    const future = rows.map((row) => ({ ...row, seenOn: addDays(row.seenOn, 1), departureDate: addDays(row.departureDate, 1) }));
    const { evidence } = analyseFares([...rows, ...future.filter((row) => row.seenOn > TODAY)], addDays(TODAY, 10), TODAY);
    expect(evidence.historyDays).toBe(45);
  });
});
