import { verifyIranianLegalId } from "@persian-tools/persian-tools";
import { latinDigits } from "../i18n/digits.ts";
import { isEmail, normalizeMobile } from "../passengers/passenger-rules.ts";

/**
 * The buyer's fields around the passengers (spec §3 "Other purchase fields", domain facts on tax
 * invoices): the contact for tickets and SMS, and the company that asks for an official invoice.
 */
export type PurchaseFieldError =
  | "REQUIRED"
  | "MOBILE_INVALID"
  | "EMAIL_INVALID"
  | "COMPANY_ID_INVALID"
  | "ECONOMIC_CODE_INVALID"
  | "POSTAL_CODE_INVALID"
  | "BRANCH_CODE_INVALID"
  | "TOO_LONG";

export interface ContactInput {
  mobile: string;
  email?: string;
}

export interface Contact {
  /** `09XXXXXXXXX`. */
  mobile: string;
  email: string | null;
}

export interface CompanyInput {
  name: string;
  nationalId: string;
  economicCode: string;
  postalCode: string;
  branchCode?: string;
}

export interface Company {
  name: string;
  /** شناسه ملی: 11 digits. */
  nationalId: string;
  economicCode: string;
  /** 10 digits. */
  postalCode: string;
  branchCode: string | null;
}

const COMPANY_NAME_MAX = 120;

function digitsOnly(input: string | undefined): string {
  return latinDigits(input ?? "").replace(/[\s-]/g, "");
}

export function checkContact(
  input: ContactInput,
): { ok: true; contact: Contact } | { ok: false; errors: Record<string, PurchaseFieldError> } {
  const errors: Record<string, PurchaseFieldError> = {};
  const mobileText = input.mobile.trim();
  const mobile = mobileText ? normalizeMobile(mobileText) : null;
  if (!mobileText) errors["contact.mobile"] = "REQUIRED";
  else if (!mobile) errors["contact.mobile"] = "MOBILE_INVALID";
  const email = (input.email ?? "").trim();
  if (email && !isEmail(email)) errors["contact.email"] = "EMAIL_INVALID";
  if (Object.keys(errors).length > 0 || !mobile) return { ok: false, errors };
  return { ok: true, contact: { mobile, email: email ? email.toLowerCase() : null } };
}

/**
 * Iranian postal codes: ten digits; the first five never contain 0 or 2, the fifth is never 5,
 * and the last five never contain 2 (the national post's numbering).
 */
export function isPostalCode(code: string): boolean {
  return /^[13-9]{4}[1346-9][013-9]{5}$/.test(code);
}

export function checkCompany(
  input: CompanyInput,
): { ok: true; company: Company } | { ok: false; errors: Record<string, PurchaseFieldError> } {
  const errors: Record<string, PurchaseFieldError> = {};
  const name = input.name.replace(/\s+/g, " ").trim();
  if (!name) errors["company.name"] = "REQUIRED";
  else if (name.length > COMPANY_NAME_MAX) errors["company.name"] = "TOO_LONG";

  const nationalId = digitsOnly(input.nationalId);
  if (!nationalId) errors["company.nationalId"] = "REQUIRED";
  else if (!/^\d{11}$/.test(nationalId) || !verifyIranianLegalId(nationalId)) errors["company.nationalId"] = "COMPANY_ID_INVALID";

  // Since the national ids of legal persons, the economic code of a company is its 11-digit
  // national id; older 12-digit codes are still printed on invoices and accepted.
  const economicCode = digitsOnly(input.economicCode);
  if (!economicCode) errors["company.economicCode"] = "REQUIRED";
  else if (!/^\d{11,12}$/.test(economicCode) || /^(\d)\1+$/.test(economicCode)) errors["company.economicCode"] = "ECONOMIC_CODE_INVALID";

  const postalCode = digitsOnly(input.postalCode);
  if (!postalCode) errors["company.postalCode"] = "REQUIRED";
  else if (!isPostalCode(postalCode)) errors["company.postalCode"] = "POSTAL_CODE_INVALID";

  const branchCode = digitsOnly(input.branchCode);
  if (branchCode && !/^\d{1,10}$/.test(branchCode)) errors["company.branchCode"] = "BRANCH_CODE_INVALID";

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, company: { name, nationalId, economicCode, postalCode, branchCode: branchCode || null } };
}
