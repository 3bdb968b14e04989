import { describe, expect, it } from "vitest";
import "../i18n/catalogs.ts";
import type { ItemTickets } from "../services/service-module.ts";
import { moduleOfBooking, serviceModule } from "../services/service-modules.ts";
import type { HeldInsuranceOffer } from "./insurance.ts";
import { heldInsurance } from "./insurance-selection.ts";
import { INSURANCE_SERVICE as MODULE } from "./insurance-service.ts";
import { insuranceOfferId } from "./rules.ts";
import { testInsuranceSupplier } from "./test-insurance.ts";

const BIRTHS = ["1990-05-05", "2018-03-01"];
const insurer = testInsuranceSupplier();
const quoted = (locale: "fa" | "en" | "ar") =>
  insurer.quote(
    insuranceOfferId({ planId: "pasargad-schengen-gold", countryCode: "DE", days: 7, startDate: "2026-12-10" }),
    BIRTHS,
    locale,
  );
/** Two travellers to Germany for a week under Pasargad's Schengen Gold, named in each language as held. */
const offers = {
  fa: heldInsurance((await quoted("fa"))!, BIRTHS),
  en: heldInsurance((await quoted("en"))!, BIRTHS),
  ar: heldInsurance((await quoted("ar"))!, BIRTHS),
};
const offer: HeldInsuranceOffer = offers.en;

const COUNTRIES: Record<string, Record<string, string>> = {
  fa: { DE: "آلمان" },
  en: { DE: "Germany" },
  ar: { DE: "ألمانيا" },
};
const context = (locale: "fa" | "en" | "ar") => ({
  locale,
  calendar: locale === "fa" ? ("persian" as const) : ("gregorian" as const),
  placeName: (code: string) => COUNTRIES[locale]?.[code],
});
const policies: ItemTickets = [
  {
    passengerPosition: 0,
    pnr: "770200000001",
    ticketNumber: "770200000001",
    placement: { policy: "770200000001", from: "2026-12-10", to: "2026-12-16" },
  },
  {
    passengerPosition: 1,
    pnr: "770200000002",
    ticketNumber: "770200000002",
    placement: { policy: "770200000002", from: "2026-12-10", to: "2026-12-16" },
  },
];

