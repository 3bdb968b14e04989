import { describe, expect, it } from "vitest";
import type { PlaceSuggestion } from "../places/place.ts";
import { addDays, addYears } from "./dates.ts";
import {
  HAS_PASSENGERS,
  INSURANCE_DURATIONS,
  MAX_FIELD_LENGTH,
  PLACE_FIELDS,
  SEARCH_SERVICES,
  formFieldNames,
  isSearchService,
  isSearchableDate,
  nightsOf,
  passengerErrors,
  passengerLimits,
  readCount,
  readSearchFields,
  validateSearch,
  type SearchErrors,
  type SearchFields,
  type SearchService,
  type ValidSearch,
} from "./search-forms.ts";

const TODAY = "2026-11-22";
const YESTERDAY = "2026-11-21";

function place(id: string, kind: PlaceSuggestion["kind"], name: string, extra: Partial<PlaceSuggestion> = {}): PlaceSuggestion {
  return { id, kind, name, detail: null, iata: null, countryCode: "IR", cityId: kind === "city" ? id : null, ...extra };
}

const TEHRAN = place("city:tehran", "city", "Tehran", { detail: "Tehran", iata: "THR" });
/** The city of Tehran as the places API describes it for international flights. */
const TEHRAN_ABROAD = { ...TEHRAN, iata: "IKA" };
const MASHHAD = place("city:mashhad", "city", "Mashhad", { detail: "Razavi Khorasan", iata: "MHD" });
const KISH = place("city:kish", "city", "Kish", { detail: "Hormozgan", iata: "KIH" });
const BANDAR_ABBAS = place("city:bandar-abbas", "city", "Bandar Abbas", { detail: "Hormozgan", iata: "BND" });
const THR = place("airport:THR", "airport", "Mehrabad Airport", { iata: "THR", cityId: "city:tehran" });
const MHD = place("airport:MHD", "airport", "Mashhad Airport", { iata: "MHD", cityId: "city:mashhad" });
const MASHHAD_STATION = place("station:mashhad", "station", "Mashhad Railway Station", { cityId: "city:mashhad" });
const TEHRAN_TERMINAL = place("terminal:tehran-south", "terminal", "Tehran South Terminal", { cityId: "city:tehran" });
const ISTANBUL = place("city:istanbul", "city", "Istanbul", { detail: "Turkey", iata: "IST", countryCode: "TR" });
const TURKEY = place("country:TR", "country", "Turkey", { countryCode: "TR" });

type Places = Record<string, PlaceSuggestion | null | undefined>;

/** The fields and resolved places of a chosen route, as the form posts them. */
function route(from: PlaceSuggestion, to: PlaceSuggestion): { fields: SearchFields; places: Places } {
  return { fields: { from: from.id, fromText: from.name, to: to.id, toText: to.name }, places: { from, to } };
}

function single(field: string, chosen: PlaceSuggestion): { fields: SearchFields; places: Places } {
  return { fields: { [field]: chosen.id, [`${field}Text`]: chosen.name }, places: { [field]: chosen } };
}

