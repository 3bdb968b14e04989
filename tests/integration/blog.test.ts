/**
 * The blog (issue 25) through the real server and the production build: pages in Persian and
 * English, the catch-all's 404, a tenant without the blog, the API, the RSS feed, the sitemap and
 * robots.txt, and a cover uploaded through the use case served as WebP with a year's cache.
 */
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { blogAdapters } from "#server/database-adapters.ts";
import { createPost, publishPost, schedulePost, uploadCover, type BlogWriteDeps } from "#core/blog/write-posts.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { ENGINES, PAGE_ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

const NOW = new Date("2026-11-20T08:00:00Z");
const clock = { now: () => NOW };

const KISH_FA = "راهنمای-سفر-به-کیش";
const enc = encodeURIComponent;

async function writePosts(database: TestDatabase, tenantId: string) {
  const blog = blogAdapters(database.handle.db);
  const deps: BlogWriteDeps = { posts: blog.posts, clock, newId: randomUUID, changed: blog.changed };
  const common = { summary: "Sun & sea <b>guide</b>", authorName: "Maryam", relatedLinks: [{ label: "Kish tours", path: "/tour/kish" }] };
  const write = async (fields: Record<string, unknown>) => {
    const created = await createPost(deps, { tenantId, fields: { ...common, ...fields } });
    if (!created.ok) throw new Error(JSON.stringify(created));
    return created.after!.id;
  };
  const kishFa = await write({
    locale: "fa",
    title: "راهنمای سفر به کیش",
    slug: KISH_FA,
    bodyMarkdown: "کیش در زمستان.\n\n<script>alert(1)</script> [evil](javascript:alert(1))",
    categories: ["جزیره-ها"],
    translationKey: "kish",
  });
  const kishEn = await write({
    locale: "en",
    title: "Kish guide",
    bodyMarkdown: "Kish in winter.",
    categories: ["islands"],
    translationKey: "kish",
  });
  const draft = await write({ locale: "en", title: "Secret draft", bodyMarkdown: "Not yet." });
  const later = await write({ locale: "en", title: "Coming soon", bodyMarkdown: "Later." });
  await publishPost(deps, { tenantId, id: kishFa });
  await publishPost(deps, { tenantId, id: kishEn });
  await schedulePost(deps, { tenantId, id: later, at: new Date(NOW.getTime() + 3_600_000) });
  const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: "#26c6da" } })
    .png()
    .toBuffer();
  const cover = await uploadCover({ ...deps, images: blog.images, processor: blog.processor }, { tenantId, id: kishEn, bytes: png });
  if (!cover.ok) throw new Error(JSON.stringify(cover));
  return { draft, cover: cover.after!.cover! };
}