describe("the insurance module", () => {
  it("is the module of insurance bookings, and reads a stored offer back as it was held", () => {
    expect(serviceModule("insurance").facts(offer)).toEqual(MODULE.facts(offer));
    expect(MODULE.parseOffer(JSON.parse(JSON.stringify(offer)))).toEqual(offer);
    expect(serviceModule("insurance").places).toBe("insurance");
    const booking = { service: "insurance" as const, reference: "R1", hashId: "h1" };
    expect(moduleOfBooking(booking).prefactorPath(booking)).toBe("/insurance/prefactor/R1/h1");
    expect(moduleOfBooking(booking).factorPath(booking)).toBe("/insurance/factor/R1/h1");
  });

  it.each([
    ["a plan priced for no one", { ...offer, insured: [] }],
    ["an unknown zone", { ...offer, zone: "moon" }],
    ["a lowercase country", { ...offer, countryCode: "de" }],
    ["an unknown age band", { ...offer, insured: [{ birthDate: "1990-05-05", ageBand: "30-40", price: 1 }] }],
    ["a price in fractions of a toman", { ...offer, price: 10.5 }],
    ["a hotel's offer", { offerId: "x", hotelId: "darvishi", roomType: "double" }],
  ])("refuses a malformed stored offer: %s", (_case, stored) => {
    expect(() => MODULE.parseOffer(stored)).toThrow();
  });

  it("has no origin: it covers its country from 00:00 Tehran on the first day to the end of the last, named by insurer and plan", () => {
    expect(MODULE.facts(offer)).toEqual({
      code: "Pasargad Insurance – Schengen Gold",
      from: null,
      to: "DE",
      startsAt: "2026-12-10T00:00:00+03:30",
      endsAt: "2026-12-16T23:59:59+03:30",
    });
  });

  it("summarises the policy in Persian, with Persian digits and the Persian calendar", () => {
    const summary = MODULE.summary(offers.fa, context("fa"));
    expect(summary.title).toBe("بیمه مسافرتی · آلمان · ۷ روز");
    expect(summary.date).toBe("۱۴۰۵/۰۹/۱۹");
    expect([summary.startTime, summary.endTime]).toEqual(["۱۴۰۵/۰۹/۱۹", "۱۴۰۵/۰۹/۲۵"]);
    expect(summary.details).toEqual([
      { label: "بیمه‌گر", value: "بیمه پاسارگاد" },
      { label: "طرح", value: "شنگن طلایی" },
      { label: "سقف پوشش درمانی", value: "۳۰٬۰۰۰ یورو" },
      { label: "انتقال پزشکی", value: "۱۵٬۰۰۰ یورو" },
      { label: "شروع پوشش", value: "۱۴۰۵/۰۹/۱۹" },
      { label: "پایان پوشش", value: "۱۴۰۵/۰۹/۲۵" },
      { label: "مدت سفر", value: "۷ روز" },
      { label: "بیمه‌شدگان", value: "۲ مسافر" },
    ]);
    expect(JSON.stringify(summary.details)).not.toMatch(/[0-9]/);
  });

  it("summarises it in English and Arabic, in the Gregorian calendar", () => {
    const english = MODULE.summary(offer, context("en"));
    expect(english.title).toBe("Travel insurance · Germany · 7 days");
    expect(english.details).toContainEqual({ label: "Medical cover", value: "€30,000" });
    expect(english.details).toContainEqual({ label: "Cover to", value: "2026/12/16" });
    const arabic = MODULE.summary(offers.ar, context("ar"));
    expect(arabic.title).toBe("تأمين السفر · ألمانيا · ٧ أيام");
    expect(arabic.details).toContainEqual({ label: "شركة التأمين", value: "تأمين باسارغاد" });
    expect(arabic.details).toContainEqual({ label: "المؤمَّن عليهم", value: "مسافران" });
  });

  it("prints one box per insured traveller with their policy number and cover dates", () => {
    const lines = MODULE.ticketLines(offer, policies, context("en"));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({
      kind: "Travel insurance",
      operator: "Pasargad Insurance",
      code: "Schengen Gold",
      pnr: "770200000002",
      to: "Germany",
    });
    // Printed once, as the box's reference (pnr), never again among its details.
    expect(lines[1]!.details.map((detail) => detail.label)).not.toContain("Policy number");
    expect(lines[1]!.details).toContainEqual({ label: "Insured traveller", value: "Passenger 2" });
    expect(lines[1]!.details).toContainEqual({ label: "Date of birth", value: "2018/03/01" });
    expect(lines[1]!.details).toContainEqual({ label: "Cover from", value: "2026/12/10" });
    expect(lines[0]!.departure).toContain("00:00");
    const persian = MODULE.ticketLines(offers.fa, policies, context("fa"));
    expect(persian[0]!.pnr).toBe("770200000001");
    expect(persian[0]!.details.map((detail) => detail.label)).not.toContain("شماره بیمه‌نامه");
    // Before issue the boxes have no policy number.
    const unissued = MODULE.ticketLines(offer, [], context("en"));
    expect(unissued.map((line) => line.code)).toEqual(["Schengen Gold", "Schengen Gold"]);
    expect(unissued.map((line) => line.pnr)).toEqual(["", ""]);
  });

  it("writes one SMS line in each language", () => {
    expect(MODULE.smsLine(offer, "770200000001", context("en"))).toBe(
      "Travel insurance Pasargad Insurance Schengen Gold Germany 2026/12/10 to 2026/12/16, 2 insured, policy 770200000001",
    );
    expect(MODULE.smsLine(offers.fa, "770200000001", context("fa"))).toBe(
      "بیمه مسافرتی بیمه پاسارگاد شنگن طلایی آلمان از 1405/09/19 تا 1405/09/25، 2 نفر، بیمه‌نامه 770200000001",
    );
    expect(MODULE.smsLine(offers.ar, "770200000001", context("ar"))).toContain("ألمانيا");
  });

  it("refunds in full until cover starts", () => {
    expect(MODULE.refundTerms(offer)).toEqual({
      refundable: true,
      countsFrom: "2026-12-10T00:00:00+03:30",
      code: "Pasargad Insurance – Schengen Gold",
      ruleKey: { insurer: "pasargad", plan: "pasargad-schengen-gold" },
    });
  });

  it("asks Latin names and a passport of everyone (and Iranians' national codes), ages judged on the start of cover", () => {
    expect(MODULE.passengerRequirements([offer])).toEqual({
      lastFlightDate: "2026-12-10",
      latinNamesRequired: true,
      passportForEveryone: true,
      passportValidMonths: 0,
      foreignersAllowed: true,
    });
    expect(() => MODULE.passengerRequirements([])).toThrow(RangeError);
  });

  it("shows the plan and each insured's band and price in the bookings API", () => {
    expect(MODULE.apiItem(offer)).toMatchObject({
      planId: "pasargad-schengen-gold",
      insurer: { code: "pasargad", name: "Pasargad Insurance" },
      planName: "Schengen Gold",
      countryCode: "DE",
      durationBand: "1-7",
      startDate: "2026-12-10",
      endDate: "2026-12-16",
      insured: [
        { passenger: 0, ageBand: "13-65", price: 1_000_000 },
        { passenger: 1, ageBand: "0-12", price: 500_000 },
      ],
      refundable: true,
    });
  });

  it("links the passengers page with the offer and each insured's birth date", () => {
    expect(MODULE.paths.passengers([offer], { adults: 1, children: 1, infants: 0 })).toBe(
      `/insurance/reserve?offer=${encodeURIComponent(offer.offerId)}&birth=1990-05-05&birth=2018-03-01`,
    );
  });

  it("names its document a policy", () => {
    expect(serviceModule("insurance").document).toEqual({
      title: "insuranceService.policy.title",
      ticketNumber: "insuranceService.policy.number",
      reference: "insuranceService.policy.number",
      download: "insuranceService.policy.download",
      issued: "insuranceService.policy.issued",
      from: "insuranceService.detail.origin",
      to: "insuranceService.detail.destination",
      starts: "insuranceService.detail.coverFrom",
      ends: "insuranceService.detail.coverTo",
      note: "insuranceService.policy.note",
      refundFrom: "refund.from.cover",
    });
  });
});
