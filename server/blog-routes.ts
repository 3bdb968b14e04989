import { Router, type Request, type Response } from "express";
import { rssFeed } from "#core/blog/feed.ts";
import { POSTS_PER_PAGE, postPath } from "#core/blog/post.ts";
import type { BlogImageStore, BlogPostRepository, ImageFormat } from "#core/blog/ports.ts";
import { listPosts } from "#core/blog/read-posts.ts";
import { LOCALES, isLocale, localizePath, type Locale } from "#core/i18n/locales.ts";
import { translate } from "#core/i18n/messages.ts";
import type { Clock } from "#core/ports.ts";
import { isServiceEnabled, localized, tenantServices, type Tenant } from "#core/tenants/site-config.ts";
import { samePathIn, sitemapXml, type SitemapPage } from "#core/web/sitemap.ts";
import type { RouteLandingKeys } from "#adapters/db/route-landings.ts";

/** Shared answers a CDN and the page cache may keep a while; a post shows in the feed within five minutes. */
const SHARED = "public, max-age=0, s-maxage=300, stale-while-revalidate=600";

const IMAGE_PATH = /^\/blog-images\/([0-9a-f-]{36})\/(\d{2,4})\.(webp|avif|jpg|png)$/;
const CONTENT_TYPE: Record<ImageFormat, string> = { webp: "image/webp", avif: "image/avif", jpg: "image/jpeg", png: "image/png" };
const FEED_PATH = /^\/(?:(en|ar)\/)?blog\/rss\.xml$/;

/** Each bookable service's landing page, by the service that switches it off. */
const SERVICE_LANDINGS = [
  ["flight", "/flight"],
  ["internationalflight", "/internationalflight"],
  ["internationalflight", "/flight/international"],
  ["train", "/train"],
  ["bus", "/bus"],
  ["hotel", "/hotel"],
  ["intHotel", "/outHotel"],
  ["tour", "/tour"],
  ["insurance", "/insurance"],
] as const;

/** The content pages every tenant serves (ADR 0005). */
const CONTENT_PATHS = [
  "/contact",
  "/contact/aboutus",
  "/faq",
  "/faq/tips",
  "/rules",
  ...["cooperation", "flightinformation", "hostrate", "jobs", "refund", "sheba"].map((slug) => `/pages/${slug}`),
];

export interface BlogRoutesDeps {
  siteOf(res: Response): Tenant | null;
  posts: BlogPostRepository;
  images: BlogImageStore;
  routeLandings: () => Promise<RouteLandingKeys>;
  clock: Clock;
  log: { error(obj: object, msg: string): void };
}

function origin(req: Request): string {
  return `${req.protocol}://${req.host}`;
}

function notFound(res: Response): void {
  res.status(404).setHeader("Cache-Control", "no-store");
  res.type("text/plain").send("Not found\n");
}

/**
 * The blog's answers that are not pages (issue 25): cover files from the database, the RSS feed
 * of each language, and the tenant's /sitemap.xml and /robots.txt. The pages are React routes.
 */
