import { describe, expect, it } from "vitest";
import { addDays } from "../search/dates.ts";
import { parseFlightSearch, type FlightSearchError, type FlightSearchResult } from "./search-params.ts";

const TODAY = "2026-11-22";
const BASE = { from: "THR", to: "MHD", date: "2026-12-01" };

function parse(extra: Record<string, string> = {}, base: Record<string, string> = BASE): FlightSearchResult {
  return parseFlightSearch(new URLSearchParams({ ...base, ...extra }), TODAY);
}

function errorsOf(result: FlightSearchResult): [string, FlightSearchError][] {
  return result.ok ? [] : result.errors.map((error) => [error.param, error.code]);
}

describe("parseFlightSearch: a good search", () => {
  it("reads a full query", () => {
    const result = parseFlightSearch(
      new URLSearchParams("from=THR&to=MHD&date=2026-12-01&adults=2&children=1&infants=1&returnDate=2026-12-05&cabin=business"),
      TODAY,
    );
    expect(result).toEqual({
      ok: true,
      query: {
        from: "THR",
        to: "MHD",
        date: "2026-12-01",
        returnDate: "2026-12-05",
        adults: 2,
        children: 1,
        infants: 1,
        cabin: "business",
      },
    });
  });

  it("defaults to one adult, one way, no cabin", () => {
    const result = parse();
    expect(result).toEqual({
      ok: true,
      query: { from: "THR", to: "MHD", date: "2026-12-01", returnDate: null, adults: 1, children: 0, infants: 0 },
    });
    expect(result.ok && "cabin" in result.query).toBe(false);
  });

  it("treats empty parameters as absent", () => {
    expect(parse({ adults: "", children: "", infants: "", returnDate: "", cabin: "" })).toEqual(parse());
  });

  it("upper-cases lower-case airport codes", () => {
    const result = parse({ from: "thr", to: "Mhd" });
    expect(result.ok && [result.query.from, result.query.to]).toEqual(["THR", "MHD"]);
  });

  it("reads counts and dates in Persian and Arabic digits", () => {
    const result = parse({ adults: "۲", children: "٣", date: "۲۰۲۶-۱۲-۰۱" });
    expect(result.ok && [result.query.adults, result.query.children, result.query.date]).toEqual([2, 3, "2026-12-01"]);
  });

  it("takes the first of repeated parameters", () => {
    const result = parseFlightSearch(
      new URLSearchParams("from=THR&from=KIH&to=MHD&to=THR&date=2026-12-01&date=yesterday&adults=2&adults=x"),
      TODAY,
    );
    expect(result.ok && [result.query.from, result.query.to, result.query.adults]).toEqual(["THR", "MHD", 2]);
  });

  it("accepts a return on the day of departure", () => {
    expect(parse({ returnDate: "2026-12-01" }).ok).toBe(true);
  });

  it("accepts the cabin in any case", () => {
    const result = parse({ cabin: "Economy" });
    expect(result.ok && result.query.cabin).toBe("economy");
  });

  it("accepts the largest party the rules allow", () => {
    const result = parse({ adults: "5", children: "4", infants: "5" });
    expect(result.ok && [result.query.adults, result.query.children, result.query.infants]).toEqual([5, 4, 5]);
  });
});

describe("parseFlightSearch: boundary dates", () => {
  it.each([
    [TODAY, []],
    [addDays(TODAY, -1), [["date", "DATE_PAST"]]],
    [addDays(TODAY, 365), []],
    [addDays(TODAY, 366), [["date", "DATE_TOO_FAR"]]],
  ])("date %s", (date, errors) => {
    expect(errorsOf(parse({ date }))).toEqual(errors);
    expect(parse({ date }).ok).toBe(errors.length === 0);
  });

  it.each([
    [addDays(TODAY, 365), []],
    [addDays(TODAY, 366), [["returnDate", "DATE_TOO_FAR"]]],
  ])("returnDate %s", (returnDate, errors) => {
    expect(errorsOf(parse({ returnDate }))).toEqual(errors);
  });
});

