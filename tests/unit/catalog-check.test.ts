import { describe, it, expect } from "vitest";
import { catalogProblems, requiredCategories, singleNumberCategories } from "./catalog-check.ts";

const AR_SEATS = {
  zero: "لم يبقَ أي مقعد",
  one: "بقي مقعد واحد",
  two: "بقي مقعدان",
  few: "بقيت {count} مقاعد",
  many: "بقي {count} مقعدًا",
  other: "بقي {count} مقعد",
};

/** Catalogs that keep every rule; each test breaks one thing. */
function sound() {
  return {
    fa: { "site.title": "سلام {name}", "flights.seatsLeft": { one: "{count} صندلی", other: "{count} صندلی" } } as Record<string, unknown>,
    en: { "site.title": "Hello {name}", "flights.seatsLeft": { one: "{count} seat", other: "{count} seats" } } as Record<string, unknown>,
    ar: { "site.title": "مرحبًا {name}", "flights.seatsLeft": { ...AR_SEATS } } as Record<string, unknown>,
  };
}

describe("the catalog rules", () => {
  it("find nothing wrong in sound catalogs", () => {
    expect(catalogProblems(sound(), "fa")).toEqual([]);
  });

  it("know each language's categories from Intl.PluralRules", () => {
    expect(requiredCategories("ar").sort()).toEqual(["few", "many", "one", "other", "two", "zero"]);
    expect(requiredCategories("en").sort()).toEqual(["one", "other"]);
    expect(requiredCategories("fa").sort()).toEqual(["one", "other"]);
    expect([...singleNumberCategories("ar")].sort()).toEqual(["one", "two", "zero"]);
    expect([...singleNumberCategories("en")]).toEqual(["one"]);
    // Persian "one" holds 0 and 1: its text must write {count}.
    expect([...singleNumberCategories("fa")]).toEqual([]);
  });

  it("catch a key one language lacks, or has alone", () => {
    const catalogs = sound();
    delete catalogs.en["site.title"];
    catalogs.ar["site.extra"] = "زائد";
    expect(catalogProblems(catalogs, "fa")).toEqual(["en lacks site.title", "ar has site.extra, which fa lacks"]);
  });

  it("catch an Arabic plural without the categories Arabic needs", () => {
    const catalogs = sound();
    catalogs.ar["flights.seatsLeft"] = { one: "بقي مقعد واحد", other: "بقي {count} مقعد" };
    expect(catalogProblems(catalogs, "fa").sort()).toEqual([
      'ar flights.seatsLeft: no "few" form',
      'ar flights.seatsLeft: no "many" form',
      'ar flights.seatsLeft: no "two" form',
      'ar flights.seatsLeft: no "zero" form',
    ]);
  });

  it("catch an English plural without its one form, and forms a language never uses", () => {
    const catalogs = sound();
    catalogs.en["flights.seatsLeft"] = { other: "{count} seats" };
    catalogs.fa["flights.seatsLeft"] = { one: "{count} صندلی", few: "{count} صندلی", other: "{count} صندلی" };
    expect(catalogProblems(catalogs, "fa")).toEqual([
      'fa flights.seatsLeft: "few" is a form fa never uses',
      'en flights.seatsLeft: no "one" form',
    ]);
  });

  it("catch a placeholder that differs between languages", () => {
    const catalogs = sound();
    catalogs.ar["site.title"] = "مرحبًا {nom}";
    expect(catalogProblems(catalogs, "fa")).toEqual(["ar site.title: {nom} vs fa {name}"]);
  });

  it("catch a placeholder that differs inside plural forms, other than a spelled-out count", () => {
    const catalogs = sound();
    catalogs.en["flights.seatsLeft"] = { one: "{count} seat on {flight}", other: "{count} seats" };
    expect(catalogProblems(catalogs, "fa")).toEqual(["en flights.seatsLeft.one: {flight} vs fa {}"]);
  });

  it("let only a form of a single number leave {count} out", () => {
    const catalogs = sound();
    catalogs.en["flights.seatsLeft"] = { one: "One seat left", other: "Seats left" };
    catalogs.fa["flights.seatsLeft"] = { one: "یک صندلی", other: "{count} صندلی" };
    expect(catalogProblems(catalogs, "fa")).toEqual([
      "fa flights.seatsLeft.one: no {count}, yet the form holds many numbers",
      "en flights.seatsLeft.other: no {count}, yet the form holds many numbers",
    ]);
  });

  it("catch a message plural in one language and plain in another", () => {
    const catalogs = sound();
    catalogs.en["flights.seatsLeft"] = "{count} seats";
    expect(catalogProblems(catalogs, "fa")).toContain("en flights.seatsLeft: a plain text where fa has plural forms");
  });
});
