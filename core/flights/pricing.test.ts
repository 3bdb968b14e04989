import { describe, expect, it } from "vitest";
import type { FlightOffer } from "./flight.ts";
import { fareTotal, withTotal } from "./pricing.ts";

const PRICES = { adult: 2_450_000, child: 1_837_500, infant: 245_000 };

function offer(price: Partial<FlightOffer["price"]> = {}): FlightOffer {
  return {
    offerId: "offer-1",
    airline: { code: "IR", name: "Iran Air" },
    flightNumber: "IR 451",
    from: "THR",
    to: "MHD",
    departAt: "2026-11-22T08:30:00+03:30",
    arriveAt: "2026-11-22T09:50:00+03:30",
    durationMinutes: 80,
    aircraft: "A320",
    fareClass: "Y",
    cabin: "economy",
    seatsLeft: 7,
    charter: false,
    baggageKg: 20,
    refundable: true,
    taxesPerSeat: 0,
    latinNamesRequired: false,
    price: { ...PRICES, total: PRICES.adult, ...price },
  };
}

describe("fareTotal", () => {
  it("adds each category at its own price for a mixed party", () => {
    expect(fareTotal(PRICES, { adults: 2, children: 1, infants: 1 })).toEqual({ ...PRICES, total: 2 * 2_450_000 + 1_837_500 + 245_000 });
    expect(fareTotal(PRICES, { adults: 2, children: 1, infants: 1 }).total).toBe(6_982_500);
  });

  it("charges children and infants nothing extra when there are none", () => {
    expect(fareTotal(PRICES, { adults: 3, children: 0, infants: 0 }).total).toBe(7_350_000);
  });

  it("prices a party of nine seats and infants on laps", () => {
    expect(fareTotal({ adult: 1_000_001, child: 750_001, infant: 100_001 }, { adults: 4, children: 5, infants: 4 }).total).toBe(
      4_000_004 + 3_750_005 + 400_004,
    );
  });

  it("keeps the total an integer", () => {
    expect(
      Number.isInteger(fareTotal({ adult: 999_999, child: 333_333, infant: 99_999 }, { adults: 7, children: 2, infants: 3 }).total),
    ).toBe(true);
  });

  it("is zero for an empty party and does not invent a price", () => {
    expect(fareTotal(PRICES, { adults: 0, children: 0, infants: 0 }).total).toBe(0);
  });

  it.each([
    ["a float price", { ...PRICES, adult: 2_450_000.5 }, { adults: 1, children: 0, infants: 0 }],
    ["a negative price", { ...PRICES, child: -1 }, { adults: 1, children: 1, infants: 0 }],
    ["a NaN price", { ...PRICES, infant: Number.NaN }, { adults: 1, children: 0, infants: 1 }],
    ["a fractional count", PRICES, { adults: 1.5, children: 0, infants: 0 }],
    ["a negative count", PRICES, { adults: 2, children: -1, infants: 0 }],
    ["a total beyond a safe integer", { ...PRICES, adult: Number.MAX_SAFE_INTEGER }, { adults: 2, children: 0, infants: 0 }],
  ])("refuses %s rather than rounding it", (_what, prices, party) => {
    expect(() => fareTotal(prices, party)).toThrow(RangeError);
  });

  it("refuses a float price even when its count is zero", () => {
    expect(() => fareTotal({ ...PRICES, infant: 0.1 }, { adults: 1, children: 0, infants: 0 })).toThrow(RangeError);
  });
});

describe("withTotal", () => {
  it("re-prices an offer for the party and keeps the rest of the offer", () => {
    const original = offer({ total: 1 });
    const priced = withTotal(original, { adults: 1, children: 2, infants: 1 });
    expect(priced.price).toEqual({ ...PRICES, total: 2_450_000 + 2 * 1_837_500 + 245_000 });
    expect({ ...priced, price: original.price }).toEqual(original);
  });

  it("does not change the offer it was given", () => {
    const original = offer({ total: 1 });
    withTotal(original, { adults: 2, children: 0, infants: 0 });
    expect(original.price.total).toBe(1);
  });
});
