import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { gatewayNameMessage } from "#core/i18n/code-messages.ts";
import { KNOWN_GATEWAYS } from "#server/payment-gateways.ts";
import { catalogProblems, placeholders, texts } from "./catalog-check.ts";

const LOCALES = ["fa", "en", "ar"] as const;
type CatalogLocale = (typeof LOCALES)[number];

function catalogPath(locale: CatalogLocale): string {
  return fileURLToPath(new URL(`../../core/i18n/${locale}.json`, import.meta.url));
}

const RAW: Record<CatalogLocale, string> = {
  fa: readFileSync(catalogPath("fa"), "utf8"),
  en: readFileSync(catalogPath("en"), "utf8"),
  ar: readFileSync(catalogPath("ar"), "utf8"),
};

const PARSED: Record<CatalogLocale, Record<string, unknown>> = {
  fa: JSON.parse(RAW.fa) as Record<string, unknown>,
  en: JSON.parse(RAW.en) as Record<string, unknown>,
  ar: JSON.parse(RAW.ar) as Record<string, unknown>,
};

/**
 * Latin words that may stay Latin inside Persian and Arabic text: brand names, protocol names and
 * the literal parameter values an API client must send (airport codes, station codes, date format,
 * cabins, train ticket types, languages), file formats, and our own paths shown as examples.
 */
const ALLOWED_LATIN = [
  "Accept-Language",
  "English",
  "locale",
  "VIP",
  "YYYY-MM-DD",
  "THR",
  "MHD",
  "tehran",
  "mashhad",
  "general",
  "brothers",
  "sisters",
  "economy",
  "business",
  "application/json",
  "Idempotency-Key",
  "JSON",
  "errors",
  "PNR",
  "PDF",
  "IR",
  "X-CSRF-Token",
  "fields",
  "Allow",
  "API",
  "https",
  "RRGGBB",
  "RSS",
  "JPEG",
  "PNG",
  "WebP",
  // The settings screen's logos and domains (issue 25 §1): a refused format, DNS and an example host.
  "SVG",
  "DNS",
  "example",
  "com",
  "SMS",
  "admin",
  "tour",
  "kish",
  "fa",
  "en",
  "ar",
];

/** Keys as written in the file, duplicates included (JSON.parse would silently keep the last one). */
/** The top-level keys as written, in order and with repeats (JSON.parse keeps only the last of a repeat). */
function writtenKeys(raw: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  // Strings and braces in turn; a string followed by a colon one level deep is a top-level key.
  for (const match of raw.matchAll(/"((?:[^"\\]|\\.)*)"(\s*:)?|[{}[\]]/g)) {
    const token = match[0];
    if (token === "{" || token === "[") depth += 1;
    else if (token === "}" || token === "]") depth -= 1;
    else if (depth === 1 && match[2]) keys.push(match[1] ?? "");
  }
  return keys;
}

function latinLeftovers(text: string): string[] {
  let rest = text.replace(/\{\w+\}/g, " ");
  // Whole words only, so that a short allowed word ("en") hides nothing inside a longer one.
  for (const word of ALLOWED_LATIN)
    rest = rest.replace(new RegExp(`(?<![A-Za-z])${word.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&")}(?![A-Za-z])`, "g"), " ");
  return rest.match(/[A-Za-z]+/g) ?? [];
}

describe("message catalogs", () => {
  it("keep every rule: same keys, each language's plural categories, same placeholders", () => {
    expect(catalogProblems(PARSED, "fa")).toEqual([]);
  });

  it("write no key twice", () => {
    for (const locale of LOCALES) {
      const keys = writtenKeys(RAW[locale]);
      const duplicates = keys.filter((key, index) => keys.indexOf(key) !== index);
      expect(duplicates, locale).toEqual([]);
      expect(keys.length, locale).toBe(Object.keys(PARSED[locale]).length);
    }
  });

  it("have counted messages, written as plural forms", () => {
    const plural = Object.keys(PARSED.ar).filter((key) => typeof PARSED.ar[key] === "object");
    expect(plural).toContain("flights.seatsLeft");
    expect(Object.keys(PARSED.ar["flights.seatsLeft"] as object).sort()).toEqual(["few", "many", "one", "other", "two", "zero"]);
    expect(Object.keys(PARSED.fa["flights.seatsLeft"] as object).sort()).toEqual(["one", "other"]);
    expect(Object.keys(PARSED.en["flights.seatsLeft"] as object).sort()).toEqual(["one", "other"]);
  });

  it("use placeholders at all (so the placeholder rule compares something)", () => {
    const withPlaceholders = texts(PARSED.fa).filter(([, text]) => placeholders(text).length > 0);
    expect(withPlaceholders.length).toBeGreaterThan(0);
  });

  it.each(["fa", "ar"] as const)("write %s text without Latin letters beyond the allowed words", (locale) => {
    const offenders = texts(PARSED[locale])
      .map(([key, text]) => [key, latinLeftovers(text)] as const)
      .filter(([, words]) => words.length > 0)
      .map(([key, words]) => `${key}: ${words.join(" ")}`);
    expect(offenders).toEqual([]);
  });

  it("catch Latin words that are not on the allowed list", () => {
    expect(latinLeftovers("بلیط VIP برای {name}")).toEqual([]);
    expect(latinLeftovers("سرآیند Accept-Language")).toEqual([]);
    expect(latinLeftovers("پرواز Economy")).toEqual(["Economy"]);
    // Allowed words count only whole: "en" and "locale" hide nothing inside a longer word.
    expect(latinLeftovers("کوکی localeX")).toEqual(["localeX"]);
    expect(latinLeftovers("زبان fa یا en، نه broken")).toEqual(["broken"]);
  });

  it("write English text without Arabic-script letters except the native language names", () => {
    const nativeNames = new Set(["lang.fa", "lang.ar"]);
    const offenders = texts(PARSED.en)
      .filter(([key, text]) => !nativeNames.has(key) && /[\u0600-\u06FF]/.test(text))
      .map(([key]) => key);
    expect(offenders).toEqual([]);
  });

  it("name every payment gateway the server can build", () => {
    for (const gateway of KNOWN_GATEWAYS) expect(gatewayNameMessage(gateway), gateway).not.toBeNull();
  });

  it("are the catalogs the app uses", () => {
    for (const locale of LOCALES) expect(CATALOGS[locale]).toEqual(PARSED[locale]);
  });
});

describe("catalogs in the browser bundle", () => {
  it("are loaded one language at a time: browser code never imports the module with all three", () => {
    const browserModules = [
      "app/root.tsx",
      "app/entry.client.tsx",
      "core/i18n/messages.ts",
      "core/i18n/code-messages.ts",
      "app/i18n/use-i18n.ts",
      "app/i18n/load-catalog.ts",
    ];
    for (const file of browserModules) {
      const source = readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), "utf8");
      expect(source, file).not.toMatch(/i18n\/catalogs|\.\/catalogs\.ts/);
      expect(source, file).not.toMatch(/^import (?!type)[^;]*from "[^"]*\b(fa|en|ar)\.json"/m);
    }
  });
});
