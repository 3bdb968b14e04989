import { describe, expect, it } from "vitest";
import {
  EMPTY_FILTERS,
  applyFilters,
  filterFacets,
  normalizeFilters,
  readFilters,
  timeOfDay,
  writeFilters,
  type FlightFilters,
} from "./filters.ts";
import type { FlightOffer } from "./flight.ts";

const AIRLINE_NAMES: Record<string, string> = { IR: "Iran Air", W5: "Mahan Air", EP: "Aseman", I3: "ATA" };

interface OfferSpec {
  id: string;
  airline?: string;
  /** Tehran clock, HH:MM. */
  at?: string;
  adult?: number;
  cabin?: FlightOffer["cabin"];
  charter?: boolean;
}

function offer({ id, airline = "IR", at = "08:30", adult = 2_000_000, cabin = "economy", charter = false }: OfferSpec): FlightOffer {
  return {
    offerId: id,
    airline: { code: airline, name: AIRLINE_NAMES[airline] ?? airline },
    flightNumber: `${airline} 100`,
    from: "THR",
    to: "MHD",
    departAt: `2026-11-22T${at}:00+03:30`,
    arriveAt: `2026-11-22T${at}:00+03:30`,
    durationMinutes: 80,
    aircraft: "A320",
    fareClass: "Y",
    cabin,
    seatsLeft: 9,
    charter,
    baggageKg: 20,
    refundable: !charter,
    taxesPerSeat: 0,
    latinNamesRequired: false,
    price: { adult, child: Math.round(adult * 0.75), infant: Math.round(adult * 0.1), total: adult },
  };
}

const filters = (partial: Partial<FlightFilters>): FlightFilters => ({ ...EMPTY_FILTERS, ...partial });
const ids = (offers: FlightOffer[]) => offers.map((o) => o.offerId);

const OFFERS = [
  offer({ id: "a", airline: "IR", at: "05:59", adult: 1_800_000 }),
  offer({ id: "b", airline: "W5", at: "06:00", adult: 2_500_000, charter: true }),
  offer({ id: "c", airline: "IR", at: "12:00", adult: 3_900_000, cabin: "business" }),
  offer({ id: "d", airline: "EP", at: "17:59", adult: 2_100_000, charter: true }),
  offer({ id: "e", airline: "W5", at: "18:00", adult: 1_950_000 }),
  offer({ id: "f", airline: "I3", at: "23:59", adult: 2_500_000, charter: true }),
];

describe("timeOfDay", () => {
  it.each([
    ["00:00", "early"],
    ["05:59", "early"],
    ["06:00", "morning"],
    ["11:59", "morning"],
    ["12:00", "afternoon"],
    ["17:59", "afternoon"],
    ["18:00", "evening"],
    ["23:59", "evening"],
  ])("puts %s Tehran time in %s", (at, bucket) => {
    expect(timeOfDay(`2026-11-22T${at}:00+03:30`)).toBe(bucket);
  });

  it("judges a UTC time by the clock in Tehran", () => {
    // 02:29 UTC is 05:59 in Tehran; 02:30 UTC is 06:00.
    expect(timeOfDay("2026-11-22T02:29:00Z")).toBe("early");
    expect(timeOfDay("2026-11-22T02:30:00Z")).toBe("morning");
    // 20:30 UTC is midnight in Tehran: early, not evening.
    expect(timeOfDay("2026-11-22T20:30:00Z")).toBe("early");
    expect(timeOfDay("2026-11-22T20:29:00Z")).toBe("evening");
  });

  it("uses +03:30 in summer too", () => {
    expect(timeOfDay("2026-07-01T14:30:00Z")).toBe("evening");
  });

  it("throws on a time without an offset instead of guessing the zone", () => {
    expect(() => timeOfDay("2026-11-22T08:30:00")).toThrow(RangeError);
    expect(() => timeOfDay("soon")).toThrow(RangeError);
  });
});

