import { describe, expect, it } from "vitest";
import "../i18n/catalogs.ts";
import type { ItemTickets } from "../services/service-module.ts";
import { moduleOfBooking, serviceModule } from "../services/service-modules.ts";
import { testTourId, testTourSupplier } from "./test-tours.ts";
import { tourOfferId } from "./tour.ts";
import type { HeldTourOffer, OwnFlight, TourRoom } from "./tour.ts";
import { heldTour } from "./tour-selection.ts";
import { TOUR_SERVICE as MODULE } from "./tour-service.ts";

const TODAY = "2026-12-01";
const tours = testTourSupplier({ today: TODAY });

async function held(offerId: string, rooms: TourRoom[], ownFlight: OwnFlight | null = null): Promise<HeldTourOffer> {
  const checked = await tours.revalidate(offerId, "en");
  if (!checked.ok) throw new Error(`no test offer ${offerId}`);
  return heldTour(checked.offer, rooms, ownFlight);
}

/** Kish at the Dariush (half board): two adults with a child on the extra bed and an infant, and a single room. */
const kish = await held(tourOfferId(testTourId("kish", TODAY), "kish-dariush"), [
  { adults: 2, childrenWithBed: 1, childrenNoBed: 0, infants: 1 },
  { adults: 1, childrenWithBed: 0, childrenNoBed: 0, infants: 0 },
]);
/** Mashhad land only, met off the traveller's own flight. */
const mashhad = await held(
  tourOfferId(testTourId("mashhad", TODAY), "mashhad-darvishi"),
  [{ adults: 2, childrenWithBed: 0, childrenNoBed: 0, infants: 0 }],
  { airline: "Iran Air", flightNumber: "IR 451", arrivesAt: "2026-12-13T10:45" },
);
const istanbul = await held(tourOfferId(testTourId("istanbul", TODAY), "istanbul-golden-horn"), [
  { adults: 2, childrenWithBed: 0, childrenNoBed: 1, infants: 0 },
]);

const CITIES: Record<string, Record<string, string>> = {
  fa: { tehran: "تهران", kish: "کیش", mashhad: "مشهد", istanbul: "استانبول" },
  en: { tehran: "Tehran", kish: "Kish", mashhad: "Mashhad", istanbul: "Istanbul" },
  ar: { tehran: "طهران", kish: "كيش", mashhad: "مشهد", istanbul: "إسطنبول" },
};
const context = (locale: "fa" | "en" | "ar") => ({
  locale,
  calendar: locale === "fa" ? ("persian" as const) : ("gregorian" as const),
  placeName: (code: string) => CITIES[locale]?.[code],
});
const vouchers: ItemTickets = [0, 1, 2, 3].map((position) => ({
  passengerPosition: position,
  pnr: "TT000007",
  ticketNumber: `TT000007-${position + 1}`,
  placement: { confirmation: "TT000007", room: ["1", "1", "2", "1"][position]! },
}));

