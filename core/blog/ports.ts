import type { Locale } from "../i18n/locales.ts";
import type { BlogPost } from "./post.ts";

/** Posts of every tenant; every call is scoped by one tenant. "Visible" means public at `now` (post.ts isPostVisible). */
export interface BlogPostRepository {
  byId(tenantId: string, id: string): Promise<BlogPost | null>;
  bySlug(tenantId: string, locale: Locale, slug: string): Promise<BlogPost | null>;
  /** Visible posts of a language, newest first, optionally of one category. */
  listVisible(input: {
    tenantId: string;
    locale: Locale;
    now: Date;
    category?: string;
    offset: number;
    limit: number;
  }): Promise<{ posts: BlogPost[]; total: number }>;
  /** Categories of the visible posts of a language with how many posts each has, most used first. */
  categories(tenantId: string, locale: Locale, now: Date): Promise<{ name: string; count: number }[]>;
  /** The visible versions of an article in every language (by translation key). */
  translations(tenantId: string, translationKey: string, now: Date): Promise<{ locale: Locale; slug: string }[]>;
  /** Every visible post of the tenant in every language (the sitemap), newest first. */
  allVisible(tenantId: string, now: Date): Promise<BlogPost[]>;
  /** Every post of the tenant whatever its status (the CLI and the back-office), newest change first. */
  listAll(tenantId: string, locale?: Locale): Promise<BlogPost[]>;
  /** Writes a new post; false when its slug is taken in its tenant and language. */
  insert(post: BlogPost): Promise<boolean>;
  /** Replaces a post's fields; false when its new slug is taken. */
  update(post: BlogPost): Promise<boolean>;
  delete(tenantId: string, id: string): Promise<boolean>;
}

export const IMAGE_FORMATS = ["webp", "avif", "jpg", "png"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export interface ImageVariant {
  width: number;
  format: ImageFormat;
  bytes: Uint8Array;
}

/** A cover's stored files: several widths in several formats. Kept in the database, so every web process serves them. */
export interface BlogImageStore {
  save(input: { tenantId: string; width: number; height: number; variants: ImageVariant[]; createdAt: Date }): Promise<string>;
  /** One stored file; scoped by tenant so one agency cannot serve another's upload. */
  variant(input: { tenantId: string; id: string; width: number; format: ImageFormat }): Promise<Uint8Array | null>;
}

/** Decodes an upload and writes it at each width in each format; the sharp adapter is the real one. */
export interface CoverImageProcessor {
  process(
    bytes: Uint8Array,
    widths: readonly number[],
  ): Promise<
    | { ok: true; width: number; height: number; fallback: "jpg" | "png" | "webp"; variants: ImageVariant[] }
    | { ok: false; error: "IMAGE_UNREADABLE" | "IMAGE_TOO_SMALL" }
  >;
}

/** Told after every write, so cached pages that show posts are dropped in every process. */
export type BlogChanged = () => Promise<void>;

/** What the back-office's blog screens and API need: the posts, the covers' store and processor, and the change signal. */
export interface BlogPorts {
  posts: BlogPostRepository;
  images: BlogImageStore;
  processor: CoverImageProcessor;
  changed: BlogChanged;
}
