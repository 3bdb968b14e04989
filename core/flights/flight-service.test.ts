import { describe, expect, it } from "vitest";
import "../i18n/catalogs.ts";
import { checkPassengers, type PassengerInput } from "../passengers/passenger-rules.ts";
import { moduleOfBooking, serviceModule } from "../services/service-modules.ts";
import type { FlightOffer } from "./flight.ts";
import { FLIGHT_SERVICE } from "./flight-service.ts";

const OUT: FlightOffer = {
  offerId: "fare-1",
  airline: { code: "IR", name: "Iran Air" },
  flightNumber: "IR 451",
  from: "THR",
  to: "MHD",
  departAt: "2026-08-09T08:30:00+03:30",
  arriveAt: "2026-08-09T10:05:00+03:30",
  durationMinutes: 95,
  aircraft: "A320",
  fareClass: "Y",
  cabin: "economy",
  seatsLeft: 9,
  charter: false,
  baggageKg: 20,
  refundable: true,
  price: { adult: 2_000_000, child: 1_800_000, infant: 200_000, total: 2_000_000 },
  taxesPerSeat: 150_000,
  latinNamesRequired: false,
};
const BACK: FlightOffer = {
  ...OUT,
  offerId: "fare-2",
  airline: { code: "W5", name: "Mahan Air" },
  flightNumber: "W5 1064",
  from: "MHD",
  to: "THR",
  departAt: "2026-08-15T21:15:00+03:30",
  arriveAt: "2026-08-15T22:40:00+03:30",
  cabin: "business",
  fareClass: "C",
  refundable: false,
  latinNamesRequired: true,
};
const NAMES: Record<string, Record<string, string>> = {
  fa: { THR: "تهران", MHD: "مشهد" },
  en: { THR: "Tehran", MHD: "Mashhad" },
  ar: { THR: "طهران", MHD: "مشهد" },
};
const context = (locale: "fa" | "en" | "ar") => ({
  locale,
  calendar: locale === "fa" ? ("persian" as const) : ("gregorian" as const),
  placeName: (code: string) => NAMES[locale]?.[code],
});