describe.each(PAGE_ENGINES)("blog over HTTP on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let cover: { id: string; widths: number[] };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    // One day of flights: the sitemap lists the routes the inventory flies.
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate: "2026-11-20", days: 1 }),
    });
    const hamsafar = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    ({ cover } = await writePosts(database, hamsafar));
    server = await startTestServer(database.handle, {}, { clock });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const get = (path: string, host = "localhost", headers: Record<string, string> = {}) => rawRequest(server.port, { path, host, headers });

  it("lists the published posts of the language, shared-cacheable, with the feed linked", async () => {
    const fa = await get("/blog");
    expect(fa.status).toBe(200);
    expect(fa.body).toMatch(/<html lang="fa" dir="rtl"/);
    expect(fa.body).toContain("راهنمای سفر به کیش");
    expect(fa.body).not.toContain("Kish guide");
    expect(fa.headers["cache-control"]).toContain("s-maxage=300");
    expect(fa.body).toContain('<link rel="alternate" type="application/rss+xml"');
    const en = await get("/en/blog");
    expect(en.status).toBe(200);
    expect(en.body).toContain("Kish guide");
    expect(en.body).not.toContain("Secret draft");
    expect(en.body).not.toContain("Coming soon");
    // The card's cover: AVIF and WebP sources with every stored width.
    expect(en.body).toContain(`/blog-images/${cover.id}/480.webp 480w`);
  });

  it("shows a post with its sanitised body, JSON-LD, Open Graph and hreflang to its other language", async () => {
    const res = await get(`/blog/${enc(KISH_FA)}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain("<h1");
    expect(res.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(res.body).not.toContain("<script>alert(1)</script>");
    expect(res.body).not.toMatch(/href="javascript:/i);
    expect(res.body).toContain('<meta property="og:type" content="article"/>');
    expect(res.body).toContain(`<link rel="alternate" hrefLang="en" href="http://localhost/en/blog/kish-guide"/>`);
    expect(res.body).toContain(`<link rel="canonical" href="http://localhost/blog/${enc(KISH_FA)}"/>`);
    const ld = [...res.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    expect(ld.find((object) => object["@type"] === "BlogPosting")).toMatchObject({ headline: "راهنمای سفر به کیش", inLanguage: "fa" });
    // The related link leads to our own page in the post's language.
    expect(res.body).toContain('href="/tour/kish"');
    // The language switcher goes to the English version's own slug, and to the Arabic blog where there is no Arabic version.
    expect(res.body).toContain('href="/en/blog/kish-guide" hrefLang="en"');
    expect(res.body).toContain('href="/ar/blog" hrefLang="ar"');
  });

  it("lists a category, and answers 404 in the page's language for anything else under /blog", async () => {
    const category = await get("/en/blog/category/islands");
    expect(category.status).toBe(200);
    expect(category.body).toContain("Kish guide");
    expect((await get("/en/blog/category/nothing-here")).status).toBe(404);
    const deepEn = await get("/en/blog/a/b/c");
    expect(deepEn.status).toBe(404);
    expect(deepEn.body).toMatch(/<html lang="en" dir="ltr"/);
    const deepFa = await get("/blog/no-such-post");
    expect(deepFa.status).toBe(404);
    expect(deepFa.body).toMatch(/<html lang="fa" dir="rtl"/);
    expect((await get("/en/blog/secret-draft")).status).toBe(404);
    expect((await get("/en/blog/coming-soon")).status).toBe(404);
    expect((await get("/en/blog?page=9")).status).toBe(404);
  });

  it("answers 404 for every blog path of a tenant without the blog (theme3)", async () => {
    for (const path of [
      "/blog",
      "/en/blog",
      "/blog/category/islands",
      "/en/blog/kish-guide",
      "/blog/a/b",
      "/blog/rss.xml",
      "/en/blog/rss.xml",
    ])
      expect((await get(path, "theme3.localhost")).status, path).toBe(404);
    expect((await get("/api/v1/blog/posts", "theme3.localhost")).status).toBe(404);
    const menu = await get("/", "theme3.localhost");
    expect(menu.body).not.toContain('href="/blog"');
    expect((await get("/", "localhost")).body).toContain('href="/blog"');
  });

  it("serves the API: a page of posts and one post, problems for bad input", async () => {
    const list = await get("/api/v1/blog/posts?lang=en");
    expect(list.status).toBe(200);
    const body = JSON.parse(list.body) as { posts: { slug: string }[]; categories: { name: string; count: number }[] };
    expect(body.posts.map((post) => post.slug)).toEqual(["kish-guide"]);
    expect(body.categories).toEqual([{ name: "islands", count: 1 }]);
    const post = await get(`/api/v1/blog/posts/${enc(KISH_FA)}?lang=fa`);
    expect(post.status).toBe(200);
    expect(JSON.parse(post.body)).toMatchObject({ slug: KISH_FA, translations: [{ lang: "en", slug: "kish-guide" }] });
    expect((await get("/api/v1/blog/posts/secret-draft?lang=en")).status).toBe(404);
    const badLang = await get("/api/v1/blog/posts?lang=de");
    expect(badLang.status).toBe(422);
    expect(JSON.parse(badLang.body)).toMatchObject({ error: { code: "LANG_INVALID" } });
    expect((await get("/api/v1/blog/posts?page=abc")).status).toBe(422);
    expect((await get("/api/v1/blog/posts?lang=en&page=5")).status).toBe(404);
  });

  it("publishes an RSS 2.0 feed per language", async () => {
    const en = await get("/en/blog/rss.xml");
    expect(en.status).toBe(200);
    expect(en.headers["content-type"]).toContain("application/rss+xml");
    expect(en.body).toContain("<link>http://localhost/en/blog/kish-guide</link>");
    expect(en.body).toContain("<description>Sun &amp; sea &lt;b&gt;guide&lt;/b&gt;</description>");
    expect(en.body).not.toContain("Secret draft");
    const fa = await get("/blog/rss.xml");
    expect(fa.body).toContain(`<link>http://localhost/blog/${enc(KISH_FA)}</link>`);
  });

  it("lists every public page in the sitemap: landings, route landings and published posts, no drafts", async () => {
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.body).toContain("<loc>http://localhost/</loc>");
    expect(res.body).toContain("<loc>http://localhost/en/flight</loc>");
    expect(res.body).toContain("<loc>http://localhost/flight/THR-MHD</loc>");
    expect(res.body).toContain("<loc>http://localhost/en/blog/kish-guide</loc>");
    expect(res.body).toContain(`<xhtml:link rel="alternate" hreflang="fa" href="http://localhost/blog/${enc(KISH_FA)}"/>`);
    expect(res.body).toMatch(/<loc>http:\/\/localhost\/en\/blog\/kish-guide<\/loc><lastmod>2026-11-20T08:00:00.000Z<\/lastmod>/);
    expect(res.body).not.toContain("secret-draft");
    expect(res.body).not.toContain("coming-soon");
    const theme3 = await get("/sitemap.xml", "theme3.localhost");
    expect(theme3.body).not.toContain("/blog");
    expect(theme3.body).not.toContain("http://theme3.localhost/tour<");
    const robots = await get("/robots.txt");
    expect(robots.body).toContain("Sitemap: http://localhost/sitemap.xml");
  });

  it("serves an uploaded cover as WebP from the database with a year's immutable cache and an ETag", async () => {
    const path = `/blog-images/${cover.id}/480.webp`;
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.body.startsWith("RIFF")).toBe(true);
    const etag = res.headers.etag as string;
    expect((await get(path, "localhost", { "if-none-match": etag })).status).toBe(304);
    expect((await get(`/blog-images/${cover.id}/480.avif`)).headers["content-type"]).toBe("image/avif");
    expect((await get(`/blog-images/${cover.id}/960.webp`)).status).toBe(404);
    // One agency cannot serve another's upload.
    expect((await get(path, "theme2.localhost")).status).toBe(404);
  });
});

