import { describe, it, expect } from "vitest";
import { href } from "#app/links.ts";
import { PAGE_ROUTES } from "#app/route-table.ts";

describe("href", () => {
  it("prefixes English and Arabic routes", () => {
    expect(href("en", "flight")).toBe("/en/flight");
    expect(href("ar", "flight")).toBe("/ar/flight");
    expect(href("en", "flight-international")).toBe("/en/flight/international");
  });

  it("leaves Persian routes unprefixed", () => {
    expect(href("fa", "flight")).toBe("/flight");
    expect(href("fa", "contact-aboutus")).toBe("/contact/aboutus");
  });

  it("writes the home page as / in Persian and /{lang} elsewhere", () => {
    expect(href("fa", "home")).toBe("/");
    expect(href("en", "home")).toBe("/en");
    expect(href("ar", "home")).toBe("/ar");
  });

  it("fills route parameters", () => {
    expect(href("ar", "pages", { slug: "jobs" })).toBe("/ar/pages/jobs");
    expect(href("fa", "pages", { slug: "jobs" })).toBe("/pages/jobs");
  });

  it("encodes parameter values", () => {
    expect(href("en", "pages", { slug: "a b/c" })).toBe("/en/pages/a%20b%2Fc");
    expect(href("fa", "pages", { slug: "فرصت" })).toBe(`/pages/${encodeURIComponent("فرصت")}`);
  });

  it("uses the named route's path for every route without parameters", () => {
    for (const page of PAGE_ROUTES) {
      if (page.name === "status" || page.name === "not-found" || page.path.includes(":")) continue;
      expect(href("en", page.name)).toBe(page.path === "" ? "/en" : `/en/${page.path}`);
      expect(href("fa", page.name)).toBe(`/${page.path}`);
    }
  });

  it("gives outHotel its visitor-facing path", () => {
    expect(href("ar", "outHotel")).toBe("/ar/outHotel");
  });
});
