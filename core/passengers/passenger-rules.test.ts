import { describe, expect, it } from "vitest";
import {
  checkPassengers,
  isEmail,
  normalizeMobile,
  normalizeNationalCode,
  passengerTypeOn,
  type PassengerContext,
  type PassengerInput,
} from "./passenger-rules.ts";

const context: PassengerContext = { today: "2026-01-10", lastFlightDate: "2026-06-15", latinNamesRequired: false };

function iranian(overrides: Partial<PassengerInput> = {}): PassengerInput {
  return {
    type: "adult",
    firstName: "علی",
    lastName: "رضایی",
    gender: "male",
    birthDate: "1370/05/12",
    nationalCode: "0499370899",
    ...overrides,
  };
}

function foreigner(overrides: Partial<PassengerInput> = {}): PassengerInput {
  return {
    type: "adult",
    firstName: "",
    lastName: "",
    firstNameLatin: "John",
    lastNameLatin: "Smith",
    gender: "male",
    birthDate: "1985-03-20",
    nationality: "DE",
    passportNumber: "c01x00t47",
    passportCountry: "de",
    passportExpiry: "2026-06-15",
    ...overrides,
  };
}

function errorsOf(passengers: PassengerInput[], ctx: PassengerContext = context) {
  const result = checkPassengers(passengers, ctx);
  return result.ok ? {} : result.errors;
}

describe("normalizeNationalCode", () => {
  it("accepts the facts file's valid example and rejects the invalid one", () => {
    expect(normalizeNationalCode("0499370899")).toBe("0499370899");
    expect(normalizeNationalCode("0499370898")).toBeNull();
  });

  it("rejects every all-same-digit code", () => {
    for (let digit = 0; digit <= 9; digit += 1) expect(normalizeNationalCode(String(digit).repeat(10))).toBeNull();
  });

  it("reads Persian and Arabic-Indic digits and left-pads 8 and 9 digits", () => {
    expect(normalizeNationalCode("۰۴۹۹۳۷۰۸۹۹")).toBe("0499370899");
    expect(normalizeNationalCode("٠٤٩٩٣٧٠٨٩٩")).toBe("0499370899");
    expect(normalizeNationalCode("499370899")).toBe("0499370899");
    expect(normalizeNationalCode("12345679")).toBe("0012345679");
    expect(normalizeNationalCode("1234567")).toBeNull();
    expect(normalizeNationalCode("04993708990")).toBeNull();
    expect(normalizeNationalCode("04993708a9")).toBeNull();
  });
});

describe("passengerTypeOn", () => {
  it("turns child on the second birthday and adult on the twelfth", () => {
    expect(passengerTypeOn("2024-06-16", "2026-06-15")).toBe("infant");
    expect(passengerTypeOn("2024-06-15", "2026-06-15")).toBe("child");
    expect(passengerTypeOn("2014-06-16", "2026-06-15")).toBe("child");
    expect(passengerTypeOn("2014-06-15", "2026-06-15")).toBe("adult");
  });

  it("needs 10 days of age", () => {
    expect(passengerTypeOn("2026-06-05", "2026-06-15")).toBe("infant");
    expect(passengerTypeOn("2026-06-06", "2026-06-15")).toBe("too-young");
    expect(passengerTypeOn("2026-06-20", "2026-06-15")).toBe("too-young");
  });
});

