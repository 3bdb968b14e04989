import { describe, expect, it } from "vitest";
import "../i18n/catalogs.ts";
import { translate } from "../i18n/messages.ts";
import type { ItemTickets } from "../services/service-module.ts";
import { moduleOfBooking, serviceModule } from "../services/service-modules.ts";
import type { HeldHotelOffer } from "./hotel.ts";
import { heldRoom } from "./hotel-selection.ts";
import { HOTEL_SERVICE as MODULE } from "./hotel-service.ts";
import { testHotelSupplier } from "./test-hotels.ts";

const hotels = testHotelSupplier();
const [double] = await hotels.rooms("mashhad", "darvishi", { checkIn: "2026-12-10", checkOut: "2026-12-12" });
const [istanbul] = await hotels.rooms("istanbul", "golden-horn", { checkIn: "2026-12-10", checkOut: "2026-12-13" });
/** The second room of a booking: two adults and a child on the extra bed, its lead guest passenger 1. */
const offer: HeldHotelOffer = heldRoom(double!, { adults: 2, children: 1 }, 1, false);
const abroad: HeldHotelOffer = heldRoom(istanbul!, { adults: 2, children: 0 }, 0, true);

const CITIES: Record<string, Record<string, string>> = {
  fa: { mashhad: "مشهد", istanbul: "استانبول" },
  en: { mashhad: "Mashhad", istanbul: "Istanbul" },
  ar: { mashhad: "مشهد", istanbul: "إسطنبول" },
};
const context = (locale: "fa" | "en" | "ar") => ({
  locale,
  calendar: locale === "fa" ? ("persian" as const) : ("gregorian" as const),
  placeName: (code: string) => CITIES[locale]?.[code],
});
const voucher: ItemTickets = [
  { passengerPosition: 1, pnr: "HT000007", ticketNumber: "HT000007-1", placement: { confirmation: "HT000007", room: "darvishi:double" } },
];