/** A complete, valid form of each service, with the search it must give. */
const VALID: Record<SearchService, { fields: SearchFields; places: Places; search: ValidSearch }> = {
  flight: {
    ...route(TEHRAN, MASHHAD),
    fields: { ...route(TEHRAN, MASHHAD).fields, date: "2026-12-01" },
    search: {
      service: "flight",
      places: { from: TEHRAN, to: MASHHAD },
      trip: "oneway",
      date: "2026-12-01",
      passengers: { adults: 1, children: 0, infants: 0 },
      cabin: "economy",
    },
  },
  internationalflight: {
    ...route(TEHRAN_ABROAD, ISTANBUL),
    fields: {
      ...route(TEHRAN_ABROAD, ISTANBUL).fields,
      trip: "round",
      date: "۱۴۰۵/۰۹/۱۰",
      returnDate: "1405/09/17",
      adults: "2",
      children: "1",
      infants: "1",
      cabin: "first",
    },
    search: {
      service: "internationalflight",
      places: { from: TEHRAN_ABROAD, to: ISTANBUL },
      trip: "round",
      date: "2026-12-01",
      returnDate: "2026-12-08",
      passengers: { adults: 2, children: 1, infants: 1 },
      cabin: "first",
    },
  },
  train: {
    ...route(TEHRAN, MASHHAD_STATION),
    fields: { ...route(TEHRAN, MASHHAD_STATION).fields, date: "2026-12-01", adults: "3", coupe: "1", ticketType: "sisters" },
    search: {
      service: "train",
      places: { from: TEHRAN, to: MASHHAD_STATION },
      trip: "oneway",
      date: "2026-12-01",
      passengers: { adults: 3, children: 0, infants: 0 },
      ticketType: "sisters",
      wholeCompartment: true,
    },
  },
  bus: {
    ...route(TEHRAN_TERMINAL, BANDAR_ABBAS),
    fields: { ...route(TEHRAN_TERMINAL, BANDAR_ABBAS).fields, date: "2026/12/01", adults: "2", children: "1" },
    search: {
      service: "bus",
      places: { from: TEHRAN_TERMINAL, to: BANDAR_ABBAS },
      date: "2026-12-01",
      passengers: { adults: 2, children: 1, infants: 0 },
    },
  },
  hotel: {
    ...single("city", MASHHAD),
    fields: {
      ...single("city", MASHHAD).fields,
      checkIn: "2026-12-01",
      checkOut: "2026-12-04",
      rooms: "2",
      room1Adults: "2",
      room1Children: "1",
      room2Adults: "1",
    },
    search: {
      service: "hotel",
      places: { city: MASHHAD },
      checkIn: "2026-12-01",
      checkOut: "2026-12-04",
      rooms: [
        { adults: 2, children: 1 },
        { adults: 1, children: 0 },
      ],
    },
  },
  outHotel: {
    ...single("city", ISTANBUL),
    fields: { ...single("city", ISTANBUL).fields, checkIn: "2026-12-01", checkOut: "2026-12-10" },
    search: {
      service: "outHotel",
      places: { city: ISTANBUL },
      checkIn: "2026-12-01",
      checkOut: "2026-12-10",
      rooms: [{ adults: 1, children: 0 }],
    },
  },
  tour: {
    ...route(TEHRAN, KISH),
    fields: { ...route(TEHRAN, KISH).fields, date: "2026-12-01", returnDate: "2026-12-04", adults: "2", children: "2" },
    search: {
      service: "tour",
      places: { from: TEHRAN, to: KISH },
      date: "2026-12-01",
      returnDate: "2026-12-04",
      passengers: { adults: 2, children: 2, infants: 0 },
    },
  },
  insurance: {
    ...single("country", TURKEY),
    fields: { ...single("country", TURKEY).fields, days: "7", travellers: "2", birth1: "1990-01-31", birth2: "۱۳۹۵/۰۱/۰۱" },
    // 1 Farvardin 1395 was Nowruz of 2016, 20 March.
    search: { service: "insurance", places: { country: TURKEY }, days: 7, birthDates: ["1990-01-31", "2016-03-20"] },
  },
};

function validate(service: SearchService, fields: SearchFields, places: Places = VALID[service].places) {
  return validateSearch(service, fields, { today: TODAY, places });
}

/** The errors of the valid form of `service` with some fields changed (undefined removes a field). */
function errorsWith(service: SearchService, changes: Record<string, string | undefined>, places?: Places): SearchErrors {
  const fields: SearchFields = { ...VALID[service].fields };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete fields[name];
    else fields[name] = value;
  }
  const result = validate(service, fields, places);
  return result.ok ? {} : result.errors;
}

function searchWith(service: SearchService, changes: Record<string, string | undefined>): ValidSearch {
  const fields: SearchFields = { ...VALID[service].fields };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete fields[name];
    else fields[name] = value;
  }
  const result = validate(service, fields);
  if (!result.ok) throw new Error(`expected a valid search, got ${JSON.stringify(result.errors)}`);
  return result.search;
}

const FIRST_DATE: Record<SearchService, string | null> = {
  flight: "date",
  internationalflight: "date",
  train: "date",
  bus: "date",
  hotel: "checkIn",
  outHotel: "checkIn",
  tour: "date",
  insurance: null,
};

describe("validateSearch: a complete form", () => {
  it.each(SEARCH_SERVICES)("passes for %s and gives the expected search", (service) => {
    const result = validate(service, VALID[service].fields);
    expect(result).toEqual({ ok: true, search: VALID[service].search });
  });

  it("covers every service", () => {
    expect(Object.keys(VALID).sort()).toEqual([...SEARCH_SERVICES].sort());
  });
});

