import { describe, expect, it } from "vitest";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { translate } from "#core/i18n/messages.ts";
import type { FlightLeg, InternationalFlightOffer } from "./international-flight.ts";
import {
  INTERNATIONAL_PASSENGER_ERROR_MESSAGE,
  checkInternationalPassengers,
  isCountryCode,
  lastFlightDateOf,
  passportValidUntil,
  type InternationalPassengerError,
  type InternationalPassengerInput,
  type RequirementContext,
} from "./passenger-requirements.ts";

// A one-way trip on 15 June 2026: passports must be valid until at least 15 December 2026.
const oneWay: RequirementContext = { today: "2026-01-10", lastFlightDate: "2026-06-15" };

function iranian(overrides: Partial<InternationalPassengerInput> = {}): InternationalPassengerInput {
  return {
    type: "adult",
    firstNameLatin: "Ali",
    lastNameLatin: "Rezaei",
    firstName: "علی",
    lastName: "رضایی",
    gender: "male",
    birthDate: "1370/05/12",
    nationality: "IR",
    nationalCode: "0499370899",
    passportNumber: "K12345678",
    passportCountry: "IR",
    passportExpiry: "2028-01-01",
    ...overrides,
  };
}

function turk(overrides: Partial<InternationalPassengerInput> = {}): InternationalPassengerInput {
  return {
    type: "adult",
    firstNameLatin: "Ayse",
    lastNameLatin: "Yilmaz",
    gender: "female",
    birthDate: "1990-02-03",
    nationality: "tr",
    passportNumber: "u1234567",
    passportCountry: "tr",
    passportExpiry: "2027-05-01",
    ...overrides,
  };
}

function errorsOf(passengers: InternationalPassengerInput[], context: RequirementContext = oneWay) {
  const result = checkInternationalPassengers(passengers, context);
  return result.ok ? {} : Object.fromEntries(Object.entries(result.errors).map(([field, issue]) => [field, issue.code]));
}

