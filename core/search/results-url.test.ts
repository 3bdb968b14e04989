import { describe, expect, it } from "vitest";
import type { PlaceSuggestion } from "../places/place.ts";
import { fieldsFromResults, resultsLocation, routeCode, routeKeySplits } from "./results-url.ts";
import { PLACE_FIELDS, validateSearch, type SearchFields, type SearchService, type ValidSearch } from "./search-forms.ts";

const TODAY = "2026-11-22";

function place(id: string, kind: PlaceSuggestion["kind"], name: string, extra: Partial<PlaceSuggestion> = {}): PlaceSuggestion {
  return { id, kind, name, detail: null, iata: null, countryCode: "IR", cityId: kind === "city" ? id : null, ...extra };
}

const TEHRAN = place("city:tehran", "city", "تهران", { iata: "THR" });
const TEHRAN_ABROAD = { ...TEHRAN, iata: "IKA" };
const MASHHAD = place("city:mashhad", "city", "مشهد", { iata: "MHD" });
const KISH = place("city:kish", "city", "کیش", { iata: "KIH" });
const BANDAR_ABBAS = place("city:bandar-abbas", "city", "بندرعباس", { iata: "BND" });
const THR = place("airport:THR", "airport", "فرودگاه مهرآباد", { iata: "THR", cityId: "city:tehran" });
const MASHHAD_STATION = place("station:mashhad", "station", "ایستگاه راه‌آهن مشهد", { cityId: "city:mashhad" });
const TEHRAN_TERMINAL = place("terminal:tehran-south", "terminal", "پایانه جنوب تهران", { cityId: "city:tehran" });
const ISTANBUL = place("city:istanbul", "city", "استانبول", { iata: "IST", countryCode: "TR" });
const IST = place("airport:IST", "airport", "فرودگاه استانبول", { iata: "IST", countryCode: "TR", cityId: "city:istanbul" });
const TURKEY = place("country:TR", "country", "ترکیه", { countryCode: "TR" });
const KHORASAN = place("province:razavi-khorasan", "province", "خراسان رضوی");

const query = (location: string | null) => new URL(location!, "http://storefront.test").searchParams;
const pathOf = (location: string | null) => new URL(location!, "http://storefront.test").pathname;

