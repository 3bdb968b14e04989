import { describe, expect, it } from "vitest";
import type { SavedPassenger } from "../accounts/account.ts";
import {
  chooseSavedPassengers,
  datesToSearch,
  nextReservationKey,
  offersWithinPrice,
  orderIsOver,
  reservationKeyOf,
} from "./desired-price.ts";
import type { WatchOffer } from "./watch.ts";

const saved = (id: string, birthDate: string, updatedAt: string): SavedPassenger => ({
  id,
  iranian: true,
  nationality: "IR",
  firstName: id,
  lastName: "رضایی",
  gender: "female",
  birthDate,
  wheelchair: false,
  updatedAt: new Date(updatedAt),
});

describe("orders at a desired price", () => {
  it("chooses the most recently updated saved passengers of each type, typed on the travel day", () => {
    const list = [
      saved("old-adult", "1980-01-01", "2025-01-01"),
      saved("new-adult", "1985-01-01", "2026-06-01"),
      saved("child", "2018-01-01", "2026-01-01"),
      // Twelve on 2026-12-02: a child the day before, an adult on the day.
      saved("turns-twelve", "2014-12-02", "2026-07-01"),
    ];
    expect(chooseSavedPassengers(list, { adults: 1, children: 1, infants: 0 }, "2026-12-01")?.map((entry) => entry.firstName)).toEqual([
      "turns-twelve",
      "new-adult",
    ]);
    expect(chooseSavedPassengers(list, { adults: 2, children: 0, infants: 0 }, "2026-12-02")?.map((entry) => entry.firstName)).toEqual([
      "turns-twelve",
      "new-adult",
    ]);
    expect(chooseSavedPassengers(list, { adults: 1, children: 0, infants: 1 }, "2026-12-01")).toBeNull();
  });

  it("is over once Tehran's today is after its latest attempt or its last travel day", () => {
    const order = { latestAttempt: "2026-12-03", dateTo: "2026-12-05" };
    expect(orderIsOver(order, "2026-12-03")).toBe(false);
    expect(orderIsOver(order, "2026-12-04")).toBe(true);
    expect(orderIsOver({ latestAttempt: "2026-12-09", dateTo: "2026-12-05" }, "2026-12-06")).toBe(true);
  });

  it("searches each day of its range from today on", () => {
    expect(datesToSearch({ dateFrom: "2026-12-01", dateTo: "2026-12-03" }, "2026-11-20")).toEqual([
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
    ]);
    expect(datesToSearch({ dateFrom: "2026-12-01", dateTo: "2026-12-03" }, "2026-12-02")).toEqual(["2026-12-02", "2026-12-03"]);
  });

  it("buys the cheapest offer with seats at or below the price across its days", () => {
    const offer = (offerId: string, total: number, seatsLeft = 4): WatchOffer => ({
      offerId,
      departAt: "",
      seatsLeft,
      adultFare: total,
      total,
    });
    const byDate = new Map([
      ["2026-12-01", [offer("a", 900), offer("b", 1_001), offer("full", 100, 1)]],
      ["2026-12-02", [offer("c", 1_000)]],
    ]);
    expect(
      offersWithinPrice({ party: { adults: 2, children: 0, infants: 1 }, price: 1_000 }, byDate).map((entry) => entry.offer.offerId),
    ).toEqual(["a", "c"]);
  });

  it("draws a new reservation key after each failed purchase", () => {
    expect(nextReservationKey(reservationKeyOf("id-1", 1))).toBe("desired-price:id-1:2");
    expect(nextReservationKey("desired-price:id-1:9")).toBe("desired-price:id-1:10");
  });
});
