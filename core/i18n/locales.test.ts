import { describe, it, expect } from "vitest";
import { decideLocale, directionOf, isLocale, localeFromAcceptLanguage, localizePath, splitLocalePath } from "#core/i18n/locales.ts";

describe("splitLocalePath", () => {
  it("takes en off the front of a prefixed path", () => {
    expect(splitLocalePath("/en/flight")).toEqual({ prefix: "en", rest: "/flight" });
  });

  it("keeps deeper segments after the prefix", () => {
    expect(splitLocalePath("/en/flight/international")).toEqual({ prefix: "en", rest: "/flight/international" });
  });

  it("reads a bare /ar as the Arabic home page", () => {
    expect(splitLocalePath("/ar")).toEqual({ prefix: "ar", rest: "/" });
  });

  it("keeps the trailing slash of /ar/ as the rest", () => {
    expect(splitLocalePath("/ar/")).toEqual({ prefix: "ar", rest: "/" });
  });

  it("reports an explicit /fa/ prefix so the server can redirect it", () => {
    expect(splitLocalePath("/fa/x")).toEqual({ prefix: "fa", rest: "/x" });
  });

  it("does not treat a segment that only starts with a locale as a prefix", () => {
    expect(splitLocalePath("/english/x")).toEqual({ prefix: null, rest: "/english/x" });
    expect(splitLocalePath("/arabic")).toEqual({ prefix: null, rest: "/arabic" });
    expect(splitLocalePath("/fax")).toEqual({ prefix: null, rest: "/fax" });
  });

  it("does not match a locale that is not the first segment", () => {
    expect(splitLocalePath("/flight/en")).toEqual({ prefix: null, rest: "/flight/en" });
  });

  it("is case-sensitive: /EN/flight is not the English prefix", () => {
    expect(splitLocalePath("/EN/flight")).toEqual({ prefix: null, rest: "/EN/flight" });
  });

  it("leaves the root alone", () => {
    expect(splitLocalePath("/")).toEqual({ prefix: null, rest: "/" });
  });

  it("turns an empty path into the root", () => {
    expect(splitLocalePath("")).toEqual({ prefix: null, rest: "/" });
  });

  it("does not know locales outside fa, en and ar", () => {
    expect(splitLocalePath("/de/flight")).toEqual({ prefix: null, rest: "/de/flight" });
  });
});

describe("decideLocale", () => {
  it("lets the path prefix win over a different valid cookie", () => {
    expect(decideLocale({ pathname: "/en/flight", cookie: "ar" })).toEqual({
      locale: "en",
      source: "path",
      pathLocale: "en",
      cookie: "ar",
      rejectedCookie: null,
    });
  });

  it("uses the Arabic path prefix", () => {
    const decision = decideLocale({ pathname: "/ar", cookie: undefined });
    expect(decision.locale).toBe("ar");
    expect(decision.source).toBe("path");
    expect(decision.pathLocale).toBe("ar");
    expect(decision.cookie).toBeNull();
  });

  it("serves an unprefixed page path in Persian from the default, ignoring the cookie", () => {
    expect(decideLocale({ pathname: "/flight", cookie: "en" })).toEqual({
      locale: "fa",
      source: "default",
      pathLocale: null,
      cookie: "en",
      rejectedCookie: null,
    });
  });

  it("reports /fa/... as a path decision for fa", () => {
    const decision = decideLocale({ pathname: "/fa/flight", cookie: "en" });
    expect(decision.locale).toBe("fa");
    expect(decision.source).toBe("path");
    expect(decision.pathLocale).toBe("fa");
  });

  it("uses a valid cookie when there is no page path", () => {
    expect(decideLocale({ pathname: null, cookie: "en" })).toEqual({
      locale: "en",
      source: "cookie",
      pathLocale: null,
      cookie: "en",
      rejectedCookie: null,
    });
    expect(decideLocale({ pathname: null, cookie: "ar" }).locale).toBe("ar");
  });

  it("falls back to Persian when there is no page path and no cookie", () => {
    expect(decideLocale({ pathname: null, cookie: undefined })).toEqual({
      locale: "fa",
      source: "default",
      pathLocale: null,
      cookie: null,
      rejectedCookie: null,
    });
  });

  it("rejects an unknown cookie value and falls back to Persian", () => {
    expect(decideLocale({ pathname: null, cookie: "xx" })).toEqual({
      locale: "fa",
      source: "default",
      pathLocale: null,
      cookie: "xx",
      rejectedCookie: "xx",
    });
  });

  it("still flags an unknown cookie when the path decides", () => {
    const decision = decideLocale({ pathname: "/en/flight", cookie: "xx" });
    expect(decision.locale).toBe("en");
    expect(decision.rejectedCookie).toBe("xx");
  });

  it("treats an empty cookie as absent, not as rejected", () => {
    const decision = decideLocale({ pathname: null, cookie: "" });
    expect(decision.cookie).toBeNull();
    expect(decision.rejectedCookie).toBeNull();
    expect(decision.source).toBe("default");
    expect(decision.locale).toBe("fa");
  });

  it("rejects a cookie whose case differs from a locale", () => {
    const decision = decideLocale({ pathname: null, cookie: "EN" });
    expect(decision.locale).toBe("fa");
    expect(decision.rejectedCookie).toBe("EN");
  });
});

