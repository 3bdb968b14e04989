import { data, type AppLoadContext } from "react-router";
import { postJsonLd } from "#core/blog/feed.ts";
import { blogPath, categoryLabel, categoryPath, postPath, type BlogPost } from "#core/blog/post.ts";
import { listPosts, parsePage, readPost } from "#core/blog/read-posts.ts";
import { localizePath, type Locale } from "#core/i18n/locales.ts";
import { readableDate, tehranToday } from "#core/search/dates.ts";
import { localized } from "#core/tenants/site-config.ts";
import { requireService } from "#app/service-guard.server.ts";
import type { BlogListView, BlogPostCard, BlogPostView } from "./blog-views.ts";

/** Like content pages and landings: the same for every visitor of a host, so a CDN and the page cache keep it (ADR 0034). */
const SHARED = { "Cache-Control": "public, max-age=0, s-maxage=300, stale-while-revalidate=600", Vary: "Host, Accept-Encoding" };

function notFound(): never {
  throw data(null, { status: 404 });
}

function postsOf(context: AppLoadContext) {
  requireService(context, "blog");
  // The fallback configuration (no tenant row) owns no posts.
  if (!context.blog || !context.configLoaded) notFound();
  return context.blog.posts;
}

function shownDate(date: Date | null, locale: Locale): string {
  return date ? readableDate(tehranToday(date), locale, locale === "fa" ? "persian" : "gregorian") : "";
}

function card(post: BlogPost, locale: Locale): BlogPostCard {
  return {
    slug: post.slug,
    path: postPath(locale, post.slug),
    title: post.title,
    summary: post.summary,
    authorName: post.authorName,
    publishedAt: post.publishedAt?.toISOString() ?? "",
    publishedText: shownDate(post.publishedAt, locale),
    categories: post.categories.map((name) => ({ name, label: categoryLabel(name) })),
    cover: post.cover,
    coverAlt: post.coverAlt,
  };
}

/** `/blog` and `/blog/category/{name}`: a page of a language's visible posts, newest first, with the categories. */
export async function loadBlogList({ context, request }: { context: AppLoadContext; request: Request }, category?: string) {
  const posts = postsOf(context);
  const locale = context.locale.locale;
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  if (page === null) notFound();
  const listed = await listPosts(posts, {
    tenantId: context.tenant.id,
    locale,
    now: context.now(),
    page,
    ...(category !== undefined ? { category: category.normalize("NFC") } : {}),
  });
  if (!listed.ok) notFound();
  // A category nobody has written in is not a page.
  if (category !== undefined && listed.total === 0) notFound();
  const view: BlogListView = {
    posts: listed.posts.map((post) => card(post, locale)),
    page: listed.page,
    pages: listed.pages,
    category: category === undefined ? null : { name: category.normalize("NFC"), label: categoryLabel(category.normalize("NFC")) },
    categories: listed.categories.map((entry) => ({ ...entry, label: categoryLabel(entry.name) })),
  };
  // A later page is its own page (canonical to itself); other languages have other pages, so no hreflang.
  if (listed.page > 1) {
    const base = category === undefined ? blogPath(locale) : categoryPath(locale, category.normalize("NFC"));
    view.alternates = { [locale]: `${base}?page=${listed.page}` };
  }
  return data(view, { headers: SHARED });
}

/** `/blog/{slug}`: a visible post in this language, or 404. */
export async function loadBlogPost({ context, request }: { context: AppLoadContext; request: Request }, slug: string) {
  const posts = postsOf(context);
  const locale = context.locale.locale;
  const found = await readPost(posts, { tenantId: context.tenant.id, locale, slug, now: context.now() });
  if (!found) notFound();
  const { post, translations } = found;
  const origin = new URL(request.url).origin;
  const url = new URL(postPath(locale, post.slug), origin).toString();
  const alternates: Partial<Record<Locale, string>> = { [locale]: postPath(locale, post.slug) };
  for (const entry of translations)
    if (context.tenant.locales.includes(entry.locale)) alternates[entry.locale] = postPath(entry.locale, entry.slug);
  const view: BlogPostView = {
    ...card(post, locale),
    updatedAt: post.updatedAt.toISOString(),
    bodyHtml: post.bodyHtml,
    tags: post.tags,
    // Our own paths, in this page's language when the editor wrote them without one.
    relatedLinks: post.relatedLinks.map((link) => ({
      label: link.label,
      path: /^\/(en|ar)(\/|$)/.test(link.path) ? link.path : localizePath(locale, link.path),
    })),
    alternates,
    alternatesFallback: "/blog",
    jsonLd: postJsonLd(post, {
      url,
      origin,
      publisher: localized(context.tenant.nameCompany, locale) ?? "",
      logo: context.tenant.logoHeader ?? context.tenant.logo,
    }),
  };
  return data(view, { headers: SHARED });
}

/** Any other path under /blog: the blog's own not-found, in the page's language (and 404 too where there is no blog). */
export function blogNotFound(context: AppLoadContext): never {
  requireService(context, "blog");
  notFound();
}
