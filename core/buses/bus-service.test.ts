import { describe, expect, it } from "vitest";
import "../i18n/catalogs.ts";
import { moduleOfBooking, serviceModule } from "../services/service-modules.ts";
import type { ItemTickets } from "../services/service-module.ts";
import type { HeldBusOffer } from "./bus.ts";
import { BUS_SERVICE as MODULE } from "./bus-service.ts";
import { testBus } from "./test-buses.ts";

/** Two seated travellers, given out of order, and an infant on a lap. */
const offer: HeldBusOffer = {
  ...testBus(),
  seats: [
    { number: 13, passenger: 1, gender: "female" },
    { number: 12, passenger: 0, gender: "male" },
  ],
};

const NAMES: Record<string, Record<string, string>> = {
  fa: { "tehran-south": "پایانه جنوب تهران", "isfahan-kaveh": "پایانه کاوه اصفهان" },
  en: { "tehran-south": "Tehran South Bus Terminal", "isfahan-kaveh": "Isfahan Kaveh Bus Terminal" },
  ar: { "tehran-south": "محطة حافلات طهران الجنوبية", "isfahan-kaveh": "محطة كاوه في أصفهان" },
};
const COMPANIES: Record<string, string> = { fa: "سیر و سفر", en: "Seir-o-Safar", ar: "سير وسفر" };
const context = (locale: "fa" | "en" | "ar") => ({
  locale,
  calendar: locale === "fa" ? ("persian" as const) : ("gregorian" as const),
  placeName: (code: string) => NAMES[locale]?.[code],
  carrierName: (code: string) => (code === "seir-o-safar" ? COMPANIES[locale] : undefined),
});

const tickets = (placements: ({ seat: number } | null)[]): ItemTickets =>
  placements.map((placement, passengerPosition) => ({
    passengerPosition,
    pnr: "SS1234",
    ticketNumber: `SS-${passengerPosition}`,
    placement,
  }));

