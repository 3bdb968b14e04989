import { describe, it, expect } from "vitest";
import type { PlaceNames } from "#core/places/place.ts";
import { PROVINCES } from "#seed/places/provinces.ts";
import { IRAN_CITIES } from "#seed/places/iran-cities.ts";
import { IRAN_AIRPORTS } from "#seed/places/airports.ts";
import { IRAN_STATIONS } from "#seed/places/stations.ts";
import { IRAN_TERMINALS } from "#seed/places/terminals.ts";
import { COUNTRIES } from "#seed/places/countries.ts";
import { FOREIGN_CITIES } from "#seed/places/foreign-cities.ts";

const LOCALES = ["fa", "en", "ar"] as const;

/** Arabic yeh (ي) and kaf (ك): Persian text uses ی and ک. Alef maksura (ى) is no Persian yeh either. */
const ARABIC_ONLY_IN_PERSIAN = /[\u064A\u0643\u0649]/;
/** Letters of Persian that Arabic does not use: پ چ ژ ک گ ی. */
const PERSIAN_ONLY_IN_ARABIC = /[\u067E\u0686\u0698\u06A9\u06AF\u06CC]/;
/** Arabic names that must keep a Persian letter (a proper name written so in Arabic). Keep it short. */
const ARABIC_NAMES_WITH_PERSIAN_LETTERS: readonly string[] = [];
const LATIN = /[A-Za-z]/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const IATA = /^[A-Z]{3}$/;
const COUNTRY_CODE = /^[A-Z]{2}$/;

interface NamedRow {
  label: string;
  names: PlaceNames;
  aliases?: string[];
}

/** Every named thing in the data, with a label for failure messages. */
function allNamedRows(): NamedRow[] {
  return [
    ...PROVINCES.map((row) => ({ label: `province ${row.slug}`, names: row.names })),
    ...IRAN_CITIES.map((row) => ({ label: `city ${row.slug}`, names: row.names, aliases: row.aliases })),
    ...IRAN_AIRPORTS.map((row) => ({ label: `airport ${row.iata}`, names: row.names, aliases: row.aliases })),
    ...IRAN_STATIONS.map((row) => ({ label: `station ${row.slug}`, names: row.names, aliases: row.aliases })),
    ...IRAN_TERMINALS.map((row) => ({ label: `terminal ${row.slug}`, names: row.names, aliases: row.aliases })),
    ...COUNTRIES.map((row) => ({ label: `country ${row.code}`, names: row.names, aliases: row.aliases })),
    ...FOREIGN_CITIES.flatMap((row) => [
      { label: `foreign city ${row.slug}`, names: row.names, aliases: row.aliases },
      ...row.airports.map((airport) => ({ label: `airport ${airport.iata}`, names: airport.names, aliases: airport.aliases })),
    ]),
  ];
}

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) repeated.add(value);
    seen.add(value);
  }
  return [...repeated];
}

const provinceSlugs = new Set(PROVINCES.map((row) => row.slug));
const citySlugs = new Set(IRAN_CITIES.map((row) => row.slug));
const countryCodes = new Set(COUNTRIES.map((row) => row.code));
const foreignAirportCodes = FOREIGN_CITIES.flatMap((row) => row.airports.map((airport) => airport.iata));
const allAirportCodes = [...IRAN_AIRPORTS.map((row) => row.iata), ...foreignAirportCodes];