describe("validateSearch: places", () => {
  it.each(SEARCH_SERVICES)("asks for every place of %s that is neither chosen nor typed", (service) => {
    const changes = Object.fromEntries(
      PLACE_FIELDS[service].flatMap((field) => [
        [field, undefined],
        [`${field}Text`, undefined],
      ]),
    );
    const errors = errorsWith(service, changes, {});
    for (const field of PLACE_FIELDS[service]) expect(errors[field], field).toBe("PLACE_REQUIRED");
  });

  it("counts blank text as nothing typed", () => {
    expect(errorsWith("flight", { from: undefined, fromText: "   " }, { to: MASHHAD })).toEqual({ from: "PLACE_REQUIRED" });
  });

  it.each(SEARCH_SERVICES)("says when the typed text of %s matched no place", (service) => {
    for (const field of PLACE_FIELDS[service]) {
      const places = { ...VALID[service].places, [field]: null };
      const errors = errorsWith(service, { [field]: undefined, [`${field}Text`]: "Atlantis" }, places);
      expect(errors).toEqual({ [field]: "PLACE_UNKNOWN" });
    }
  });

  it("accepts a chosen place whose text was cleared, the id deciding", () => {
    const result = validate("hotel", { ...VALID.hotel.fields, cityText: "" });
    expect(result.ok).toBe(true);
  });

  it("before the server has looked a place up, reports no place error and leaves the place out", () => {
    const result = validate("flight", VALID.flight.fields, {});
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.search.places).toEqual({});
  });

  it("refuses a trip to the place it starts from: the same id", () => {
    const same = route(TEHRAN, TEHRAN);
    expect(errorsWith("flight", same.fields, same.places)).toEqual({ to: "SAME_PLACE" });
    const tour = route(KISH, KISH);
    expect(errorsWith("tour", tour.fields, tour.places)).toEqual({ to: "SAME_PLACE" });
  });

  it("refuses a flight from a city to its own airport: the same IATA code", () => {
    const trip = route(MASHHAD, MHD);
    expect(errorsWith("flight", trip.fields, trip.places)).toEqual({ to: "SAME_PLACE" });
    const back = route(MHD, MASHHAD);
    expect(errorsWith("flight", back.fields, back.places)).toEqual({ to: "SAME_PLACE" });
  });

  it("refuses a train from a city to its own station, and a bus from a terminal to its city", () => {
    const train = route(MASHHAD, MASHHAD_STATION);
    expect(errorsWith("train", train.fields, train.places)).toEqual({ to: "SAME_PLACE" });
    const bus = route(TEHRAN_TERMINAL, TEHRAN);
    expect(errorsWith("bus", bus.fields, bus.places)).toEqual({ to: "SAME_PLACE" });
  });

  it("accepts different places, including two airports and places without codes", () => {
    for (const [service, from, to] of [
      ["flight", THR, MHD],
      ["flight", TEHRAN, MHD],
      ["train", TEHRAN, MASHHAD_STATION],
      ["bus", TEHRAN_TERMINAL, BANDAR_ABBAS],
      ["train", MASHHAD_STATION, place("station:tehran", "station", "Tehran Railway Station", { cityId: "city:tehran" })],
    ] as const) {
      const trip = route(from, to);
      expect(errorsWith(service, trip.fields, trip.places), `${from.id} → ${to.id}`).toEqual({});
    }
  });

  it("does not hide an unknown destination behind SAME_PLACE", () => {
    expect(errorsWith("flight", { to: undefined, toText: "Tehran?" }, { from: TEHRAN, to: null })).toEqual({ to: "PLACE_UNKNOWN" });
  });
});

