import { describe, expect, it } from "vitest";
import type { SelectionResult } from "../booking/selection.ts";
import { addDays } from "../search/dates.ts";
import type { HeldHotelOffer } from "./hotel.ts";
import { hotelSelection } from "./hotel-selection.ts";
import { testHotelSupplier } from "./test-hotels.ts";

// Stays are fixed days: the test supplier sells any date, so nothing depends on today.
const CHECK_IN = "2026-12-10";
const offerOf = (roomTypeId: string, nights = 2, checkIn = CHECK_IN) => [roomTypeId, checkIn, addDays(checkIn, nights)].join("|");
const DOUBLE = offerOf("darvishi:double");
const TWIN = offerOf("darvishi:twin");
const leads = (count: number) => ({ adults: count, children: 0, infants: 0 });
const rooms = (...guests: [unknown, unknown][]) => ({ rooms: guests.map(([adults, children]) => ({ guests: { adults, children } })) });
const traveller = (nationality?: string, type = "adult") => ({ type, nationality });

function held(result: SelectionResult): HeldHotelOffer[] {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result.selection.offers.map((item) => item.offer as HeldHotelOffer);
}

function errorsOf(result: SelectionResult): Record<string, string> {
  if (result.ok || result.error !== "INVALID") throw new Error(`not refused on fields: ${JSON.stringify(result)}`);
  return result.errors;
}

