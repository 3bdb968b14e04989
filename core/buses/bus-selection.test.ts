import { describe, expect, it } from "vitest";
import type { SelectionResult } from "../booking/selection.ts";
import type { HeldBusOffer } from "./bus.ts";
import { busItemPrice, busSelection } from "./bus-selection.ts";
import { testBus, testBusSupplier } from "./test-buses.ts";

// The test layout (2+1): row 1 is seats 1 (alone), 2 and 3 (a pair); row 2 is 4, 5 and 6; row 3 is 7, 8 and 9.
const OFFER = testBus().offerId;
const party = (adults: number, children = 0, infants = 0) => ({ adults, children, infants });
const seat = (number: unknown, passenger: unknown, gender: unknown = "male") => ({ number, passenger, gender });

function setup(taken: Record<number, "male" | "female"> = {}) {
  const buses = testBusSupplier();
  buses.taken.set(OFFER, taken);
  return busSelection(buses);
}

function heldOf(result: SelectionResult): HeldBusOffer {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result.selection.offers[0]!.offer as HeldBusOffer;
}

describe("busSelection", () => {
  it("prices the departure for the party without seats before they are judged", async () => {
    const result = await setup().prepare([OFFER], party(2, 1, 1), "fa");
    expect(result.ok && result.selection).toMatchObject({
      service: "bus",
      supplierName: "test-buses",
      itemPrices: [{ base: 3 * 850_000, taxes: 0 }],
      requirements: { lastFlightDate: "2026-11-22" },
    });
    expect(heldOf(result).seats).toEqual([]);
  });

  it("holds each seated traveller's seat, stored in the travellers' order", async () => {
    const result = await setup().prepare([OFFER], party(1, 1, 1), "fa", {
      seats: [seat(8, 1, "female"), seat("۹", "0", "male")],
    });
    expect(heldOf(result).seats).toEqual([
      { number: 9, passenger: 0, gender: "male" },
      { number: 8, passenger: 1, gender: "female" },
    ]);
    expect(busItemPrice({ price: { adult: 850_000, child: 850_000, infant: 100_000, total: 0 } }, party(1, 1, 1))).toBe(1_800_000);
  });

  it("refuses more than one departure, an unknown one, and a bus with fewer free seats than seated travellers", async () => {
    const selection = setup();
    expect(await selection.prepare([OFFER, OFFER], party(1), "fa")).toEqual({ ok: false, error: "OFFER_NOT_FOUND" });
    expect(await selection.prepare(["nowhere"], party(1), "fa")).toEqual({ ok: false, error: "OFFER_NOT_FOUND" });
    const full = Object.fromEntries(Array.from({ length: 22 }, (_unused, index) => [index + 1, "male" as const]));
    // Two seats free: two adults and an infant fit, three seated travellers do not.
    expect((await setup(full).prepare([OFFER], party(2, 0, 1), "fa")).ok).toBe(true);
    expect(await setup(full).prepare([OFFER], party(2, 1), "fa")).toEqual({ ok: false, error: "SOLD_OUT" });
  });

  it("says 'Choose a seat' when seats are missing, with what the travellers must give", async () => {
    const result = await setup().prepare([OFFER], party(2, 0, 1), "fa", { seats: [seat(7, 0)] });
    expect(result).toMatchObject({ ok: false, error: "INVALID", errors: { seats: "SEAT_REQUIRED" } });
    expect(!result.ok && result.error === "INVALID" && result.requirements?.lastFlightDate).toBe("2026-11-22");
    expect(await setup().prepare([OFFER], party(1), "fa", {})).toMatchObject({ errors: { seats: "CHOICE_INVALID" } });
    expect(await setup().prepare([OFFER], party(1), "fa", { seats: [] })).toMatchObject({ errors: { seats: "SEAT_REQUIRED" } });
  });

  it("refuses malformed entries, a passenger out of range or given twice, on the seat sent", async () => {
    const result = await setup().prepare([OFFER], party(2, 0, 1), "fa", {
      seats: [seat(7, 0), seat(8, 0), seat(9, 2), seat("x", 1), null, seat(5.5, 1)],
    });
    expect(result).toMatchObject({
      ok: false,
      error: "INVALID",
      errors: {
        "seats.1": "CHOICE_INVALID",
        "seats.2": "CHOICE_INVALID",
        "seats.3": "CHOICE_INVALID",
        "seats.4": "CHOICE_INVALID",
        "seats.5": "CHOICE_INVALID",
      },
    });
    expect(!result.ok && result.error === "INVALID" && Object.keys(result.errors)).not.toContain("seats.0");
  });

  it("answers SEAT_TAKEN with the seats someone else holds, before any other refusal", async () => {
    const result = await setup({ 8: "male", 9: "male" }).prepare([OFFER], party(3), "fa", {
      seats: [seat(9, 0), seat(1, 1, "female"), seat(8, 2)],
    });
    expect(result).toEqual({ ok: false, error: "SEAT_TAKEN", seats: [9, 8] });
  });

  it("refuses a woman in the first row, and a seat beside a stranger of the other gender, on that seat", async () => {
    const result = await setup({ 6: "female" }).prepare([OFFER], party(3), "fa", {
      seats: [seat(2, 0, "female"), seat(5, 1, "male"), seat(99, 2)],
    });
    expect(result).toMatchObject({
      ok: false,
      error: "INVALID",
      errors: { "seats.0": "SEAT_FIRST_ROW_WOMEN", "seats.1": "SEAT_NEIGHBOUR_GENDER", "seats.2": "SEAT_INVALID" },
      requirements: { lastFlightDate: "2026-11-22" },
    });
    // Beside a woman of another booking a woman may sit; men may sit in the first row.
    const fine = await setup({ 6: "female" }).prepare([OFFER], party(3), "fa", {
      seats: [seat(5, 0, "female"), seat(2, 1, "male"), seat(3, 2, "male")],
    });
    expect(heldOf(fine).seats.map((chosen) => chosen.number)).toEqual([5, 2, 3]);
  });

  it("refuses one seat for two travellers", async () => {
    const result = await setup().prepare([OFFER], party(2), "fa", { seats: [seat(7, 0), seat(7, 1)] });
    expect(result).toMatchObject({ ok: false, error: "INVALID", errors: { "seats.1": "SEAT_DUPLICATE" } });
  });

  it("judges a seat without a valid gender on existence and freedom only, and holds none for it", async () => {
    const judged = await setup({ 6: "female" }).prepare([OFFER], party(1), "fa", { seats: [seat(5, 0, "other")] });
    expect(judged).toMatchObject({ ok: false, error: "INVALID", errors: { "seats.0": "CHOICE_INVALID" } });
    const taken = await setup({ 6: "female" }).prepare([OFFER], party(1), "fa", { seats: [seat(6, 0, undefined)] });
    expect(taken).toEqual({ ok: false, error: "SEAT_TAKEN", seats: [6] });
  });
});