describe("checkPassengers", () => {
  it("normalises a valid Iranian and a valid foreigner", () => {
    const result = checkPassengers(
      [iranian({ firstName: "  علي ", lastName: "كاظمی", nationalCode: "۴۹۹۳۷۰۸۹۹", wheelchair: true }), foreigner()],
      context,
    );
    expect(result).toEqual({
      ok: true,
      passengers: [
        {
          type: "adult",
          iranian: true,
          nationality: "IR",
          firstName: "علی",
          lastName: "کاظمی",
          gender: "male",
          birthDate: "1991-08-03",
          nationalCode: "0499370899",
          wheelchair: true,
        },
        {
          type: "adult",
          iranian: false,
          nationality: "DE",
          firstName: "John",
          lastName: "Smith",
          firstNameLatin: "John",
          lastNameLatin: "Smith",
          gender: "male",
          birthDate: "1985-03-20",
          passportNumber: "C01X00T47",
          passportCountry: "DE",
          passportExpiry: "2026-06-15",
          wheelchair: false,
        },
      ],
    });
  });

  it("accepts ZWNJ and spaces in Persian names", () => {
    expect(checkPassengers([iranian({ firstName: "محمد رضا", lastName: "حسین\u200Cزاده" })], context).ok).toBe(true);
  });

  it("judges the declared type on the last flight date, not today", () => {
    // An infant today who is two on the day of the last leg travels as a child.
    expect(errorsOf([iranian({ type: "infant", birthDate: "2024-03-01" })])).toEqual({ "0.birthDate": "AGE_NOT_INFANT" });
    expect(errorsOf([iranian({ type: "child", birthDate: "2024-03-01" })])).toEqual({});
    expect(errorsOf([iranian({ type: "child", birthDate: "2024-06-16" })])).toEqual({ "0.birthDate": "AGE_NOT_CHILD" });
    expect(errorsOf([iranian({ type: "adult", birthDate: "2014-06-16" })])).toEqual({ "0.birthDate": "AGE_NOT_ADULT" });
    expect(errorsOf([iranian({ type: "adult", birthDate: "2014-06-15" })])).toEqual({});
  });

  it("rejects passengers under 10 days old on the last flight date", () => {
    const late = { today: "2026-06-06", lastFlightDate: "2026-06-15", latinNamesRequired: false };
    expect(errorsOf([iranian({ type: "infant", birthDate: "2026-06-05" })], late)).toEqual({});
    expect(errorsOf([iranian({ type: "infant", birthDate: "2026-06-06" })], late)).toEqual({ "0.birthDate": "TOO_YOUNG" });
  });

  it("rejects unreal and future birth dates", () => {
    expect(errorsOf([iranian({ birthDate: "1370/12/31" })])).toEqual({ "0.birthDate": "BIRTH_DATE_INVALID" }); // 1370 is not a leap year
    expect(errorsOf([iranian({ birthDate: "2026-01-11" })])).toEqual({ "0.birthDate": "BIRTH_DATE_INVALID" });
    expect(errorsOf([iranian({ birthDate: "yesterday" })])).toEqual({ "0.birthDate": "BIRTH_DATE_INVALID" });
    expect(errorsOf([iranian({ birthDate: " " })])).toEqual({ "0.birthDate": "REQUIRED" });
  });

  it("puts each Iranian error on its key", () => {
    expect(errorsOf([iranian({ firstName: "", lastName: "", gender: "", nationalCode: "" })])).toEqual({
      "0.firstName": "REQUIRED",
      "0.lastName": "REQUIRED",
      "0.gender": "REQUIRED",
      "0.nationalCode": "REQUIRED",
    });
    expect(errorsOf([iranian({ firstName: "Ali", lastName: "رضایی2", gender: "other", nationalCode: "0499370898" })])).toEqual({
      "0.firstName": "PERSIAN_ONLY",
      "0.lastName": "PERSIAN_ONLY",
      "0.gender": "GENDER_INVALID",
      "0.nationalCode": "NATIONAL_CODE_INVALID",
    });
    expect(errorsOf([iranian({ nationalCode: "1111111111" })])).toEqual({ "0.nationalCode": "NATIONAL_CODE_INVALID" });
  });

  it("rejects a national code used twice, on the later passenger", () => {
    const errors = errorsOf([iranian(), iranian({ nationalCode: "0012345679" }), iranian({ nationalCode: "۴۹۹۳۷۰۸۹۹" })]);
    expect(errors).toEqual({ "2.nationalCode": "NATIONAL_CODE_DUPLICATE" });
  });

  it("asks Iranians for Latin names only when required", () => {
    expect(errorsOf([iranian()], { ...context, latinNamesRequired: true })).toEqual({
      "0.firstNameLatin": "REQUIRED",
      "0.lastNameLatin": "REQUIRED",
    });
    expect(errorsOf([iranian({ firstNameLatin: "Ali", lastNameLatin: "Rezaei" })], { ...context, latinNamesRequired: true })).toEqual({});
    expect(errorsOf([iranian({ firstNameLatin: "علی", lastNameLatin: "Rezaei" })], { ...context, latinNamesRequired: true })).toEqual({
      "0.firstNameLatin": "LATIN_ONLY",
    });
  });

  it("puts each foreigner error on its key", () => {
    expect(
      errorsOf([foreigner({ firstNameLatin: "", lastNameLatin: "", passportNumber: "", passportCountry: "", passportExpiry: "" })]),
    ).toEqual({
      "0.firstNameLatin": "REQUIRED",
      "0.lastNameLatin": "REQUIRED",
      "0.passportNumber": "REQUIRED",
      "0.passportCountry": "REQUIRED",
      "0.passportExpiry": "REQUIRED",
    });
    expect(
      errorsOf([
        foreigner({
          firstNameLatin: "جان",
          lastNameLatin: "Smith1",
          passportNumber: "AB12",
          passportCountry: "DEU",
          passportExpiry: "2026-06-14",
        }),
      ]),
    ).toEqual({
      "0.firstNameLatin": "LATIN_ONLY",
      "0.lastNameLatin": "LATIN_ONLY",
      "0.passportNumber": "PASSPORT_INVALID",
      "0.passportCountry": "COUNTRY_INVALID",
      "0.passportExpiry": "PASSPORT_EXPIRES",
    });
    expect(errorsOf([foreigner({ passportNumber: "A1234567890123456", passportExpiry: "2026-02-30" })])).toEqual({
      "0.passportNumber": "PASSPORT_INVALID",
      "0.passportExpiry": "DATE_INVALID",
    });
    expect(errorsOf([foreigner({ nationality: "Germany" })])).toEqual({ "0.nationality": "COUNTRY_INVALID" });
  });

  it("does not ask foreigners for a national code, nor Iranians for a passport", () => {
    expect(errorsOf([foreigner({ nationalCode: "" })])).toEqual({});
    expect(errorsOf([iranian({ nationality: "ir" })])).toEqual({});
  });
});

