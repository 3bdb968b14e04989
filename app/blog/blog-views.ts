import type { CoverImage } from "#core/blog/post.ts";
import type { Locale } from "#core/i18n/locales.ts";

/** What the blog's pages are sent: text and paths already made for the page's language. */
export interface BlogPostCard {
  slug: string;
  path: string;
  title: string;
  summary: string;
  authorName: string;
  /** ISO, for <time datetime>. */
  publishedAt: string;
  /** In the page's language and calendar. */
  publishedText: string;
  categories: { name: string; label: string }[];
  cover: CoverImage | null;
  coverAlt: string;
}

export interface BlogListView {
  posts: BlogPostCard[];
  page: number;
  pages: number;
  category: { name: string; label: string } | null;
  categories: { name: string; label: string; count: number }[];
  /** Set on later pages only: the page's own address (canonical). */
  alternates?: Partial<Record<Locale, string>>;
}

export interface BlogPostView extends BlogPostCard {
  updatedAt: string;
  /** Rendered and sanitised when the post was saved (core/blog/markdown.ts). */
  bodyHtml: string;
  tags: string[];
  relatedLinks: { label: string; path: string }[];
  /** This post's address in each language it exists in (hreflang). */
  alternates: Partial<Record<Locale, string>>;
  /** Where the language switcher goes for a language the post is not written in: that language's blog. */
  alternatesFallback: string;
  jsonLd: Record<string, unknown>;
}
