/**
 * The rules every set of message catalogs must keep, as a function from parsed catalogs to the
 * problems found, so the rules themselves can be tested on catalogs broken on purpose.
 */

export type RawCatalog = Record<string, unknown>;

const CATEGORIES: readonly string[] = ["zero", "one", "two", "few", "many", "other"];

/** The plural categories a language's rules use (Arabic all six, English and Persian one/other). */
export function requiredCategories(locale: string): string[] {
  return [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories];
}

/**
 * Categories that hold a single whole number in a language (Arabic zero, one and two; English
 * one). Only their text may spell the number out ("ليلة واحدة", "مقعدان") instead of writing
 * {count}; Persian one also holds 0, so it must keep {count}.
 */
export function singleNumberCategories(locale: string): Set<string> {
  const rules = new Intl.PluralRules(locale);
  const seen = new Map<string, number>();
  for (let n = 0; n <= 1000; n++) {
    const category = rules.select(n);
    seen.set(category, (seen.get(category) ?? 0) + 1);
  }
  return new Set([...seen].filter(([, times]) => times === 1).map(([category]) => category));
}

export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ""))].sort();
}

function isPlural(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every text of a catalog, with where it is ("key" or "key.category"). */
export function texts(catalog: RawCatalog): [string, string][] {
  return Object.entries(catalog).flatMap(([key, value]): [string, string][] =>
    isPlural(value)
      ? Object.entries(value).map(([category, text]): [string, string] => [`${key}.${category}`, String(text)])
      : [[key, String(value)]],
  );
}

/** Problems in one set of catalogs; `reference` is the language whose keys the others must have. */
export function catalogProblems(catalogs: Record<string, RawCatalog>, reference: string): string[] {
  const problems: string[] = [];
  const referenceCatalog = catalogs[reference] ?? {};
  const locales = Object.keys(catalogs);

  // The same keys everywhere.
  for (const locale of locales) {
    const catalog = catalogs[locale] ?? {};
    for (const key of Object.keys(referenceCatalog)) if (!(key in catalog)) problems.push(`${locale} lacks ${key}`);
    for (const key of Object.keys(catalog)) if (!(key in referenceCatalog)) problems.push(`${locale} has ${key}, which ${reference} lacks`);
  }

  for (const locale of locales) {
    const catalog = catalogs[locale] ?? {};
    const required = requiredCategories(locale);
    const spelledOut = singleNumberCategories(locale);
    for (const [key, value] of Object.entries(catalog)) {
      const plural = isPlural(referenceCatalog[key]);
      if (typeof value === "string") {
        if (plural) problems.push(`${locale} ${key}: a plain text where ${reference} has plural forms`);
        if (value.trim() === "") problems.push(`${locale} ${key}: empty`);
        continue;
      }
      if (!isPlural(value)) {
        problems.push(`${locale} ${key}: neither a text nor plural forms`);
        continue;
      }
      if (!plural && key in referenceCatalog) problems.push(`${locale} ${key}: plural forms where ${reference} has a plain text`);
      for (const category of required) if (!(category in value)) problems.push(`${locale} ${key}: no "${category}" form`);
      for (const [category, text] of Object.entries(value)) {
        if (!CATEGORIES.includes(category)) problems.push(`${locale} ${key}: "${category}" is not a plural category`);
        else if (!required.includes(category)) problems.push(`${locale} ${key}: "${category}" is a form ${locale} never uses`);
        if (typeof text !== "string" || text.trim() === "") problems.push(`${locale} ${key}.${category}: empty`);
        else if (!text.includes("{count}") && !spelledOut.has(category))
          problems.push(`${locale} ${key}.${category}: no {count}, yet the form holds many numbers`);
      }
    }
  }

  // The same placeholders everywhere; a form that holds a single number may leave {count} out.
  for (const [key, referenceValue] of Object.entries(referenceCatalog)) {
    const expected = isPlural(referenceValue)
      ? placeholders(Object.values(referenceValue).join(" ")).filter((name) => name !== "count")
      : placeholders(String(referenceValue));
    for (const locale of locales) {
      const value = catalogs[locale]?.[key];
      if (value === undefined) continue;
      if (isPlural(value)) {
        for (const [category, text] of Object.entries(value)) {
          const actual = placeholders(String(text)).filter((name) => name !== "count");
          if (actual.join(",") !== expected.join(","))
            problems.push(`${locale} ${key}.${category}: {${actual.join("}{")}} vs ${reference} {${expected.join("}{")}}`);
        }
      } else {
        const actual = placeholders(typeof value === "string" ? value : "");
        if (actual.join(",") !== expected.join(","))
          problems.push(`${locale} ${key}: {${actual.join("}{")}} vs ${reference} {${expected.join("}{")}}`);
      }
    }
  }
  return problems;
}
