import { Link } from "react-router";
import { categoryPath, coverUrl, type CoverImage } from "#core/blog/post.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { BlogListView, BlogPostCard } from "#app/blog/blog-views.ts";

/**
 * A cover in AVIF and WebP with the upload's own format as the fallback, each at every stored
 * width; the browser takes the smallest that fills `sizes`. Width and height keep the layout still.
 */
export function CoverPicture({
  cover,
  alt,
  sizes,
  eager = false,
  className = "",
}: {
  cover: CoverImage;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  const srcSet = (format: string) => cover.widths.map((width) => `${coverUrl(cover.id, width, format)} ${width}w`).join(", ");
  const largest = cover.widths.at(-1) ?? cover.width;
  const height = Math.round((cover.height / cover.width) * largest);
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet("webp")} sizes={sizes} />
      <img
        src={coverUrl(cover.id, cover.widths[0] ?? cover.width, cover.fallback)}
        srcSet={srcSet(cover.fallback)}
        sizes={sizes}
        width={largest}
        height={height}
        alt={alt}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        decoding="async"
        className={`h-auto w-full object-cover ${className}`}
      />
    </picture>
  );
}

export function PostMeta({ post }: { post: Pick<BlogPostCard, "authorName" | "publishedAt" | "publishedText"> }) {
  const { t } = useI18n();
  return (
    <p className="text-sm text-gray-600">
      {t("blog.by", { author: post.authorName })}
      {post.publishedText ? (
        <>
          {" · "}
          <time dateTime={post.publishedAt}>{post.publishedText}</time>
        </>
      ) : null}
    </p>
  );
}

export function PostCard({ post, first }: { post: BlogPostCard; first: boolean }) {
  const { t } = useI18n();
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-black/10 bg-white">
      {post.cover ? (
        <CoverPicture
          cover={post.cover}
          alt={post.coverAlt}
          sizes="(min-width: 64rem) 30rem, (min-width: 40rem) 50vw, 100vw"
          eager={first}
          className="aspect-[16/9]"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg leading-8 font-bold">
          <Link to={post.path} className="text-gray-900 no-underline hover:text-brand hover:underline">
            {post.title}
          </Link>
        </h2>
        <PostMeta post={post} />
        <p className="leading-7 text-gray-800">{post.summary}</p>
        <Link to={post.path} className="mt-auto self-start text-brand" aria-label={t("blog.readMore", { title: post.title })}>
          {t("blog.readMoreShort")}
        </Link>
      </div>
    </article>
  );
}

export function CategoryNav({ categories, current }: { categories: BlogListView["categories"]; current: string | null }) {
  const { t, locale, number } = useI18n();
  if (categories.length === 0) return null;
  const item = "inline-block min-h-11 rounded-full border border-black/10 px-4 py-2.5 text-sm no-underline";
  return (
    <nav aria-label={t("blog.categories")} className="mb-6">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link
            to={`${locale === "fa" ? "" : `/${locale}`}/blog`}
            className={`${item} text-inherit`}
            aria-current={current === null ? "page" : undefined}
          >
            {t("blog.allPosts")}
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.name}>
            <Link
              to={categoryPath(locale, category.name)}
              className={`${item} text-inherit aria-[current=page]:bg-brand aria-[current=page]:text-white`}
              aria-current={current === category.name ? "page" : undefined}
            >
              {category.label} <span className="text-xs opacity-80">({number(category.count)})</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Pagination({ page, pages, basePath }: { page: number; pages: number; basePath: string }) {
  const { t, number } = useI18n();
  if (pages <= 1) return null;
  const to = (target: number) => (target === 1 ? basePath : `${basePath}?page=${target}`);
  return (
    <nav aria-label={t("blog.pagination")} className="mt-8 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={to(page - 1)} rel="prev" className="min-h-11 py-2.5">
          {t("blog.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-gray-600">{t("blog.page", { page: number(page), pages: number(pages) })}</span>
      {page < pages ? (
        <Link to={to(page + 1)} rel="next" className="min-h-11 py-2.5">
          {t("blog.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
