import { describe, expect, it } from "vitest";
import type { FareHistoryRepository } from "#core/fares/ports.ts";
import { withFareHistoryCache } from "./fare-history-repository.ts";

const route = { service: "flight" as const, from: "THR", to: "MHD" };
const row = { departureDate: "2026-12-10", seenOn: "2026-11-26", cheapest: 2_500_000 };

function counting(fail = false) {
  let reads = 0;
  const inner: FareHistoryRepository = {
    record: () => Promise.resolve({ recorded: 0 }),
    departureHistory: () => Promise.resolve([]),
    routeHistory: () => {
      reads += 1;
      return fail && reads === 1 ? Promise.reject(new Error("database down")) : Promise.resolve([row]);
    },
  };
  return { inner, reads: () => reads };
}

describe("the fare history read cache", () => {
  it("reads a route once within its time to live, again after it, and each route apart", async () => {
    let clock = 0;
    const source = counting();
    const cached = withFareHistoryCache(source.inner, { ttlMs: 1_000, now: () => clock });
    expect(await cached.routeHistory(route, "2026-08-01", "2026-11-26")).toEqual([row]);
    await cached.routeHistory(route, "2026-08-01", "2026-11-26");
    expect(source.reads()).toBe(1);
    await cached.routeHistory({ ...route, to: "KIH" }, "2026-08-01", "2026-11-26");
    expect(source.reads()).toBe(2);
    clock = 1_000;
    await cached.routeHistory(route, "2026-08-01", "2026-11-26");
    expect(source.reads()).toBe(3);
  });

  it("does not keep a failed read", async () => {
    const source = counting(true);
    const cached = withFareHistoryCache(source.inner, { ttlMs: 60_000, now: () => 0 });
    await expect(cached.routeHistory(route, "2026-08-01", "2026-11-26")).rejects.toThrow("database down");
    expect(await cached.routeHistory(route, "2026-08-01", "2026-11-26")).toEqual([row]);
    expect(source.reads()).toBe(2);
  });
});