describe("checkInternationalPassengers: a complete party", () => {
  it("accepts an Iranian and a foreigner and gives them back normalised", () => {
    const result = checkInternationalPassengers(
      [iranian({ nationalCode: "۰۴۹۹۳۷۰۸۹۹", passportNumber: "k ۱۲۳۴۵۶۷۸" }), turk({ passportExpiry: "2027/05/01" })],
      oneWay,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [ali, ayse] = result.passengers;
    expect(ali).toMatchObject({
      iranian: true,
      nationality: "IR",
      nationalCode: "0499370899",
      passportNumber: "K12345678",
      passportCountry: "IR",
      birthDate: "1991-08-03",
      firstName: "علی",
    });
    expect(ayse).toMatchObject({
      iranian: false,
      nationality: "TR",
      passportNumber: "U1234567",
      passportCountry: "TR",
      passportExpiry: "2027-05-01",
    });
    expect(ayse?.nationalCode).toBeUndefined();
  });
});

describe("names", () => {
  it("asks every traveller for Latin first and last names", () => {
    expect(errorsOf([turk({ firstNameLatin: " ", lastNameLatin: "" })])).toEqual({
      "0.firstNameLatin": "REQUIRED",
      "0.lastNameLatin": "REQUIRED",
    });
    expect(errorsOf([iranian({ firstNameLatin: "" })])).toEqual({ "0.firstNameLatin": "REQUIRED" });
  });

  it("refuses Persian letters and digits in the Latin names, and accepts hyphens and apostrophes", () => {
    expect(errorsOf([iranian({ firstNameLatin: "علی", lastNameLatin: "Rezaei2" })])).toEqual({
      "0.firstNameLatin": "LATIN_ONLY",
      "0.lastNameLatin": "LATIN_ONLY",
    });
    expect(errorsOf([turk({ firstNameLatin: "Anne-Marie", lastNameLatin: "O'Neil" })])).toEqual({});
  });

  it("leaves the Persian name optional, but an Iranian's is written in Persian", () => {
    expect(errorsOf([iranian({ firstName: "", lastName: undefined })])).toEqual({});
    expect(errorsOf([iranian({ firstName: "Ali" })])).toEqual({ "0.firstName": "PERSIAN_ONLY" });
  });
});

describe("gender", () => {
  it("is required and male or female", () => {
    expect(errorsOf([turk({ gender: "" })])).toEqual({ "0.gender": "REQUIRED" });
    expect(errorsOf([turk({ gender: "other" })])).toEqual({ "0.gender": "GENDER_INVALID" });
    expect(errorsOf([turk({ gender: " Female " })])).toEqual({});
  });
});

describe("birth date and age band, judged on the last leg", () => {
  it("is required, a real date and not in the future", () => {
    expect(errorsOf([turk({ birthDate: "" })])).toEqual({ "0.birthDate": "REQUIRED" });
    expect(errorsOf([turk({ birthDate: "1990-02-30" })])).toEqual({ "0.birthDate": "BIRTH_DATE_INVALID" });
    expect(errorsOf([turk({ birthDate: "2026-02-01" })])).toEqual({ "0.birthDate": "BIRTH_DATE_INVALID" });
  });

  it("puts infants under 2, children from 2 to under 12 and adults from 12", () => {
    expect(errorsOf([turk(), turk({ type: "infant", birthDate: "2024-06-16", passportNumber: "U7654321" })])).toEqual({});
    expect(errorsOf([turk(), turk({ type: "infant", birthDate: "2024-06-15", passportNumber: "U7654321" })])).toEqual({
      "1.birthDate": "AGE_NOT_INFANT",
    });
    expect(errorsOf([turk({ type: "child", birthDate: "2014-06-16" })])).toEqual({});
    expect(errorsOf([turk({ type: "child", birthDate: "2014-06-15" })])).toEqual({ "0.birthDate": "AGE_NOT_CHILD" });
    expect(errorsOf([turk({ type: "adult", birthDate: "2014-06-16" })])).toEqual({ "0.birthDate": "AGE_NOT_ADULT" });
  });

  it("refuses a traveller under 10 days old on the last leg", () => {
    // Born 5 June: ten days old on 15 June; born 6 June: nine.
    expect(errorsOf([turk({ type: "infant", birthDate: "2026-06-05" })], { ...oneWay, today: "2026-06-10" })).toEqual({});
    const result = checkInternationalPassengers([turk({ type: "infant", birthDate: "2026-06-06" })], { ...oneWay, today: "2026-06-10" });
    expect(result.ok ? null : result.errors["0.birthDate"]).toMatchObject({ code: "TOO_YOUNG", params: { days: 10 } });
  });

  it("judges a round trip on the return date: a child who turns 12 while away travels as an adult", () => {
    const roundTrip: RequirementContext = { today: "2026-01-10", lastFlightDate: "2026-06-25" };
    // Twelve on 20 June, between the way out (15 June) and the way back (25 June).
    expect(errorsOf([turk({ type: "child", birthDate: "2014-06-20" })], roundTrip)).toEqual({ "0.birthDate": "AGE_NOT_CHILD" });
    expect(errorsOf([turk({ type: "adult", birthDate: "2014-06-20" })], roundTrip)).toEqual({});
  });
});

describe("nationality and national code", () => {
  it("asks for a real country", () => {
    expect(errorsOf([turk({ nationality: "" })])).toEqual({ "0.nationality": "REQUIRED" });
    expect(errorsOf([turk({ nationality: "XX" })])).toEqual({ "0.nationality": "COUNTRY_INVALID" });
    expect(errorsOf([turk({ nationality: "EU" })])).toEqual({ "0.nationality": "COUNTRY_INVALID" });
    expect(errorsOf([turk({ nationality: "Turkey" })])).toEqual({ "0.nationality": "COUNTRY_INVALID" });
  });

  it("asks Iranians for a valid national code (persian-tools' check), and foreigners for none", () => {
    expect(errorsOf([iranian({ nationalCode: "" })])).toEqual({ "0.nationalCode": "REQUIRED" });
    expect(errorsOf([iranian({ nationalCode: "0499370898" })])).toEqual({ "0.nationalCode": "NATIONAL_CODE_INVALID" });
    expect(errorsOf([iranian({ nationalCode: "1111111111" })])).toEqual({ "0.nationalCode": "NATIONAL_CODE_INVALID" });
    expect(errorsOf([turk({ nationalCode: "" })])).toEqual({});
  });

  it("refuses the same national code twice in one party", () => {
    expect(errorsOf([iranian(), iranian({ passportNumber: "K87654321" })])).toEqual({ "1.nationalCode": "NATIONAL_CODE_DUPLICATE" });
  });
});

describe("passport number and country", () => {
  it("is required", () => {
    expect(errorsOf([turk({ passportNumber: "", passportCountry: "" })])).toEqual({
      "0.passportNumber": "REQUIRED",
      "0.passportCountry": "REQUIRED",
    });
  });

  it("has 6 to 9 Latin letters and digits", () => {
    expect(errorsOf([turk({ passportNumber: "U12345" })])).toEqual({});
    expect(errorsOf([turk({ passportNumber: "U12345678" })])).toEqual({});
    for (const number of ["U1234", "U123456789", "U12/456", "ب1234567"])
      expect(errorsOf([turk({ passportNumber: number })]), number).toEqual({ "0.passportNumber": "PASSPORT_FORMAT" });
    const result = checkInternationalPassengers([turk({ passportNumber: "U1" })], oneWay);
    expect(result.ok ? null : result.errors["0.passportNumber"]).toMatchObject({ params: { min: 6, max: 9 } });
  });

  it("is one letter and eight digits when Iran issued it", () => {
    expect(errorsOf([iranian({ passportNumber: "K1234567" })])).toEqual({ "0.passportNumber": "PASSPORT_FORMAT_IRAN" });
    expect(errorsOf([iranian({ passportNumber: "123456789" })])).toEqual({ "0.passportNumber": "PASSPORT_FORMAT_IRAN" });
    expect(errorsOf([iranian({ passportNumber: "KA2345678" })])).toEqual({ "0.passportNumber": "PASSPORT_FORMAT_IRAN" });
    // An Iranian travelling on another country's passport follows that country's format.
    expect(errorsOf([iranian({ passportNumber: "C01X00T47", passportCountry: "DE" })])).toEqual({});
  });

  it("names a real issuing country", () => {
    expect(errorsOf([turk({ passportCountry: "QQ" })])).toEqual({ "0.passportCountry": "COUNTRY_INVALID" });
  });

  it("refuses the same passport twice in one party", () => {
    expect(errorsOf([turk(), turk({ firstNameLatin: "Mehmet", passportNumber: "u-1234567" })])).toEqual({
      "1.passportNumber": "PASSPORT_DUPLICATE",
    });
  });
});

describe("passport expiry: six months after the last flight", () => {
  it("accepts a passport expiring exactly six months after the last flight and refuses one a day earlier", () => {
    expect(passportValidUntil("2026-06-15")).toBe("2026-12-15");
    expect(errorsOf([turk({ passportExpiry: "2026-12-15" })])).toEqual({});
    expect(errorsOf([turk({ passportExpiry: "2026-12-14" })])).toEqual({ "0.passportExpiry": "PASSPORT_SIX_MONTHS" });
  });

  it("judges a round trip on the return date", () => {
    const roundTrip: RequirementContext = { today: "2026-01-10", lastFlightDate: "2026-06-25" };
    // Enough for the way out alone, not for the way back.
    expect(errorsOf([turk({ passportExpiry: "2026-12-15" })], roundTrip)).toEqual({ "0.passportExpiry": "PASSPORT_SIX_MONTHS" });
    expect(errorsOf([turk({ passportExpiry: "2026-12-24" })], roundTrip)).toEqual({ "0.passportExpiry": "PASSPORT_SIX_MONTHS" });
    expect(errorsOf([turk({ passportExpiry: "2026-12-25" })], roundTrip)).toEqual({});
  });

  it("ends six months after the 31st on the shorter month's last day", () => {
    expect(passportValidUntil("2026-08-31")).toBe("2027-02-28");
    const context = { today: "2026-01-10", lastFlightDate: "2026-08-31" };
    expect(errorsOf([turk({ passportExpiry: "2027-02-28" })], context)).toEqual({});
    expect(errorsOf([turk({ passportExpiry: "2027-02-27" })], context)).toEqual({ "0.passportExpiry": "PASSPORT_SIX_MONTHS" });
  });

  it("is required and a real date, in any digit set", () => {
    expect(errorsOf([turk({ passportExpiry: "" })])).toEqual({ "0.passportExpiry": "REQUIRED" });
    expect(errorsOf([turk({ passportExpiry: "next year" })])).toEqual({ "0.passportExpiry": "EXPIRY_DATE_INVALID" });
    expect(errorsOf([turk({ passportExpiry: "2027-02-30" })])).toEqual({ "0.passportExpiry": "EXPIRY_DATE_INVALID" });
    expect(errorsOf([turk({ passportExpiry: "۲۰۲۷/۰۵/۰۱" })])).toEqual({});
  });

  it("refuses an expired passport with the same rule", () => {
    expect(errorsOf([turk({ passportExpiry: "2025-01-01" })])).toEqual({ "0.passportExpiry": "PASSPORT_SIX_MONTHS" });
  });
});

describe("messages", () => {
  const codes = Object.keys(INTERNATIONAL_PASSENGER_ERROR_MESSAGE) as InternationalPassengerError[];

  it("exist for every code in fa, en and ar", () => {
    for (const code of codes) {
      const key = INTERNATIONAL_PASSENGER_ERROR_MESSAGE[code];
      for (const locale of ["fa", "en", "ar"] as const) expect(CATALOGS[locale][key], `${locale} ${code}`).toBeTruthy();
    }
  });

  it("come with their parameters, numbers in the language's digits", () => {
    const result = checkInternationalPassengers([turk({ passportExpiry: "2026-12-01", passportNumber: "U1" })], oneWay);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const expiry = result.errors["0.passportExpiry"]!;
    expect(translate("en", expiry.message, expiry.params)).toBe(
      "The passport must be valid for at least 6 months after the date of the last flight.",
    );
    expect(translate("fa", expiry.message, expiry.params)).toContain("۶ ماه");
    expect(translate("ar", expiry.message, expiry.params)).toContain("٦ أشهر");
    const number = result.errors["0.passportNumber"]!;
    expect(translate("en", number.message, number.params)).toBe("A passport number has 6 to 9 Latin letters and digits.");
    expect(translate("fa", number.message, number.params)).toContain("۶ تا ۹");
    expect(translate("ar", number.message, number.params)).not.toMatch(/[0-9{}]/);
  });
});

describe("isCountryCode", () => {
  it("knows real ISO codes and refuses groupings and unknown ones", () => {
    for (const code of ["IR", "TR", "AE", "IQ", "DE", "GE", "AM"]) expect(isCountryCode(code), code).toBe(true);
    for (const code of ["EU", "UN", "ZZ", "XX", "ir", "IRN", ""]) expect(isCountryCode(code), code).toBe(false);
  });
});

describe("lastFlightDateOf", () => {
  const leg = (departAt: string): FlightLeg => ({
    segments: [
      {
        airline: { code: "TK", name: "Turkish Airlines" },
        flightNumber: "TK 879",
        from: "IKA",
        to: "IST",
        departAt,
        arriveAt: departAt,
        durationMinutes: 215,
        aircraft: "A321",
      },
    ],
    layoverMinutes: [],
    durationMinutes: 215,
  });

  it("is the local departure date of the way back on a round trip, of the way out otherwise", () => {
    const oneLeg = { legs: [leg("2026-06-15T05:30:00+03:30")] } satisfies Pick<InternationalFlightOffer, "legs">;
    expect(lastFlightDateOf(oneLeg)).toBe("2026-06-15");
    // 23:50 in Istanbul is already the next day in Tehran; the airport's own date counts.
    expect(lastFlightDateOf({ legs: [leg("2026-06-15T05:30:00+03:30"), leg("2026-06-25T23:50:00+03:00")] })).toBe("2026-06-25");
  });
});