describe("localizePath", () => {
  it("prefixes en and ar paths", () => {
    expect(localizePath("en", "/flight")).toBe("/en/flight");
    expect(localizePath("ar", "/pages/jobs")).toBe("/ar/pages/jobs");
  });

  it("leaves Persian paths unprefixed", () => {
    expect(localizePath("fa", "/flight")).toBe("/flight");
    expect(localizePath("fa", "/")).toBe("/");
  });

  it("writes the home page of a prefixed locale without a trailing slash", () => {
    expect(localizePath("en", "/")).toBe("/en");
    expect(localizePath("ar", "/")).toBe("/ar");
  });

  it("adds a missing leading slash", () => {
    expect(localizePath("en", "flight")).toBe("/en/flight");
    expect(localizePath("fa", "flight")).toBe("/flight");
    expect(localizePath("ar", "")).toBe("/ar");
  });

  it("round-trips with splitLocalePath", () => {
    for (const locale of ["en", "ar"] as const) {
      for (const rest of ["/", "/flight", "/flight/international", "/pages/jobs"]) {
        expect(splitLocalePath(localizePath(locale, rest))).toEqual({ prefix: locale, rest });
      }
    }
  });
});

describe("directionOf", () => {
  it("is left-to-right only for English", () => {
    expect(directionOf("en")).toBe("ltr");
    expect(directionOf("fa")).toBe("rtl");
    expect(directionOf("ar")).toBe("rtl");
  });
});

describe("isLocale", () => {
  it("accepts exactly fa, en and ar", () => {
    expect(["fa", "en", "ar"].every(isLocale)).toBe(true);
    expect(isLocale("de")).toBe(false);
    expect(isLocale("")).toBe(false);
    expect(isLocale(undefined)).toBe(false);
    expect(isLocale("FA")).toBe(false);
  });
});

describe("localeFromAcceptLanguage", () => {
  it("returns null without a header", () => {
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
    expect(localeFromAcceptLanguage("")).toBeNull();
  });

  it("takes the base language of a region tag", () => {
    expect(localeFromAcceptLanguage("en-US,en;q=0.9")).toBe("en");
    expect(localeFromAcceptLanguage("fa-IR")).toBe("fa");
  });

  it("skips unsupported languages to the next supported one", () => {
    expect(localeFromAcceptLanguage("de,ar;q=0.5")).toBe("ar");
  });

  it("orders by q-value, not by position", () => {
    expect(localeFromAcceptLanguage("en;q=0.3,ar;q=0.8,fa;q=0.5")).toBe("ar");
    expect(localeFromAcceptLanguage("en;q=0.4, fa")).toBe("fa");
  });

  it("keeps header order among equal weights", () => {
    expect(localeFromAcceptLanguage("ar,en")).toBe("ar");
    expect(localeFromAcceptLanguage("en;q=0.7,ar;q=0.7")).toBe("en");
  });

  it("tolerates whitespace and upper case", () => {
    expect(localeFromAcceptLanguage("  DE ,  EN-GB ; q=0.8 ")).toBe("en");
  });

  it("does not map the wildcard to a locale", () => {
    expect(localeFromAcceptLanguage("*")).toBeNull();
    expect(localeFromAcceptLanguage("*, ar;q=0.1")).toBe("ar");
  });

  it("returns null for garbage", () => {
    expect(localeFromAcceptLanguage(";;;,,,")).toBeNull();
    expect(localeFromAcceptLanguage("not a language header")).toBeNull();
    expect(localeFromAcceptLanguage("de-DE,fr;q=0.9")).toBeNull();
  });

  it("excludes languages with q=0", () => {
    expect(localeFromAcceptLanguage("en;q=0")).toBeNull();
    expect(localeFromAcceptLanguage("en;q=0,ar;q=0.1")).toBe("ar");
    expect(localeFromAcceptLanguage("fa;q=0.0, en;q=0.2")).toBe("en");
  });

  it("excludes entries whose q-value is not a number", () => {
    expect(localeFromAcceptLanguage("en;q=abc,ar;q=0.2")).toBe("ar");
  });
});