describe("the hotel module", () => {
  it("is the module of hotel and intHotel bookings, and reads a stored offer back as it was held", () => {
    expect(serviceModule("hotel").facts(offer)).toEqual(MODULE.facts(offer));
    expect(serviceModule("intHotel").facts(abroad)).toEqual(MODULE.facts(abroad));
    expect(MODULE.parseOffer(JSON.parse(JSON.stringify(offer)))).toEqual(offer);
    // No route, but the city is named in the texts.
    expect(serviceModule("intHotel").namedPlaces(abroad)).toEqual(["istanbul"]);
    // Its city is looked up among the foreign-hotel cities; a room at home among the Iranian ones.
    expect(serviceModule("intHotel").placesOf(abroad)).toBe("outHotel");
    expect(serviceModule("hotel").placesOf(offer)).toBe("hotel");
    const home = { service: "hotel" as const, reference: "R1", hashId: "h1" };
    const away = { service: "intHotel" as const, reference: "R2", hashId: "h2" };
    expect(moduleOfBooking(home).prefactorPath(home)).toBe("/hotel/prefactor/R1/h1");
    expect(moduleOfBooking(away).prefactorPath(away)).toBe("/hotel/prefactor/R2/h2");
    expect(moduleOfBooking(home).factorPath(home)).toBe("/hotel/factor/R1/h1");
    expect(moduleOfBooking(away).factorPath(away)).toBe("/internationalhotel/factor/R2/h2");
  });

  it.each([
    ["a room offer without its guests", double],
    ["no adult in the room", { ...offer, guests: { adults: 0, children: 2 } }],
    ["an unknown room type", { ...offer, roomType: "dormitory" }],
    ["a check-in without its offset", { ...offer, checkInAt: "2026-12-10T14:00" }],
    ["a price in fractions of a toman", { ...offer, price: 10.5 }],
    ["a bus's offer", { offerId: "x", company: { code: "seir-o-safar", name: "Seir-o-Safar" }, busType: "vip25" }],
  ])("refuses a malformed stored offer: %s", (_case, stored) => {
    expect(() => MODULE.parseOffer(stored)).toThrow();
  });

  it("has no route: it starts at check-in and ends at check-out, named by hotel and room", () => {
    expect(MODULE.facts(offer)).toEqual({
      code: "Darvishi Hotel – double room",
      from: null,
      to: null,
      startsAt: "2026-12-10T14:00:00+03:30",
      endsAt: "2026-12-12T12:00:00+03:30",
    });
  });

  it("summarises the stay in Persian, with Persian digits and the Persian calendar", () => {
    const summary = MODULE.summary(offer, context("fa"));
    expect(summary.title).toBe("Darvishi Hotel، مشهد");
    expect(summary.date).toBe("۱۴۰۵/۰۹/۱۹");
    expect(summary.startTime).toBe("۱۴:۰۰");
    expect(summary.endTime).toBe("۱۲:۰۰");
    expect(summary.details).toEqual([
      { label: "ورود", value: "۱۴۰۵/۰۹/۱۹" },
      { label: "خروج", value: "۱۴۰۵/۰۹/۲۱" },
      { label: "مدت اقامت", value: "۲ شب" },
      { label: "اتاق", value: "double room" },
      { label: "مهمانان", value: "۲ بزرگسال، ۱ کودک (با تخت اضافه)" },
      { label: "صبحانه", value: "دارد" },
      { label: "شرایط لغو", value: "Free until ۳ days before check-in, then ۳۰%." },
    ]);
    expect(JSON.stringify(summary.details)).not.toMatch(/[0-9]/);
  });

  it("summarises it in English and Arabic, in the Gregorian calendar", () => {
    const english = MODULE.summary(offer, context("en"));
    expect(english.title).toBe("Darvishi Hotel, Mashhad");
    expect(english.details).toContainEqual({ label: "Stay", value: "2 nights" });
    expect(english.details).toContainEqual({ label: "Guests", value: "2 adults, 1 child (with an extra bed)" });
    const arabic = MODULE.summary(abroad, context("ar"));
    expect(arabic.title).toBe("Golden Horn Hotel، إسطنبول");
    expect(arabic.details).toContainEqual({ label: "الفطور", value: "مشمول" });
    expect(arabic.startTime).toBe("١٤:٠٠");
  });

  it("prints a voucher box with the address, room, confirmation number, times and lead guest", () => {
    const [line] = MODULE.ticketLines(offer, voucher, context("en"));
    expect(line).toMatchObject({
      kind: "Hotel voucher",
      operator: "Darvishi Hotel",
      code: "HT000007",
      pnr: "HT000007",
      from: "Imam Reza Street",
      to: "Mashhad",
    });
    expect(line!.departure).toContain("14:00");
    expect(line!.arrival).toContain("12:00");
    expect(line!.details).toContainEqual({ label: "Lead guest", value: "Passenger 2" });
    // The box's own fields are not repeated as details: the document labels them (check-in, confirmation number).
    expect(line!.details.map((detail) => detail.label)).not.toContain("Confirmation number");
    expect(line!.details.map((detail) => detail.label)).not.toContain("Check-in");
    const [persian] = MODULE.ticketLines(offer, voucher, context("fa"));
    expect(persian!.details).toContainEqual({ label: "سرپرست اتاق", value: "مسافر ۲" });
    // Before the voucher is issued the box has no confirmation number.
    const [unissued] = MODULE.ticketLines(offer, [], context("en"));
    expect(unissued!.pnr).toBe("");
  });

  it("speaks of a voucher, its confirmation number, check-in and check-out on every page and document", () => {
    const { document } = serviceModule("hotel");
    const words = (locale: "fa" | "en") =>
      Object.fromEntries(Object.entries(document).map(([field, key]) => [field, translate(locale, key)]));
    expect(words("en")).toEqual({
      title: "Hotel voucher",
      ticketNumber: "Voucher number",
      reference: "Confirmation number",
      download: "Download the hotel voucher (PDF)",
      issued: "Your voucher is issued",
      from: "Address",
      to: "City",
      starts: "Check-in",
      ends: "Check-out",
      note: "Show this voucher at the reception at check-in, with the lead guest's national card or passport.",
      refundFrom: "check-in",
    });
    expect(JSON.stringify(words("fa"))).not.toMatch(/PNR|بلیت/);
  });

  it("writes one SMS line per room in each language", () => {
    expect(MODULE.smsLine(offer, "HT000007", context("en"))).toBe(
      "Hotel Darvishi Hotel Mashhad, check-in 2026/12/10, 2 nights, double room, confirmation HT000007",
    );
    expect(MODULE.smsLine(offer, "HT000007", context("fa"))).toBe(
      "هتل Darvishi Hotel مشهد، ورود 1405/09/19، 2 شب، double room، کد تأیید HT000007",
    );
    expect(MODULE.smsLine(abroad, "HT1", context("ar"))).toContain("إسطنبول");
  });

  it("counts refunds from check-in", () => {
    expect(MODULE.refundTerms(offer)).toEqual({
      refundable: true,
      countsFrom: "2026-12-10T14:00:00+03:30",
      code: "Darvishi Hotel – double room",
      ruleKey: { hotel: "darvishi", region: "iran" },
    });
    expect(MODULE.refundTerms(abroad).refundable).toBe(false);
  });

  it("asks national codes at home and passports valid 6 months after check-out, with Latin names, abroad", () => {
    expect(MODULE.passengerRequirements([offer])).toEqual({
      lastFlightDate: "2026-12-12",
      latinNamesRequired: false,
      passportForEveryone: false,
      passportValidMonths: 0,
      foreignersAllowed: true,
    });
    expect(MODULE.passengerRequirements([abroad])).toEqual({
      lastFlightDate: "2026-12-13",
      latinNamesRequired: true,
      passportForEveryone: true,
      passportValidMonths: 6,
      foreignersAllowed: true,
    });
    expect(() => MODULE.passengerRequirements([])).toThrow(RangeError);
  });

  it("shows the room, its guests and lead guest in the bookings API", () => {
    expect(MODULE.apiItem(offer)).toMatchObject({
      hotelId: "darvishi",
      region: "iran",
      roomType: "double",
      guests: { adults: 2, children: 1 },
      extraBed: true,
      leadPassenger: 1,
      foreignRate: false,
    });
    expect(MODULE.apiItem(abroad)).toMatchObject({ region: "abroad", foreignRate: false, refundable: false });
  });

  it("links the passengers page with each room's offer and guests, at home and abroad", () => {
    const second = { ...offer, guests: { adults: 1, children: 0 }, leadPassenger: 0 };
    const party = { adults: 2, children: 0, infants: 0 };
    const query = `offer=${encodeURIComponent(second.offerId)}&offer=${encodeURIComponent(offer.offerId)}&room=1-0&room=2-1`;
    expect(MODULE.paths.passengers([second, offer], party)).toBe(`/hotel/reserve/passengers?${query}`);
    expect(MODULE.paths.passengers([abroad], party)).toMatch(/^\/internationalhotel\/reserve\?offer=golden-horn%3Adouble%7C.*&room=2-0$/);
  });
});