describe("the tour module", () => {
  it("is the module of tour and intTour bookings, and reads a stored offer back as it was held", () => {
    expect(serviceModule("tour").facts(kish)).toEqual(MODULE.facts(kish));
    expect(serviceModule("intTour").facts(istanbul)).toEqual(MODULE.facts(istanbul));
    expect(MODULE.parseOffer(JSON.parse(JSON.stringify(mashhad)))).toEqual(mashhad);
    expect(serviceModule("tour").places).toBe("tour");
    const home = { service: "tour" as const, reference: "R1", hashId: "h1" };
    const away = { service: "intTour" as const, reference: "R2", hashId: "h2" };
    expect(moduleOfBooking(home).prefactorPath(home)).toBe("/tour/prefactor/R1/h1/tourDomestic");
    expect(moduleOfBooking(away).prefactorPath(away)).toBe("/tour/prefactor/R2/h2/tourInternational");
    expect(moduleOfBooking(home).factorPath(home)).toBe("/tour/factor/R1/h1");
    expect(moduleOfBooking(away).factorPath(away)).toBe("/internationaltour/factor/R2/h2");
  });

  it.each([
    ["a departure without its rooms", { ...kish, rooms: [] }],
    ["a room without an adult", { ...kish, rooms: [{ adults: 0, childrenWithBed: 1, childrenNoBed: 0, infants: 0, price: 1 }] }],
    ["an unknown board", { ...kish, hotel: { ...kish.hotel, board: "dinnerOnly" } }],
    ["a departure without its offset", { ...kish, departAt: "2026-12-11T08:30" }],
    ["an own flight without its arrival", { ...mashhad, ownFlight: { airline: "Iran Air", flightNumber: "IR 451" } }],
    ["a price in fractions of a toman", { ...kish, price: 10.5 }],
    ["a hotel room's offer", { offerId: "darvishi:double|2026-12-10|2026-12-12", hotelId: "darvishi", roomType: "double" }],
  ])("refuses a malformed stored offer: %s", (_case, stored) => {
    expect(() => MODULE.parseOffer(stored)).toThrow();
  });

  it("runs from departure to return between the two cities, named by package title and hotel", () => {
    expect(MODULE.facts(kish)).toEqual({
      code: "3 nights in Kish, by air – Dariush Grand Hotel",
      from: "tehran",
      to: "kish",
      startsAt: "2026-12-11T08:30:00+03:30",
      endsAt: "2026-12-14T18:00:00+03:30",
    });
  });

  it("summarises the tour in Persian, with Persian digits and the Persian calendar", () => {
    const summary = MODULE.summary(kish, context("fa"));
    expect(summary.title).toBe("تهران ← کیش");
    expect(summary.date).toBe("۱۴۰۵/۰۹/۲۰");
    expect(summary.startTime).toBe("۰۸:۳۰");
    expect(summary.endTime).toBe("۱۸:۰۰");
    expect(summary.details).toEqual([
      { label: "بسته", value: "۳ nights in Kish, by air" },
      { label: "هتل", value: "Dariush Grand Hotel، صبحانه و شام" },
      { label: "وسیلهٔ سفر", value: "با هواپیما، Iran Air" },
      { label: "مدت تور", value: "۳ شب" },
      { label: "برگشت", value: "۱۴۰۵/۰۹/۲۳" },
      { label: "اتاق‌ها", value: "اتاق ۱: ۲ بزرگسال، ۱ کودک با تخت، ۱ نوزاد؛ اتاق ۲: ۱ بزرگسال" },
      { label: "شرایط لغو", value: "Free until ۷ days before departure, then ۳۰%." },
    ]);
    expect(JSON.stringify(summary.details)).not.toMatch(/[0-9]/);
  });

  it("summarises it in English and Arabic, with the own flight and the visa where they apply", () => {
    const english = MODULE.summary(mashhad, context("en"));
    expect(english.title).toBe("Tehran → Mashhad");
    expect(english.details).toContainEqual({ label: "Transport", value: "Land only: your own flight" });
    expect(english.details).toContainEqual({ label: "Your flight", value: "\u2066IR 451\u2069, Iran Air, arriving 2026/12/13 10:45" });
    expect(english.details).toContainEqual({ label: "Rooms", value: "Room 1: 2 adults" });
    const arabic = MODULE.summary(istanbul, context("ar"));
    expect(arabic.title).toBe("طهران ← إسطنبول");
    expect(arabic.startTime).toBe("٠٧:١٥");
    expect(arabic.details.map((detail) => detail.label)).toContain("التأشيرة");
    expect(arabic.details).toContainEqual({ label: "الغرف", value: "الغرفة ١: بالغان، طفل واحد بلا سرير" });
  });

  it("prints one voucher box per traveller, infants too, with their room, the hotel and the transport", () => {
    const boxes = MODULE.ticketLines(kish, vouchers, context("en"));
    expect(boxes).toHaveLength(4);
    expect(boxes[2]).toMatchObject({ kind: "Tour voucher", operator: "Dariush Grand Hotel", code: "TT000007-3", pnr: "TT000007" });
    expect(boxes[2]!.from).toBe("Tehran");
    expect(boxes[2]!.to).toBe("Kish");
    expect(boxes[2]!.details).toContainEqual({ label: "Traveller", value: "Traveller 3" });
    expect(boxes[2]!.details).toContainEqual({ label: "Room", value: "Room 2" });
    expect(boxes[2]!.details).toContainEqual({ label: "Hotel", value: "Dariush Grand Hotel, Half board" });
    expect(boxes[2]!.details).toContainEqual({ label: "Transport", value: "By air with Iran Air" });
    expect(boxes[2]!.arrival).toContain("18:00");
    const persian = MODULE.ticketLines(kish, vouchers, context("fa"));
    expect(persian[3]!.details).toContainEqual({ label: "مسافر", value: "مسافر ۴" });
    expect(persian[3]!.details).toContainEqual({ label: "اتاق", value: "اتاق ۱" });
    // Before the vouchers are issued the tour is one box without a traveller.
    const [unissued, ...none] = MODULE.ticketLines(kish, [], context("en"));
    expect(none).toEqual([]);
    expect(unissued!.pnr).toBe("");
    expect(unissued!.details.map((detail) => detail.label)).not.toContain("Traveller");
  });

  it("writes one SMS line per tour in each language, digits Latin", () => {
    expect(MODULE.smsLine(kish, "TT000007", context("en"))).toBe(
      "Tour Tehran-Kish 2026/12/11, 3 nights, Dariush Grand Hotel, confirmation TT000007",
    );
    expect(MODULE.smsLine(kish, "TT000007", context("fa"))).toBe("تور تهران-کیش 1405/09/20، 3 شب، Dariush Grand Hotel، کد تأیید TT000007");
    expect(MODULE.smsLine(istanbul, "TT1", context("ar"))).toContain("إسطنبول");
  });

  it("counts refunds from the group's departure", () => {
    expect(MODULE.refundTerms(kish)).toEqual({
      refundable: true,
      countsFrom: "2026-12-11T08:30:00+03:30",
      code: "3 nights in Kish, by air – Dariush Grand Hotel",
      ruleKey: { package: "kish-thr-fl-3n", scope: "domestic" },
    });
  });

  it("asks national codes at home and passports valid 6 months after the return, with Latin names, abroad", () => {
    expect(MODULE.passengerRequirements([kish])).toEqual({
      lastFlightDate: "2026-12-14",
      latinNamesRequired: false,
      passportForEveryone: false,
      passportValidMonths: 0,
      foreignersAllowed: true,
    });
    expect(MODULE.passengerRequirements([istanbul])).toEqual({
      lastFlightDate: "2026-12-25",
      latinNamesRequired: true,
      passportForEveryone: true,
      passportValidMonths: 6,
      foreignersAllowed: true,
    });
    expect(() => MODULE.passengerRequirements([])).toThrow(RangeError);
  });

  it("shows the departure, hotel, rooms and own flight in the bookings API", () => {
    expect(MODULE.apiItem(mashhad)).toMatchObject({
      tourId: testTourId("mashhad", TODAY),
      scope: "domestic",
      transfer: "ownFlight",
      hotel: { hotelId: "mashhad-darvishi", board: "fullBoard" },
      rooms: [{ adults: 2, childrenWithBed: 0, childrenNoBed: 0, infants: 0, price: 12_000_000 }],
      ownFlight: { flightNumber: "IR 451", arrivesAt: "2026-12-13T10:45" },
      visa: null,
    });
    expect(MODULE.apiItem(istanbul)).toMatchObject({ scope: "international", visa: { kind: "none" } });
  });

  it("links the passengers page with the offer and each room's occupancy, at home and abroad", () => {
    const party = { adults: 3, children: 1, infants: 1 };
    expect(MODULE.paths.passengers([kish], party)).toBe(
      `/tour/reserve/passengers?offer=${encodeURIComponent(kish.offerId)}&room=2-1-0-1&room=1-0-0-0`,
    );
    expect(MODULE.paths.passengers([istanbul], party)).toBe(
      `/internationaltour/reserve?offer=${encodeURIComponent(istanbul.offerId)}&room=2-0-1-0`,
    );
  });
});
