import { describe, expect, it } from "vitest";
import "../i18n/catalogs.ts";
import { checkPassengers, type PassengerInput } from "../passengers/passenger-rules.ts";
import { moduleOfBooking, serviceModule } from "../services/service-modules.ts";
import type { InternationalFlightOffer } from "./international-flight.ts";
import { INTERNATIONAL_FLIGHT_SERVICE as MODULE } from "./international-flight-service.ts";
import { itemPrice } from "../booking/booking.ts";
import { testOffer } from "./test-offers.ts";

/** Out via Dubai (2 h 30 min on the ground), back direct from Istanbul. */
function roundTrip(): InternationalFlightOffer {
  const offer = testOffer({
    id: "fare-1",
    airline: "EK",
    out: [
      ["2026-11-22T08:00:00+03:30", "2026-11-22T10:00:00+04:00"],
      ["2026-11-22T12:30:00+04:00", "2026-11-22T15:00:00+03:00"],
    ],
    back: [["2026-11-29T16:00:00+03:00", "2026-11-29T20:30:00+03:30"]],
    kg: 30,
  });
  const back = offer.legs[1]!.segments[0]!;
  back.from = "IST";
  back.to = "IKA";
  return { ...offer, price: { adult: 20_000_000, child: 15_500_000, infant: 2_000_000, total: 20_000_000 }, taxesPerSeat: 1_500_000 };
}

const NAMES: Record<string, Record<string, string>> = {
  fa: { IKA: "تهران", DXB: "دبی", IST: "استانبول" },
  en: { IKA: "Tehran", DXB: "Dubai", IST: "Istanbul" },
  ar: { IKA: "طهران", DXB: "دبي", IST: "إسطنبول" },
};
const context = (locale: "fa" | "en" | "ar") => ({
  locale,
  calendar: locale === "fa" ? ("persian" as const) : ("gregorian" as const),
  placeName: (code: string) => NAMES[locale]?.[code],
});