describe("applyFilters", () => {
  it("keeps everything with no filters, in order", () => {
    expect(ids(applyFilters(OFFERS, EMPTY_FILTERS))).toEqual(["a", "b", "c", "d", "e", "f"]);
  });

  it("ORs values within one filter and ANDs the filters", () => {
    expect(ids(applyFilters(OFFERS, filters({ airlines: ["IR", "W5"] })))).toEqual(["a", "b", "c", "e"]);
    expect(ids(applyFilters(OFFERS, filters({ airlines: ["IR", "W5"], kinds: ["charter"] })))).toEqual(["b"]);
    expect(ids(applyFilters(OFFERS, filters({ airlines: ["IR", "W5"], times: ["early", "evening"] })))).toEqual(["a", "e"]);
    expect(ids(applyFilters(OFFERS, filters({ kinds: ["systemic"], cabins: ["economy"] })))).toEqual(["a", "e"]);
    expect(ids(applyFilters(OFFERS, filters({ cabins: ["business"] })))).toEqual(["c"]);
  });

  it("bounds the adult price inclusively", () => {
    expect(ids(applyFilters(OFFERS, filters({ priceMin: 2_100_000, priceMax: 2_500_000 })))).toEqual(["b", "d", "f"]);
    expect(ids(applyFilters(OFFERS, filters({ priceMin: 2_500_001 })))).toEqual(["c"]);
    expect(ids(applyFilters(OFFERS, filters({ priceMax: 1_950_000 })))).toEqual(["a", "e"]);
  });

  it("compares the adult price, not the party total", () => {
    const family = {
      ...offer({ id: "x", adult: 1_000_000 }),
      price: { adult: 1_000_000, child: 750_000, infant: 100_000, total: 4_600_000 },
    };
    expect(ids(applyFilters([family], filters({ priceMax: 1_000_000 })))).toEqual(["x"]);
  });

  it("combines everything down to nothing", () => {
    expect(applyFilters(OFFERS, filters({ airlines: ["EP"], times: ["morning"] }))).toEqual([]);
  });

  it("drops an offer with an unreadable time only when a time filter is on", () => {
    const broken = { ...offer({ id: "z" }), departAt: "2026-11-22T08:30" };
    expect(ids(applyFilters([broken], EMPTY_FILTERS))).toEqual(["z"]);
    expect(applyFilters([broken], filters({ times: ["early", "morning", "afternoon", "evening"] }))).toEqual([]);
  });
});

describe("filterFacets", () => {
  it("counts airlines with their cheapest adult price, cheapest first", () => {
    expect(filterFacets(OFFERS).airlines).toEqual([
      { code: "IR", name: "Iran Air", count: 2, cheapest: 1_800_000 },
      { code: "W5", name: "Mahan Air", count: 2, cheapest: 1_950_000 },
      { code: "EP", name: "Aseman", count: 1, cheapest: 2_100_000 },
      { code: "I3", name: "ATA", count: 1, cheapest: 2_500_000 },
    ]);
  });

  it("orders airlines with the same cheapest price by code", () => {
    const facets = filterFacets([offer({ id: "1", airline: "W5", adult: 100 }), offer({ id: "2", airline: "EP", adult: 100 })]);
    expect(facets.airlines.map((a) => a.code)).toEqual(["EP", "W5"]);
  });

  it("counts every part of the day, zero included", () => {
    const facets = filterFacets(OFFERS.filter((o) => o.offerId !== "a"));
    expect(facets.times).toEqual([
      { time: "early", count: 0 },
      { time: "morning", count: 1 },
      { time: "afternoon", count: 2 },
      { time: "evening", count: 2 },
    ]);
  });

  it("gives the adult price range, and the cabins and kinds present", () => {
    const facets = filterFacets(OFFERS);
    expect(facets.price).toEqual({ min: 1_800_000, max: 3_900_000 });
    expect(facets.cabins).toEqual(["economy", "business"]);
    expect(facets.kinds).toEqual(["charter", "systemic"]);
    const systemicEconomy = filterFacets([offer({ id: "s" })]);
    expect(systemicEconomy.cabins).toEqual(["economy"]);
    expect(systemicEconomy.kinds).toEqual(["systemic"]);
    expect(systemicEconomy.price).toEqual({ min: 2_000_000, max: 2_000_000 });
  });

  it("has nothing to offer for no offers", () => {
    expect(filterFacets([])).toEqual({
      airlines: [],
      times: ["early", "morning", "afternoon", "evening"].map((time) => ({ time, count: 0 })),
      price: null,
      cabins: [],
      kinds: [],
    });
  });

  it("counts a filtered list's own facets when given one", () => {
    const charters = applyFilters(OFFERS, filters({ kinds: ["charter"] }));
    expect(filterFacets(charters).airlines.map((a) => [a.code, a.count])).toEqual([
      ["EP", 1],
      ["I3", 1],
      ["W5", 1],
    ]);
  });
});

