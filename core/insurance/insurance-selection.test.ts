import { describe, expect, it } from "vitest";
import type { SelectionResult } from "../booking/selection.ts";
import type { HeldInsuranceOffer } from "./insurance.ts";
import { heldInsurance, insuranceSelection } from "./insurance-selection.ts";
import { insuranceOfferId } from "./rules.ts";
import { testInsuranceSupplier } from "./test-insurance.ts";

// 11:30 on 1 December 2026 in Tehran: cover may start from 1 December 2026 to 1 December 2027.
const clock = { now: () => new Date("2026-12-01T08:00:00Z") };
const START = "2026-12-10";
const offerOf = (planId: string, countryCode = "DE", days = 7, startDate = START) =>
  insuranceOfferId({ planId, countryCode, days, startDate });
const GOLD = offerOf("pasargad-schengen-gold");
// Sina's worldwide plan takes travellers up to 75; Pasargad's Schengen Gold up to 85.
const WORLDWIDE = offerOf("sina-worldwide");
const ADULT = "1990-05-05";
const CHILD = "2018-03-01";
// 80 on 10 December 2026.
const ELDER = "1946-06-01";
const party = (adults: number, children = 0, infants = 0) => ({ adults, children, infants });
const traveller = (birthDate: unknown, type = "adult") => ({ type, birthDate });
const selection = () => insuranceSelection(testInsuranceSupplier({ now: clock.now }), clock);

function held(result: SelectionResult): { offerId: string; offer: HeldInsuranceOffer; units?: number; price: number } {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  const [item] = result.selection.offers;
  return { ...item!, offer: item!.offer as HeldInsuranceOffer, price: result.selection.itemPrices[0]!.base };
}

function errorsOf(result: SelectionResult): Record<string, string> {
  if (result.ok || result.error !== "INVALID") throw new Error(`not refused on fields: ${JSON.stringify(result)}`);
  return result.errors;
}

describe("insuranceSelection", () => {
  it("holds one item for the party: each traveller priced by their age on the start of cover", async () => {
    const result = await selection().prepare([GOLD], party(1, 1), "en", {}, [traveller(ADULT), traveller("۲۰۱۸/۰۳/۰۱", "child")]);
    const item = held(result);
    expect(item).toMatchObject({ offerId: GOLD, units: 2, price: 1_500_000 });
    expect(item.offer.insured).toEqual([
      { birthDate: ADULT, ageBand: "13-65", price: 1_000_000 },
      { birthDate: CHILD, ageBand: "0-12", price: 500_000 },
    ]);
    expect(result.ok && result.selection).toMatchObject({
      service: "insurance",
      supplierName: "test-insurance",
      itemPrices: [{ base: 1_500_000, taxes: 0 }],
      requirements: { lastFlightDate: START, latinNamesRequired: true, passportForEveryone: true },
    });
  });

  it("moves the start of cover when asked, and judges ages on it", async () => {
    // 75 until 31 December 2026, 76 from 1 January 2027.
    const born = "1951-01-01";
    const onTime = await selection().prepare([WORLDWIDE], party(1), "en", { startDate: "2026-12-20" }, [traveller(born)]);
    expect(held(onTime)).toMatchObject({ offerId: offerOf("sina-worldwide", "DE", 7, "2026-12-20"), offer: { endDate: "2026-12-26" } });
    const late = await selection().prepare([WORLDWIDE], party(1), "en", { startDate: "2027-01-01" }, [traveller(born)]);
    expect(errorsOf(late)).toEqual({ "passengers.0.birthDate": "INSURED_TOO_OLD" });
  });

  it.each([["2026-11-30"], ["2027-12-02"], ["2026-02-30"], ["tomorrow"], [20261210]])(
    "refuses a start of cover %s on startDate, with the other refusals in the same answer",
    async (startDate) => {
      const result = await selection().prepare([WORLDWIDE], party(2), "en", { startDate }, [traveller(ADULT), traveller(ELDER)]);
      expect(errorsOf(result)).toEqual({ startDate: "COVER_START_INVALID", "passengers.1.birthDate": "INSURED_TOO_OLD" });
      expect(!result.ok && result.error === "INVALID" && result.requirements?.lastFlightDate).toBe(START);
    },
  );

  it("refuses an offer whose own start has passed", async () => {
    const stale = offerOf("pasargad-schengen-gold", "DE", 7, "2026-11-20");
    expect(errorsOf(await selection().prepare([stale], party(1), "en", {}, [traveller(ADULT)]))).toEqual({
      startDate: "COVER_START_INVALID",
    });
  });

  it("refuses a traveller over the plan's oldest age on their birth date field; a plan taking them holds", async () => {
    const refused = await selection().prepare([WORLDWIDE], party(2), "fa", {}, [traveller(ADULT), traveller(ELDER)]);
    expect(errorsOf(refused)).toEqual({ "passengers.1.birthDate": "INSURED_TOO_OLD" });
    const accepted = await selection().prepare([GOLD], party(2), "fa", {}, [traveller(ADULT), traveller(ELDER)]);
    expect(held(accepted).offer.insured[1]).toMatchObject({ ageBand: "76-80", price: 4_000_000 });
  });

  it("leaves an unreadable birth date to the passenger checks, with the requirements to run them", async () => {
    const result = await selection().prepare([GOLD], party(2), "en", {}, [traveller(ADULT), traveller("someday")]);
    expect(result).toMatchObject({ ok: false, error: "INVALID", errors: {}, requirements: { lastFlightDate: START } });
  });

  it("prices from choices.birthDates before the travellers are typed, which must make the party", async () => {
    const priced = await selection().prepare([GOLD], party(1, 1), "en", { birthDates: [ADULT, CHILD] });
    expect(held(priced).price).toBe(1_500_000);
    expect(errorsOf(await selection().prepare([GOLD], party(2), "en", { birthDates: [ADULT, CHILD] }))).toEqual({
      birthDates: "CHOICE_INVALID",
    });
    expect(errorsOf(await selection().prepare([GOLD], party(2), "en", { birthDates: [ADULT] }))).toEqual({ birthDates: "CHOICE_INVALID" });
    expect(errorsOf(await selection().prepare([GOLD], party(1), "en", undefined))).toEqual({ birthDates: "CHOICE_INVALID" });
  });

  it("answers OFFER_NOT_FOUND for anything but one offer it sells", async () => {
    const travellers = [traveller(ADULT)];
    expect(await selection().prepare([], party(1), "en", {}, travellers)).toEqual({ ok: false, error: "OFFER_NOT_FOUND" });
    expect(await selection().prepare([GOLD, GOLD], party(1), "en", {}, travellers)).toEqual({ ok: false, error: "OFFER_NOT_FOUND" });
    expect(await selection().prepare(["nonsense"], party(1), "en", {}, travellers)).toEqual({ ok: false, error: "OFFER_NOT_FOUND" });
    // Under the Schengen minimum: not sold for Germany.
    const hidden = offerOf("saman-schengen-basic");
    expect(await selection().prepare([hidden], party(1), "en", {}, travellers)).toEqual({ ok: false, error: "OFFER_NOT_FOUND" });
  });

  it("holds only a plan taking everyone", async () => {
    const supplier = testInsuranceSupplier({ now: clock.now });
    const offer = await supplier.quote(WORLDWIDE, [ELDER]);
    expect(() => heldInsurance(offer!, [ELDER])).toThrow(RangeError);
  });
});
