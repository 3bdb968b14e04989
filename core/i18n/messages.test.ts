import { describe, it, expect } from "vitest";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { formatNumber, localizeDigits, translate } from "#core/i18n/messages.ts";

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
  it("uses the .other form for counts other than one", () => {
    expect(translate("en", "search.pax.adultsCount", { count: 1 })).toBe("1 adult");
    expect(translate("en", "search.pax.adultsCount", { count: 2 })).toBe("2 adults");
    expect(translate("en", "search.pax.adultsCount", { count: 0 })).toBe("0 adults");
    expect(translate("ar", "search.nights", { count: 1 })).toBe(CATALOGS.ar["search.nights"]);
    expect(translate("ar", "search.nights", { count: 3 })).toContain("٣");
  });

  it("keeps Persian nouns singular after a number", () => {
    expect(translate("fa", "search.pax.adultsCount", { count: 3 })).toBe("۳ بزرگسال");
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