describe("the international flight module", () => {
  it("is the module of international bookings, and reads a stored offer back as it was held", () => {
    const offer = roundTrip();
    expect(serviceModule("internationalflight").facts(offer)).toEqual(MODULE.facts(offer));
    expect(
      moduleOfBooking({ service: "internationalflight" }).factorPath({ service: "internationalflight", reference: "R", hashId: "h" }),
    ).toBe("/internationalflight/factor/R/h");
    expect(MODULE.parseOffer(JSON.parse(JSON.stringify(offer)))).toEqual(offer);
  });

  it.each([
    ["no legs", { ...roundTrip(), legs: [] }],
    ["a layover missing between two segments", { ...roundTrip(), legs: [{ ...roundTrip().legs[0]!, layoverMinutes: [] }] }],
    [
      "a departure without its offset",
      {
        ...roundTrip(),
        legs: [{ ...roundTrip().legs[1]!, segments: [{ ...roundTrip().legs[1]!.segments[0]!, departAt: "2026-11-29T16:00" }] }],
      },
    ],
    ["a fare in fractions of a toman", { ...roundTrip(), price: { ...roundTrip().price, adult: 1.5 } }],
    ["a domestic flight's offer", { offerId: "x", airline: { code: "IR", name: "Iran Air" }, flightNumber: "IR 451" }],
  ])("refuses a malformed stored offer: %s", (_case, stored) => {
    expect(() => MODULE.parseOffer(stored)).toThrow();
  });

  it("names the whole trip by every leg's first flight, from the first departure to the last arrival", () => {
    expect(MODULE.facts(roundTrip())).toEqual({
      code: "EK 100 / EK 100",
      from: "IKA",
      to: "IST",
      startsAt: "2026-11-22T08:00:00+03:30",
      endsAt: "2026-11-29T20:30:00+03:30",
    });
  });

  it("summarises the trip through every stop, each leg and its layover, in English", () => {
    const summary = MODULE.summary(roundTrip(), context("en"));
    expect(summary).toMatchObject({ title: "Tehran → Dubai → Istanbul", date: "2026/11/22", startTime: "08:00", endTime: "15:00" });
    expect(summary.details).toEqual([
      { label: "Outbound", value: "2026/11/22 EK 100 08:00 → 10:00, EK 101 12:30 → 15:00" },
      { label: "Layover", value: "2 h 30 min in Dubai" },
      { label: "Return", value: "2026/11/29 EK 100 16:00 → 20:30" },
      { label: "Airline", value: "EK" },
      { label: "Class", value: "Economy, class Y" },
      { label: "Baggage", value: "30 kg" },
      { label: "Refund", value: "Refundable" },
    ]);
  });

  it("summarises in Persian and Arabic with their digits and calendars", () => {
    const fa = MODULE.summary(roundTrip(), context("fa"));
    expect(fa).toMatchObject({ title: "تهران ← دبی ← استانبول", date: "۱۴۰۵/۰۹/۰۱", startTime: "۰۸:۰۰" });
    expect(fa.details[1]).toEqual({ label: "توقف", value: "۲ ساعت و ۳۰ دقیقه در دبی" });
    // Flight numbers are isolated, so the right-to-left line keeps its order around them.
    expect(fa.details[0]!.value).toContain("\u2066EK ۱۰۰\u2069 ۰۸:۰۰");
    const ar = MODULE.summary(roundTrip(), context("ar"));
    expect(ar).toMatchObject({ date: "٢٠٢٦/١١/٢٢", startTime: "٠٨:٠٠" });
    expect(ar.details.map((line) => line.label).slice(0, 3)).toEqual(["الذهاب", "توقف", "العودة"]);
  });

  it("writes one e-ticket box per segment of every leg, under the trip's one PNR", () => {
    const tickets = [0, 1].flatMap((passengerPosition) => [{ passengerPosition, pnr: "K7QW2M", ticketNumber: `EK-${passengerPosition}` }]);
    const lines = MODULE.ticketLines(roundTrip(), tickets, context("en"));
    expect(lines.map((line) => [line.code, line.from, line.to, line.pnr])).toEqual([
      ["EK 100", "Tehran (IKA)", "Dubai (DXB)", "K7QW2M"],
      ["EK 101", "Dubai (DXB)", "Istanbul (IST)", "K7QW2M"],
      ["EK 100", "Istanbul (IST)", "Tehran (IKA)", "K7QW2M"],
    ]);
    expect(lines[0]!.details).toEqual([
      { label: "Leg", value: "Outbound" },
      { label: "Class", value: "Economy, class Y" },
      { label: "Baggage", value: "30 kg" },
      { label: "Layover", value: "2 h 30 min in Dubai" },
    ]);
    expect(lines[2]!.details[0]).toEqual({ label: "Leg", value: "Return" });
    expect(lines[2]!.departure).toContain("2026, 16:00");
    expect(MODULE.ticketLines(roundTrip(), [], context("fa"))[0]!.pnr).toBe("");
  });

  it("writes baggage by pieces when the fare counts pieces", () => {
    const offer = { ...roundTrip(), baggage: { pieces: 2, kg: 23, cabinKg: 7 } };
    expect(MODULE.summary(offer, context("en")).details.find((line) => line.label === "Baggage")).toEqual({
      label: "Baggage",
      value: "2 × 23 kg",
    });
  });

  it("writes an SMS line per leg with the trip's PNR", () => {
    expect(MODULE.smsLine(roundTrip(), "K7QW2M", { locale: "en", calendar: "gregorian" })).toBe(
      "EK 100 IKA-IST 2026/11/22 08:00, PNR K7QW2M\nEK 100 IST-IKA 2026/11/29 16:00, PNR K7QW2M",
    );
  });

  it("gives refund terms counted from the first departure, by the validating airline's fare class", () => {
    expect(MODULE.refundTerms(roundTrip())).toEqual({
      refundable: true,
      countsFrom: "2026-11-22T08:00:00+03:30",
      code: "EK 100 / EK 100",
      ruleKey: { airline: "EK", fareClass: "Y", international: true },
    });
  });

  it("asks every traveller for Latin names and a passport valid six months after the last flight", () => {
    const requirements = MODULE.passengerRequirements([roundTrip()]);
    expect(requirements).toEqual({
      lastFlightDate: "2026-11-29",
      latinNamesRequired: true,
      passportForEveryone: true,
      passportValidMonths: 6,
    });
    const iranian: PassengerInput = {
      type: "adult",
      firstName: "علی",
      lastName: "رضایی",
      firstNameLatin: "Ali",
      lastNameLatin: "Rezaei",
      gender: "male",
      birthDate: "1990-05-01",
      nationalCode: "0499370899",
      passportNumber: "K12345678",
      passportCountry: "IR",
      passportExpiry: "2027-05-29",
    };
    const today = "2026-11-01";
    expect(checkPassengers([iranian], { ...requirements, today }).ok).toBe(true);
    expect(checkPassengers([{ ...iranian, passportExpiry: "2027-05-28" }], { ...requirements, today })).toEqual({
      ok: false,
      errors: { "0.passportExpiry": "PASSPORT_SIX_MONTHS" },
    });
    expect(
      checkPassengers([{ ...iranian, passportNumber: undefined, passportExpiry: undefined }], { ...requirements, today }),
    ).toMatchObject({
      ok: false,
      errors: { "0.passportNumber": "REQUIRED", "0.passportExpiry": "REQUIRED" },
    });
    expect(checkPassengers([{ ...iranian, firstNameLatin: "" }], { ...requirements, today })).toMatchObject({
      errors: { "0.firstNameLatin": "REQUIRED" },
    });
  });

  it("puts its pages under /internationalflight (spec §2)", () => {
    const booking = { service: "internationalflight" as const, reference: "ABCD2345", hashId: "h".repeat(22) };
    expect(MODULE.paths.prefactor(booking)).toBe(`/internationalflight/prefactor/ABCD2345/${booking.hashId}`);
    expect(MODULE.paths.factor(booking)).toBe(`/internationalflight/factor/ABCD2345/${booking.hashId}`);
    expect(MODULE.paths.passengers([roundTrip()], { adults: 2, children: 1, infants: 0 })).toBe(
      "/internationalflight/fare-1/passengers?adults=2&children=1&infants=0",
    );
  });

  it("gives the bookings API every leg and segment", () => {
    const item = MODULE.apiItem(roundTrip());
    expect(item.legs.map((leg) => leg.segments.map((segment) => `${segment.from}-${segment.to}`))).toEqual([
      ["IKA-DXB", "DXB-IST"],
      ["IST-IKA"],
    ]);
    expect(item.legs[0]!.layoverMinutes).toEqual([150]);
    expect(item).toMatchObject({
      validatingAirline: { code: "EK" },
      fareClass: "Y",
      cabin: "economy",
      baggage: { kg: 30, cabinKg: 7 },
      refundable: true,
    });
  });

  it("prices the party from the offer's per-traveller fares; charges are paid by every seat", () => {
    expect(itemPrice(roundTrip(), { adults: 2, children: 1, infants: 1 })).toEqual({
      base: 2 * 20_000_000 + 15_500_000 + 2_000_000 - 3 * 1_500_000,
      taxes: 3 * 1_500_000,
    });
  });
});