describe("readFilters", () => {
  it("reads repeated parameters", () => {
    const params = new URLSearchParams(
      "airline=W5&airline=IR&time=evening&time=early&priceMin=1000000&priceMax=3000000&cabin=economy&kind=charter",
    );
    expect(readFilters(params)).toEqual({
      airlines: ["IR", "W5"],
      times: ["early", "evening"],
      priceMin: 1_000_000,
      priceMax: 3_000_000,
      cabins: ["economy"],
      kinds: ["charter"],
    });
  });

  it("is empty for no parameters", () => {
    expect(readFilters(new URLSearchParams())).toEqual(EMPTY_FILTERS);
  });

  it("upper-cases airline codes and drops repeats", () => {
    expect(readFilters(new URLSearchParams("airline=ir&airline=IR&airline=w5")).airlines).toEqual(["IR", "W5"]);
  });

  it("ignores unknown and malformed values, keeping the good ones", () => {
    const params = new URLSearchParams(
      "airline=IRA&airline=12&airline=I&airline=%C3%9Fa&airline=EP&time=night&time=MORNING&time=afternoon&cabin=first&cabin=business&kind=lowcost&kind=systemic&priceMin=-5&priceMax=1.5e6",
    );
    expect(readFilters(params)).toEqual({
      airlines: ["EP"],
      times: ["afternoon"],
      priceMin: null,
      priceMax: null,
      cabins: ["business"],
      kinds: ["systemic"],
    });
  });

  it("reads prices in Persian and Arabic digits, with thousands separators", () => {
    expect(readFilters(new URLSearchParams({ priceMin: "۱۲۰۰۰۰۰", priceMax: "٣٬٥٠٠٬٠٠٠" }))).toMatchObject({
      priceMin: 1_200_000,
      priceMax: 3_500_000,
    });
    expect(readFilters(new URLSearchParams({ priceMin: "1,200,000" })).priceMin).toBe(1_200_000);
  });

  it("ignores a price beyond a safe integer and takes the first of repeated prices", () => {
    expect(readFilters(new URLSearchParams({ priceMax: "9".repeat(16) })).priceMax).toBeNull();
    expect(readFilters(new URLSearchParams("priceMin=100&priceMin=200")).priceMin).toBe(100);
  });

  it("puts price bounds given the wrong way round the right way", () => {
    expect(readFilters(new URLSearchParams({ priceMin: "3000000", priceMax: "1000000" }))).toMatchObject({
      priceMin: 1_000_000,
      priceMax: 3_000_000,
    });
  });

  it("never throws on odd input", () => {
    const odd = ["", "\u0000", "%", "😀".repeat(1000), "x".repeat(200_000), "۱".repeat(50), "-0", "NaN", "Infinity", " 12 "];
    for (const value of odd) {
      const params = new URLSearchParams();
      for (const name of ["airline", "time", "priceMin", "priceMax", "cabin", "kind", "unknown"]) params.append(name, value);
      expect(() => readFilters(params)).not.toThrow();
    }
    expect(readFilters(new URLSearchParams({ priceMin: " 12 " })).priceMin).toBe(12);
  });
});

describe("writeFilters", () => {
  it("writes parameters in a stable order, whatever order the filters are in", () => {
    const a = writeFilters(
      filters({
        airlines: ["W5", "IR"],
        times: ["evening", "early"],
        kinds: ["systemic", "charter"],
        priceMax: 3_000_000,
        priceMin: 1_000_000,
      }),
      new URLSearchParams(),
    );
    const b = writeFilters(
      filters({
        airlines: ["IR", "W5", "IR"],
        times: ["early", "evening"],
        kinds: ["charter", "systemic"],
        priceMin: 1_000_000,
        priceMax: 3_000_000,
      }),
      new URLSearchParams(),
    );
    expect(a.toString()).toBe("airline=IR&airline=W5&time=early&time=evening&priceMin=1000000&priceMax=3000000&kind=charter&kind=systemic");
    expect(b.toString()).toBe(a.toString());
  });

  it("replaces the old filter parameters and keeps the search's own", () => {
    const params = new URLSearchParams("date=2026-11-22&airline=EP&adults=2&time=early&sort=price");
    writeFilters(filters({ airlines: ["IR"] }), params);
    expect(params.toString()).toBe("date=2026-11-22&adults=2&sort=price&airline=IR");
  });

  it("writes nothing for empty filters, clearing what was there", () => {
    expect(writeFilters(EMPTY_FILTERS, new URLSearchParams("airline=IR&priceMin=5&cabin=economy")).toString()).toBe("");
  });

  it("does not write invalid values it was handed", () => {
    expect(
      writeFilters(filters({ airlines: ["Iran Air"], times: ["noon" as never], priceMin: 1.5 }), new URLSearchParams()).toString(),
    ).toBe("");
  });
});

describe("read and write round trip", () => {
  const cases: FlightFilters[] = [
    EMPTY_FILTERS,
    {
      airlines: ["EP", "I3", "IR", "W5"],
      times: ["early", "morning", "afternoon", "evening"],
      priceMin: 0,
      priceMax: 9_000_000,
      cabins: ["economy", "business"],
      kinds: ["charter", "systemic"],
    },
    filters({ priceMin: 2_500_000 }),
    filters({ airlines: ["W5"], cabins: ["business"] }),
  ];

  it.each(cases)("reads back what it wrote: %j", (original) => {
    expect(readFilters(writeFilters(original, new URLSearchParams()))).toEqual(original);
  });

  it("writes back the same URL it read, once canonical", () => {
    const url = "airline=w5&airline=IR&airline=bad&time=evening&time=early&priceMax=۲۰۰۰۰۰۰&kind=systemic";
    const once = writeFilters(readFilters(new URLSearchParams(url)), new URLSearchParams()).toString();
    expect(once).toBe("airline=IR&airline=W5&time=early&time=evening&priceMax=2000000&kind=systemic");
    expect(writeFilters(readFilters(new URLSearchParams(once)), new URLSearchParams()).toString()).toBe(once);
  });

  it("normalises filters idempotently", () => {
    const messy = filters({ airlines: ["w5", "IR", "w5"], priceMin: 9, priceMax: 3 });
    expect(normalizeFilters(normalizeFilters(messy))).toEqual(normalizeFilters(messy));
    expect(normalizeFilters(messy)).toMatchObject({ airlines: ["IR", "W5"], priceMin: 3, priceMax: 9 });
  });
});