describe.each(ENGINES)("blog repository on %s", (engine) => {
  let database: TestDatabase;
  let tenantId: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    tenantId = (await tenantIdBySlug(database.handle.db, "parvaz-sabz"))!;
    await writePosts(database, tenantId);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("keeps slugs unique per tenant and language, and shows scheduled posts once their time comes", async () => {
    const blog = blogAdapters(database.handle.db);
    const deps: BlogWriteDeps = { posts: blog.posts, clock, newId: randomUUID, changed: blog.changed };
    const again = await createPost(deps, {
      tenantId,
      fields: { locale: "en", title: "Kish guide", summary: "s", bodyMarkdown: "b", authorName: "a" },
    });
    expect(again).toEqual({ ok: false, error: "INVALID", fields: { slug: "SLUG_TAKEN" } });
    const visibleNow = await blog.posts.listVisible({ tenantId, locale: "en", now: NOW, offset: 0, limit: 10 });
    expect(visibleNow.posts.map((post) => post.slug)).toEqual(["kish-guide"]);
    const inTwoHours = await blog.posts.listVisible({
      tenantId,
      locale: "en",
      now: new Date(NOW.getTime() + 7_200_000),
      offset: 0,
      limit: 10,
    });
    expect(inTwoHours.posts.map((post) => post.slug)).toEqual(["coming-soon", "kish-guide"]);
    expect(await blog.posts.categories(tenantId, "fa", NOW)).toEqual([{ name: "جزیره-ها", count: 1 }]);
    expect(await blog.posts.translations(tenantId, "kish", NOW)).toHaveLength(2);
    // Another tenant sees none of it.
    const other = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    expect((await blog.posts.listVisible({ tenantId: other, locale: "en", now: NOW, offset: 0, limit: 10 })).total).toBe(0);
  });
});
