import { Link, type MetaDescriptor } from "react-router";
import { blogPath, coverUrl } from "#core/blog/post.ts";
import { serializeJsonLd } from "#core/content/json-ld.ts";
import { LOCALES } from "#core/i18n/locales.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { pageMeta } from "#app/page-meta.ts";
import { rootDataOf } from "#app/route-meta.ts";
import type { BlogPostView } from "#app/blog/blog-views.ts";
import { CoverPicture, PostMeta } from "./blog-pieces.tsx";
import { feedLink } from "./blog-list.tsx";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** A language's own name, written in that language (the link to a post's other versions). */
const LANGUAGE_NAMES = { fa: "فارسی", en: "English", ar: "العربية" } as const;

/** Title, description, Open Graph (article) and Twitter cards of a post. */
export function blogPostMeta(matches: readonly MatchLike[], post: BlogPostView | undefined): MetaDescriptor[] {
  const root = rootDataOf(matches);
  if (!post || !root) return [];
  const absolute = (path: string) => new URL(path, root.origin).toString();
  const image = post.cover ? absolute(coverUrl(post.cover.id, post.cover.widths.at(-1) ?? post.cover.width, post.cover.fallback)) : null;
  const tags: MetaDescriptor[] = [
    ...pageMeta(root, post.title, post.summary),
    { property: "og:type", content: "article" },
    { property: "article:published_time", content: post.publishedAt },
    { property: "article:modified_time", content: post.updatedAt },
    { property: "article:author", content: post.authorName },
    ...post.categories.map((category) => ({ property: "article:section", content: category.label })),
    ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: post.title },
    { name: "twitter:description", content: post.summary },
    feedLink(root.locale),
  ];
  if (image) {
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
    if (post.coverAlt)
      tags.push({ property: "og:image:alt", content: post.coverAlt }, { name: "twitter:image:alt", content: post.coverAlt });
  }
  return tags;
}

/**
 * A post: title, author and date, cover, the body (HTML sanitised when the post was saved, see
 * core/blog/markdown.ts; nothing here parses Markdown), the services it links to, its tags and
 * its versions in other languages, and its BlogPosting JSON-LD.
 */
export function BlogArticle({ post }: { post: BlogPostView }) {
  const { t, locale } = useI18n();
  const others = LOCALES.filter((other) => other !== locale && post.alternates[other]);
  return (
    <article className="mx-auto max-w-3xl text-start text-base leading-8 text-gray-800">
      <nav aria-label={t("site.breadcrumb")} className="mb-4 text-sm">
        <Link to={blogPath(locale)}>{t("blog.backToList")}</Link>
      </nav>
      <header className="mb-6">
        <h1 className="text-2xl leading-10 font-bold text-gray-900 sm:text-3xl sm:leading-[3rem]">{post.title}</h1>
        <PostMeta post={post} />
        {post.categories.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-2 text-sm" aria-label={t("blog.categories")}>
            {post.categories.map((category) => (
              <li key={category.name}>
                <Link
                  to={blogPath(locale, `category/${encodeURIComponent(category.name)}`)}
                  className="rounded-full bg-black/5 px-3 py-1 no-underline"
                >
                  {category.label}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </header>
      {post.cover ? (
        <div className="mb-6 overflow-hidden rounded-lg">
          <CoverPicture cover={post.cover} alt={post.coverAlt} sizes="(min-width: 48rem) 48rem, 100vw" eager />
        </div>
      ) : null}
      <p className="mb-6 text-lg leading-8 text-gray-700">{post.summary}</p>
      <div className="blog-body" dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />
      {post.relatedLinks.length > 0 ? (
        <section aria-labelledby="blog-related" className="mt-8 rounded-lg border border-brand/30 bg-white p-4">
          <h2 id="blog-related" className="mb-2 text-lg font-bold">
            {t("blog.related")}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {post.relatedLinks.map((link) => (
              <li key={link.path}>
                <Link
                  to={link.path}
                  className="inline-block min-h-11 rounded-lg bg-brand px-4 py-2.5 text-white no-underline hover:opacity-90"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {post.tags.length > 0 ? (
        <section aria-labelledby="blog-tags" className="mt-6 text-sm">
          <h2 id="blog-tags" className="inline font-bold">
            {t("blog.tags")}:{" "}
          </h2>
          <ul className="inline">
            {post.tags.map((tag, index) => (
              <li key={tag} className="inline">
                {index > 0 ? (locale === "en" ? ", " : "، ") : ""}
                {tag.replace(/-/g, " ")}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {others.length > 0 ? (
        <aside aria-labelledby="blog-languages" className="mt-6 text-sm">
          <h2 id="blog-languages" className="inline font-bold">
            {t("blog.otherLanguages")}:{" "}
          </h2>
          {others.map((other, index) => (
            <span key={other}>
              {index > 0 ? " · " : ""}
              <a href={post.alternates[other]} hrefLang={other} lang={other}>
                {LANGUAGE_NAMES[other]}
              </a>
            </span>
          ))}
        </aside>
      ) : null}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(post.jsonLd) }} />
    </article>
  );
}
