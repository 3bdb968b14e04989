import { describe, expect, it } from "vitest";
import { rssFeed, xmlEscape } from "./feed.ts";
import type { BlogPost } from "./post.ts";

const post: BlogPost = {
  id: "0b6c2a3e-1d2f-4c5b-8a9e-123456789abc",
  tenantId: "t",
  locale: "en",
  slug: "kish-guide",
  title: 'Kish & the "Greek" <ship>',
  summary: "Sun, sea & <script>alert('x')</script>\u0001",
  cover: null,
  coverAlt: "",
  bodyMarkdown: "",
  bodyHtml: "",
  categories: ["islands"],
  tags: [],
  authorName: "Maryam",
  status: "published",
  publishedAt: new Date("2026-11-20T08:00:00Z"),
  relatedLinks: [],
  translationKey: null,
  createdAt: new Date("2026-11-20T08:00:00Z"),
  updatedAt: new Date("2026-11-20T08:00:00Z"),
};

describe("RSS", () => {
  it("escapes every text and drops characters XML cannot hold", () => {
    expect(xmlEscape(`a&b<c>"d"'e'\u0000\u001f`)).toBe("a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;");
  });

  it("writes an RSS 2.0 channel of the language with absolute links", () => {
    const xml = rssFeed({
      origin: "https://shop.example",
      locale: "en",
      title: "Shop & Co",
      description: "Guides",
      posts: [post],
      now: new Date(),
    });
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain("<title>Shop &amp; Co</title>");
    expect(xml).toContain("<link>https://shop.example/en/blog</link>");
    expect(xml).toContain("<title>Kish &amp; the &quot;Greek&quot; &lt;ship&gt;</title>");
    expect(xml).toContain("<link>https://shop.example/en/blog/kish-guide</link>");
    expect(xml).toContain("<description>Sun, sea &amp; &lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt;</description>");
    expect(xml).toContain("<pubDate>Fri, 20 Nov 2026 08:00:00 GMT</pubDate>");
    expect(xml).toContain('<atom:link href="https://shop.example/en/blog/rss.xml" rel="self" type="application/rss+xml"/>');
    expect(xml).not.toContain("<script>");
  });

  it("encodes Persian slugs in item links", () => {
    const xml = rssFeed({
      origin: "https://shop.example",
      locale: "fa",
      title: "مجله",
      description: "",
      posts: [{ ...post, locale: "fa", slug: "مشهد-در-پاییز" }],
      now: new Date(),
    });
    expect(xml).toContain(`<link>https://shop.example/blog/${encodeURIComponent("مشهد-در-پاییز")}</link>`);
    expect(xml).toContain("<language>fa</language>");
  });
});
