import { describe, expect, it } from "vitest";
import { blogLinkOf } from "../blog/post.ts";
import { samePathIn, sitemapXml } from "./sitemap.ts";

describe("sitemapXml", () => {
  it("writes each language's address with the page's other versions as hreflang alternates", () => {
    const xml = sitemapXml("https://shop.example", [
      samePathIn(["fa", "en"], "/flight"),
      { paths: { fa: "/blog/%D9%85", en: "/en/blog/m&n" }, lastmod: new Date("2026-11-20T08:00:00Z") },
    ]);
    expect(xml).toContain(
      '<url><loc>https://shop.example/flight</loc><xhtml:link rel="alternate" hreflang="fa" href="https://shop.example/flight"/><xhtml:link rel="alternate" hreflang="en" href="https://shop.example/en/flight"/></url>',
    );
    expect(xml).toContain("<loc>https://shop.example/en/blog/m&amp;n</loc><lastmod>2026-11-20T08:00:00.000Z</lastmod>");
  });

  it("names no alternates for a page in one language", () => {
    expect(sitemapXml("https://shop.example", [samePathIn(["fa"], "/")])).toContain("<url><loc>https://shop.example/</loc></url>");
  });
});

describe("blogLinkOf", () => {
  it("puts our own blog path in the page's language and leaves an outside blog as it is", () => {
    expect(blogLinkOf("/blog", "fa")).toEqual({ href: "/blog", external: false });
    expect(blogLinkOf("/blog", "en")).toEqual({ href: "/en/blog", external: false });
    expect(blogLinkOf("https://blog.agency.example", "ar")).toEqual({ href: "https://blog.agency.example", external: true });
  });

  it("falls back to our own blog for anything else", () => {
    expect(blogLinkOf("javascript:alert(1)", "fa")).toEqual({ href: "/blog", external: false });
    expect(blogLinkOf("//evil.example", "en")).toEqual({ href: "/en/blog", external: false });
    expect(blogLinkOf(null, "fa")).toEqual({ href: "/blog", external: false });
  });
});