describe("parseFlightSearch: each error on its parameter", () => {
  it.each<[string, Record<string, string>, [string, FlightSearchError][]]>([
    ["from missing", { from: "" }, [["from", "FROM_INVALID"]]],
    ["from too long", { from: "THRX" }, [["from", "FROM_INVALID"]]],
    ["from with a digit", { from: "TH1" }, [["from", "FROM_INVALID"]]],
    ["from in Persian", { from: "تهر" }, [["from", "FROM_INVALID"]]],
    ["from that upper-cases into ASCII", { from: "ßA" }, [["from", "FROM_INVALID"]]],
    ["from with a dotless i", { from: "ıKA" }, [["from", "FROM_INVALID"]]],
    ["to missing", { to: "" }, [["to", "TO_INVALID"]]],
    ["to too short", { to: "MH" }, [["to", "TO_INVALID"]]],
    ["the same airport both ways", { to: "thr" }, [["to", "SAME_ROUTE"]]],
    ["date missing", { date: "" }, [["date", "DATE_INVALID"]]],
    ["date not real", { date: "2026-02-30" }, [["date", "DATE_INVALID"]]],
    ["date in Persian form", { date: "1405/09/10" }, [["date", "DATE_INVALID"]]],
    ["date with a time", { date: "2026-12-01T00:00:00Z" }, [["date", "DATE_INVALID"]]],
    ["date in the past", { date: "2026-01-01" }, [["date", "DATE_PAST"]]],
    ["date too far", { date: "2030-01-01" }, [["date", "DATE_TOO_FAR"]]],
    ["return not a date", { returnDate: "soon" }, [["returnDate", "RETURN_INVALID"]]],
    ["return not real", { returnDate: "2026-11-31" }, [["returnDate", "RETURN_INVALID"]]],
    ["return before departure", { returnDate: "2026-11-30" }, [["returnDate", "RETURN_BEFORE_DEPARTURE"]]],
    ["return in the past", { returnDate: "2026-11-21" }, [["returnDate", "DATE_PAST"]]],
    ["adults not a number", { adults: "two" }, [["adults", "COUNT_INVALID"]]],
    ["adults over 9", { adults: "10" }, [["adults", "COUNT_INVALID"]]],
    ["children negative", { children: "-1" }, [["children", "COUNT_INVALID"]]],
    ["children fractional", { children: "1.5" }, [["children", "COUNT_INVALID"]]],
    ["infants with a sign", { infants: "+1" }, [["infants", "COUNT_INVALID"]]],
    ["no adult", { adults: "0" }, [["adults", "ADULT_REQUIRED"]]],
    ["more infants than adults", { adults: "2", infants: "3" }, [["infants", "INFANTS_EXCEED_ADULTS"]]],
    ["too many seats, children on board", { adults: "5", children: "5" }, [["children", "TOO_MANY_PASSENGERS"]]],
    ["too many seats, one child over", { adults: "9", children: "1" }, [["children", "TOO_MANY_PASSENGERS"]]],
    ["nine adults, the most seats", { adults: "9", infants: "9" }, []],
    ["cabin unknown", { cabin: "first" }, [["cabin", "CABIN_INVALID"]]],
    ["cabin with odd characters", { cabin: "economy!" }, [["cabin", "CABIN_INVALID"]]],
  ])("%s", (_what, extra, errors) => {
    expect(errorsOf(parse(extra))).toEqual(errors);
  });

  it("reports every error at once, in parameter order", () => {
    const result = parseFlightSearch(new URLSearchParams("from=1&to=&date=2020-01-01&returnDate=x&adults=0&infants=1&cabin=first"), TODAY);
    expect(errorsOf(result)).toEqual([
      ["from", "FROM_INVALID"],
      ["to", "TO_INVALID"],
      ["date", "DATE_PAST"],
      ["returnDate", "RETURN_INVALID"],
      ["adults", "ADULT_REQUIRED"],
      ["cabin", "CABIN_INVALID"],
    ]);
  });

  it("does not compare a return with a departure that is itself invalid", () => {
    expect(errorsOf(parse({ date: "2026-13-01", returnDate: "2026-11-23" }))).toEqual([["date", "DATE_INVALID"]]);
  });

  it("leaves the passenger rules aside while a count is unreadable", () => {
    expect(errorsOf(parse({ adults: "x", infants: "3" }))).toEqual([["adults", "COUNT_INVALID"]]);
  });

  it("fails with no parameters at all", () => {
    expect(errorsOf(parseFlightSearch(new URLSearchParams(), TODAY))).toEqual([
      ["from", "FROM_INVALID"],
      ["to", "TO_INVALID"],
      ["date", "DATE_INVALID"],
    ]);
  });

  it("refuses a today that is not an ISO date, a caller's bug", () => {
    expect(() => parseFlightSearch(new URLSearchParams(), "22/11/2026")).toThrow(RangeError);
  });
});

