import { describe, expect, it } from "vitest";
import { DEFAULT_TRAIN_SORT, readTrainSort, sortTrainOffers, writeTrainSort } from "./sorting.ts";
import { testTrainOffer } from "./test-train-offers.ts";
import type { TrainOffer } from "./train.ts";

const ids = (offers: TrainOffer[]) => offers.map((offer) => offer.offerId);

// Overnight express leaving last but arriving first; a cheap slow morning train; an afternoon VIP.
const OFFERS = [
  testTrainOffer({ id: "vip", departs: "15:00", durationMinutes: 660, adult: 2_400_000, total: 4_800_000 }),
  testTrainOffer({ id: "slow", departs: "08:30", durationMinutes: 900, adult: 600_000, total: 1_200_000 }),
  testTrainOffer({ id: "express", departs: "22:10", durationMinutes: 540, adult: 1_500_000, total: 3_000_000 }),
];

describe("sortTrainOffers", () => {
  it("orders by departure by default, and by price, duration or arrival when asked", () => {
    expect(DEFAULT_TRAIN_SORT).toBe("departure");
    expect(ids(sortTrainOffers(OFFERS, "departure"))).toEqual(["slow", "vip", "express"]);
    expect(ids(sortTrainOffers(OFFERS, "price"))).toEqual(["slow", "express", "vip"]);
    expect(ids(sortTrainOffers(OFFERS, "duration"))).toEqual(["express", "vip", "slow"]);
    // 15:00 + 11 h = 02:00, 08:30 + 15 h = 23:30 the same day, 22:10 + 9 h = 07:10 next day.
    expect(ids(sortTrainOffers(OFFERS, "arrival"))).toEqual(["slow", "vip", "express"]);
  });

  it("compares instants, not texts, and sends an unreadable time last", () => {
    const utc = { ...testTrainOffer({ id: "utc" }), departAt: "2026-11-22T03:00:00Z" }; // 06:30 in Tehran
    const broken = { ...testTrainOffer({ id: "broken" }), departAt: "soon" };
    expect(ids(sortTrainOffers([broken, OFFERS[0]!, utc], "departure"))).toEqual(["utc", "vip", "broken"]);
  });

  it("breaks ties by the next key, then keeps the given order; the input is left as it was", () => {
    const a = testTrainOffer({ id: "a", departs: "10:00", total: 2_000_000, adult: 1_000_000 });
    const b = testTrainOffer({ id: "b", departs: "09:00", total: 2_000_000, adult: 1_000_000 });
    const c = testTrainOffer({ id: "c", departs: "09:00", total: 2_000_000, adult: 1_000_000 });
    const list = [a, c, b];
    expect(ids(sortTrainOffers(list, "price"))).toEqual(["c", "b", "a"]);
    expect(ids(list)).toEqual(["a", "c", "b"]);
  });
});

describe("the sort in the URL", () => {
  it("reads known sorts and falls back to the default for anything else", () => {
    expect(readTrainSort("arrival")).toBe("arrival");
    expect(readTrainSort("ARRIVAL")).toBe("departure");
    expect(readTrainSort(["price"])).toBe("departure");
    expect(readTrainSort(undefined)).toBe("departure");
  });

  it("writes the default as no parameter and keeps the others", () => {
    expect(writeTrainSort("departure", new URLSearchParams("date=2026-11-22&sort=price")).toString()).toBe("date=2026-11-22");
    expect(writeTrainSort("duration", new URLSearchParams("date=2026-11-22")).toString()).toBe("date=2026-11-22&sort=duration");
  });
});
