import { describe, expect, it } from "vitest";
import { addDays } from "../search/dates.ts";
import { hotelSearchFromPage, parseHotelSearch, readRooms, roomTexts, searchHotels } from "./search-hotels.ts";
import { testHotelSupplier } from "./test-hotels.ts";

const TODAY = "2026-11-25";
const IN = addDays(TODAY, 10);
const input = (overrides: Partial<Parameters<typeof parseHotelSearch>[0]> = {}) => ({
  city: "mashhad",
  region: "iran" as const,
  checkIn: IN,
  checkOut: addDays(IN, 2),
  rooms: ["2-1", "1-0"],
  ...overrides,
});

describe("a hotel search", () => {
  it("reads the city, the stay and each room", () => {
    expect(parseHotelSearch(input(), TODAY)).toEqual({
      ok: true,
      query: {
        city: "mashhad",
        region: "iran",
        checkIn: IN,
        checkOut: addDays(IN, 2),
        rooms: [
          { adults: 2, children: 1 },
          { adults: 1, children: 0 },
        ],
      },
    });
  });

  it("reads the pages' repeated room and the API's listed rooms alike, in any digit set", () => {
    expect(roomTexts(new URLSearchParams("room=2-1&room=۱-۰"), "room")).toEqual(["2-1", "۱-۰"]);
    expect(roomTexts(new URLSearchParams("rooms=2-1,1-0"), "rooms")).toEqual(["2-1", "1-0"]);
    expect(readRooms(["۲-۱", "١-٠"])).toEqual({
      ok: true,
      rooms: [
        { adults: 2, children: 1 },
        { adults: 1, children: 0 },
      ],
    });
    expect(readRooms([])).toEqual({ ok: true, rooms: [{ adults: 2, children: 0 }] });
    const page = hotelSearchFromPage(new URLSearchParams(`checkIn=${IN}&checkOut=${addDays(IN, 1)}&room=3-0`), "istanbul", "abroad", TODAY);
    expect(page.ok && page.query).toMatchObject({ city: "istanbul", region: "abroad", rooms: [{ adults: 3, children: 0 }] });
  });

  it.each([
    ["five rooms", ["1-0", "1-0", "1-0", "1-0", "1-0"], "ROOMS_INVALID"],
    ["a room without its children", ["2"], "ROOMS_INVALID"],
    ["words", ["two-one"], "ROOMS_INVALID"],
    ["a room without an adult", ["0-2"], "ROOM_ADULT_REQUIRED"],
    ["five adults in a room", ["5-0"], "ROOM_TOO_MANY_GUESTS"],
    ["four children in a room", ["2-4"], "ROOM_TOO_MANY_GUESTS"],
  ])("refuses rooms: %s", (_case, rooms, error) => {
    expect(parseHotelSearch(input({ rooms }), TODAY)).toEqual({ ok: false, errors: { rooms: error } });
  });

  it.each([
    ["no city", { city: null }, { city: "CITY_INVALID" }],
    ["a city that is not a slug", { city: "Mash had" }, { city: "CITY_INVALID" }],
    ["no check-in", { checkIn: null }, { checkIn: "DATE_INVALID" }],
    ["a past check-in", { checkIn: addDays(TODAY, -1) }, { checkIn: "DATE_PAST" }],
    ["a check-in past the horizon", { checkIn: addDays(TODAY, 400), checkOut: addDays(TODAY, 401) }, { checkIn: "DATE_TOO_FAR" }],
    ["check-out on check-in", { checkOut: IN }, { checkOut: "CHECKOUT_NOT_AFTER_CHECKIN" }],
    ["a stay of 31 nights at home", { checkOut: addDays(IN, 31) }, { checkOut: "STAY_TOO_LONG" }],
    ["a stay of 10 nights abroad", { region: "abroad" as const, checkOut: addDays(IN, 10) }, { checkOut: "STAY_TOO_LONG_ABROAD" }],
  ])("refuses %s on its field", (_case, overrides, errors) => {
    expect(parseHotelSearch(input(overrides), TODAY)).toEqual({ ok: false, errors });
  });

  it("allows 9 nights abroad and 30 at home", () => {
    expect(parseHotelSearch(input({ region: "abroad", checkOut: addDays(IN, 9) }), TODAY).ok).toBe(true);
    expect(parseHotelSearch(input({ checkOut: addDays(IN, 30) }), TODAY).ok).toBe(true);
  });

  it("asks the supplier, or says hotels are unavailable without one", async () => {
    const parsed = parseHotelSearch(input(), TODAY);
    if (!parsed.ok) throw new Error("refused");
    const found = await searchHotels(testHotelSupplier(), parsed.query);
    expect(found.ok && found.hotels.map((hotel) => hotel.hotelId).sort()).toEqual(["darvishi", "razi"]);
    expect(await searchHotels(null, parsed.query)).toEqual({ ok: false, error: "HOTELS_UNAVAILABLE" });
  });
});
