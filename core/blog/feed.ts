import type { Locale } from "../i18n/locales.ts";
import { blogPath, coverUrl, postPath, type BlogPost } from "./post.ts";

/**
 * XML text: the five characters with a meaning in XML escaped, and characters XML 1.0 cannot
 * hold at all (most control characters, lone surrogates) dropped, so any stored text makes a
 * well-formed document.
 */
export function xmlEscape(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- naming the control characters XML 1.0 allows is the point
      .replace(/[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

/** RSS 2.0 of a language's newest posts (hand-built: a dozen elements do not need a library). */
export function rssFeed(input: {
  origin: string;
  locale: Locale;
  title: string;
  description: string;
  posts: readonly BlogPost[];
  /** The newest post's date, or the feed's own build time when there is none. */
  now: Date;
}): string {
  const { origin, locale } = input;
  const absolute = (path: string) => new URL(path, origin).toString();
  const items = input.posts.map((post) => {
    const link = absolute(postPath(locale, post.slug));
    const parts = [
      `<title>${xmlEscape(post.title)}</title>`,
      `<link>${xmlEscape(link)}</link>`,
      `<guid isPermaLink="false">urn:uuid:${xmlEscape(post.id)}</guid>`,
      `<description>${xmlEscape(post.summary)}</description>`,
      `<pubDate>${(post.publishedAt ?? post.updatedAt).toUTCString()}</pubDate>`,
      `<dc:creator>${xmlEscape(post.authorName)}</dc:creator>`,
      ...post.categories.map((category) => `<category>${xmlEscape(category)}</category>`),
    ];
    if (post.cover) {
      const width = post.cover.widths[0] ?? post.cover.width;
      parts.push(
        `<enclosure url="${xmlEscape(absolute(coverUrl(post.cover.id, width, post.cover.fallback)))}" length="0" type="image/${post.cover.fallback === "jpg" ? "jpeg" : post.cover.fallback}"/>`,
      );
    }
    return `<item>${parts.join("")}</item>`;
  });
  const lastBuild = input.posts[0]?.publishedAt ?? input.now;
  const self = absolute(blogPath(locale, "rss.xml"));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "<channel>",
    `<title>${xmlEscape(input.title)}</title>`,
    `<link>${xmlEscape(absolute(blogPath(locale)))}</link>`,
    `<description>${xmlEscape(input.description)}</description>`,
    `<language>${locale}</language>`,
    `<lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
    `<atom:link href="${xmlEscape(self)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** schema.org BlogPosting of a post (Article JSON-LD). */
export function postJsonLd(
  post: BlogPost,
  input: { url: string; origin: string; publisher: string; logo: string | null },
): Record<string, unknown> {
  const image = post.cover
    ? new URL(coverUrl(post.cover.id, post.cover.widths.at(-1) ?? post.cover.width, post.cover.fallback), input.origin).toString()
    : undefined;
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    mainEntityOfPage: { "@type": "WebPage", "@id": input.url },
    url: input.url,
    headline: post.title,
    description: post.summary,
    inLanguage: post.locale,
    ...(image ? { image: [image] } : {}),
    datePublished: post.publishedAt?.toISOString(),
    dateModified: post.updatedAt.toISOString(),
    author: { "@type": "Person", name: post.authorName },
    publisher: {
      "@type": "Organization",
      name: input.publisher,
      ...(input.logo ? { logo: { "@type": "ImageObject", url: new URL(input.logo, input.origin).toString() } } : {}),
    },
    ...(post.categories.length > 0 ? { articleSection: post.categories } : {}),
    ...(post.tags.length > 0 ? { keywords: post.tags.join(", ") } : {}),
  };
}