describe("reference place data", () => {
  describe("sizes", () => {
    it("has all 31 provinces", () => {
      expect(PROVINCES).toHaveLength(31);
    });

    it("has at least the minimum number of rows in each file", () => {
      expect(IRAN_CITIES.length).toBeGreaterThanOrEqual(110);
      expect(IRAN_STATIONS.length).toBeGreaterThanOrEqual(45);
      expect(new Set(IRAN_TERMINALS.map((row) => row.city)).size).toBeGreaterThanOrEqual(60);
      expect(COUNTRIES.length).toBeGreaterThanOrEqual(70);
      expect(FOREIGN_CITIES.length).toBeGreaterThanOrEqual(60);
    });

    it("gives Tehran its four bus terminals and both airports", () => {
      expect(
        IRAN_TERMINALS.filter((row) => row.city === "tehran")
          .map((row) => row.slug)
          .sort(),
      ).toEqual(["tehran-beyhaghi", "tehran-east", "tehran-south", "tehran-west"]);
      expect(
        IRAN_AIRPORTS.filter((row) => row.city === "tehran")
          .map((row) => row.iata)
          .sort(),
      ).toEqual(["IKA", "THR"]);
    });
  });

  describe("identifiers", () => {
    it("has unique kebab-case slugs within each kind", () => {
      const groups: Record<string, string[]> = {
        provinces: PROVINCES.map((row) => row.slug),
        cities: IRAN_CITIES.map((row) => row.slug),
        stations: IRAN_STATIONS.map((row) => row.slug),
        terminals: IRAN_TERMINALS.map((row) => row.slug),
        "foreign cities": FOREIGN_CITIES.map((row) => row.slug),
      };
      for (const [group, slugs] of Object.entries(groups)) {
        expect(duplicates(slugs), `duplicate ${group} slugs`).toEqual([]);
        expect(
          slugs.filter((slug) => !SLUG.test(slug)),
          `malformed ${group} slugs`,
        ).toEqual([]);
      }
    });

    it("keeps Iranian and foreign city slugs apart (both become city:<slug>)", () => {
      expect(FOREIGN_CITIES.filter((row) => citySlugs.has(row.slug)).map((row) => row.slug)).toEqual([]);
    });

    it("has unique three-capital-letter IATA codes across Iranian and foreign airports", () => {
      expect(duplicates(allAirportCodes)).toEqual([]);
      expect(allAirportCodes.filter((code) => !IATA.test(code))).toEqual([]);
    });

    it("has unique two-capital-letter country codes", () => {
      const codes = COUNTRIES.map((row) => row.code);
      expect(duplicates(codes)).toEqual([]);
      expect(codes.filter((code) => !COUNTRY_CODE.test(code))).toEqual([]);
    });
  });

  describe("references", () => {
    it("puts every Iranian city in a listed province", () => {
      expect(IRAN_CITIES.filter((row) => !provinceSlugs.has(row.province)).map((row) => row.slug)).toEqual([]);
    });

    it("puts every province capital among the cities", () => {
      const provincesWithCities = new Set(IRAN_CITIES.map((row) => row.province));
      expect(PROVINCES.filter((row) => !provincesWithCities.has(row.slug)).map((row) => row.slug)).toEqual([]);
    });

    it("puts every Iranian airport, station and terminal in a listed Iranian city", () => {
      expect(IRAN_AIRPORTS.filter((row) => !citySlugs.has(row.city)).map((row) => row.iata)).toEqual([]);
      expect(IRAN_STATIONS.filter((row) => !citySlugs.has(row.city)).map((row) => row.slug)).toEqual([]);
      expect(IRAN_TERMINALS.filter((row) => !citySlugs.has(row.city)).map((row) => row.slug)).toEqual([]);
    });

    it("keeps one main station per city", () => {
      expect(duplicates(IRAN_STATIONS.map((row) => row.city))).toEqual([]);
    });

    it("puts every foreign city in a listed country other than Iran", () => {
      expect(FOREIGN_CITIES.filter((row) => !countryCodes.has(row.country)).map((row) => row.slug)).toEqual([]);
      expect(FOREIGN_CITIES.filter((row) => row.country === "IR").map((row) => row.slug)).toEqual([]);
    });

    it("keeps foreign airports inside foreign cities and Iranian ones out of them", () => {
      const iranianCodes = new Set(IRAN_AIRPORTS.map((row) => row.iata));
      expect(foreignAirportCodes.filter((code) => iranianCodes.has(code))).toEqual([]);
    });

    it("lets Imam Khomeini take only international flights and Mehrabad only domestic ones", () => {
      const ika = IRAN_AIRPORTS.find((row) => row.iata === "IKA");
      const thr = IRAN_AIRPORTS.find((row) => row.iata === "THR");
      expect(ika?.international).toBe(true);
      expect(ika?.domestic).toBe(false);
      expect(thr?.international ?? false).toBe(false);
      expect(thr?.domestic ?? true).toBe(true);
    });
  });

  describe("names", () => {
    const rows = allNamedRows();

    it("names every place in fa, en and ar", () => {
      const missing = rows.flatMap((row) =>
        LOCALES.filter((locale) => typeof row.names[locale] !== "string" || row.names[locale].trim() === "").map(
          (locale) => `${row.label} (${locale})`,
        ),
      );
      expect(missing).toEqual([]);
    });

    it("writes names without stray spaces", () => {
      const untidy = rows.flatMap((row) =>
        LOCALES.filter((locale) => row.names[locale] !== row.names[locale].trim() || /\s{2,}/.test(row.names[locale])).map(
          (locale) => `${row.label} (${locale})`,
        ),
      );
      expect(untidy).toEqual([]);
    });

    it("writes Persian names with Persian yeh and kaf", () => {
      expect(rows.filter((row) => ARABIC_ONLY_IN_PERSIAN.test(row.names.fa)).map((row) => `${row.label}: ${row.names.fa}`)).toEqual([]);
    });

    it("writes Arabic names without Persian-only letters, except the listed proper names", () => {
      const offending = rows.filter(
        (row) => PERSIAN_ONLY_IN_ARABIC.test(row.names.ar) && !ARABIC_NAMES_WITH_PERSIAN_LETTERS.includes(row.names.ar),
      );
      expect(offending.map((row) => `${row.label}: ${row.names.ar}`)).toEqual([]);
    });

    it("writes Persian and Arabic names in their own script", () => {
      const latin = rows.flatMap((row) =>
        (["fa", "ar"] as const)
          .filter((locale) => LATIN.test(row.names[locale]))
          .map((locale) => `${row.label} (${locale}): ${row.names[locale]}`),
      );
      expect(latin).toEqual([]);
    });

    it("writes English names in Latin script", () => {
      expect(rows.filter((row) => !LATIN.test(row.names.en) || /[\u0600-\u06FF]/.test(row.names.en)).map((row) => row.label)).toEqual([]);
    });

    it("has no empty or repeated aliases", () => {
      const problems = rows.flatMap((row) => {
        const aliases = row.aliases ?? [];
        return [
          ...aliases.filter((alias) => alias.trim() === "").map(() => `${row.label}: empty alias`),
          ...duplicates(aliases).map((alias) => `${row.label}: repeated ${alias}`),
        ];
      });
      expect(problems).toEqual([]);
    });
  });

  describe("popularity", () => {
    it("stays within 0–100", () => {
      const rows = [
        ...IRAN_CITIES.map((row) => ({ label: row.slug, popularity: row.popularity })),
        ...COUNTRIES.map((row) => ({ label: row.code, popularity: row.popularity })),
        ...FOREIGN_CITIES.map((row) => ({ label: row.slug, popularity: row.popularity })),
      ];
      expect(
        rows.filter((row) => !Number.isFinite(row.popularity) || row.popularity < 0 || row.popularity > 100).map((row) => row.label),
      ).toEqual([]);
    });

    it("puts Tehran and Istanbul at the top", () => {
      expect(Math.max(...IRAN_CITIES.map((row) => row.popularity))).toBe(IRAN_CITIES.find((row) => row.slug === "tehran")?.popularity);
      expect(Math.max(...FOREIGN_CITIES.map((row) => row.popularity))).toBe(
        FOREIGN_CITIES.find((row) => row.slug === "istanbul")?.popularity,
      );
    });
  });
});
