/**
 * Persian (۰–۹) and Arabic-Indic (٠–٩) digits as Latin ones. The search forms run this in the
 * browser, where persian-tools (one undivided module) would add its whole weight to every page;
 * the server-side place normalisation keeps using persian-tools.
 */
export function latinDigits(text: string): string {
  return text.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
}

/** A code typed by hand (a booking reference, a discount code): any digit set, spaces and dashes ignored, upper case. */
export function typedCode(text: string): string {
  return latinDigits(text).replace(/[\s-]/g, "").toUpperCase();
}

/** A whole number as people type it: Latin, Persian or Arabic digits, optionally grouped by thousands. */
export function readWholeNumber(text: string): number | null {
  const latin = latinDigits(text.trim()).replace(/[\u066C\u060C]/g, ",");
  if (!/^(\d+|\d{1,3}(,\d{3})+)$/.test(latin)) return null;
  const value = Number(latin.replaceAll(",", ""));
  return Number.isSafeInteger(value) ? value : null;
}
