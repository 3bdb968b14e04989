import { describe, expect, it } from "vitest";
import "../i18n/catalogs.ts";
import { checkPassengers, type PassengerInput } from "../passengers/passenger-rules.ts";
import { moduleOfBooking, serviceModule } from "../services/service-modules.ts";
import type { ItemTickets } from "../services/service-module.ts";
import { held, testReturnTrain, testTrain } from "./test-trains.ts";
import { TRAIN_SERVICE as MODULE } from "./train-service.ts";
import type { HeldTrainOffer } from "./train.ts";

/** Two travellers: the first with a free meal and bedding, the second with the fish; a sedan owned by the first. */
function withChoices(): HeldTrainOffer {
  return held(testTrain(), {
    extras: [
      { passenger: 0, code: "meal-chicken" },
      { passenger: 0, code: "bedding" },
      { passenger: 1, code: "meal-fish" },
    ],
    vehicle: { ownerPassenger: 0, plate: "12ب345-67", chassis: null, type: "sedan" },
  });
}

const NAMES: Record<string, Record<string, string>> = {
  fa: { tehran: "تهران", mashhad: "مشهد" },
  en: { tehran: "Tehran", mashhad: "Mashhad" },
  ar: { tehran: "طهران", mashhad: "مشهد" },
};
const OPERATORS: Record<string, string> = { fa: "رجا", en: "Raja", ar: "رجا" };
const context = (locale: "fa" | "en" | "ar") => ({
  locale,
  calendar: locale === "fa" ? ("persian" as const) : ("gregorian" as const),
  placeName: (code: string) => NAMES[locale]?.[code],
  carrierName: (code: string) => (code === "raja" ? OPERATORS[locale] : undefined),
});

const tickets = (placements: (Record<string, number | null> | null)[]): ItemTickets =>
  placements.map((placement, passengerPosition) => ({
    passengerPosition,
    pnr: "RJ4K7Q",
    ticketNumber: `352-${passengerPosition}`,
    placement,
  }));

