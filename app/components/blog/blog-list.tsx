import type { MetaDescriptor } from "react-router";
import { blogPath } from "#core/blog/post.ts";
import { translate } from "#core/i18n/messages.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { pageMeta } from "#app/page-meta.ts";
import { rootDataOf } from "#app/route-meta.ts";
import type { BlogListView } from "#app/blog/blog-views.ts";
import { CategoryNav, Pagination, PostCard } from "./blog-pieces.tsx";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The blog's answers carry the loader's caching headers (shared, s-maxage) over the root's. */
export function blogHeaders({ parentHeaders, loaderHeaders }: { parentHeaders: Headers; loaderHeaders: Headers }): Headers {
  const merged = new Headers(parentHeaders);
  for (const [key, value] of loaderHeaders) merged.set(key, value);
  return merged;
}

/** The feed of the page's language, for feed readers and browsers (`<link rel="alternate">`). */
export function feedLink(locale: "fa" | "en" | "ar"): MetaDescriptor {
  return {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: translate(locale, "blog.feed.link"),
    href: blogPath(locale, "rss.xml"),
  };
}

export function blogListMeta(matches: readonly MatchLike[], view: BlogListView | undefined): MetaDescriptor[] {
  const root = rootDataOf(matches);
  const locale = root?.locale ?? "fa";
  if (!view) return [];
  let title = view.category ? translate(locale, "blog.category.title", { category: view.category.label }) : translate(locale, "blog.title");
  if (view.page > 1) title = `${title} – ${translate(locale, "blog.page", { page: String(view.page), pages: String(view.pages) })}`;
  return [...pageMeta(root, title, translate(locale, "blog.description")), feedLink(locale)];
}

/** A page of posts: heading, categories, cards, pages. */
export function BlogList({ view }: { view: BlogListView }) {
  const { t, locale, digits } = useI18n();
  const basePath = view.category ? blogPath(locale, `category/${encodeURIComponent(view.category.name)}`) : blogPath(locale);
  const heading = view.category ? t("blog.category.title", { category: view.category.label }) : t("blog.title");
  return (
    <div className="mx-auto max-w-6xl">
      <header className="mb-6">
        <h1 className="text-2xl leading-10 font-bold text-gray-900 sm:text-3xl sm:leading-[3rem]">{heading}</h1>
        <p className="mt-2 text-gray-700">{t("blog.description")}</p>
      </header>
      <CategoryNav categories={view.categories} current={view.category?.name ?? null} />
      {view.posts.length === 0 ? (
        <p className="rounded-lg border border-black/10 bg-white px-4 py-6 text-gray-700">{t("blog.empty")}</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {view.posts.map((post, index) => (
            <li key={post.slug} className="flex">
              <PostCard post={post} first={index === 0 && view.page === 1} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={view.page} pages={view.pages} basePath={basePath} />
      <p className="mt-6 text-sm">
        <a href={blogPath(locale, "rss.xml")} type="application/rss+xml">
          {digits(t("blog.feed.link"))}
        </a>
      </p>
    </div>
  );
}
