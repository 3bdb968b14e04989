import { describe, it, expect } from "vitest";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { formatNumber, localizeDigits, pluralCategory, translate, type MessageKey } from "#core/i18n/messages.ts";

describe("translate", () => {
  it("returns the catalog text of the locale", () => {
    expect(translate("en", "nav.flight")).toBe(CATALOGS.en["nav.flight"]);
    expect(translate("fa", "nav.flight")).toBe("پرواز داخلی");
    expect(translate("en", "error.generic")).toBe("An error occurred");
  });

  it("interpolates string parameters as written", () => {
    expect(translate("en", "footer.rights", { name: "Hamsafar" })).toBe(CATALOGS.en["footer.rights"].replace("{name}", "Hamsafar"));
    expect(translate("fa", "home.whyUs", { name: "همسفر" })).toBe("چرا همسفر؟");
    expect(translate("en", "error.unknownSite.body", { host: "shop.example" })).toBe("No agency is configured for shop.example.");
  });

  it("does not localise digits inside string parameters", () => {
    expect(translate("fa", "error.unknownSite.body", { host: "127.0.0.1" })).toContain("127.0.0.1");
  });

  it("formats number parameters in the locale's digits", () => {
    expect(translate("fa", "error.statusCode", { code: 502 })).toBe("کد خطا: ۵۰۲");
    expect(translate("ar", "error.statusCode", { code: 502 })).toBe("رمز الخطأ: ٥٠٢");
    expect(translate("en", "error.statusCode", { code: 502 })).toBe("Error code: 502");
  });

  it("does not group the digits of a number parameter", () => {
    expect(translate("fa", "error.statusCode", { code: 12345 })).toBe("کد خطا: ۱۲۳۴۵");
    expect(translate("en", "error.statusCode", { code: 12345 })).toBe("Error code: 12345");
  });

  it("leaves a placeholder without a parameter untouched", () => {
    expect(translate("en", "error.statusCode", {})).toBe("Error code: {code}");
    expect(translate("en", "error.statusCode", { other: 1 })).toBe("Error code: {code}");
    expect(translate("en", "error.statusCode")).toBe("Error code: {code}");
  });

  it("puts the parameter where the placeholder stands", () => {
    const rendered = translate("ar", "home.title", { name: "برواز" });
    expect(rendered.startsWith("برواز")).toBe(true);
    expect(rendered).not.toContain("{name}");
  });
});

