import type { Locale } from "#core/i18n/locales.ts";
import { formatNumber, localizeDigits, translate } from "#core/i18n/messages.ts";

/**
 * A number as shown on the code page: 0912***4567, enough to spot a typo, not enough to read it
 * off a shoulder. Asterisks, as in the display name (core/accounts/account.ts): a bullet looks
 * just like the Persian zero (۰).
 */
export function maskMobile(mobile: string): string {
  if (mobile.length < 8) return mobile;
  return `${mobile.slice(0, 4)}***${mobile.slice(-4)}`;
}

/**
 * A display name as the page shows it, in the page's digits. A masked number (asterisks; bullets
 * in cookies written before they changed) keeps its order in Arabic, see below.
 */
export function shownName(locale: Locale, name: string): string {
  if (locale === "en" || !/^\d{4}(•••|\*\*\*)\d{4}$/.test(name)) return localizeDigits(locale, name);
  const [start, end] = [localizeDigits(locale, name.slice(0, 4)), localizeDigits(locale, name.slice(-4))];
  // Arabic-Indic digits are "Arabic numbers" to the bidi algorithm and pull the asterisks between
  // them into right-to-left order even inside dir="ltr"; left-to-right marks hold the order.
  return locale === "ar" ? `${start}\u200E***\u200E${end}` : `${start}***${end}`;
}

function unit(locale: Locale, value: number, name: "hour" | "minute" | "second"): string {
  // Intl knows each language's plural forms (Arabic has six), which a catalog entry could not.
  return formatNumber(locale, value, { style: "unit", unit: name, unitDisplay: "long" });
}

/**
 * A wait in words, at most two units and never shorter than the real wait: "1 minute and 20
 * seconds", "۴۵ ثانیه", "2 hours and 1 minute". Seconds only under an hour; above, minutes round up.
 */
export function waitText(locale: Locale, totalSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(totalSeconds));
  if (seconds >= 3600) {
    const minutesUp = Math.ceil(seconds / 60);
    const hours = Math.floor(minutesUp / 60);
    const minutes = minutesUp % 60;
    return minutes === 0
      ? unit(locale, hours, "hour")
      : translate(locale, "auth.wait.and", { first: unit(locale, hours, "hour"), second: unit(locale, minutes, "minute") });
  }
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return unit(locale, rest, "second");
  if (rest === 0) return unit(locale, minutes, "minute");
  return translate(locale, "auth.wait.and", { first: unit(locale, minutes, "minute"), second: unit(locale, rest, "second") });
}

/**
 * A translated sentence cut at one placeholder, so the page can put markup there (a number kept
 * left-to-right inside right-to-left text): ["We sent a code to ", "."].
 */
export function aroundPlaceholder(text: (marker: string) => string): [string, string] {
  const marker = "\u0000";
  const [before = "", after = ""] = text(marker).split(marker);
  return [before, after];
}