describe("the domestic flight module", () => {
  it("is the module of one-way and round-trip bookings", () => {
    expect(FLIGHT_SERVICE.services).toEqual(["flight", "flightRtrip"]);
    expect(serviceModule("flight").facts(OUT)).toEqual(serviceModule("flightRtrip").facts(OUT));
    expect(() => moduleOfBooking({ service: "blog" })).toThrow(/blog/);
  });

  it("reads a stored offer back as it was held", () => {
    expect(FLIGHT_SERVICE.parseOffer(JSON.parse(JSON.stringify(OUT)))).toEqual(OUT);
  });

  it.each([
    ["a missing flight number", { ...OUT, flightNumber: undefined }],
    ["a departure without its offset", { ...OUT, departAt: "2026-08-09T08:30" }],
    ["a fare in fractions of a toman", { ...OUT, price: { ...OUT.price, adult: 1.5 } }],
    ["an unknown cabin", { ...OUT, cabin: "first" }],
    ["nothing", null],
  ])("refuses a malformed stored offer: %s", (_case, stored) => {
    expect(() => FLIGHT_SERVICE.parseOffer(stored)).toThrow();
  });

  it("summarises a flight in Persian, with Persian digits and the Persian calendar", () => {
    const summary = FLIGHT_SERVICE.summary(OUT, context("fa"));
    expect(summary).toMatchObject({
      code: "IR 451",
      from: "THR",
      to: "MHD",
      startsAt: OUT.departAt,
      endsAt: OUT.arriveAt,
      title: "تهران ← مشهد",
      date: "۱۴۰۵/۰۵/۱۸",
      startTime: "۰۸:۳۰",
      endTime: "۱۰:۰۵",
    });
    expect(summary.details).toEqual([
      { label: "پرواز", value: "Iran Air IR 451" },
      { label: "کلاس", value: "اکونومی، کلاس Y" },
      { label: "بار مجاز", value: "۲۰ کیلوگرم" },
      { label: "استرداد", value: "قابل استرداد" },
    ]);
  });

  it("summarises a flight in English and in Arabic", () => {
    const en = FLIGHT_SERVICE.summary(BACK, context("en"));
    expect(en).toMatchObject({ title: "Mashhad → Tehran", date: "2026/08/15", startTime: "21:15" });
    expect(en.details).toEqual([
      { label: "Flight", value: "Mahan Air W5 1064" },
      { label: "Class", value: "Business, class C" },
      { label: "Baggage", value: "20 kg" },
      { label: "Refund", value: "Non-refundable" },
    ]);
    const ar = FLIGHT_SERVICE.summary(OUT, context("ar"));
    expect(ar).toMatchObject({ title: "طهران ← مشهد", date: "٢٠٢٦/٠٨/٠٩", startTime: "٠٨:٣٠" });
    expect(ar.details.map((line) => line.label)).toEqual(["الرحلة", "الدرجة", "الأمتعة", "الاسترداد"]);
  });

  it("shows codes where a place cannot be named, and a carrier's name in the ticket's language when known", () => {
    const summary = FLIGHT_SERVICE.summary(OUT, { locale: "en", calendar: "gregorian", carrierName: () => "Iran Air (Homa)" });
    expect(summary.title).toBe("THR → MHD");
    expect(summary.details[0]).toEqual({ label: "Flight", value: "Iran Air (Homa) IR 451" });
  });

  it("writes the e-ticket box of a flight with its PNR", () => {
    const [line, ...more] = FLIGHT_SERVICE.ticketLines(OUT, [{ passengerPosition: 0, pnr: "K7QW2M", ticketNumber: "IR-1" }], context("en"));
    expect(more).toEqual([]);
    expect(line).toEqual({
      kind: "Flight",
      operator: "Iran Air",
      code: "IR 451",
      from: "Tehran (THR)",
      to: "Mashhad (MHD)",
      departure: expect.stringContaining("2026, 08:30") as string,
      arrival: expect.stringContaining("2026, 10:05") as string,
      details: [
        { label: "Class", value: "Economy, class Y" },
        { label: "Baggage", value: "20 kg" },
      ],
      pnr: "K7QW2M",
    });
    expect(FLIGHT_SERVICE.ticketLines(OUT, [], context("fa"))[0]!.pnr).toBe("");
  });

  it("writes the SMS line with the date as typed in the booking's calendar", () => {
    expect(FLIGHT_SERVICE.smsLine(OUT, "K7QW2M", { locale: "en", calendar: "gregorian" })).toBe(
      "IR 451 THR-MHD 2026/08/09 08:30, PNR K7QW2M",
    );
    expect(FLIGHT_SERVICE.smsLine(OUT, "K7QW2M", { locale: "fa", calendar: "persian" })).toContain("1405/05/18");
  });

  it("gives refund terms that count from the scheduled departure", () => {
    expect(FLIGHT_SERVICE.refundTerms(OUT)).toEqual({
      refundable: true,
      countsFrom: "2026-08-09T08:30:00+03:30",
      code: "IR 451",
      ruleKey: { airline: "IR", fareClass: "Y", charter: false },
    });
    expect(FLIGHT_SERVICE.refundTerms({ ...BACK, charter: true })).toMatchObject({ refundable: false, ruleKey: { charter: true } });
  });

  it("puts one-way and round-trip pages under their own service paths", () => {
    const booking = { reference: "ABCD2345", hashId: "h".repeat(22) };
    expect(FLIGHT_SERVICE.paths.prefactor({ ...booking, service: "flight" })).toBe(`/flight/prefactor/ABCD2345/${booking.hashId}`);
    expect(FLIGHT_SERVICE.paths.factor({ ...booking, service: "flight" })).toBe(`/flight/factor/ABCD2345/${booking.hashId}`);
    expect(FLIGHT_SERVICE.paths.prefactor({ ...booking, service: "flightRtrip" })).toBe(
      `/flightRtrip/prefactor/ABCD2345/${booking.hashId}`,
    );
    expect(FLIGHT_SERVICE.paths.factor({ ...booking, service: "flightRtrip" })).toBe(`/flightRtrip/factor/ABCD2345/${booking.hashId}`);
    const party = { adults: 2, children: 1, infants: 0 };
    expect(FLIGHT_SERVICE.paths.passengers([OUT], party)).toBe("/flight/THR-MHD/passengers?outbound=fare-1&adults=2&children=1&infants=0");
    expect(FLIGHT_SERVICE.paths.passengers([OUT, BACK], party)).toBe(
      "/flight/THR-MHD/passengers?outbound=fare-1&inbound=fare-2&trip=round&adults=2&children=1&infants=0",
    );
  });

  it("asks for what a domestic trip needs: judged on the last leg, Latin names when a carrier wants them", () => {
    expect(FLIGHT_SERVICE.passengerRequirements([OUT])).toEqual({
      lastFlightDate: "2026-08-09",
      latinNamesRequired: false,
      passportForEveryone: false,
      passportValidMonths: 0,
    });
    expect(FLIGHT_SERVICE.passengerRequirements([OUT, BACK])).toMatchObject({ lastFlightDate: "2026-08-15", latinNamesRequired: true });
  });

  it("keeps the passport of a foreigner valid only to the day of travel; six months when a trip asks for it", () => {
    const foreigner: PassengerInput = {
      type: "adult",
      firstName: "Anna",
      lastName: "Schmidt",
      firstNameLatin: "Anna",
      lastNameLatin: "Schmidt",
      gender: "female",
      birthDate: "1990-05-01",
      nationality: "DE",
      passportNumber: "C01X00T47",
      passportCountry: "DE",
      passportExpiry: "2026-10-01",
    };
    const domestic = { ...FLIGHT_SERVICE.passengerRequirements([OUT]), today: "2026-08-01" };
    expect(checkPassengers([foreigner], domestic).ok).toBe(true);
    // What an international module would ask for: six months after the last flight, from everyone.
    const abroad = { ...domestic, passportForEveryone: true, passportValidMonths: 6 };
    expect(checkPassengers([foreigner], abroad)).toEqual({ ok: false, errors: { "0.passportExpiry": "PASSPORT_SIX_MONTHS" } });
  });

  it("gives the bookings API the item fields it has always published", () => {
    expect(FLIGHT_SERVICE.apiItem(OUT)).toEqual({
      airline: { code: "IR", name: "Iran Air" },
      flightNumber: "IR 451",
      from: "THR",
      to: "MHD",
      departAt: OUT.departAt,
      arriveAt: OUT.arriveAt,
      fareClass: "Y",
      cabin: "economy",
      baggage: { kg: 20 },
      refundable: true,
    });
  });
});
