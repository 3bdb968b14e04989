import { getShebaInfo, isShebaValid } from "@persian-tools/persian-tools";
import { latinDigits } from "../i18n/digits.ts";
import type { Locale } from "../i18n/locales.ts";

/**
 * Sheba numbers: the Iranian IBAN ("IR", two check digits, then 22 digits, the first three of which
 * are the bank's code), where refunds are paid. Travellers paste them from banking apps and
 * statements, so spaces, dashes, lower case, Persian or Arabic-Indic digits and the invisible
 * direction marks of right-to-left text are all read; the "IR" may be left out.
 */

/** Whitespace, dashes of every kind and the invisible direction and joining marks of RTL text. */
const SEPARATORS = /[\s\-\u2010-\u2015\u2212\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/** "IR" + 24 Latin digits when the input is a valid Sheba (ISO 7064 mod-97 check); otherwise null. */
export function normalizeSheba(input: string): string | null {
  const text = latinDigits(input).replace(SEPARATORS, "").toUpperCase();
  const digits = text.startsWith("IR") ? text.slice(2) : text;
  if (!/^\d{24}$/.test(digits)) return null;
  const sheba = `IR${digits}`;
  return isShebaValid(sheba) ? sheba : null;
}

/**
 * The bank that holds a Sheba account, by the code in digits 5–7: its Persian name ("بانک ملت"),
 * or the English one ("Mellat Bank") for `en`. Null for an invalid Sheba or a code persian-tools
 * does not know.
 */
export function shebaBank(sheba: string, locale: Locale = "fa"): string | null {
  const normalized = normalizeSheba(sheba);
  if (!normalized) return null;
  // getShebaInfo answers an empty object, not null, for an unknown bank code.
  const info = getShebaInfo(normalized);
  const name = locale === "en" ? info?.name : info?.persianName;
  return name ? name : null;
}
