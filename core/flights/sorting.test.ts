import { describe, expect, it } from "vitest";
import type { FlightOffer } from "./flight.ts";
import { FLIGHT_SORTS, readSort, sortOffers } from "./sorting.ts";

interface OfferSpec {
  id: string;
  departAt?: string;
  minutes?: number;
  adult?: number;
  total?: number;
}

function offer({ id, departAt = "2026-11-22T08:00:00+03:30", minutes = 80, adult = 2_000_000, total = adult }: OfferSpec): FlightOffer {
  return {
    offerId: id,
    airline: { code: "IR", name: "Iran Air" },
    flightNumber: "IR 100",
    from: "THR",
    to: "MHD",
    departAt,
    arriveAt: departAt,
    durationMinutes: minutes,
    aircraft: "A320",
    fareClass: "Y",
    cabin: "economy",
    seatsLeft: 9,
    charter: false,
    baggageKg: 20,
    refundable: true,
    taxesPerSeat: 0,
    latinNamesRequired: false,
    price: { adult, child: adult, infant: 0, total },
  };
}

const at = (hhmm: string) => `2026-11-22T${hhmm}:00+03:30`;
const ids = (offers: FlightOffer[]) => offers.map((o) => o.offerId);

const OFFERS = [
  offer({ id: "late-cheap", departAt: at("21:00"), minutes: 75, adult: 1_500_000 }),
  offer({ id: "early-dear", departAt: at("06:00"), minutes: 75, adult: 3_000_000 }),
  offer({ id: "noon-cheap", departAt: at("12:00"), minutes: 90, adult: 1_500_000 }),
  offer({ id: "noon-mid", departAt: at("12:00"), minutes: 75, adult: 2_000_000 }),
  offer({ id: "morning-cheap-long", departAt: at("09:00"), minutes: 120, adult: 1_500_000 }),
];

describe("sortOffers", () => {
  it("sorts by price, earlier departure first among equal prices", () => {
    expect(ids(sortOffers(OFFERS, "price"))).toEqual(["morning-cheap-long", "noon-cheap", "late-cheap", "noon-mid", "early-dear"]);
  });

  it("sorts by departure, cheaper first among equal departures", () => {
    expect(ids(sortOffers(OFFERS, "departure"))).toEqual(["early-dear", "morning-cheap-long", "noon-cheap", "noon-mid", "late-cheap"]);
  });

  it("sorts by duration, then price, then departure", () => {
    expect(ids(sortOffers(OFFERS, "duration"))).toEqual(["late-cheap", "noon-mid", "early-dear", "noon-cheap", "morning-cheap-long"]);
    const tied = [offer({ id: "b", departAt: at("10:00"), minutes: 60 }), offer({ id: "a", departAt: at("07:00"), minutes: 60 })];
    expect(ids(sortOffers(tied, "duration"))).toEqual(["a", "b"]);
  });

  it("compares departures as instants, not as text", () => {
    // 07:00 UTC is 10:30 in Tehran: later than 09:00+03:30, though "2026-11-22T07" sorts before "2026-11-22T09" as text.
    const mixed = [offer({ id: "utc", departAt: "2026-11-22T07:00:00Z" }), offer({ id: "tehran", departAt: at("09:00") })];
    expect(ids(sortOffers(mixed, "departure"))).toEqual(["tehran", "utc"]);
  });

  it("orders by what the party pays, the adult price breaking equal totals", () => {
    const family = [
      offer({ id: "cheap-adult-dear-total", adult: 1_000_000, total: 4_000_000 }),
      offer({ id: "dear-adult-cheap-total", adult: 1_200_000, total: 3_600_000 }),
      offer({ id: "same-total-cheaper-adult", adult: 1_100_000, total: 3_600_000 }),
    ];
    expect(ids(sortOffers(family, "price"))).toEqual(["same-total-cheaper-adult", "dear-adult-cheap-total", "cheap-adult-dear-total"]);
  });

  it("is stable: offers equal on every key keep their order", () => {
    const twins = ["p", "q", "r", "s"].map((id) => offer({ id }));
    for (const sort of FLIGHT_SORTS) expect(ids(sortOffers(twins, sort))).toEqual(["p", "q", "r", "s"]);
    const reversed = [...twins].reverse();
    for (const sort of FLIGHT_SORTS) expect(ids(sortOffers(reversed, sort))).toEqual(["s", "r", "q", "p"]);
  });

  it("puts an offer with an unreadable departure after the others", () => {
    const list = [offer({ id: "broken", departAt: "tomorrow" }), offer({ id: "ok", departAt: at("23:00") })];
    expect(ids(sortOffers(list, "departure"))).toEqual(["ok", "broken"]);
  });

  it("leaves the list it was given alone", () => {
    const list = [...OFFERS];
    sortOffers(list, "price");
    expect(ids(list)).toEqual(ids(OFFERS));
  });
});

describe("readSort", () => {
  it("reads each sort", () => {
    for (const sort of FLIGHT_SORTS) expect(readSort(sort)).toBe(sort);
  });

  it.each([null, undefined, "", "cheapest", "PRICE", " departure", 3])("defaults %j to price", (value) => {
    expect(readSort(value)).toBe("price");
  });
});