describe("checkPassengers for travel abroad (passports from everyone, six months after the last flight)", () => {
  const abroad: PassengerContext = { ...context, latinNamesRequired: true, passportForEveryone: true, passportValidMonths: 6 };
  const iranianAbroad = (overrides: Partial<PassengerInput> = {}) =>
    iranian({
      firstNameLatin: "Ali",
      lastNameLatin: "Rezaei",
      nationality: "IR",
      passportNumber: "K12345678",
      passportCountry: "IR",
      passportExpiry: "2026-12-15",
      ...overrides,
    });

  it("takes an Iranian's passport valid exactly six months after the last flight, and refuses one day less", () => {
    expect(errorsOf([iranianAbroad()], abroad)).toEqual({});
    expect(errorsOf([iranianAbroad({ passportExpiry: "2026-12-14" })], abroad)).toEqual({ "0.passportExpiry": "PASSPORT_SIX_MONTHS" });
    // At home the same passport only has to last until the flight.
    expect(errorsOf([iranianAbroad({ passportExpiry: "2026-06-15" })])).toEqual({});
  });

  it("asks an Iranian passport for a letter and eight digits abroad only", () => {
    expect(errorsOf([iranianAbroad({ passportNumber: "12345678" })], abroad)).toEqual({ "0.passportNumber": "PASSPORT_IRAN_FORMAT" });
    expect(errorsOf([iranianAbroad({ passportNumber: "12345678" })])).toEqual({});
    // Another country's passport keeps the general shape.
    expect(errorsOf([foreigner({ passportExpiry: "2027-01-01" })], abroad)).toEqual({});
  });

  it("refuses one passport for two travellers", () => {
    const other = iranianAbroad({ firstNameLatin: "Sara", nationalCode: "0013542419", gender: "female" });
    expect(errorsOf([iranianAbroad(), other], abroad)).toEqual({ "1.passportNumber": "PASSPORT_DUPLICATE" });
  });

  it("needs no Persian name of an Iranian abroad, but one given is Persian", () => {
    expect(errorsOf([iranianAbroad({ firstName: "", lastName: "" })], abroad)).toEqual({});
    expect(errorsOf([iranianAbroad({ firstName: "", lastName: "" })])).toMatchObject({
      "0.firstName": "REQUIRED",
      "0.lastName": "REQUIRED",
    });
    expect(errorsOf([iranianAbroad({ firstName: "Ali" })], abroad)).toEqual({ "0.firstName": "PERSIAN_ONLY" });
  });
});

describe("normalizeMobile", () => {
  it("normalises every accepted form to 09…", () => {
    for (const input of [
      "09121234567",
      "+989121234567",
      "00989121234567",
      "989121234567",
      "۰۹۱۲۱۲۳۴۵۶۷",
      "٠٩١٢١٢٣٤٥٦٧",
      "+98 912 123 4567",
      "0912-123-4567",
    ]) {
      expect(normalizeMobile(input), input).toBe("09121234567");
    }
  });

  it("rejects what is not a mobile number", () => {
    for (const input of ["", "0912123456", "091212345678", "02112345678", "+18005551234", "abc", "0912123456a"]) {
      expect(normalizeMobile(input), input).toBeNull();
    }
  });
});

describe("isEmail", () => {
  it("accepts ordinary addresses and rejects broken ones", () => {
    expect(isEmail("ali.rezaei+trip@example.co.ir")).toBe(true);
    expect(isEmail(" a@b.io ")).toBe(true);
    for (const input of [
      "",
      "ali",
      "ali@",
      "@example.com",
      "ali@example",
      "ali@@example.com",
      "ali rezaei@example.com",
      "ali..r@example.com",
      "ali@-example.com",
      "ali@example.c0m",
    ]) {
      expect(isEmail(input), input).toBe(false);
    }
  });
});
