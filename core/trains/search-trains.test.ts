import { describe, expect, it } from "vitest";
import { bedsToPay, canCarry, compartmentsNeeded, parseTrainSearch, searchTrains, type TrainTripQuery } from "./search-trains.ts";
import { testTrainOffer } from "./test-train-offers.ts";
import type { TrainOffer, TrainSearchQuery } from "./train.ts";

const TODAY = "2026-11-20";
const party = (adults: number, children = 0, infants = 0) => ({ adults, children, infants });

describe("parseTrainSearch", () => {
  it("reads a round trip with a party, a ticket type and a coupe purchase, in any digit set", () => {
    const parsed = parseTrainSearch(
      new URLSearchParams(
        "from=Tehran&to=mashhad&date=۲۰۲۶-۱۱-۲۲&returnDate=2026-11-22&adults=2&children=1&infants=1&ticketType=sisters&coupe=1",
      ),
      TODAY,
    );
    expect(parsed).toEqual({
      ok: true,
      query: {
        from: "tehran",
        to: "mashhad",
        date: "2026-11-22",
        returnDate: "2026-11-22",
        adults: 2,
        children: 1,
        infants: 1,
        ticketType: "sisters",
        coupe: true,
      },
    });
  });

  it("takes one adult, general compartments and no coupe when not told otherwise, and old links' men/women", () => {
    const parsed = parseTrainSearch(new URLSearchParams("from=tehran&to=bandar-abbas&date=2026-11-22"), TODAY);
    expect(parsed).toEqual({
      ok: true,
      query: {
        from: "tehran",
        to: "bandar-abbas",
        date: "2026-11-22",
        adults: 1,
        children: 0,
        infants: 0,
        ticketType: "general",
        coupe: false,
      },
    });
    const men = parseTrainSearch(new URLSearchParams("from=tehran&to=mashhad&date=2026-11-22&ticketType=men&coupe=0"), TODAY);
    expect(men.ok && men.query.ticketType).toBe("brothers");
  });

  it("names each refused parameter", () => {
    const parsed = parseTrainSearch(
      new URLSearchParams("from=tehran&to=TEHRAN&date=2026-11-19&returnDate=2026-13-01&adults=1&infants=2&ticketType=kids&coupe=maybe"),
      TODAY,
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual([
      { param: "to", code: "SAME_ROUTE" },
      { param: "date", code: "DATE_PAST" },
      { param: "returnDate", code: "RETURN_INVALID" },
      { param: "infants", code: "INFANTS_EXCEED_ADULTS" },
      { param: "ticketType", code: "TICKET_TYPE_INVALID" },
      { param: "coupe", code: "COUPE_INVALID" },
    ]);
  });

  it("refuses malformed stations, far dates, a return before the departure and parties over nine", () => {
    const parsed = parseTrainSearch(
      new URLSearchParams("from=teh ran&to=-mashhad&date=2028-01-01&returnDate=2026-11-21&adults=7&children=3"),
      TODAY,
    );
    expect(!parsed.ok && parsed.errors).toEqual([
      { param: "from", code: "FROM_INVALID" },
      { param: "to", code: "TO_INVALID" },
      { param: "date", code: "DATE_TOO_FAR" },
      { param: "returnDate", code: "RETURN_BEFORE_DEPARTURE" },
      { param: "children", code: "TOO_MANY_PASSENGERS" },
    ]);
    const back = parseTrainSearch(new URLSearchParams("from=a&to=b&date=2026-11-25&returnDate=2026-11-24&adults=x"), TODAY);
    expect(!back.ok && back.errors).toEqual([
      { param: "returnDate", code: "RETURN_BEFORE_DEPARTURE" },
      { param: "adults", code: "COUNT_INVALID" },
    ]);
  });
});

describe("capacity and coupe pricing", () => {
  const fourBed = { coupe: false, wagon: { kind: "compartment4" as const, bedsPerCompartment: 4 } };
  const fourBedCoupe = { ...fourBed, coupe: true };
  const sixBedCoupe = { coupe: true, wagon: { kind: "compartment6" as const, bedsPerCompartment: 6 } };

  it("pays one bed per adult and child; an infant travels on a lap", () => {
    expect(bedsToPay(fourBed, party(2, 1, 1))).toBe(3);
    expect(compartmentsNeeded(fourBed, party(2, 1, 1))).toBe(0);
  });

  it("on a coupe purchase pays every bed of the whole compartments the party takes", () => {
    expect(bedsToPay(fourBedCoupe, party(3))).toBe(4);
    expect(bedsToPay(fourBedCoupe, party(1))).toBe(4);
    expect(bedsToPay(fourBedCoupe, party(4))).toBe(4);
    expect(compartmentsNeeded(fourBedCoupe, party(4, 1, 2))).toBe(2);
    expect(bedsToPay(fourBedCoupe, party(4, 1, 2))).toBe(8);
    expect(bedsToPay(sixBedCoupe, party(2, 2, 1))).toBe(6);
  });

  it("carries a party only with enough free beds, or on a coupe enough wholly free compartments", () => {
    expect(canCarry({ ...fourBed, seatsLeft: 3 }, party(2, 1, 1))).toBe(true);
    expect(canCarry({ ...fourBed, seatsLeft: 2 }, party(2, 1))).toBe(false);
    // Five travellers need two whole compartments: eight free beds in free compartments.
    expect(canCarry({ ...fourBedCoupe, seatsLeft: 8 }, party(5))).toBe(true);
    expect(canCarry({ ...fourBedCoupe, seatsLeft: 7 }, party(5))).toBe(false);
    expect(canCarry({ ...fourBedCoupe, seatsLeft: 4 }, party(4))).toBe(true);
  });
});

describe("searchTrains", () => {
  const query: TrainTripQuery = { from: "tehran", to: "mashhad", date: "2026-11-22", ...party(3), ticketType: "general", coupe: false };
  const known = new Set(["tehran", "mashhad"]);
  const places = { byRouteCode: async (code: string) => (known.has(code) ? ({ id: `city:${code}` } as never) : null) };
  const supplierOf = (answer: (query: TrainSearchQuery) => TrainOffer[]) => {
    const seen: TrainSearchQuery[] = [];
    return { seen, trains: { search: async (asked: TrainSearchQuery) => (seen.push(asked), answer(asked)) } };
  };

  it("refuses a station the service does not know, naming the field, without asking the supplier", async () => {
    const { seen, trains } = supplierOf(() => []);
    expect(await searchTrains({ ...query, from: "atlantis" }, { trains, places })).toEqual({
      ok: false,
      error: "UNKNOWN_STATION",
      field: "from",
    });
    expect(await searchTrains({ ...query, to: "atlantis" }, { trains, places })).toEqual({
      ok: false,
      error: "UNKNOWN_STATION",
      field: "to",
    });
    expect(seen).toHaveLength(0);
  });

  it("says the stations cannot be shown when the station list fails", async () => {
    const { trains } = supplierOf(() => []);
    const broken = { byRouteCode: async () => Promise.reject(new Error("index down")) };
    expect(await searchTrains(query, { trains, places: broken })).toEqual({ ok: false, error: "STATIONS_UNAVAILABLE" });
  });

  it("offers only the trains that can carry the party, earliest first, asking in Persian unless told otherwise", async () => {
    const { seen, trains } = supplierOf(() => [
      testTrainOffer({ id: "late", departs: "22:00", seatsLeft: 12 }),
      testTrainOffer({ id: "full", departs: "06:00", seatsLeft: 2 }),
      testTrainOffer({ id: "early", departs: "07:00", seatsLeft: 3 }),
    ]);
    const found = await searchTrains(query, { trains, places });
    expect(found.ok && found.outbound.map((offer) => offer.offerId)).toEqual(["early", "late"]);
    expect(found.ok && found.inbound).toBeNull();
    expect(seen).toEqual([
      { from: "tehran", to: "mashhad", date: "2026-11-22", ...party(3), ticketType: "general", coupe: false, locale: "fa" },
    ]);
  });

  it("fails with TRAIN_CAPACITY when trains run that day but none can carry the party", async () => {
    const { trains } = supplierOf(() => [testTrainOffer({ id: "a", seatsLeft: 2 }), testTrainOffer({ id: "b", seatsLeft: 0 })]);
    expect(await searchTrains(query, { trains, places })).toEqual({ ok: false, error: "TRAIN_CAPACITY", leg: "outbound" });
  });

  it("applies the coupe rule: free beds outside whole free compartments do not count", async () => {
    // Five travellers on a coupe need two whole 4-bed compartments.
    const { trains } = supplierOf(() => [testTrainOffer({ id: "one-free", coupe: true, seatsLeft: 4 })]);
    expect(await searchTrains({ ...query, adults: 5, coupe: true }, { trains, places })).toEqual({
      ok: false,
      error: "TRAIN_CAPACITY",
      leg: "outbound",
    });
  });

  it("answers an empty list (not a capacity failure) when no train runs that day", async () => {
    const { trains } = supplierOf(() => []);
    expect(await searchTrains(query, { trains, places })).toEqual({ ok: true, outbound: [], inbound: null });
  });

  it("searches the way back from the destination on the return day, and fails when it cannot carry the party", async () => {
    const back = (asked: TrainSearchQuery) =>
      asked.from === "mashhad"
        ? [testTrainOffer({ id: `back-${asked.date}`, date: asked.date, seatsLeft: 1 })]
        : [testTrainOffer({ id: "out" })];
    const { seen, trains } = supplierOf(back);
    const round = { ...query, returnDate: "2026-11-25", locale: "en" as const };
    expect(await searchTrains(round, { trains, places })).toEqual({ ok: false, error: "TRAIN_CAPACITY", leg: "inbound" });
    expect(seen[1]).toMatchObject({ from: "mashhad", to: "tehran", date: "2026-11-25", locale: "en" });
    expect(seen[1]).not.toHaveProperty("returnDate");
    const alone = await searchTrains({ ...round, adults: 1 }, { trains, places });
    expect(alone.ok && alone.inbound?.map((offer) => offer.offerId)).toEqual(["back-2026-11-25"]);
  });

  it("lets a supplier's fault through: it is not an empty result", async () => {
    const trains = { search: async () => Promise.reject(new Error("supplier down")) };
    await expect(searchTrains(query, { trains, places })).rejects.toThrow("supplier down");
  });
});