describe("validateSearch: dates", () => {
  const dated = SEARCH_SERVICES.filter((service) => FIRST_DATE[service] !== null);

  it.each(dated)("%s: the first date is required, real, not past and within a year", (service) => {
    const field = FIRST_DATE[service]!;
    expect(errorsWith(service, { [field]: undefined })[field]).toBe("DATE_REQUIRED");
    expect(errorsWith(service, { [field]: "  " })[field]).toBe("DATE_REQUIRED");
    expect(errorsWith(service, { [field]: "2026-02-30" })[field]).toBe("DATE_INVALID");
    expect(errorsWith(service, { [field]: "1405/12/30" })[field]).toBe("DATE_INVALID");
    expect(errorsWith(service, { [field]: "next week" })[field]).toBe("DATE_INVALID");
    expect(errorsWith(service, { [field]: YESTERDAY })[field]).toBe("DATE_PAST");
    expect(errorsWith(service, { [field]: "1405/08/30" })[field]).toBe("DATE_PAST"); // yesterday in the Persian calendar
    expect(errorsWith(service, { [field]: addDays(TODAY, 366) })[field]).toBe("DATE_TOO_FAR");
  });

  it.each(dated)("%s: today and the last day of the booking horizon are open", (service) => {
    const field = FIRST_DATE[service]!;
    expect(errorsWith(service, { [field]: TODAY })[field]).toBeUndefined();
    expect(errorsWith(service, { [field]: addDays(TODAY, 365) })[field]).toBeUndefined();
  });

  it("a bus date alone makes a valid search on the day", () => {
    expect(searchWith("bus", { date: TODAY }).date).toBe(TODAY);
    expect(searchWith("bus", { date: addDays(TODAY, 365) }).date).toBe("2027-11-22");
  });

  it("a round trip needs a return date, on the return date field", () => {
    expect(errorsWith("flight", { trip: "round" })).toEqual({ returnDate: "RETURN_REQUIRED" });
    expect(errorsWith("internationalflight", { returnDate: undefined })).toEqual({ returnDate: "RETURN_REQUIRED" });
    expect(errorsWith("train", { trip: "round", returnDate: " " })).toEqual({ returnDate: "RETURN_REQUIRED" });
  });

  it("a return date is checked like any travel date", () => {
    expect(errorsWith("flight", { trip: "round", returnDate: "1405/13/01" })).toEqual({ returnDate: "DATE_INVALID" });
    expect(errorsWith("flight", { trip: "round", returnDate: addDays(TODAY, 366) })).toEqual({ returnDate: "DATE_TOO_FAR" });
  });

  it("a return before departure is refused; the same day is fine for a flight or a train", () => {
    expect(errorsWith("flight", { trip: "round", returnDate: "2026-11-30" })).toEqual({ returnDate: "RETURN_BEFORE_DEPARTURE" });
    expect(searchWith("flight", { trip: "round", returnDate: "2026-12-01" }).returnDate).toBe("2026-12-01");
    expect(searchWith("train", { trip: "round", returnDate: "2026-12-01" })).toMatchObject({ trip: "round", returnDate: "2026-12-01" });
  });

  it("a tour always has a return date, at least a day after departure", () => {
    expect(errorsWith("tour", { returnDate: undefined })).toEqual({ returnDate: "RETURN_REQUIRED" });
    expect(errorsWith("tour", { returnDate: "2026-12-01" })).toEqual({ returnDate: "RETURN_BEFORE_DEPARTURE" });
    expect(errorsWith("tour", { returnDate: "2026-11-30" })).toEqual({ returnDate: "RETURN_BEFORE_DEPARTURE" });
    expect(searchWith("tour", { returnDate: "2026-12-02" }).returnDate).toBe("2026-12-02");
  });

  it("a one-way flight drops the return date", () => {
    const search = searchWith("flight", { trip: "oneway", returnDate: "2026-12-05" });
    expect(search.trip).toBe("oneway");
    expect(search).not.toHaveProperty("returnDate");
    expect(searchWith("internationalflight", { trip: undefined }).trip).toBe("oneway");
    expect(searchWith("internationalflight", { trip: "sideways" })).not.toHaveProperty("returnDate");
  });

  it("a one-way flight is not held up by a stale return date it does not use", () => {
    for (const returnDate of ["2026-11-25", YESTERDAY, "garbage"]) {
      const result = validate("flight", { ...VALID.flight.fields, trip: "oneway", returnDate });
      expect(result, returnDate).toEqual({ ok: true, search: VALID.flight.search });
    }
  });

  it("a stay ends after it starts", () => {
    for (const service of ["hotel", "outHotel"] as const) {
      expect(errorsWith(service, { checkOut: "2026-12-01" })).toEqual({ checkOut: "CHECKOUT_NOT_AFTER_CHECKIN" });
      expect(errorsWith(service, { checkOut: "2026-11-30" })).toEqual({ checkOut: "CHECKOUT_NOT_AFTER_CHECKIN" });
      expect(errorsWith(service, { checkOut: undefined })).toEqual({ checkOut: "DATE_REQUIRED" });
      expect(searchWith(service, { checkOut: "2026-12-02" }).checkOut).toBe("2026-12-02");
    }
  });

  it("a stay abroad is at most 9 nights", () => {
    expect(searchWith("outHotel", { checkOut: addDays("2026-12-01", 9) }).checkOut).toBe("2026-12-10");
    expect(errorsWith("outHotel", { checkOut: addDays("2026-12-01", 10) })).toEqual({ checkOut: "STAY_TOO_LONG_ABROAD" });
    expect(errorsWith("outHotel", { checkOut: addDays("2026-12-01", 31) })).toEqual({ checkOut: "STAY_TOO_LONG_ABROAD" });
  });

  it("a stay in Iran may be 30 nights, not more", () => {
    expect(searchWith("hotel", { checkOut: addDays("2026-12-01", 10) }).checkOut).toBe("2026-12-11");
    expect(searchWith("hotel", { checkOut: addDays("2026-12-01", 30) }).checkOut).toBe("2026-12-31");
    expect(errorsWith("hotel", { checkOut: addDays("2026-12-01", 31) })).toEqual({ checkOut: "STAY_TOO_LONG" });
  });
});