export function blogRoutes(deps: BlogRoutesDeps): Router {
  const router = Router();

  router.get(/^\/blog-images\//, async (req, res, next) => {
    const tenant = deps.siteOf(res);
    const match = IMAGE_PATH.exec(req.path);
    if (!tenant || !match) return notFound(res);
    const [, id = "", width = "", format = ""] = match;
    // A cover's file never changes (a new upload is a new id), so its name is its version.
    const etag = `"${id}-${width}.${format}"`;
    try {
      if (req.headers["if-none-match"] === etag) {
        res.setHeader("ETag", etag);
        res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        return res.status(304).end();
      }
      const bytes = await deps.images.variant({ tenantId: tenant.id, id, width: Number(width), format: format as ImageFormat });
      if (!bytes) return notFound(res);
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.setHeader("ETag", etag);
      res.type(CONTENT_TYPE[format as ImageFormat]).send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } catch (error) {
      next(error);
    }
  });

  router.get(FEED_PATH, async (req, res, next) => {
    const tenant = deps.siteOf(res);
    const locale: Locale = (FEED_PATH.exec(req.path)?.[1] as Locale | undefined) ?? "fa";
    if (!tenant || !isServiceEnabled(tenant, "blog") || !tenant.locales.includes(locale)) return notFound(res);
    try {
      const now = deps.clock.now();
      const listed = await listPosts(deps.posts, { tenantId: tenant.id, locale, now, page: 1 });
      const name = localized(tenant.nameCompany, locale) ?? "";
      const xml = rssFeed({
        origin: origin(req),
        locale,
        title: translate(locale, "blog.feed.title", { name }),
        description: translate(locale, "blog.description"),
        posts: listed.ok ? listed.posts.slice(0, POSTS_PER_PAGE) : [],
        now,
      });
      res.setHeader("Cache-Control", SHARED);
      res.setHeader("Vary", "Host, Accept-Encoding");
      res.type("application/rss+xml; charset=utf-8").send(xml);
    } catch (error) {
      next(error);
    }
  });

  router.get("/sitemap.xml", async (req, res, next) => {
    const tenant = deps.siteOf(res);
    if (!tenant) return notFound(res);
    try {
      const pages = await sitemapPages(tenant, deps);
      res.setHeader("Cache-Control", SHARED);
      res.setHeader("Vary", "Host, Accept-Encoding");
      res.type("application/xml; charset=utf-8").send(sitemapXml(origin(req), pages));
    } catch (error) {
      next(error);
    }
  });

  router.get("/robots.txt", (req, res) => {
    res.setHeader("Cache-Control", SHARED);
    res.setHeader("Vary", "Host");
    // Personal and checkout pages are noindex already; crawling them wastes the crawler's time and ours.
    const body = [
      "User-agent: *",
      "Disallow: /api/",
      ...LOCALES.flatMap((locale) => ["/account", "/login", "/payment"].map((path) => `Disallow: ${localizePath(locale, path)}`)),
      "",
      `Sitemap: ${origin(req)}/sitemap.xml`,
      "",
    ].join("\n");
    res.type("text/plain; charset=utf-8").send(body);
  });

  return router;
}

/** Every public indexable page of a tenant in each of its languages. */
async function sitemapPages(tenant: Tenant, deps: BlogRoutesDeps): Promise<SitemapPage[]> {
  const locales = tenant.locales.filter(isLocale);
  const services = tenantServices(tenant);
  const on = (service: (typeof services)[number]) => services.includes(service);
  const pages: SitemapPage[] = [samePathIn(locales, "/")];
  for (const [service, path] of SERVICE_LANDINGS) if (on(service)) pages.push(samePathIn(locales, path));
  for (const path of CONTENT_PATHS) pages.push(samePathIn(locales, path));
  const routes = await deps.routeLandings();
  if (on("flight")) for (const key of routes.flight) pages.push(samePathIn(locales, `/flight/${key}`));
  if (on("train")) for (const key of routes.train) pages.push(samePathIn(locales, `/train/${key}`));
  if (on("bus")) for (const key of routes.bus) pages.push(samePathIn(locales, `/bus/${key}`));
  if (on("tour")) for (const city of routes.tour) pages.push(samePathIn(locales, `/tour/${encodeURIComponent(city)}`));
  if (on("blog")) {
    const posts = (await deps.posts.allVisible(tenant.id, deps.clock.now())).filter((post) => locales.includes(post.locale));
    const newest = posts[0]?.publishedAt ?? undefined;
    pages.push(samePathIn(locales, "/blog", newest));
    // A post's versions in other languages are one page with several addresses.
    const grouped = new Map<string, SitemapPage>();
    for (const post of posts) {
      const key = post.translationKey ? `key:${post.translationKey}` : `id:${post.id}`;
      const page = grouped.get(key) ?? { paths: {} };
      page.paths[post.locale] = postPath(post.locale, post.slug);
      const changed = post.updatedAt > (post.publishedAt ?? post.updatedAt) ? post.updatedAt : (post.publishedAt ?? post.updatedAt);
      if (!page.lastmod || changed > page.lastmod) page.lastmod = changed;
      grouped.set(key, page);
    }
    pages.push(...grouped.values());
  }
  return pages;
}