describe("hotelSelection", () => {
  it("holds one item per room, each with its guests, lead guest and price for the stay", async () => {
    const result = await hotelSelection(testHotelSupplier()).prepare([DOUBLE, TWIN], leads(2), "fa", rooms([2, 0], [1, 1]), [
      traveller("IR"),
      traveller(),
    ]);
    expect(result.ok && result.selection).toMatchObject({
      service: "hotel",
      supplierName: "test-hotels",
      offers: [
        { offerId: DOUBLE, units: 1 },
        { offerId: TWIN, units: 1 },
      ],
      itemPrices: [
        { base: 2 * 3_200_000, taxes: 0 },
        { base: 2 * 3_000_000, taxes: 0 },
      ],
      requirements: { lastFlightDate: "2026-12-12", passportForEveryone: false, latinNamesRequired: false },
    });
    expect(
      held(result).map(({ guests, leadPassenger, extraBed, foreignRate }) => ({ guests, leadPassenger, extraBed, foreignRate })),
    ).toEqual([
      { guests: { adults: 2, children: 0 }, leadPassenger: 0, extraBed: false, foreignRate: false },
      { guests: { adults: 1, children: 1 }, leadPassenger: 1, extraBed: false, foreignRate: false },
    ]);
  });

  it("prices an extra bed for every night when the guests pass the room's capacity", async () => {
    const result = await hotelSelection(testHotelSupplier()).prepare([DOUBLE], leads(1), "en", rooms(["۲", "۱"]));
    expect(held(result)[0]).toMatchObject({ extraBed: true, guests: { adults: 2, children: 1 }, price: 2 * 3_200_000 + 2 * 900_000 });
  });

  it("charges the foreign-guest rate when the lead guest is not Iranian and the room has one", async () => {
    const hotels = testHotelSupplier();
    const result = await hotelSelection(hotels).prepare([DOUBLE, TWIN], leads(2), "en", rooms([1, 0], [1, 0]), [
      traveller("de"),
      traveller("TR"),
    ]);
    const [double, twin] = held(result);
    expect(double).toMatchObject({ foreignRate: true, price: 2 * 4_100_000 });
    // The twin room has no foreign rate: everyone pays its one rate.
    expect(twin).toMatchObject({ foreignRate: false, price: 2 * 3_000_000 });
  });

  it("sells the same room twice while two are left on every night, and refuses a third when two are left", async () => {
    const hotels = testHotelSupplier();
    hotels.closeNight("darvishi:double", addDays(CHECK_IN, 1), 2);
    const two = await hotelSelection(hotels).prepare([DOUBLE, DOUBLE], leads(2), "fa", rooms([1, 0], [2, 0]));
    expect(held(two).map((offer) => offer.leadPassenger)).toEqual([0, 1]);
    const three = await hotelSelection(hotels).prepare([DOUBLE, DOUBLE, DOUBLE], leads(3), "fa", rooms([1, 0], [1, 0], [1, 0]));
    expect(three).toEqual({ ok: false, error: "SOLD_OUT" });
  });

  it("refuses a room closed on one night of the stay, and an offer the supplier does not know", async () => {
    const hotels = testHotelSupplier();
    hotels.closeNight("darvishi:twin", CHECK_IN);
    expect(await hotelSelection(hotels).prepare([DOUBLE, TWIN], leads(2), "fa", rooms([1, 0], [1, 0]))).toEqual({
      ok: false,
      error: "SOLD_OUT",
    });
    expect(await hotelSelection(hotels).prepare(["nowhere|2026-12-10|2026-12-12"], leads(1), "fa")).toEqual({
      ok: false,
      error: "OFFER_NOT_FOUND",
    });
    expect(await hotelSelection(hotels).prepare([], leads(1), "fa")).toEqual({ ok: false, error: "OFFER_NOT_FOUND" });
  });

  it("refuses rooms of two hotels or two stays in one booking", async () => {
    const selection = hotelSelection(testHotelSupplier());
    expect(await selection.prepare([DOUBLE, offerOf("razi:single")], leads(2), "fa")).toEqual({ ok: false, error: "OFFER_NOT_FOUND" });
    expect(await selection.prepare([DOUBLE, offerOf("darvishi:twin", 3)], leads(2), "fa")).toEqual({ ok: false, error: "OFFER_NOT_FOUND" });
  });

  it("refuses guests that do not fit a room even with its extra bed, on that room's field", async () => {
    const selection = hotelSelection(testHotelSupplier());
    // The double sleeps two and one more on an extra bed; the twin has no extra bed.
    const result = await selection.prepare([DOUBLE, TWIN], leads(2), "fa", rooms([3, 1], [2, 1]));
    expect(errorsOf(result)).toEqual({ "rooms.0.guests": "ROOM_GUESTS_EXCEED", "rooms.1.guests": "ROOM_GUESTS_EXCEED" });
    expect(result.ok === false && result.error === "INVALID" && result.requirements).toBeTruthy();
  });

  it.each([
    ["no adult", rooms([0, 1]), { "rooms.0.guests": "CHOICE_INVALID" }],
    ["words for numbers", rooms(["two", 0]), { "rooms.0.guests": "CHOICE_INVALID" }],
    ["a negative child count", rooms([1, -1]), { "rooms.0.guests": "CHOICE_INVALID" }],
    ["fewer rooms than offers", rooms(), { rooms: "CHOICE_INVALID" }],
    ["no rooms list", { rooms: "2-0" }, { rooms: "CHOICE_INVALID" }],
    ["not an object", "rooms", { rooms: "CHOICE_INVALID" }],
  ])("refuses unreadable guests: %s", async (_case, choices, expected) => {
    expect(errorsOf(await hotelSelection(testHotelSupplier()).prepare([DOUBLE], leads(1), "fa", choices))).toEqual(expected);
  });

  it("needs exactly one adult lead guest per room", async () => {
    const selection = hotelSelection(testHotelSupplier());
    const twoRooms = rooms([1, 0], [1, 0]);
    expect(errorsOf(await selection.prepare([DOUBLE, TWIN], leads(1), "fa", twoRooms))).toEqual({ passengers: "ROOM_LEAD_REQUIRED" });
    expect(errorsOf(await selection.prepare([DOUBLE], leads(2), "fa", rooms([2, 0])))).toEqual({ passengers: "ROOM_LEAD_REQUIRED" });
    expect(
      errorsOf(await selection.prepare([DOUBLE], { adults: 1, children: 1, infants: 0 }, "fa", rooms([2, 0]), [traveller(), traveller()])),
    ).toEqual({ passengers: "ROOM_LEAD_REQUIRED" });
  });

  it("books a stay abroad as intHotel with passports for everyone, up to 9 nights and no more", async () => {
    const selection = hotelSelection(testHotelSupplier());
    const nine = await selection.prepare([offerOf("golden-horn:double", 9)], leads(1), "en", rooms([2, 0]));
    expect(nine.ok && nine.selection).toMatchObject({
      service: "intHotel",
      itemPrices: [{ base: 9 * 4_800_000, taxes: 0 }],
      requirements: { passportForEveryone: true, passportValidMonths: 6, latinNamesRequired: true, lastFlightDate: addDays(CHECK_IN, 9) },
    });
    const ten = await selection.prepare([offerOf("golden-horn:double", 10)], leads(1), "en", rooms([2, 0]));
    expect(errorsOf(ten)).toEqual({ checkOut: "STAY_TOO_LONG" });
  });

  it("prices each room for one adult before the guests are sent", async () => {
    const result = await hotelSelection(testHotelSupplier()).prepare([DOUBLE], leads(1), "fa");
    expect(held(result)[0]).toMatchObject({ guests: { adults: 1, children: 0 }, extraBed: false, price: 2 * 3_200_000 });
  });
});