describe("parseFlightSearch: fuzz", () => {
  const NAMES = ["from", "to", "date", "returnDate", "adults", "children", "infants", "cabin"];
  const ODD = [
    "",
    " ",
    "\u0000",
    "\uFFFF",
    "\uD800",
    "😀",
    "ﷺ",
    "İ",
    "%00",
    "-0",
    "0x1",
    "1e3",
    "Infinity",
    "NaN",
    "__proto__",
    "constructor",
    "toString",
    "2026-11-22\n",
    "+002026-11-22",
    "9999-12-31",
    "0000-01-01",
    "۹".repeat(40),
    "x".repeat(100_000),
    "THR".repeat(50_000),
    "2026-12-01".padEnd(200_000, " "),
  ];

  /** A small deterministic generator, so a failure can be replayed. */
  function random(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
  }

  function junk(next: () => number): string {
    const length = Math.floor(next() * 24);
    let text = "";
    for (let i = 0; i < length; i += 1) {
      const pool = next();
      const code =
        pool < 0.5 ? 32 + Math.floor(next() * 95) : pool < 0.8 ? 0x0600 + Math.floor(next() * 0x100) : Math.floor(next() * 0xffff);
      text += String.fromCharCode(code);
    }
    return text;
  }

  it("never throws on odd values in any parameter", () => {
    for (const value of ODD) {
      for (const name of NAMES) {
        const result = parse({ [name]: value });
        expect(typeof result.ok).toBe("boolean");
      }
    }
  });

  it("rejects a valid value buried in a huge one", () => {
    expect(errorsOf(parse({ date: "2026-12-01".padEnd(200_000, " ") + "x" }))).toEqual([["date", "DATE_INVALID"]]);
    expect(errorsOf(parse({ from: "THR".repeat(50_000) }))).toEqual([["from", "FROM_INVALID"]]);
  });

  it("never throws on random junk, and every error names a parameter it knows", () => {
    const next = random(20261122);
    for (let round = 0; round < 2_000; round += 1) {
      const params = new URLSearchParams();
      for (const name of NAMES)
        if (next() < 0.7) params.append(name, next() < 0.5 ? junk(next) : (ODD[Math.floor(next() * ODD.length)] ?? ""));
      const result = parseFlightSearch(params, TODAY);
      if (!result.ok) {
        expect(result.errors.length).toBeGreaterThan(0);
        for (const error of result.errors) expect(NAMES).toContain(error.param);
      }
    }
  });

  it("survives a raw, malformed query string", () => {
    const raw = "from=%E0%A4%A&to=%&date=%%%&adults=%2&&&=&cabin&=x&infants=%F0%9F%98%80";
    expect(() => parseFlightSearch(new URLSearchParams(raw), TODAY)).not.toThrow();
  });
});