describe("the bus module", () => {
  it("is the module of bus bookings, and reads a stored offer back as it was held", () => {
    expect(serviceModule("bus").facts(offer)).toEqual(MODULE.facts(offer));
    expect(MODULE.parseOffer(JSON.parse(JSON.stringify(offer)))).toEqual(offer);
    const booking = { service: "bus" as const, reference: "R1", hashId: "h1" };
    expect(moduleOfBooking(booking).prefactorPath(booking)).toBe("/bus/prefactor/R1/h1");
    expect(moduleOfBooking(booking).factorPath(booking)).toBe("/bus/factor/R1/h1");
  });

  it.each([
    ["an offer without its seats", testBus()],
    ["an unknown bus type", { ...offer, busType: "minibus" }],
    ["a seat without a gender", { ...offer, seats: [{ number: 3, passenger: 0 }] }],
    ["a seat numbered 0", { ...offer, seats: [{ number: 0, passenger: 0, gender: "male" }] }],
    ["a departure without its offset", { ...offer, departAt: "2026-11-22T08:00" }],
    ["a seat in fractions of a toman", { ...offer, price: { ...offer.price, adult: 0.5 } }],
    ["a train's offer", { offerId: "x", operator: { code: "raja", name: "Raja" }, trainNumber: "352" }],
  ])("refuses a malformed stored offer: %s", (_case, stored) => {
    expect(() => MODULE.parseOffer(stored)).toThrow();
  });

  it("names the item by its company and clock, between its terminals", () => {
    expect(MODULE.facts(offer)).toEqual({
      code: "seir-o-safar 08:00",
      from: "tehran-south",
      to: "isfahan-kaveh",
      startsAt: "2026-11-22T08:00:00+03:30",
      endsAt: "2026-11-22T15:00:00+03:30",
    });
  });

  it("summarises the company, the terminals, the coach and the seats in the travellers' order, in English", () => {
    const summary = MODULE.summary(offer, context("en"));
    expect(summary).toMatchObject({
      title: "Tehran South Bus Terminal → Isfahan Kaveh Bus Terminal",
      date: "2026/11/22",
      startTime: "08:00",
      endTime: "15:00",
    });
    expect(summary.details).toEqual([
      { label: "Company", value: "Seir-o-Safar" },
      { label: "Bus", value: "VIP 2+1, 25 seats" },
      { label: "Seats", value: "12, 13" },
      { label: "Refund", value: "Refundable" },
    ]);
  });

  it("summarises in Persian and Arabic with their digits and names, and falls back to the stored terminal names", () => {
    const fa = MODULE.summary({ ...offer, busType: "ordinary44" }, context("fa"));
    expect(fa).toMatchObject({ title: "پایانه جنوب تهران ← پایانه کاوه اصفهان", date: "۱۴۰۵/۰۹/۰۱", startTime: "۰۸:۰۰" });
    expect(fa.details.slice(0, 3)).toEqual([
      { label: "شرکت مسافربری", value: "سیر و سفر" },
      { label: "اتوبوس", value: "معمولی ۲+۲، ۴۴ نفره" },
      { label: "صندلی‌ها", value: "۱۲، ۱۳" },
    ]);
    const ar = MODULE.summary(offer, context("ar"));
    expect(ar).toMatchObject({ title: "محطة حافلات طهران الجنوبية ← محطة كاوه في أصفهان", date: "٢٠٢٦/١١/٢٢", startTime: "٠٨:٠٠" });
    expect(ar.details[2]).toEqual({ label: "المقاعد", value: "١٢، ١٣" });
    expect(MODULE.summary(offer, { locale: "en", calendar: "gregorian" }).title).toBe("Tehran South Terminal → Isfahan Kaveh Terminal");
  });

  it("prints one box with each passenger's seat from the issued tickets, under the company's PNR", () => {
    // Out of order, and the infant on a lap has no seat.
    const [line, ...rest] = MODULE.ticketLines(offer, [...tickets([{ seat: 12 }, { seat: 13 }, null])].reverse(), context("en"));
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      kind: "Bus",
      operator: "Seir-o-Safar",
      code: "seir-o-safar 08:00",
      from: "Tehran South Bus Terminal",
      to: "Isfahan Kaveh Bus Terminal",
      pnr: "SS1234",
    });
    expect(line!.departure).toContain("2026, 08:00");
    expect(line!.details).toEqual([
      { label: "Company", value: "Seir-o-Safar" },
      { label: "Bus", value: "VIP 2+1, 25 seats" },
      { label: "Seat of passenger 1", value: "12" },
      { label: "Seat of passenger 2", value: "13" },
    ]);
  });

  it("prints the seats in Persian digits; before issue, the seats held and no PNR", () => {
    const [issued] = MODULE.ticketLines(offer, tickets([{ seat: 21 }, { seat: 22 }]), context("fa"));
    expect(issued!.details).toContainEqual({ label: "صندلی مسافر ۲", value: "۲۲" });
    const [unissued] = MODULE.ticketLines(offer, [], context("fa"));
    expect(unissued!.pnr).toBe("");
    expect(unissued!.details.slice(2)).toEqual([
      { label: "صندلی مسافر ۱", value: "۱۲" },
      { label: "صندلی مسافر ۲", value: "۱۳" },
    ]);
  });

  it("writes an SMS line with the company, terminals, date and time, seats and PNR", () => {
    expect(MODULE.smsLine(offer, "SS1234", context("en"))).toBe(
      "Bus Seir-o-Safar Tehran South Bus Terminal-Isfahan Kaveh Bus Terminal 2026/11/22 08:00, seats 12,13, PNR SS1234",
    );
    expect(MODULE.smsLine(offer, "SS1234", context("fa"))).toBe(
      "اتوبوس سیر و سفر پایانه جنوب تهران-پایانه کاوه اصفهان 1405/09/01 ساعت 08:00، صندلی 12,13، کد PNR SS1234",
    );
    expect(MODULE.smsLine(offer, "SS1234", context("ar"))).toContain("المقاعد 12,13");
  });

  it("gives refund terms counted from the departure by the company's rule, and the API item with each seat's passenger", () => {
    expect(MODULE.refundTerms(offer)).toEqual({
      refundable: true,
      countsFrom: "2026-11-22T08:00:00+03:30",
      code: "seir-o-safar 08:00",
      ruleKey: { company: "seir-o-safar" },
    });
    expect(MODULE.apiItem(offer)).toMatchObject({
      company: { code: "seir-o-safar", name: "Seir-o-Safar" },
      busType: "vip25",
      originTerminal: { code: "tehran-south", name: "Tehran South Terminal" },
      chosenSeats: [
        { number: 12, passenger: 0 },
        { number: 13, passenger: 1 },
      ],
    });
  });

  it("asks every traveller for the usual fields, ages judged on the day of the bus", () => {
    expect(MODULE.passengerRequirements([offer])).toEqual({
      lastFlightDate: "2026-11-22",
      latinNamesRequired: false,
      passportForEveryone: false,
      passportValidMonths: 0,
      foreignersAllowed: true,
    });
  });

  it("links the passengers page with the departure, its day, the party and the seats, as the seat map's form does", () => {
    expect(MODULE.paths.passengers([offer], { adults: 1, children: 1, infants: 1 })).toBe(
      "/bus/tehran-isfahan/passengers?offer=bus-seir-o-safar-0800&date=2026-11-22&adults=1&children=1&infants=1&seat=12&seat=13",
    );
  });
});