describe("resultsLocation", () => {
  it("flight: airport codes joined by a hyphen, dates, travellers and cabin in the query", () => {
    const search: ValidSearch = {
      service: "flight",
      places: { from: THR, to: MASHHAD },
      trip: "oneway",
      date: "2026-12-01",
      passengers: { adults: 1, children: 0, infants: 0 },
      cabin: "economy",
    };
    expect(resultsLocation(search)).toBe("/flight/THR-MHD?date=2026-12-01&adults=1&children=0&infants=0&cabin=economy");
    const round: ValidSearch = {
      ...search,
      places: { from: TEHRAN, to: MASHHAD },
      trip: "round",
      returnDate: "2026-12-05",
      passengers: { adults: 2, children: 1, infants: 1 },
      cabin: "business",
    };
    expect(resultsLocation(round)).toBe(
      "/flight/THR-MHD?date=2026-12-01&returnDate=2026-12-05&adults=2&children=1&infants=1&cabin=business",
    );
  });

  it("internationalflight: the code the city has abroad (IKA for Tehran), in its own path", () => {
    const search: ValidSearch = {
      service: "internationalflight",
      places: { from: TEHRAN_ABROAD, to: IST },
      trip: "oneway",
      date: "2026-12-01",
      passengers: { adults: 1, children: 0, infants: 0 },
      cabin: "premium",
    };
    expect(resultsLocation(search)).toBe("/internationalflight/search/IKA/IST?date=2026-12-01&adults=1&children=0&infants=0&cabin=premium");
  });

  it("train: city slugs, a station standing for its city; coupe only when the whole compartment is wanted", () => {
    const search: ValidSearch = {
      service: "train",
      places: { from: TEHRAN, to: MASHHAD_STATION },
      trip: "oneway",
      date: "2026-12-01",
      passengers: { adults: 2, children: 1, infants: 0 },
      ticketType: "sisters",
      wholeCompartment: true,
    };
    expect(resultsLocation(search)).toBe("/train/tehran-mashhad?date=2026-12-01&adults=2&children=1&infants=0&ticketType=sisters&coupe=1");
    const shared = resultsLocation({ ...search, ticketType: "general", wholeCompartment: false });
    expect(shared).toBe("/train/tehran-mashhad?date=2026-12-01&adults=2&children=1&infants=0&ticketType=general");
  });

  it("bus: a terminal stands for its city; a slug may itself have hyphens", () => {
    const search: ValidSearch = {
      service: "bus",
      places: { from: TEHRAN_TERMINAL, to: BANDAR_ABBAS },
      date: "2026-12-01",
      passengers: { adults: 2, children: 1, infants: 1 },
    };
    // The party travels in the URL: the seat map asks for one seat per seated traveller.
    expect(resultsLocation(search)).toBe("/bus/tehran-bandar-abbas?date=2026-12-01&adults=2&children=1&infants=1");
  });

  it("hotel: the city's slug, the stay, and one `room` per room", () => {
    const search: ValidSearch = {
      service: "hotel",
      places: { city: MASHHAD },
      checkIn: "2026-12-01",
      checkOut: "2026-12-04",
      rooms: [
        { adults: 2, children: 1 },
        { adults: 2, children: 1 },
      ],
    };
    expect(resultsLocation(search)).toBe("/hotel/mashhad?checkIn=2026-12-01&checkOut=2026-12-04&room=2-1&room=2-1");
    expect(query(resultsLocation(search)).getAll("room")).toEqual(["2-1", "2-1"]);
  });

  it("outHotel: under the country code and the city's slug", () => {
    const search: ValidSearch = {
      service: "outHotel",
      places: { city: ISTANBUL },
      checkIn: "2026-12-01",
      checkOut: "2026-12-10",
      rooms: [{ adults: 1, children: 0 }],
    };
    expect(resultsLocation(search)).toBe("/internationalhotel/search/TR/istanbul?checkIn=2026-12-01&checkOut=2026-12-10&room=1-0");
  });

  it("tour: to an Iranian city under /tour with the origin in the query; abroad under /internationaltour", () => {
    const base = {
      service: "tour" as const,
      date: "2026-12-01",
      returnDate: "2026-12-04",
      passengers: { adults: 2, children: 0, infants: 0 },
    };
    expect(resultsLocation({ ...base, places: { from: TEHRAN, to: KISH } })).toBe(
      "/tour/kish?from=tehran&date=2026-12-01&returnDate=2026-12-04&adults=2&children=0&infants=0",
    );
    expect(resultsLocation({ ...base, places: { from: TEHRAN, to: ISTANBUL } })).toBe(
      "/internationaltour/search/tehran/istanbul?date=2026-12-01&returnDate=2026-12-04&adults=2&children=0&infants=0",
    );
  });

  it("insurance: the country code, the trip length and one `birth` per traveller", () => {
    const search: ValidSearch = { service: "insurance", places: { country: TURKEY }, days: 7, birthDates: ["1990-01-31", "2016-03-20"] };
    expect(resultsLocation(search)).toBe("/insurance/services/TR?days=7&birth=1990-01-31&birth=2016-03-20");
  });

  it("is null when a place cannot stand in the route", () => {
    const noCode = place("airport:XXX", "airport", "Nowhere", { iata: null, cityId: "city:tehran" });
    expect(resultsLocation({ service: "flight", places: { from: noCode, to: MASHHAD }, date: "2026-12-01" })).toBeNull();
    expect(resultsLocation({ service: "train", places: { from: TEHRAN, to: TURKEY }, date: "2026-12-01" })).toBeNull();
    expect(resultsLocation({ service: "hotel", places: { city: KHORASAN }, checkIn: "2026-12-01", checkOut: "2026-12-02" })).toBeNull();
    expect(resultsLocation({ service: "insurance", places: { country: ISTANBUL }, days: 7 })).toBeNull();
    expect(resultsLocation({ service: "bus", places: { from: TEHRAN }, date: "2026-12-01" })).toBeNull();
  });
});

describe("routeCode", () => {
  it("uses IATA codes for flights", () => {
    expect(routeCode("flight", THR)).toBe("THR");
    expect(routeCode("flight", TEHRAN)).toBe("THR");
    expect(routeCode("internationalflight", TEHRAN_ABROAD)).toBe("IKA");
    expect(routeCode("flight", MASHHAD_STATION)).toBeNull();
  });

  it("uses the slug of the city a station, terminal or airport is in for land trips, hotels and tours", () => {
    expect(routeCode("train", MASHHAD_STATION)).toBe("mashhad");
    expect(routeCode("bus", TEHRAN_TERMINAL)).toBe("tehran");
    expect(routeCode("bus", BANDAR_ABBAS)).toBe("bandar-abbas");
    expect(routeCode("hotel", MASHHAD)).toBe("mashhad");
    expect(routeCode("tour", THR)).toBe("tehran");
    expect(routeCode("train", KHORASAN)).toBeNull();
    expect(routeCode("hotel", TURKEY)).toBeNull();
  });

  it("uses the country code for insurance, for countries only", () => {
    expect(routeCode("insurance", TURKEY)).toBe("TR");
    expect(routeCode("insurance", ISTANBUL)).toBeNull();
  });
});