describe("the train module", () => {
  it("is the module of train bookings, and reads a stored offer back as it was held", () => {
    const offer = withChoices();
    expect(serviceModule("train").facts(offer)).toEqual(MODULE.facts(offer));
    expect(moduleOfBooking({ service: "train" }).prefactorPath({ service: "train", reference: "R", hashId: "h" })).toBe(
      "/train/prefactor/R/h",
    );
    expect(MODULE.parseOffer(JSON.parse(JSON.stringify(offer)))).toEqual(offer);
  });

  it.each([
    ["an offer without its choices", testTrain()],
    ["a departure without its offset", { ...withChoices(), departAt: "2026-11-22T21:30" }],
    ["an unknown wagon kind", { ...withChoices(), wagon: { kind: "sleeper", bedsPerCompartment: 2 } }],
    ["a compartment of no beds", { ...withChoices(), wagon: { kind: "compartment4", bedsPerCompartment: 0 } }],
    ["an unknown ticket type", { ...withChoices(), ticketType: "family" }],
    ["a bed in fractions of a toman", { ...withChoices(), price: { ...withChoices().price, adult: 1.5 } }],
    [
      "a car with neither plate nor chassis",
      { ...withChoices(), choices: { extras: [], vehicle: { ownerPassenger: 0, plate: null, chassis: null, type: "sedan" } } },
    ],
    [
      "a car of an unknown type",
      { ...withChoices(), choices: { extras: [], vehicle: { ...withChoices().choices.vehicle!, type: "bus" } } },
    ],
    ["a domestic flight's offer", { offerId: "x", airline: { code: "IR", name: "Iran Air" }, flightNumber: "IR 451" }],
  ])("refuses a malformed stored offer: %s", (_case, stored) => {
    expect(() => MODULE.parseOffer(stored)).toThrow();
  });

  it("names the item by its train number, between its stations", () => {
    expect(MODULE.facts(withChoices())).toEqual({
      code: "352",
      from: "tehran",
      to: "mashhad",
      startsAt: "2026-11-22T21:30:00+03:30",
      endsAt: "2026-11-23T08:10:00+03:30",
    });
  });

  it("summarises the train, its wagon and ticket type, the meals and services per passenger and the car, in English", () => {
    const summary = MODULE.summary(withChoices(), context("en"));
    expect(summary).toMatchObject({ title: "Tehran → Mashhad", date: "2026/11/22", startTime: "21:30", endTime: "08:10" });
    expect(summary.details).toEqual([
      { label: "Train", value: "Raja, Noor 352" },
      { label: "Wagon", value: "Compartment of 4 beds" },
      { label: "Ticket type", value: "General" },
      { label: "Meals and services, passenger 1", value: "Chicken kebab, Bedding" },
      { label: "Meals and services, passenger 2", value: "Fish and rice" },
      { label: "Car transport", value: "Sedan, plate \u200e12ب\u200e345-67, owner: passenger 1" },
      { label: "Refund", value: "Refundable" },
    ]);
  });

  it("says a whole compartment was bought, a one-gender compartment, a VIP wagon and a car known by its chassis", () => {
    const offer = held(
      testTrain({ coupe: true, ticketType: "sisters", wagon: { kind: "vip4", bedsPerCompartment: 4 }, refundable: false }),
      {
        vehicle: { ownerPassenger: 1, plate: null, chassis: "NAAM01CA9KK123456", type: "suv" },
      },
    );
    const details = MODULE.summary(offer, context("en")).details;
    expect(details).toEqual([
      { label: "Train", value: "Raja, Noor 352" },
      { label: "Wagon", value: "VIP compartment of 4 beds" },
      { label: "Ticket type", value: "Sisters only" },
      { label: "Purchase", value: "Whole compartment (coupe)" },
      { label: "Car transport", value: "SUV, chassis NAAM01CA9KK123456, owner: passenger 2" },
      { label: "Refund", value: "Non-refundable" },
    ]);
    expect(MODULE.summary(held(testTrain({ wagon: { kind: "salon", bedsPerCompartment: 1 } })), context("en")).details[1]).toEqual({
      label: "Wagon",
      value: "Salon (seats)",
    });
  });

  it("summarises in Persian and Arabic with their digits, calendars and the operator's name in the language", () => {
    const fa = MODULE.summary(withChoices(), context("fa"));
    expect(fa).toMatchObject({ title: "تهران ← مشهد", date: "۱۴۰۵/۰۹/۰۱", startTime: "۲۱:۳۰", endTime: "۰۸:۱۰" });
    expect(fa.details.slice(0, 3)).toEqual([
      { label: "قطار", value: "رجا، Noor ۳۵۲" },
      { label: "واگن", value: "کوپه ۴ تخته" },
      { label: "نوع بلیت", value: "عمومی" },
    ]);
    expect(fa.details[3]!.label).toBe("غذا و خدمات مسافر ۱");
    expect(fa.details[5]).toEqual({ label: "حمل خودرو", value: "سواری، پلاک \u200e۱۲ب\u200e۳۴۵-۶۷، مالک: مسافر ۱" });
    const ar = MODULE.summary(withChoices(), context("ar"));
    expect(ar).toMatchObject({ title: "طهران ← مشهد", date: "٢٠٢٦/١١/٢٢", startTime: "٢١:٣٠" });
    expect(ar.details[1]).toEqual({ label: "العربة", value: "مقصورة من ٤ أسرّة" });
  });

  it("prints one box for the train with each passenger's wagon, compartment and bed, under the operator's PNR", () => {
    const [line, ...rest] = MODULE.ticketLines(
      withChoices(),
      // Out of order, and the infant on a lap has no place of their own.
      [...tickets([{ wagon: 3, compartment: 2, bed: 7 }, { wagon: 3, compartment: 2, bed: 8 }, null])].reverse(),
      context("en"),
    );
    expect(rest).toEqual([]);
    expect(line).toMatchObject({ kind: "Train", operator: "Raja", code: "352", from: "Tehran", to: "Mashhad", pnr: "RJ4K7Q" });
    expect(line!.departure).toContain("2026, 21:30");
    expect(line!.arrival).toContain("2026, 08:10");
    expect(line!.details).toEqual([
      { label: "Train", value: "Raja, Noor 352" },
      { label: "Wagon", value: "Compartment of 4 beds" },
      { label: "Ticket type", value: "General" },
      { label: "Place of passenger 1", value: "Wagon 3, compartment 2, bed 7" },
      { label: "Place of passenger 2", value: "Wagon 3, compartment 2, bed 8" },
      { label: "Meals and services, passenger 1", value: "Chicken kebab, Bedding" },
      { label: "Meals and services, passenger 2", value: "Fish and rice" },
      { label: "Car transport", value: "Sedan, plate \u200e12ب\u200e345-67, owner: passenger 1" },
    ]);
  });

  it("prints a salon seat without a compartment, in Persian digits; before issue there is no PNR and no place", () => {
    const salon = held(testTrain({ wagon: { kind: "salon", bedsPerCompartment: 1 } }));
    const [line] = MODULE.ticketLines(salon, tickets([{ wagon: 5, compartment: null, bed: 41 }]), context("fa"));
    expect(line!.details).toContainEqual({ label: "جای مسافر ۱", value: "واگن ۵، صندلی ۴۱" });
    expect(line!.from).toBe("تهران");
    const [unissued] = MODULE.ticketLines(salon, [], context("fa"));
    expect(unissued!.pnr).toBe("");
    expect(unissued!.details.map((detail) => detail.label)).not.toContain("جای مسافر ۱");
  });

  it("writes an SMS line with the train number, stations, date and time and the PNR", () => {
    expect(MODULE.smsLine(withChoices(), "RJ4K7Q", { locale: "en", calendar: "gregorian" })).toBe(
      "Train 352 tehran-mashhad 2026/11/22 21:30, PNR RJ4K7Q",
    );
    expect(MODULE.smsLine(withChoices(), "RJ4K7Q", { locale: "fa", calendar: "persian" })).toBe(
      "قطار 352 tehran-mashhad 1405/09/01 ساعت 21:30، کد PNR RJ4K7Q",
    );
  });

  it("gives refund terms counted from the departure, by the operator's rule", () => {
    expect(MODULE.refundTerms(withChoices())).toEqual({
      refundable: true,
      countsFrom: "2026-11-22T21:30:00+03:30",
      code: "352",
      ruleKey: { operator: "raja" },
    });
  });

  describe("what travellers must give", () => {
    const iranian: PassengerInput = {
      type: "adult",
      firstName: "علی",
      lastName: "رضایی",
      gender: "male",
      birthDate: "1990-05-01",
      nationalCode: "0499370899",
    };
    const foreigner: PassengerInput = {
      type: "adult",
      firstName: "Ayse",
      lastName: "Yilmaz",
      firstNameLatin: "Ayse",
      lastNameLatin: "Yilmaz",
      gender: "female",
      birthDate: "1988-02-11",
      nationality: "TR",
      passportNumber: "U1234567",
      passportCountry: "TR",
      passportExpiry: "2032-06-30",
    };
    const today = "2026-11-01";

    it("judges ages on the last train's day; Persian names, no passport for Iranians, foreigners and both genders welcome", () => {
      const requirements = MODULE.passengerRequirements([held(testTrain()), held(testReturnTrain())]);
      expect(requirements).toEqual({
        lastFlightDate: "2026-11-25",
        latinNamesRequired: false,
        passportForEveryone: false,
        passportValidMonths: 0,
        foreignersAllowed: true,
      });
      expect(checkPassengers([iranian, foreigner], { ...requirements, today }).ok).toBe(true);
    });

    it("refuses a foreign national when either train does not sell to foreigners, on the nationality field", () => {
      const requirements = MODULE.passengerRequirements([held(testTrain()), held(testReturnTrain({ foreignersAllowed: false }))]);
      expect(requirements.foreignersAllowed).toBe(false);
      expect(checkPassengers([iranian, foreigner], { ...requirements, today })).toEqual({
        ok: false,
        errors: { "1.nationality": "FOREIGN_NOT_ALLOWED" },
      });
    });

    it("takes only men in a brothers' compartment and only women in a sisters' one", () => {
      const brothers = MODULE.passengerRequirements([held(testTrain({ ticketType: "brothers" }))]);
      expect(brothers.genderOnly).toBe("male");
      expect(checkPassengers([iranian, { ...iranian, gender: "female", nationalCode: "0012345679" }], { ...brothers, today })).toEqual({
        ok: false,
        errors: { "1.gender": "GENDER_NOT_ALLOWED" },
      });
      const sisters = MODULE.passengerRequirements([held(testTrain({ ticketType: "sisters" }))]);
      expect(sisters.genderOnly).toBe("female");
      const woman = { ...iranian, firstName: "مریم", gender: "female", nationalCode: "0012345679" };
      expect(checkPassengers([woman, foreigner], { ...sisters, today }).ok).toBe(true);
      expect(checkPassengers([woman, iranian], { ...sisters, today })).toMatchObject({ errors: { "1.gender": "GENDER_NOT_ALLOWED" } });
    });
  });

  it("puts its pages under /train (spec §2), the passengers page with the chosen trains and the search they came from", () => {
    const booking = { service: "train" as const, reference: "ABCD2345", hashId: "h".repeat(22) };
    expect(MODULE.paths.prefactor(booking)).toBe(`/train/prefactor/ABCD2345/${booking.hashId}`);
    expect(MODULE.paths.factor(booking)).toBe(`/train/factor/ABCD2345/${booking.hashId}`);
    expect(MODULE.paths.passengers([held(testTrain())], { adults: 2, children: 1, infants: 0 })).toBe(
      "/train/tehran-mashhad/passengers?out=train-352-c4-general&date=2026-11-22&adults=2&children=1&infants=0&ticketType=general&coupe=0",
    );
    const coupe = { coupe: true, ticketType: "brothers" as const };
    expect(MODULE.paths.passengers([held(testTrain(coupe)), held(testReturnTrain(coupe))], { adults: 1, children: 0, infants: 1 })).toBe(
      "/train/tehran-mashhad/passengers?out=train-352-c4-general&back=train-351-c4-general&date=2026-11-22&returnDate=2026-11-25&adults=1&children=0&infants=1&ticketType=brothers&coupe=1",
    );
  });

  it("gives the bookings API the train, its wagon and what was added per passenger with its price", () => {
    expect(MODULE.apiItem(withChoices())).toEqual({
      operator: { code: "raja", name: "Raja" },
      trainNumber: "352",
      trainName: "Noor",
      from: "tehran",
      to: "mashhad",
      departAt: "2026-11-22T21:30:00+03:30",
      arriveAt: "2026-11-23T08:10:00+03:30",
      wagon: { kind: "compartment4", bedsPerCompartment: 4 },
      ticketType: "general",
      coupe: false,
      services: [
        { passenger: 0, code: "meal-chicken", kind: "meal", name: "Chicken kebab", price: 0 },
        { passenger: 0, code: "bedding", kind: "service", name: "Bedding", price: 120_000 },
        { passenger: 1, code: "meal-fish", kind: "meal", name: "Fish and rice", price: 90_000 },
      ],
      vehicle: { ownerPassenger: 0, plate: "12ب345-67", chassis: null, type: "sedan", price: 3_200_000 },
      refundable: true,
    });
    expect(MODULE.apiItem(held(testTrain())).vehicle).toBeNull();
  });
});
