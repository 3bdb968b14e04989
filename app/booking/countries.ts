import { INTL_TAG, type Locale } from "#core/i18n/locales.ts";

/** Region codes of the ISO 3166-1 list that are not countries a passport is issued by. */
const NOT_COUNTRIES = new Set([
  "AA",
  "AC",
  "AN",
  "BU",
  "CP",
  "CQ",
  "CS",
  "DD",
  "DG",
  "DY",
  "EA",
  "EU",
  "EZ",
  "FX",
  "HV",
  "IC",
  "NH",
  "RH",
  "SU",
  "TA",
  "TP",
  "UK",
  "UN",
  "VD",
  "YD",
  "YU",
  "ZR",
  "ZZ",
  "IR",
]);
const cache = new Map<Locale, [string, string][]>();

/**
 * Countries as [ISO code, name in the page's language], by name, Iran left out (Iranians give a
 * national code instead). Names come from the runtime's own ICU data, so no list is kept by hand.
 */
export function countryOptions(locale: Locale): [string, string][] {
  const cached = cache.get(locale);
  if (cached) return cached;
  const names = new Intl.DisplayNames([INTL_TAG[locale]], { type: "region", fallback: "none" });
  const options: [string, string][] = [];
  for (let first = 65; first <= 90; first += 1) {
    for (let second = 65; second <= 90; second += 1) {
      const code = String.fromCharCode(first, second);
      if (NOT_COUNTRIES.has(code) || code.startsWith("X") || code.startsWith("Q")) continue;
      const name = names.of(code);
      if (name && name !== code) options.push([code, name]);
    }
  }
  const collator = new Intl.Collator(INTL_TAG[locale]);
  options.sort((a, b) => collator.compare(a[1], b[1]));
  cache.set(locale, options);
  return options;
}

/**
 * Countries a passport on the form may be issued by when Iranians give one too (travel abroad):
 * Iran first, as most travellers' passports are Iranian, then every other country.
 */
export function passportCountryOptions(locale: Locale): [string, string][] {
  const iran = new Intl.DisplayNames([INTL_TAG[locale]], { type: "region", fallback: "code" }).of("IR") ?? "IR";
  return [["IR", iran], ...countryOptions(locale)];
}
