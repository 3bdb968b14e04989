import type { Clock } from "../ports.ts";
import { renderPostMarkdown } from "./markdown.ts";
import type { BlogPost } from "./post.ts";
import type { BlogChanged, BlogImageStore, BlogPostRepository, CoverImageProcessor } from "./ports.ts";
import { checkPostFields, type BlogFieldErrors, type PostFieldsInput } from "./rules.ts";

/**
 * The blog's write use cases (issue 25 §2), shared by the back-office and the CLI. Each answers
 * the post before and after the change so the caller can write its audit log, or the refusal
 * field by field. Each successful write tells `changed`, which drops cached pages everywhere.
 */
export interface BlogWriteDeps {
  posts: BlogPostRepository;
  clock: Clock;
  newId: () => string;
  changed: BlogChanged;
}

export type BlogWriteResult =
  | { ok: true; before: BlogPost | null; after: BlogPost | null }
  | { ok: false; error: "NOT_FOUND" }
  | { ok: false; error: "INVALID"; fields: BlogFieldErrors };

const invalid = (fields: BlogFieldErrors): BlogWriteResult => ({ ok: false, error: "INVALID", fields });
const notFound: BlogWriteResult = { ok: false, error: "NOT_FOUND" };

/** Creates a draft. */
export async function createPost(deps: BlogWriteDeps, input: { tenantId: string; fields: PostFieldsInput }): Promise<BlogWriteResult> {
  const checked = checkPostFields(input.fields);
  if (!checked.ok) return invalid(checked.errors);
  const now = deps.clock.now();
  const post: BlogPost = {
    ...checked.fields,
    id: deps.newId(),
    tenantId: input.tenantId,
    bodyHtml: renderPostMarkdown(checked.fields.bodyMarkdown),
    cover: null,
    status: "draft",
    publishedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  if (!(await deps.posts.insert(post))) return invalid({ slug: "SLUG_TAKEN" });
  await deps.changed();
  return { ok: true, before: null, after: post };
}

/** Changes a post's fields (all of them, as the editor's form sends them); its status stays. */
export async function updatePost(
  deps: BlogWriteDeps,
  input: { tenantId: string; id: string; fields: PostFieldsInput },
): Promise<BlogWriteResult> {
  const before = await deps.posts.byId(input.tenantId, input.id);
  if (!before) return notFound;
  const checked = checkPostFields(input.fields);
  if (!checked.ok) return invalid(checked.errors);
  const after: BlogPost = {
    ...before,
    ...checked.fields,
    bodyHtml: renderPostMarkdown(checked.fields.bodyMarkdown),
    updatedAt: deps.clock.now(),
  };
  if (!(await deps.posts.update(after))) return invalid({ slug: "SLUG_TAKEN" });
  await deps.changed();
  return { ok: true, before, after };
}

function isStatusChange(
  value: Pick<BlogPost, "status" | "publishedAt"> | BlogFieldErrors,
): value is Pick<BlogPost, "status" | "publishedAt"> {
  return "status" in value && (value.publishedAt === null || value.publishedAt instanceof Date);
}

async function changeStatus(
  deps: BlogWriteDeps,
  input: { tenantId: string; id: string },
  next: (post: BlogPost, now: Date) => Pick<BlogPost, "status" | "publishedAt"> | BlogFieldErrors,
): Promise<BlogWriteResult> {
  const before = await deps.posts.byId(input.tenantId, input.id);
  if (!before) return notFound;
  const now = deps.clock.now();
  const change = next(before, now);
  if (!isStatusChange(change)) return invalid(change);
  const after: BlogPost = { ...before, status: change.status, publishedAt: change.publishedAt, updatedAt: now };
  await deps.posts.update(after);
  await deps.changed();
  return { ok: true, before, after };
}

/**
 * Publishes now. A post published before (even if taken off since) keeps its first date:
 * republishing after a fix is not news. A scheduled one is brought forward to now.
 */
export function publishPost(deps: BlogWriteDeps, input: { tenantId: string; id: string }): Promise<BlogWriteResult> {
  return changeStatus(deps, input, (post, now) => ({
    status: "published",
    publishedAt: post.status !== "scheduled" && post.publishedAt ? post.publishedAt : now,
  }));
}

/** Schedules for a later time; the post shows by itself once the clock passes it (no job). */
export function schedulePost(deps: BlogWriteDeps, input: { tenantId: string; id: string; at: unknown }): Promise<BlogWriteResult> {
  return changeStatus(deps, input, (_post, now) => {
    const at = input.at instanceof Date ? input.at : typeof input.at === "string" ? new Date(input.at) : null;
    if (!at || Number.isNaN(at.getTime())) return { publishedAt: "DATE_INVALID" };
    if (at.getTime() <= now.getTime()) return { publishedAt: "NOT_SCHEDULABLE" };
    return { status: "scheduled", publishedAt: at };
  });
}

/** Takes a post off the site (back to a draft); its first publication date is kept for when it returns. */
export function unpublishPost(deps: BlogWriteDeps, input: { tenantId: string; id: string }): Promise<BlogWriteResult> {
  return changeStatus(deps, input, (post) => ({ status: "draft", publishedAt: post.status === "published" ? post.publishedAt : null }));
}

export async function deletePost(deps: BlogWriteDeps, input: { tenantId: string; id: string }): Promise<BlogWriteResult> {
  const before = await deps.posts.byId(input.tenantId, input.id);
  if (!before) return notFound;
  await deps.posts.delete(input.tenantId, input.id);
  await deps.changed();
  return { ok: true, before, after: null };
}

/** The widths a cover is stored at: a card on a phone, a card on a wide screen and the article's head. */
export const COVER_WIDTHS = [480, 960, 1440] as const;
/** An upload narrower than this is refused: a cover is shown at least this wide on a phone. */
export const MIN_COVER_WIDTH = 320;
/** An upload larger than this is refused before it is decoded. */
export const MAX_COVER_BYTES = 5 * 1024 * 1024;

/** The upload's format from its first bytes; its name and stated type are not trusted. */
export function sniffImageFormat(bytes: Uint8Array): "jpeg" | "png" | "webp" | null {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (starts(0xff, 0xd8, 0xff)) return "jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return "webp";
  return null;
}

export type CoverUploadError = "IMAGE_REQUIRED" | "IMAGE_TOO_LARGE" | "IMAGE_TYPE" | "IMAGE_UNREADABLE" | "IMAGE_TOO_SMALL";

/**
 * Sets a post's cover from an upload (bytes, from multipart or base64 JSON): checked by its
 * content and size, resized to COVER_WIDTHS in WebP and AVIF with the original format beside them,
 * and stored in the database.
 */
export async function uploadCover(
  deps: BlogWriteDeps & { images: BlogImageStore; processor: CoverImageProcessor },
  input: { tenantId: string; id: string; bytes: Uint8Array | null },
): Promise<BlogWriteResult | { ok: false; error: "INVALID"; fields: { cover: CoverUploadError } }> {
  const before = await deps.posts.byId(input.tenantId, input.id);
  if (!before) return notFound;
  const refuse = (error: CoverUploadError) => ({ ok: false as const, error: "INVALID" as const, fields: { cover: error } });
  if (!input.bytes || input.bytes.length === 0) return refuse("IMAGE_REQUIRED");
  if (input.bytes.length > MAX_COVER_BYTES) return refuse("IMAGE_TOO_LARGE");
  if (!sniffImageFormat(input.bytes)) return refuse("IMAGE_TYPE");
  const processed = await deps.processor.process(input.bytes, COVER_WIDTHS);
  if (!processed.ok) return refuse(processed.error);
  const now = deps.clock.now();
  const imageId = await deps.images.save({
    tenantId: input.tenantId,
    width: processed.width,
    height: processed.height,
    variants: processed.variants,
    createdAt: now,
  });
  const widths = [...new Set(processed.variants.map((variant) => variant.width))].sort((a, b) => a - b);
  const after: BlogPost = {
    ...before,
    cover: { id: imageId, width: processed.width, height: processed.height, widths, fallback: processed.fallback },
    updatedAt: now,
  };
  await deps.posts.update(after);
  await deps.changed();
  return { ok: true, before, after };
}
