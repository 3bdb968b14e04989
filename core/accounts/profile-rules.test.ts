import { describe, expect, it } from "vitest";
import { EMPTY_PROFILE } from "./account.ts";
import { checkProfile, patchProfile } from "./profile-rules.ts";
import { checkSavedPassenger } from "./saved-passenger-rules.ts";

const TODAY = "2026-03-10";

describe("the profile rules", () => {
  it("check only the fields given, by the passenger rules, and normalize them", () => {
    expect(checkProfile({ firstName: "علي", nationalCode: "۰۴۹۹۳۷۰۸۹۹", birthDate: "1369/02/27" }, TODAY)).toEqual({
      ok: true,
      profile: { ...EMPTY_PROFILE, firstName: "علی", nationalCode: "0499370899", birthDate: "1990-05-17" },
    });
    expect(checkProfile({}, TODAY)).toEqual({ ok: true, profile: EMPTY_PROFILE });
  });

  it("name each refused field with its code", () => {
    const checked = checkProfile(
      { firstName: "Ali", firstNameLatin: "علی", nationalCode: "1234567890", birthDate: "2026-03-20", gender: "other", email: "x" },
      TODAY,
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        firstName: "PERSIAN_ONLY",
        firstNameLatin: "LATIN_ONLY",
        nationalCode: "NATIONAL_CODE_INVALID",
        birthDate: "BIRTH_DATE_INVALID",
        gender: "GENDER_INVALID",
        email: "EMAIL_INVALID",
      },
    });
  });

  it("lay a patch over the stored profile: absent keeps, null and blank clear", () => {
    const current = { ...EMPTY_PROFILE, firstName: "علی", email: "a@example.com", lastNameLatin: "Rezaei" };
    expect(patchProfile(current, { email: null, lastNameLatin: "", lastName: "رضایی" }, TODAY)).toEqual({
      ok: true,
      profile: { ...EMPTY_PROFILE, firstName: "علی", lastName: "رضایی" },
    });
    expect(patchProfile(current, { firstName: "Ali" }, TODAY)).toEqual({ ok: false, errors: { firstName: "PERSIAN_ONLY" } });
  });
});

describe("the saved passenger rules", () => {
  const adult = { firstName: "مریم", lastName: "کریمی", gender: "female", birthDate: "1992-11-02", nationalCode: "0012345679" };

  it("take a person whose type follows from the birth date", () => {
    const child = checkSavedPassenger({ ...adult, birthDate: "2021-01-01" }, TODAY);
    expect(child).toMatchObject({ ok: true, person: { firstName: "مریم", birthDate: "2021-01-01", nationalCode: "0012345679" } });
    expect(child.ok && "type" in child.person).toBe(false);
  });

  it("key errors by field, and read a passport that ran out as expired", () => {
    expect(checkSavedPassenger({ ...adult, nationalCode: "0012345678" }, TODAY)).toEqual({
      ok: false,
      errors: { nationalCode: "NATIONAL_CODE_INVALID" },
    });
    const foreigner = {
      firstName: "Anna",
      lastName: "Schmidt",
      firstNameLatin: "Anna",
      lastNameLatin: "Schmidt",
      gender: "female",
      birthDate: "1988-11-20",
      nationality: "DE",
      passportNumber: "C01X00T47",
      passportCountry: "DE",
    };
    expect(checkSavedPassenger({ ...foreigner, passportExpiry: "2026-03-09" }, TODAY)).toEqual({
      ok: false,
      errors: { passportExpiry: "PASSPORT_EXPIRED" },
    });
    expect(checkSavedPassenger({ ...foreigner, passportExpiry: "2029-01-01" }, TODAY).ok).toBe(true);
  });
});
