import { describe, expect, it } from "vitest";
import type { BusOffer } from "./bus.ts";
import { DEFAULT_BUS_SORT, readBusSort, sortBusOffers, writeBusSort } from "./sorting.ts";
import { testBusOffer } from "./test-bus-offers.ts";

const ids = (offers: BusOffer[]) => offers.map((offer) => offer.offerId);

// A dear fast VIP at night, a cheap slow morning bus nearly full, an afternoon bus with many seats.
const OFFERS = [
  testBusOffer({ id: "night-vip", departs: "23:00", durationMinutes: 360, adult: 800_000, total: 1_600_000, seatsLeft: 5 }),
  testBusOffer({ id: "morning", departs: "06:30", durationMinutes: 480, adult: 400_000, total: 800_000, seatsLeft: 2 }),
  testBusOffer({ id: "afternoon", departs: "14:00", durationMinutes: 420, adult: 550_000, total: 1_100_000, seatsLeft: 30 }),
];

describe("sortBusOffers", () => {
  it("orders by departure by default, and by price, duration or seats left when asked", () => {
    expect(DEFAULT_BUS_SORT).toBe("departure");
    expect(ids(sortBusOffers(OFFERS, "departure"))).toEqual(["morning", "afternoon", "night-vip"]);
    expect(ids(sortBusOffers(OFFERS, "price"))).toEqual(["morning", "afternoon", "night-vip"]);
    expect(ids(sortBusOffers(OFFERS, "duration"))).toEqual(["night-vip", "afternoon", "morning"]);
    expect(ids(sortBusOffers(OFFERS, "seats"))).toEqual(["afternoon", "night-vip", "morning"]);
  });

  it("breaks ties with the next key and otherwise keeps the order given", () => {
    const early = testBusOffer({ id: "early", departs: "08:00", total: 900_000 });
    const late = testBusOffer({ id: "late", departs: "20:00", total: 900_000 });
    const twin = testBusOffer({ id: "twin", departs: "08:00", total: 900_000 });
    expect(ids(sortBusOffers([late, early, twin], "price"))).toEqual(["early", "twin", "late"]);
    expect(ids(sortBusOffers([twin, early], "departure"))).toEqual(["twin", "early"]);
  });

  it("compares instants, not texts, sends an unreadable time last and leaves its input alone", () => {
    const utc = { ...testBusOffer({ id: "utc" }), departAt: "2026-11-22T03:00:00Z" }; // 06:30 in Tehran
    const broken = { ...testBusOffer({ id: "broken" }), departAt: "soon" };
    const given = [broken, OFFERS[0]!, utc];
    expect(ids(sortBusOffers(given, "departure"))).toEqual(["utc", "night-vip", "broken"]);
    expect(ids(given)).toEqual(["broken", "night-vip", "utc"]);
  });
});

describe("the sort in the URL", () => {
  it("reads a known sort and falls back to departure", () => {
    expect(readBusSort("seats")).toBe("seats");
    expect(readBusSort("cheapest")).toBe("departure");
    expect(readBusSort(null)).toBe("departure");
  });

  it("writes nothing for the default and replaces an old sort", () => {
    expect(writeBusSort("departure", new URLSearchParams("date=2026-12-01&sort=price")).toString()).toBe("date=2026-12-01");
    expect(writeBusSort("duration", new URLSearchParams("sort=price&adults=2")).toString()).toBe("adults=2&sort=duration");
  });
});
