import { describe, expect, it } from "vitest";
import { checkPostFields, isOwnPath, isValidSlug, slugify } from "./rules.ts";

const VALID = {
  locale: "fa",
  title: "راهنمای سفر به کیش",
  summary: "خلاصه",
  bodyMarkdown: "متن",
  authorName: "مریم",
};

describe("slugs", () => {
  it("accepts Persian, Arabic and Latin words joined by single hyphens", () => {
    expect(isValidSlug("راهنمای-سفر-به-کیش")).toBe(true);
    expect(isValidSlug("دليل-السفر")).toBe(true);
    expect(isValidSlug("kish-guide-2026")).toBe(true);
  });

  it.each([
    "",
    "-kish",
    "kish-",
    "kish--guide",
    "kish guide",
    "kish/guide",
    "../etc",
    "kish.html",
    "%2e%2e",
    "\u200ckish",
    "kish\u200c",
    "a\u200c-b",
    "<b>",
  ])("refuses %j", (slug) => {
    expect(isValidSlug(slug)).toBe(false);
  });

  it("makes one from a title: punctuation becomes hyphens, a non-joiner inside a word stays", () => {
    expect(slugify("جزیره‌های خلیج فارس!")).toBe("جزیره\u200cهای-خلیج-فارس");
    expect(isValidSlug("جزیره\u200cها")).toBe(true);
    expect(slugify("  Kish Island: A Guide ")).toBe("kish-island-a-guide");
  });
});

describe("own paths of related links", () => {
  it.each(["/tour/kish", "/flight/THR-KIH", "/en/train/tehran-mashhad", "/hotel/mashhad?adults=2", "/blog/مشهد-در-پاییز"])(
    "accepts %s",
    (path) => {
      expect(isOwnPath(path)).toBe(true);
    },
  );

  it.each([
    "https://evil.example/tour",
    "//evil.example/tour",
    "/\\evil.example",
    "javascript:alert(1)",
    "tour/kish",
    "/admin/users",
    "/api/v1/bookings",
    "/tour/../admin",
    "/tour/%2F%2Fevil",
    '/tour/kish"onmouseover=1',
    "/fa/tour/kish",
  ])("refuses %s", (path) => {
    expect(isOwnPath(path)).toBe(false);
  });
});

describe("checkPostFields", () => {
  it("cleans the fields and makes the slug from the title", () => {
    const checked = checkPostFields({ ...VALID, categories: ["راهنمای سفر", "راهنمای-سفر"], tags: ["Kish"] });
    expect(checked).toMatchObject({ ok: true, fields: { slug: "راهنمای-سفر-به-کیش", categories: ["راهنمای-سفر"], tags: ["kish"] } });
  });

  it("names every refused field with its code", () => {
    const checked = checkPostFields({
      locale: "de",
      title: "",
      slug: "bad slug",
      summary: "x".repeat(401),
      bodyMarkdown: "",
      authorName: " ",
      categories: ["!!!"],
      relatedLinks: [{ label: "", path: "https://evil.example" }],
    });
    expect(checked).toEqual({
      ok: false,
      errors: {
        locale: "LOCALE_INVALID",
        title: "REQUIRED",
        slug: "SLUG_INVALID",
        summary: "TOO_LONG",
        bodyMarkdown: "REQUIRED",
        authorName: "REQUIRED",
        categories: "CATEGORY_INVALID",
        "relatedLinks.0.label": "LINK_LABEL_INVALID",
        "relatedLinks.0.path": "LINK_PATH_INVALID",
      },
    });
  });

  it("keeps the blog's own words for its pages", () => {
    expect(checkPostFields({ ...VALID, slug: "category" })).toEqual({ ok: false, errors: { slug: "SLUG_RESERVED" } });
  });

  it("refuses values of the wrong type without throwing", () => {
    expect(checkPostFields({ ...VALID, tags: "kish", relatedLinks: "x", translationKey: 5 })).toEqual({
      ok: false,
      errors: { tags: "TAG_INVALID", relatedLinks: "LINK_PATH_INVALID", translationKey: "SLUG_INVALID" },
    });
  });
});