describe("plural forms", () => {
  it("picks English one/other by count", () => {
    expect(translate("en", "search.pax.adultsCount", { count: 1 })).toBe("1 adult");
    expect(translate("en", "search.pax.adultsCount", { count: 2 })).toBe("2 adults");
    expect(translate("en", "search.pax.adultsCount", { count: 0 })).toBe("0 adults");
    expect(translate("en", "flights.seatsLeft", { count: 1 })).toBe("1 seat left");
    expect(translate("en", "flights.seatsLeft", { count: 11 })).toBe("11 seats left");
    expect(translate("en", "auth.code.error.WRONG", { count: 1 })).toBe("That code is not right. You have 1 more try.");
    expect(translate("en", "auth.code.error.WRONG", { count: 3 })).toBe("That code is not right. You have 3 more tries.");
  });

  it("keeps Persian nouns singular after a number, zero and one included", () => {
    expect(translate("fa", "search.pax.adultsCount", { count: 3 })).toBe("۳ بزرگسال");
    expect(translate("fa", "flights.seatsLeft", { count: 0 })).toBe("۰ صندلی باقی مانده");
    expect(translate("fa", "flights.seatsLeft", { count: 1 })).toBe("۱ صندلی باقی مانده");
    expect(translate("fa", "flights.seatsLeft", { count: 101 })).toBe("۱۰۱ صندلی باقی مانده");
  });

  it("gives Arabic its six forms: 0, 1, 2, 3–10, 11–99, 100+", () => {
    const seats = (count: number) => translate("ar", "flights.seatsLeft", { count });
    expect(seats(0)).toBe("لم يبقَ أي مقعد");
    expect(seats(1)).toBe("بقي مقعد واحد");
    expect(seats(2)).toBe("بقي مقعدان");
    expect(seats(3)).toBe("بقيت ٣ مقاعد");
    expect(seats(10)).toBe("بقيت ١٠ مقاعد");
    expect(seats(11)).toBe("بقي ١١ مقعدًا");
    expect(seats(99)).toBe("بقي ٩٩ مقعدًا");
    expect(seats(100)).toBe("بقي ١٠٠ مقعد");
    expect(seats(101)).toBe("بقي ١٠١ مقعد");
    // Past a hundred the last two digits decide again: 103 is counted like 3, 111 like 11.
    expect(seats(103)).toBe("بقيت ١٠٣ مقاعد");
    expect(seats(111)).toBe("بقي ١١١ مقعدًا");
  });

  it("counts Arabic nights, tries and flights the same way", () => {
    expect(translate("ar", "search.nights", { count: 1 })).toBe("ليلة واحدة");
    expect(translate("ar", "search.nights", { count: 2 })).toBe("ليلتان");
    expect(translate("ar", "search.nights", { count: 5 })).toBe("٥ ليالٍ");
    expect(translate("ar", "search.nights", { count: 30 })).toBe("٣٠ ليلةً");
    expect(translate("ar", "auth.code.error.WRONG", { count: 2 })).toBe("الرمز غير صحيح. بقيت لك محاولتان.");
    expect(translate("ar", "auth.code.error.WRONG", { count: 4 })).toBe("الرمز غير صحيح. بقيت لك ٤ محاولات.");
    expect(translate("ar", "flights.found", { count: 0 })).toBe("لا توجد رحلات");
    expect(translate("ar", "flights.found", { count: 200 })).toBe("٢٠٠ رحلة");
    expect(translate("ar", "flights.found", { count: 250 })).toBe("٢٥٠ رحلةً");
  });

  it("knows each language's category of a count", () => {
    const arabic = [0, 1, 2, 3, 10, 11, 99, 100, 101].map((count) => pluralCategory("ar", count));
    expect(arabic).toEqual(["zero", "one", "two", "few", "few", "many", "many", "other", "other"]);
    expect([0, 1, 2].map((count) => pluralCategory("fa", count))).toEqual(["one", "one", "other"]);
    expect([0, 1, 2].map((count) => pluralCategory("en", count))).toEqual(["other", "one", "other"]);
  });

  it("falls back to the other form without a count", () => {
    // The types ask for a count; a caller that slips past them still gets a sentence.
    const untyped = translate as (locale: "ar", key: MessageKey) => string;
    expect(untyped("ar", "flights.seatsLeft")).toBe("بقي {count} مقعد");
  });

  it("asks for a count in the types of a counted message, and only there", () => {
    // @ts-expect-error a counted message needs its count
    expect(translate("en", "flights.seatsLeft")).toBe("{count} seats left");
    // @ts-expect-error the count is a number
    expect(translate("en", "flights.seatsLeft", { count: "3" })).toBe("3 seats left");
    expect(translate("en", "nav.flight")).toBe(CATALOGS.en["nav.flight"]);
  });
});

describe("formatNumber", () => {
  it("writes Persian, Arabic-Indic and Latin digits", () => {
    expect(formatNumber("fa", 502)).toBe("۵۰۲");
    expect(formatNumber("ar", 502)).toBe("٥٠٢");
    expect(formatNumber("en", 502)).toBe("502");
  });

  it("groups thousands by default", () => {
    expect(formatNumber("en", 1234567)).toBe("1,234,567");
    expect(formatNumber("fa", 1234567)).toMatch(/^۱.۲۳۴.۵۶۷$/);
  });
});

describe("localizeDigits", () => {
  it("writes Persian digits in fa", () => {
    expect(localizeDigits("fa", "0123456789")).toBe("۰۱۲۳۴۵۶۷۸۹");
  });

  it("writes Arabic-Indic digits in ar", () => {
    expect(localizeDigits("ar", "0123456789")).toBe("٠١٢٣٤٥٦٧٨٩");
  });

  it("leaves English untouched", () => {
    expect(localizeDigits("en", "021-9100 1234")).toBe("021-9100 1234");
  });

  it("changes only the digits of a phone number", () => {
    expect(localizeDigits("fa", "021-9100 1234")).toBe("۰۲۱-۹۱۰۰ ۱۲۳۴");
    expect(localizeDigits("ar", "+98 (21) 5")).toBe("+٩٨ (٢١) ٥");
  });

  it("leaves text without digits and already localised digits alone", () => {
    expect(localizeDigits("fa", "abc")).toBe("abc");
    expect(localizeDigits("fa", "۱۲۳")).toBe("۱۲۳");
  });
});
