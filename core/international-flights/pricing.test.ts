import { describe, expect, it } from "vitest";
import { partyPrice, roundPrice, throughFare } from "./pricing.ts";

describe("partyPrice", () => {
  const fare = { base: 20_000_000, taxes: 1_500_000, childPercent: 75, infantPercent: 10 };

  it("charges adults base and charges, children their share of the base and charges, infants their share only", () => {
    expect(partyPrice(fare, { adults: 2, children: 1, infants: 1 })).toEqual({
      adult: 21_500_000,
      child: 16_500_000,
      infant: 2_000_000,
      total: 2 * 21_500_000 + 16_500_000 + 2_000_000,
    });
  });

  it("rounds the shares to whole thousands", () => {
    expect(partyPrice({ base: 12_345_000, taxes: 0, childPercent: 75, infantPercent: 10 }, { adults: 1, children: 1, infants: 1 })).toEqual(
      {
        adult: 12_345_000,
        child: 9_259_000,
        infant: 1_235_000,
        total: 12_345_000 + 9_259_000 + 1_235_000,
      },
    );
  });

  it("refuses amounts that are not whole tomans and shares that are not percentages", () => {
    expect(() => partyPrice({ ...fare, base: 1.5 }, { adults: 1, children: 0, infants: 0 })).toThrow(RangeError);
    expect(() => partyPrice({ ...fare, taxes: -1 }, { adults: 1, children: 0, infants: 0 })).toThrow(RangeError);
    expect(() => partyPrice({ ...fare, childPercent: 120 }, { adults: 1, children: 0, infants: 0 })).toThrow(RangeError);
    expect(() => partyPrice(fare, { adults: 1.5, children: 0, infants: 0 })).toThrow(RangeError);
  });
});

describe("throughFare", () => {
  it("is the sum of the parts times the factor, not the sum", () => {
    expect(throughFare([10_000_000, 30_000_000], 0.8)).toBe(32_000_000);
  });

  it("is never cheaper than the dearest part alone", () => {
    // A short feeder and a long flight: 0.7 × 32M = 22.4M would undercut the long flight on its own.
    expect(throughFare([2_000_000, 30_000_000], 0.7)).toBe(30_000_000);
  });

  it("is never dearer than the parts bought apart, and a single part is itself", () => {
    expect(throughFare([1_000_400, 1_000_400], 1)).toBe(2_000_800);
    expect(throughFare([25_000_000], 0.8)).toBe(25_000_000);
  });

  it("refuses no parts, odd amounts and a factor out of (0, 1]", () => {
    expect(() => throughFare([], 0.8)).toThrow(RangeError);
    expect(() => throughFare([1.5], 0.8)).toThrow(RangeError);
    expect(() => throughFare([1000], 0)).toThrow(RangeError);
    expect(() => throughFare([1000], 1.2)).toThrow(RangeError);
  });

  it("rounds half up to whole thousands", () => {
    expect(roundPrice(1_500)).toBe(2_000);
    expect(roundPrice(1_499)).toBe(1_000);
  });
});
