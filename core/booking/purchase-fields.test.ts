import { describe, expect, it } from "vitest";
import { checkCompany, checkContact, isPostalCode } from "./purchase-fields.ts";

const company = {
  name: " شرکت  سفرهای  نور ",
  nationalId: "۱۰۳۸۰۲۸۴۷۹۰",
  economicCode: "10380284790",
  postalCode: "1969833114",
  branchCode: "",
};

describe("purchase fields", () => {
  it("normalise the contact mobile from any common form and check the e-mail", () => {
    expect(checkContact({ mobile: "+98 912 123 4567", email: " Ali@Example.COM " })).toEqual({
      ok: true,
      contact: { mobile: "09121234567", email: "ali@example.com" },
    });
    expect(checkContact({ mobile: "۰۹۱۲۱۲۳۴۵۶۷" })).toEqual({ ok: true, contact: { mobile: "09121234567", email: null } });
    expect(checkContact({ mobile: "" })).toEqual({ ok: false, errors: { "contact.mobile": "REQUIRED" } });
    expect(checkContact({ mobile: "0212345678", email: "a@b" })).toEqual({
      ok: false,
      errors: { "contact.mobile": "MOBILE_INVALID", "contact.email": "EMAIL_INVALID" },
    });
  });

  it("accept a company with a valid national id and postal code, digits in any script", () => {
    expect(checkCompany(company)).toEqual({
      ok: true,
      company: {
        name: "شرکت سفرهای نور",
        nationalId: "10380284790",
        economicCode: "10380284790",
        postalCode: "1969833114",
        branchCode: null,
      },
    });
  });

  it("refuse each bad company field on that field", () => {
    expect(checkCompany({ name: "", nationalId: "10380284791", economicCode: "123", postalCode: "0123456789", branchCode: "A1" })).toEqual({
      ok: false,
      errors: {
        "company.name": "REQUIRED",
        "company.nationalId": "COMPANY_ID_INVALID",
        "company.economicCode": "ECONOMIC_CODE_INVALID",
        "company.postalCode": "POSTAL_CODE_INVALID",
        "company.branchCode": "BRANCH_CODE_INVALID",
      },
    });
    expect(checkCompany({ ...company, name: "x".repeat(121) })).toMatchObject({ errors: { "company.name": "TOO_LONG" } });
  });

  it("know the shape of Iranian postal codes", () => {
    expect(isPostalCode("1969833114")).toBe(true);
    expect(isPostalCode("1234567890")).toBe(false);
    expect(isPostalCode("196983311")).toBe(false);
    expect(isPostalCode("1969533114")).toBe(false);
  });
});
