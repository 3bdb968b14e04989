import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CATALOGS } from "#app/i18n/catalogs.ts";

const LOCALES = ["fa", "en", "ar"] as const;
type CatalogLocale = (typeof LOCALES)[number];

function catalogPath(locale: CatalogLocale): string {
  return fileURLToPath(new URL(`../../app/i18n/${locale}.json`, import.meta.url));
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
 * the literal parameter values an API client must send (airport codes, date format, cabins).
 */
const ALLOWED_LATIN = ["Accept-Language", "English", "locale", "VIP", "YYYY-MM-DD", "THR", "MHD", "economy", "business", "application/json", "Idempotency-Key", "JSON", "errors", "PNR", "PDF", "IR", "X-CSRF-Token", "Allow"];

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "").sort();
}

/** Keys as written in the file, duplicates included (JSON.parse would silently keep the last one). */
function writtenKeys(raw: string): string[] {
  return [...raw.matchAll(/^\s*"((?:[^"\\]|\\.)*)"\s*:/gm)].map((match) => match[1] ?? "");
}

function latinLeftovers(text: string): string[] {
  let rest = text.replace(/\{\w+\}/g, " ");
  for (const word of ALLOWED_LATIN) rest = rest.split(word).join(" ");
  return rest.match(/[A-Za-z]+/g) ?? [];
}

describe("message catalogs", () => {
  it("are flat objects of strings", () => {
    for (const locale of LOCALES) {
      const nonStrings = Object.entries(PARSED[locale]).filter(([, value]) => typeof value !== "string").map(([key]) => key);
      expect(nonStrings, locale).toEqual([]);
    }
  });

  it("write no key twice", () => {
    for (const locale of LOCALES) {
      const keys = writtenKeys(RAW[locale]);
      const duplicates = keys.filter((key, index) => keys.indexOf(key) !== index);
      expect(duplicates, locale).toEqual([]);
      expect(keys.length, locale).toBe(Object.keys(PARSED[locale]).length);
    }
  });

  it("have exactly the same keys", () => {
    const faKeys = Object.keys(PARSED.fa).sort();
    expect(faKeys.length).toBeGreaterThan(0);
    expect(Object.keys(PARSED.en).sort()).toEqual(faKeys);
    expect(Object.keys(PARSED.ar).sort()).toEqual(faKeys);
  });

  it("have no empty values", () => {
    for (const locale of LOCALES) {
      const empty = Object.entries(PARSED[locale]).filter(([, value]) => typeof value !== "string" || value.trim() === "").map(([key]) => key);
      expect(empty, locale).toEqual([]);
    }
  });

  it("use the same placeholders for each key", () => {
    const mismatches: string[] = [];
    for (const [key, value] of Object.entries(PARSED.fa)) {
      // The singular of a counted message may spell the number out ("one night"): only its {count} may go.
      const hasPlural = `${key}.other` in PARSED.fa;
      for (const locale of ["en", "ar"] as const) {
        const expected = placeholders(String(value)).filter((name) => !(hasPlural && name === "count" && !String(PARSED[locale][key]).includes("{count}")));
        const actual = placeholders(String(PARSED[locale][key] ?? ""));
        if (actual.join(",") !== expected.join(",")) mismatches.push(`${locale} ${key}: {${actual.join("}{")}} vs fa {${expected.join("}{")}}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("keep {count} in every plural form, whose number is never one", () => {
    const missing = LOCALES.flatMap((locale) =>
      Object.entries(PARSED[locale])
        .filter(([key, value]) => key.endsWith(".other") && !String(value).includes("{count}"))
        .map(([key]) => `${locale} ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it("use placeholders at all (so the check above compares something)", () => {
    const withPlaceholders = Object.values(PARSED.fa).filter((value) => placeholders(String(value)).length > 0);
    expect(withPlaceholders.length).toBeGreaterThan(0);
  });

  it.each(["fa", "ar"] as const)("write %s text without Latin letters beyond the allowed words", (locale) => {
    const offenders = Object.entries(PARSED[locale])
      .map(([key, value]) => [key, latinLeftovers(String(value))] as const)
      .filter(([, words]) => words.length > 0)
      .map(([key, words]) => `${key}: ${words.join(" ")}`);
    expect(offenders).toEqual([]);
  });

  it("catch Latin words that are not on the allowed list", () => {
    expect(latinLeftovers("بلیط VIP برای {name}")).toEqual([]);
    expect(latinLeftovers("سرآیند Accept-Language")).toEqual([]);
    expect(latinLeftovers("پرواز Economy")).toEqual(["Economy"]);
    expect(latinLeftovers("کوکی localeX")).toEqual(["X"]);
  });

  it("write English text without Arabic-script letters except the native language names", () => {
    const nativeNames = new Set(["lang.fa", "lang.ar"]);
    const offenders = Object.entries(PARSED.en)
      .filter(([key, value]) => !nativeNames.has(key) && /[\u0600-\u06FF]/.test(String(value)))
      .map(([key]) => key);
    expect(offenders).toEqual([]);
  });

  it("are the catalogs the app uses", () => {
    for (const locale of LOCALES) expect(CATALOGS[locale]).toEqual(PARSED[locale]);
  });
});

describe("catalogs in the browser bundle", () => {
  it("are loaded one language at a time: browser code never imports the module with all three", () => {
    const browserModules = ["app/root.tsx", "app/entry.client.tsx", "app/i18n/messages.ts", "app/i18n/use-i18n.ts", "app/i18n/load-catalog.ts"];
    for (const file of browserModules) {
      const source = readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), "utf8");
      expect(source, file).not.toMatch(/i18n\/catalogs|\.\/catalogs\.ts/);
      expect(source, file).not.toMatch(/^import (?!type)[^;]*from "\.\/(fa|en|ar)\.json"/m);
    }
  });
});
