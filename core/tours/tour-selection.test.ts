import { describe, expect, it } from "vitest";
import type { SelectionResult } from "../booking/selection.ts";
import { testTourId, testTourSupplier } from "./test-tours.ts";
import { tourOfferId } from "./tour.ts";
import type { HeldTourOffer } from "./tour.ts";
import { tourSelection } from "./tour-selection.ts";

// The test departures fall a fixed number of days after this day, whatever the calendar says.
const TODAY = "2026-12-01";
const KISH = tourOfferId(testTourId("kish", TODAY), "kish-dariush");
const MASHHAD = tourOfferId(testTourId("mashhad", TODAY), "mashhad-darvishi");
const ISTANBUL = tourOfferId(testTourId("istanbul", TODAY), "istanbul-golden-horn");
/** The Mashhad group leaves on 2026-12-13 at noon. */
const DEPARTURE_DAY = "2026-12-13";

const party = (adults: number, children = 0, infants = 0) => ({ adults, children, infants });
const room = (adults: unknown, childrenWithBed: unknown = 0, childrenNoBed: unknown = 0, infants: unknown = 0) => ({
  adults,
  childrenWithBed,
  childrenNoBed,
  infants,
});
const travellers = (count: number) => Array.from({ length: count }, () => ({ type: "adult" }));
const flight = { airline: "Iran Air", flightNumber: "IR 451", arrivesAt: `${DEPARTURE_DAY}T10:45` };

function heldOf(result: SelectionResult): HeldTourOffer {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result.selection.offers[0]!.offer as HeldTourOffer;
}

function errorsOf(result: SelectionResult): Record<string, string> {
  if (result.ok || result.error !== "INVALID") throw new Error(`not refused on fields: ${JSON.stringify(result)}`);
  return result.errors;
}