describe("passenger rules (spec §5)", () => {
  const cases: {
    counts: Record<string, string>;
    errors: SearchErrors;
    passengers?: { adults: number; children: number; infants: number };
  }[] = [
    { counts: { adults: "0" }, errors: { adults: "ADULT_REQUIRED" } },
    { counts: { adults: "0", infants: "1" }, errors: { adults: "ADULT_REQUIRED" } },
    { counts: { adults: "2", infants: "3" }, errors: { infants: "INFANTS_EXCEED_ADULTS" } },
    { counts: { adults: "5", children: "5" }, errors: { children: "TOO_MANY_PASSENGERS" } },
    { counts: { adults: "10" }, errors: { adults: "TOO_MANY_PASSENGERS" } },
    { counts: { adults: "9", children: "0" }, errors: {}, passengers: { adults: 9, children: 0, infants: 0 } },
    { counts: { adults: "1", children: "8", infants: "1" }, errors: {}, passengers: { adults: 1, children: 8, infants: 1 } },
    { counts: { adults: "3", infants: "3" }, errors: {}, passengers: { adults: 3, children: 0, infants: 3 } },
  ];

  it.each(HAS_PASSENGERS)("%s applies them, each error on its field", (service) => {
    for (const { counts, errors, passengers } of cases) {
      const changes = { adults: undefined, children: undefined, infants: undefined, ...counts };
      expect(errorsWith(service, changes), JSON.stringify(counts)).toEqual(errors);
      if (passengers) expect(searchWith(service, changes).passengers).toEqual(passengers);
    }
  });

  it("passengerErrors gives the same answers from numbers", () => {
    expect(passengerErrors({ adults: 0, children: 0, infants: 0 })).toEqual({ adults: "ADULT_REQUIRED" });
    expect(passengerErrors({ adults: 2, children: 0, infants: 3 })).toEqual({ infants: "INFANTS_EXCEED_ADULTS" });
    expect(passengerErrors({ adults: 5, children: 5, infants: 0 })).toEqual({ children: "TOO_MANY_PASSENGERS" });
    expect(passengerErrors({ adults: 9, children: 0, infants: 0 })).toEqual({});
    expect(passengerErrors({ adults: 10, children: 0, infants: 0 })).toEqual({ adults: "TOO_MANY_PASSENGERS" });
    expect(passengerErrors({ adults: 2, children: 0, infants: 2 })).toEqual({});
    expect(passengerErrors({ adults: 0, children: 10, infants: 0 })).toEqual({ adults: "ADULT_REQUIRED", children: "TOO_MANY_PASSENGERS" });
  });

  it("reads counts typed in Persian or Arabic-Indic digits", () => {
    expect(searchWith("flight", { adults: "۲", children: "١", infants: "۱" }).passengers).toEqual({ adults: 2, children: 1, infants: 1 });
    expect(searchWith("flight", { adults: " 4 " }).passengers).toEqual({ adults: 4, children: 0, infants: 0 });
  });

  it("says which count is not a whole number", () => {
    expect(errorsWith("flight", { adults: "x" })).toEqual({ adults: "COUNT_INVALID" });
    expect(errorsWith("train", { children: "1.5" })).toEqual({ children: "COUNT_INVALID" });
    expect(errorsWith("tour", { infants: "-1" })).toEqual({ infants: "COUNT_INVALID" });
    expect(errorsWith("flight", { adults: "x", children: "y", infants: "2" })).toEqual({
      adults: "COUNT_INVALID",
      children: "COUNT_INVALID",
    });
  });

  it("services without passengers ignore their fields", () => {
    for (const service of ["hotel", "outHotel", "insurance"] as const) {
      const result = validate(service, { ...VALID[service].fields, adults: "x", children: "20", infants: "9" });
      expect(result, service).toEqual({ ok: true, search: VALID[service].search });
    }
  });

  it("readCount falls back on blank and refuses what is not a count", () => {
    expect(readCount(undefined, 1)).toBe(1);
    expect(readCount("  ", 0)).toBe(0);
    expect(readCount("۷", 0)).toBe(7);
    expect(readCount("٩", 0)).toBe(9);
    expect(readCount("12", 0)).toBe(12);
    for (const text of ["x", "1e1", "+1", "-1", "0x1", "1 2", "100"]) expect(readCount(text, 0), text).toBeNull();
    expect(readCount("۳۶۵", 0, 3)).toBe(365);
    expect(readCount("1000", 0, 3)).toBeNull();
  });

  it("passengerLimits tells the steppers how many more each may take", () => {
    expect(passengerLimits({ adults: 1, children: 0, infants: 0 })).toEqual({ adults: 8, children: 8, infants: 1 });
    expect(passengerLimits({ adults: 2, children: 1, infants: 1 })).toEqual({ adults: 6, children: 6, infants: 1 });
    expect(passengerLimits({ adults: 5, children: 4, infants: 5 })).toEqual({ adults: 0, children: 0, infants: 0 });
    // Over a limit already: never a negative allowance.
    expect(passengerLimits({ adults: 2, children: 9, infants: 3 })).toEqual({ adults: 0, children: 0, infants: 0 });
  });

  it("passengerLimits and passengerErrors agree: adding up to a limit is fine, one more breaks a rule", () => {
    for (const start of [
      { adults: 1, children: 0, infants: 0 },
      { adults: 3, children: 2, infants: 1 },
      { adults: 4, children: 5, infants: 2 },
    ]) {
      const limits = passengerLimits(start);
      for (const kind of ["adults", "children", "infants"] as const) {
        expect(passengerErrors({ ...start, [kind]: start[kind] + limits[kind] }), `${kind} at limit`).toEqual({});
        expect(passengerErrors({ ...start, [kind]: start[kind] + limits[kind] + 1 }), `${kind} over limit`).not.toEqual({});
      }
    }
  });
});