describe("routeKeySplits", () => {
  it("offers every split at a hyphen, for slugs that have hyphens of their own", () => {
    expect(routeKeySplits("tehran-bandar-abbas")).toEqual([
      ["tehran", "bandar-abbas"],
      ["tehran-bandar", "abbas"],
    ]);
    expect(routeKeySplits("THR-MHD")).toEqual([["THR", "MHD"]]);
  });

  it("offers nothing where one side would be empty", () => {
    expect(routeKeySplits("tehran")).toEqual([]);
    expect(routeKeySplits("")).toEqual([]);
    expect(routeKeySplits("-tehran")).toEqual([]);
    expect(routeKeySplits("tehran-")).toEqual([]);
    expect(routeKeySplits("-")).toEqual([]);
  });

  it("one of the splits of a generated path gives back both codes", () => {
    const location = resultsLocation({ service: "bus", places: { from: BANDAR_ABBAS, to: TEHRAN_TERMINAL }, date: "2026-12-01" });
    const key = pathOf(location).slice("/bus/".length);
    expect(routeKeySplits(key)).toContainEqual(["bandar-abbas", "tehran"]);
  });
});

describe("fieldsFromResults", () => {
  it("fills the places from the route and the rest from the query; a return date makes it a round trip", () => {
    const fields = fieldsFromResults(
      "flight",
      { from: THR, to: MASHHAD },
      new URLSearchParams("date=2026-12-01&returnDate=2026-12-05&adults=2&children=1&infants=0&cabin=business&evil=1&from=x"),
    );
    expect(fields).toEqual({
      from: "airport:THR",
      fromText: "فرودگاه مهرآباد",
      to: "city:mashhad",
      toText: "مشهد",
      date: "2026-12-01",
      returnDate: "2026-12-05",
      trip: "round",
      adults: "2",
      children: "1",
      infants: "0",
      cabin: "business",
    });
  });

  it("shows an old link's men/women compartments under their current names, and a posted coupe box as checked", () => {
    const fields = fieldsFromResults("train", { from: TEHRAN, to: MASHHAD_STATION }, new URLSearchParams("ticketType=women&coupe=on"));
    expect(fields.ticketType).toBe("sisters");
    expect(fields.coupe).toBe("1");
    expect(fieldsFromResults("train", {}, new URLSearchParams("ticketType=men")).ticketType).toBe("brothers");
    // Anything else is left as typed, for the form to refuse on its field.
    expect(fieldsFromResults("train", {}, new URLSearchParams("ticketType=kids")).ticketType).toBe("kids");
  });

  it("leaves the trip one way without a return date", () => {
    const fields = fieldsFromResults("flight", { from: THR, to: MASHHAD }, new URLSearchParams("date=2026-12-01"));
    expect(fields.trip).toBeUndefined();
    expect(fields.returnDate).toBeUndefined();
  });

  it("counts the rooms and reads each one's guests", () => {
    const fields = fieldsFromResults(
      "hotel",
      { city: MASHHAD },
      new URLSearchParams("checkIn=2026-12-01&checkOut=2026-12-04&room=2-1&room=1-0&room=3"),
    );
    expect(fields).toEqual({
      city: "city:mashhad",
      cityText: "مشهد",
      checkIn: "2026-12-01",
      checkOut: "2026-12-04",
      rooms: "3",
      room1Adults: "2",
      room1Children: "1",
      room2Adults: "1",
      room2Children: "0",
      room3Adults: "3",
      room3Children: "0",
    });
  });

  it("keeps at most 4 rooms and 9 birth dates", () => {
    const rooms = fieldsFromResults("hotel", { city: MASHHAD }, new URLSearchParams("room=1-0&room=1-0&room=1-0&room=1-0&room=2-0"));
    expect(rooms.rooms).toBe("4");
    expect(rooms.room5Adults).toBeUndefined();
    const births = fieldsFromResults(
      "insurance",
      { country: TURKEY },
      new URLSearchParams(Array.from({ length: 12 }, () => ["birth", "2000-01-01"])),
    );
    expect(births.travellers).toBe("9");
    expect(births.birth9).toBe("2000-01-01");
    expect(births.birth10).toBeUndefined();
  });

  it("counts the travellers from their birth dates", () => {
    const fields = fieldsFromResults("insurance", { country: TURKEY }, new URLSearchParams("days=7&birth=1990-01-31&birth=2016-03-20"));
    expect(fields).toEqual({
      country: "country:TR",
      countryText: "ترکیه",
      days: "7",
      travellers: "2",
      birth1: "1990-01-31",
      birth2: "2016-03-20",
    });
  });

  it("bounds the length of what it copies from the query", () => {
    const fields = fieldsFromResults(
      "flight",
      { from: THR, to: MASHHAD },
      new URLSearchParams({ date: "9".repeat(1000), room: "1".repeat(1000) + "-" + "2".repeat(1000) }),
    );
    expect(fields.date!.length).toBeLessThanOrEqual(40);
    expect(fields.room1Adults!.length).toBeLessThanOrEqual(2);
    expect(fields.room1Children!.length).toBeLessThanOrEqual(2);
  });
});

