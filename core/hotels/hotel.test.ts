import { describe, expect, it } from "vitest";
import { averagePerNight } from "./hotel.ts";

describe("a stay's average night", () => {
  it("is rounded to the nearest thousand toman", () => {
    // Two nights at 1,500,000 and one at 1,910,000: 4,910,000 / 3 = 1,636,666.67.
    expect(averagePerNight(4_910_000, 3)).toBe(1_637_000);
    expect(averagePerNight(4_901_000, 3)).toBe(1_634_000);
  });

  it("is per room when several rooms are priced together, and exact when the nights already are", () => {
    expect(averagePerNight(2 * 3 * 2_400_000, 3, 2)).toBe(2_400_000);
    expect(averagePerNight(6_000_000, 2)).toBe(3_000_000);
  });

  it("takes a stay of no nights as one, never dividing by zero", () => {
    expect(averagePerNight(1_200_000, 0)).toBe(1_200_000);
  });
});