describe("hotel rooms", () => {
  it("each room needs an adult and fits at most 4 adults and 3 children", () => {
    expect(errorsWith("hotel", { room2Adults: "0" })).toEqual({ room2Adults: "ROOM_ADULT_REQUIRED" });
    expect(errorsWith("hotel", { room1Adults: "5" })).toEqual({ room1Adults: "ROOM_TOO_MANY_GUESTS" });
    expect(errorsWith("outHotel", { room1Children: "4" })).toEqual({ room1Children: "ROOM_TOO_MANY_GUESTS" });
    expect(errorsWith("hotel", { room2Children: "z" })).toEqual({ room2Children: "COUNT_INVALID" });
    expect(searchWith("hotel", { room1Adults: "4", room1Children: "3" }).rooms?.[0]).toEqual({ adults: 4, children: 3 });
  });

  it("ignores rooms beyond the number asked for", () => {
    const search = searchWith("hotel", { rooms: "1", room2Adults: "0", room3Adults: "9" });
    expect(search.rooms).toEqual([{ adults: 2, children: 1 }]);
  });

  it("reads the number of rooms as typed, within 1 to 4", () => {
    expect(searchWith("hotel", { rooms: "۲" }).rooms).toHaveLength(2);
    expect(searchWith("hotel", { rooms: undefined }).rooms).toHaveLength(1);
    expect(searchWith("hotel", { rooms: "0" }).rooms).toHaveLength(1);
    expect(searchWith("hotel", { rooms: "x" }).rooms).toHaveLength(1);
    const many = searchWith("hotel", { rooms: "9" }).rooms;
    expect(many).toEqual([
      { adults: 2, children: 1 },
      { adults: 1, children: 0 },
      { adults: 1, children: 0 },
      { adults: 1, children: 0 },
    ]);
  });
});