describe("a search survives its results URL", () => {
  function route(from: PlaceSuggestion, to: PlaceSuggestion) {
    return { fields: { from: from.id, fromText: from.name, to: to.id, toText: to.name }, places: { from, to } };
  }
  function single(field: string, chosen: PlaceSuggestion) {
    return { fields: { [field]: chosen.id, [`${field}Text`]: chosen.name }, places: { [field]: chosen } };
  }
  const withFields = (base: { fields: SearchFields; places: Record<string, PlaceSuggestion> }, fields: SearchFields) => ({
    fields: { ...base.fields, ...fields },
    places: base.places,
  });

  const FORMS: [SearchService, { fields: SearchFields; places: Record<string, PlaceSuggestion> }][] = [
    ["flight", withFields(route(TEHRAN, MASHHAD), { date: "1405/09/10" })],
    [
      "flight",
      withFields(route(THR, MASHHAD), {
        trip: "round",
        date: "2026-12-01",
        returnDate: "2026-12-01",
        adults: "۳",
        children: "2",
        infants: "1",
        cabin: "business",
      }),
    ],
    [
      "internationalflight",
      withFields(route(TEHRAN_ABROAD, IST), { trip: "round", date: "2026-12-01", returnDate: "2027-01-15", cabin: "first" }),
    ],
    ["train", withFields(route(TEHRAN, MASHHAD_STATION), { date: "2026-12-01", coupe: "on", ticketType: "men", adults: "4" })],
    ["train", withFields(route(TEHRAN, MASHHAD_STATION), { date: "2026-12-01", ticketType: "sisters", adults: "2" })],
    ["train", withFields(route(MASHHAD_STATION, TEHRAN), { trip: "round", date: "2026-12-01", returnDate: "2026-12-03" })],
    ["bus", withFields(route(TEHRAN_TERMINAL, BANDAR_ABBAS), { date: TODAY, adults: "3", infants: "1" })],
    [
      "hotel",
      withFields(single("city", MASHHAD), {
        checkIn: "2026-12-01",
        checkOut: "2026-12-31",
        rooms: "3",
        room1Adults: "4",
        room1Children: "3",
        room3Children: "1",
      }),
    ],
    ["outHotel", withFields(single("city", ISTANBUL), { checkIn: "2026-12-01", checkOut: "2026-12-10", room1Adults: "2" })],
    ["tour", withFields(route(TEHRAN, KISH), { date: "2026-12-01", returnDate: "2026-12-04", adults: "2", infants: "2" })],
    ["tour", withFields(route(MASHHAD, ISTANBUL), { date: "2026-12-01", returnDate: "2026-12-08" })],
    [
      "insurance",
      withFields(single("country", TURKEY), { days: "180", travellers: "3", birth1: "1990-01-31", birth2: "1395/01/01", birth3: TODAY }),
    ],
  ];

  it.each(FORMS)("%s: validating the fields read back from the URL gives the same search", (service, form) => {
    const first = validateSearch(service, form.fields, { today: TODAY, places: form.places });
    if (!first.ok) throw new Error(`the form should be valid: ${JSON.stringify(first.errors)}`);
    const location = resultsLocation(first.search);
    expect(location).not.toBeNull();
    expect(pathOf(location).startsWith("/")).toBe(true);
    const fields = fieldsFromResults(service, first.search.places, query(location));
    // Places come back from the route as the results page resolves them, never from the query.
    for (const field of PLACE_FIELDS[service]) expect(fields[field]).toBe(form.places[field]!.id);
    const again = validateSearch(service, fields, { today: TODAY, places: first.search.places });
    expect(again).toEqual({ ok: true, search: first.search });
  });
});