describe("tourSelection", () => {
  it("holds one item for the whole party: every room priced by occupancy, a seat for each adult and child", async () => {
    const tours = testTourSupplier({ today: TODAY });
    const result = await tourSelection(tours).prepare([KISH], party(3, 1, 1), "fa", { rooms: [room(2, 1, 0, 1), room(1)] }, travellers(5));
    // Two adults at the double rate, a child with a bed and an infant; one adult at the single rate.
    const first = 2 * 21_000_000 + 12_000_000 + 2_000_000;
    expect(result.ok && result.selection).toMatchObject({
      service: "tour",
      supplierName: "test-tours",
      offers: [{ offerId: KISH, units: 4 }],
      itemPrices: [{ base: first + 30_000_000, taxes: 0 }],
      requirements: { lastFlightDate: "2026-12-14", passportForEveryone: false, latinNamesRequired: false },
    });
    expect(heldOf(result)).toMatchObject({
      seats: 4,
      price: first + 30_000_000,
      ownFlight: null,
      rooms: [
        { adults: 2, childrenWithBed: 1, childrenNoBed: 0, infants: 1, price: first },
        { adults: 1, childrenWithBed: 0, childrenNoBed: 0, infants: 0, price: 30_000_000 },
      ],
      hotel: { hotelId: "kish-dariush" },
    });
  });

  it("sells a departure abroad as intTour, with passports for everyone valid 6 months after the return", async () => {
    const result = await tourSelection(testTourSupplier({ today: TODAY })).prepare([ISTANBUL], party(2), "en", { rooms: [room("۲")] });
    expect(result.ok && result.selection).toMatchObject({
      service: "intTour",
      itemPrices: [{ base: 90_000_000, taxes: 0 }],
      requirements: { lastFlightDate: "2026-12-25", passportForEveryone: true, passportValidMonths: 6, latinNamesRequired: true },
    });
  });

  it("prices the whole party in one room when no rooms are sent yet", async () => {
    const result = await tourSelection(testTourSupplier({ today: TODAY })).prepare([KISH], party(2, 2), "fa");
    expect(heldOf(result).rooms).toEqual([{ adults: 2, childrenWithBed: 1, childrenNoBed: 1, infants: 0, price: 62_000_000 }]);
    // A party no room sleeps is refused on its room.
    expect(errorsOf(await tourSelection(testTourSupplier({ today: TODAY })).prepare([KISH], party(4), "fa"))).toEqual({
      "rooms.0": "TOUR_ROOM_INVALID",
    });
  });

  it.each([
    ["no rooms", { rooms: [] }, { rooms: "CHOICE_INVALID" }],
    ["rooms that are not a list", { rooms: "2-0-0-0" }, { rooms: "CHOICE_INVALID" }],
    ["more than four rooms", { rooms: [room(1), room(1), room(1), room(1), room(1)] }, { rooms: "CHOICE_INVALID" }],
    ["an unreadable count", { rooms: [room("two")] }, { "rooms.0": "TOUR_ROOM_INVALID" }],
    ["four adults in a room", { rooms: [room(4)] }, { "rooms.0": "TOUR_ROOM_INVALID" }],
    ["two children on extra beds", { rooms: [room(1), room(1, 2)] }, { "rooms.1": "TOUR_ROOM_INVALID" }],
    ["more infants than adults", { rooms: [room(1, 0, 0, 2)] }, { "rooms.0": "TOUR_ROOM_INVALID" }],
    ["rooms short of the party", { rooms: [room(1)] }, { rooms: "TOUR_ROOMS_PARTY_MISMATCH" }],
    ["rooms holding more than the party", { rooms: [room(2), room(1)] }, { rooms: "TOUR_ROOMS_PARTY_MISMATCH" }],
  ])("refuses %s on its field", async (_case, choices, expected) => {
    const result = await tourSelection(testTourSupplier({ today: TODAY })).prepare([KISH], party(2), "fa", choices, travellers(2));
    expect(errorsOf(result)).toEqual(expected);
  });

  it("requires the own flight of a land-only package with the travellers, and keeps it normalised", async () => {
    const selection = tourSelection(testTourSupplier({ today: TODAY }));
    const missing = await selection.prepare([MASHHAD], party(2), "fa", { rooms: [room(2)] }, travellers(2));
    expect(errorsOf(missing)).toEqual({
      "ownFlight.airline": "OWN_FLIGHT_REQUIRED",
      "ownFlight.flightNumber": "OWN_FLIGHT_REQUIRED",
      "ownFlight.arrivesAt": "OWN_FLIGHT_REQUIRED",
    });
    const given = { rooms: [room(2)], ownFlight: { airline: " Iran  Air ", flightNumber: "ir۴۵۱", arrivesAt: `${DEPARTURE_DAY}T10:45` } };
    const held = heldOf(await selection.prepare([MASHHAD], party(2), "fa", given, travellers(2)));
    expect(held.ownFlight).toEqual({ airline: "Iran Air", flightNumber: "IR 451", arrivesAt: `${DEPARTURE_DAY}T10:45` });
    // A page pricing the rooms, before the travellers' form, is not asked for it yet.
    expect(heldOf(await selection.prepare([MASHHAD], party(2), "fa", { rooms: [room(2)] })).ownFlight).toBeNull();
    // A package with its own transport keeps no flight the client sent.
    expect(
      heldOf(await selection.prepare([KISH], party(2), "fa", { rooms: [room(2)], ownFlight: flight }, travellers(2))).ownFlight,
    ).toBeNull();
  });

  it.each([
    ["a flight number without its airline code", { flightNumber: "451" }, "ownFlight.flightNumber"],
    ["a flight number too long", { flightNumber: "IR 45123" }, "ownFlight.flightNumber"],
    ["an arrival two days early", { arrivesAt: "2026-12-11T10:45" }, "ownFlight.arrivesAt"],
    ["an arrival after the group left", { arrivesAt: "2026-12-14T09:00" }, "ownFlight.arrivesAt"],
    ["an arrival that is no time", { arrivesAt: `${DEPARTURE_DAY}T25:10` }, "ownFlight.arrivesAt"],
    ["an arrival on no real day", { arrivesAt: "2026-02-30T10:00" }, "ownFlight.arrivesAt"],
    ["an airline name of a paragraph", { airline: "x".repeat(61) }, "ownFlight.airline"],
  ])("refuses an own flight with %s", async (_case, change, field) => {
    const result = await tourSelection(testTourSupplier({ today: TODAY })).prepare(
      [MASHHAD],
      party(2),
      "en",
      { rooms: [room(2)], ownFlight: { ...flight, ...change } },
      travellers(2),
    );
    expect(errorsOf(result)).toEqual({ [field]: "OWN_FLIGHT_INVALID" });
  });

  it("accepts a flight landing the evening before, and a designator with a digit", async () => {
    const result = await tourSelection(testTourSupplier({ today: TODAY })).prepare(
      [MASHHAD],
      party(2),
      "en",
      { rooms: [room(2)], ownFlight: { airline: "Mahan Air", flightNumber: "W5 1234", arrivesAt: "2026-12-12T21:30" } },
      travellers(2),
    );
    expect(heldOf(result).ownFlight).toMatchObject({ flightNumber: "W5 1234" });
  });

  it("answers SOLD_OUT when the departure has fewer seats than the adults and children", async () => {
    const tours = testTourSupplier({ today: TODAY });
    tours.setSeats(testTourId("kish", TODAY), 3);
    const choices = { rooms: [room(2, 1, 1, 1)] };
    expect(await tourSelection(tours).prepare([KISH], party(2, 2, 1), "fa", choices, travellers(5))).toEqual({
      ok: false,
      error: "SOLD_OUT",
    });
    // Infants sit on a lap: three seats carry two adults, a child and an infant.
    expect((await tourSelection(tours).prepare([KISH], party(2, 1, 1), "fa", { rooms: [room(2, 1, 0, 1)] }, travellers(4))).ok).toBe(true);
  });

  it("refuses an offer the supplier does not know, a departure without seats, and more than one offer", async () => {
    const tours = testTourSupplier({ today: TODAY });
    const selection = tourSelection(tours);
    expect(await selection.prepare([tourOfferId(testTourId("kish", TODAY), "nowhere")], party(1), "fa")).toEqual({
      ok: false,
      error: "OFFER_NOT_FOUND",
    });
    expect(await selection.prepare([KISH, ISTANBUL], party(1), "fa")).toEqual({ ok: false, error: "OFFER_NOT_FOUND" });
    expect(await selection.prepare([], party(1), "fa")).toEqual({ ok: false, error: "OFFER_NOT_FOUND" });
    tours.setSeats(testTourId("kish", TODAY), 0);
    expect(await selection.prepare([KISH], party(1), "fa")).toEqual({ ok: false, error: "SOLD_OUT" });
  });
});