describe("travel insurance", () => {
  it("needs a trip length, one of the insurers' durations", () => {
    expect(errorsWith("insurance", { days: undefined })).toEqual({ days: "DURATION_REQUIRED" });
    expect(errorsWith("insurance", { days: "0" })).toEqual({ days: "DURATION_REQUIRED" });
    expect(errorsWith("insurance", { days: "8" })).toEqual({ days: "CHOICE_INVALID" });
    expect(errorsWith("insurance", { days: "x" })).toEqual({ days: "DURATION_REQUIRED" });
    expect(errorsWith("insurance", { days: "364" })).toEqual({ days: "CHOICE_INVALID" });
  });

  it.each(INSURANCE_DURATIONS)("accepts a trip of %i days", (days) => {
    expect(searchWith("insurance", { days: String(days) }).days).toBe(days);
  });

  it("reads the trip length in Persian digits", () => {
    expect(searchWith("insurance", { days: "۱۵" }).days).toBe(15);
  });

  it("needs a real birth date for each traveller, not in the future nor over 100 years ago", () => {
    expect(errorsWith("insurance", { birth2: "2026-11-23" })).toEqual({ birth2: "BIRTH_DATE_FUTURE" });
    expect(errorsWith("insurance", { birth1: addYears(TODAY, -101) })).toEqual({ birth1: "BIRTH_DATE_INVALID" });
    expect(errorsWith("insurance", { birth1: addDays(addYears(TODAY, -100), -1) })).toEqual({ birth1: "BIRTH_DATE_INVALID" });
    expect(errorsWith("insurance", { birth1: "1990-02-30" })).toEqual({ birth1: "BIRTH_DATE_INVALID" });
    expect(errorsWith("insurance", { birth1: "01/31/1990" })).toEqual({ birth1: "BIRTH_DATE_INVALID" });
    expect(errorsWith("insurance", { birth2: undefined })).toEqual({ birth2: "BIRTH_DATE_REQUIRED" });
    expect(errorsWith("insurance", { birth2: "  " })).toEqual({ birth2: "BIRTH_DATE_REQUIRED" });
  });

  it("accepts a newborn and a traveller of exactly 100", () => {
    expect(searchWith("insurance", { birth2: TODAY }).birthDates).toEqual(["1990-01-31", TODAY]);
    expect(searchWith("insurance", { birth1: "1926-11-22" }).birthDates?.[0]).toBe("1926-11-22");
  });

  it("asks for as many birth dates as travellers, and ignores the rest", () => {
    expect(searchWith("insurance", { travellers: "1" }).birthDates).toEqual(["1990-01-31"]);
    expect(searchWith("insurance", { travellers: undefined, birth2: "garbage" }).birthDates).toEqual(["1990-01-31"]);
    expect(errorsWith("insurance", { travellers: "3" })).toEqual({ birth3: "BIRTH_DATE_REQUIRED" });
    // At most 9 travellers: a larger count asks for 9 birth dates.
    const errors = errorsWith("insurance", { travellers: "50" });
    expect(Object.keys(errors).sort()).toEqual(["birth3", "birth4", "birth5", "birth6", "birth7", "birth8", "birth9"]);
  });
});

describe("cabins and train options", () => {
  it("first class is sold on international flights only", () => {
    expect(errorsWith("flight", { cabin: "first" })).toEqual({ cabin: "CHOICE_INVALID" });
    expect(errorsWith("flight", { cabin: "premium" })).toEqual({ cabin: "CHOICE_INVALID" });
    expect(searchWith("flight", { cabin: "business" }).cabin).toBe("business");
    expect(searchWith("internationalflight", { cabin: "first" }).cabin).toBe("first");
    expect(searchWith("internationalflight", { cabin: "premium" }).cabin).toBe("premium");
    expect(errorsWith("internationalflight", { cabin: "deck" })).toEqual({ cabin: "CHOICE_INVALID" });
  });

  it("economy is the cabin when none is chosen", () => {
    expect(searchWith("flight", { cabin: undefined }).cabin).toBe("economy");
    expect(searchWith("internationalflight", { cabin: "" }).cabin).toBe("economy");
  });

  it("a train's coupe box books the whole compartment", () => {
    expect(searchWith("train", { coupe: "1" }).wholeCompartment).toBe(true);
    expect(searchWith("train", { coupe: "on" }).wholeCompartment).toBe(true);
    expect(searchWith("train", { coupe: undefined }).wholeCompartment).toBe(false);
    expect(searchWith("train", { coupe: "0" }).wholeCompartment).toBe(false);
  });

  it("a train ticket is for everyone, brothers or sisters; old links' men and women still mean those", () => {
    expect(searchWith("train", { ticketType: undefined }).ticketType).toBe("general");
    expect(searchWith("train", { ticketType: "brothers" }).ticketType).toBe("brothers");
    expect(searchWith("train", { ticketType: "men" }).ticketType).toBe("brothers");
    expect(searchWith("train", { ticketType: "Women" }).ticketType).toBe("sisters");
    expect(errorsWith("train", { ticketType: "kids" })).toEqual({ ticketType: "CHOICE_INVALID" });
    expect(errorsWith("train", { ticketType: "constructor" })).toEqual({ ticketType: "CHOICE_INVALID" });
  });
});

describe("readSearchFields", () => {
  it("takes only the service's fields, skipping empty ones", () => {
    const query = new URLSearchParams({
      from: "city:tehran",
      fromText: "Tehran",
      date: "2026-12-01",
      evil: "<script>",
      checkIn: "2026-12-01",
      birth1: "1990-01-01",
      returnDate: "",
    });
    expect(readSearchFields("flight", query)).toEqual({ from: "city:tehran", fromText: "Tehran", date: "2026-12-01" });
  });

  it("reads each service's own field names", () => {
    const query = new URLSearchParams({
      city: "city:mashhad",
      checkIn: "2026-12-01",
      room4Adults: "2",
      room5Adults: "2",
      date: "2026-12-01",
      birth9: "2000-01-01",
      birth10: "2000-01-01",
      days: "7",
    });
    expect(readSearchFields("hotel", query)).toEqual({ city: "city:mashhad", checkIn: "2026-12-01", room4Adults: "2" });
    expect(readSearchFields("insurance", query)).toEqual({ birth9: "2000-01-01", days: "7" });
  });

  it("cuts long values to MAX_FIELD_LENGTH", () => {
    const long = "م".repeat(500);
    const fields = readSearchFields("bus", new URLSearchParams({ fromText: long, toText: "short" }));
    expect(fields.fromText).toHaveLength(MAX_FIELD_LENGTH);
    expect(fields.fromText).toBe(long.slice(0, MAX_FIELD_LENGTH));
    expect(fields.toText).toBe("short");
  });

  it("reads a form's own fields back in full, for every service", () => {
    for (const service of SEARCH_SERVICES) {
      const source = new Map(Object.entries(VALID[service].fields));
      const fields = readSearchFields(service, { get: (name) => source.get(name) ?? null });
      expect(fields, service).toEqual(VALID[service].fields);
    }
  });

  it("formFieldNames has no duplicates", () => {
    for (const service of SEARCH_SERVICES) {
      const names = formFieldNames(service);
      expect(new Set(names).size, service).toBe(names.length);
    }
  });
});

describe("nightsOf", () => {
  it("counts nights between dates as typed, in either calendar", () => {
    expect(nightsOf("2026-12-01", "2026-12-04")).toBe(3);
    expect(nightsOf("1405/09/10", "1405/09/20")).toBe(10);
    expect(nightsOf("۱۴۰۵/۰۹/۱۰", "2026-12-02")).toBe(1);
  });

  it("is null unless both are real dates in order", () => {
    expect(nightsOf("2026-12-04", "2026-12-01")).toBeNull();
    expect(nightsOf("2026-12-01", "2026-12-01")).toBeNull();
    expect(nightsOf(undefined, "2026-12-01")).toBeNull();
    expect(nightsOf("2026-12-01", undefined)).toBeNull();
    expect(nightsOf("2026-12-01", "2026-02-30")).toBeNull();
    expect(nightsOf("", "2026-12-04")).toBeNull();
  });
});

describe("small helpers", () => {
  it("isSearchService knows the services", () => {
    expect(isSearchService("outHotel")).toBe(true);
    expect(isSearchService("spaceflight")).toBe(false);
    expect(isSearchService(undefined)).toBe(false);
  });

  it("isSearchableDate keeps dates from today on", () => {
    expect(isSearchableDate(TODAY, TODAY)).toBe(true);
    expect(isSearchableDate("1405/09/10", TODAY)).toBe(true);
    expect(isSearchableDate(YESTERDAY, TODAY)).toBe(false);
    expect(isSearchableDate("soon", TODAY)).toBe(false);
    expect(isSearchableDate(undefined, TODAY)).toBe(false);
  });
});
