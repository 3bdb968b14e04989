import { audited, type Actor, type AuditLog } from "#core/back-office/audit.ts";
import { TEHRAN_OFFSET_MINUTES } from "#core/flights/clock.ts";
import { latinDigits } from "#core/i18n/digits.ts";
import { parseDateText } from "#core/search/dates.ts";
import type { BlogPost, PostStatus } from "./post.ts";
import type { BlogImageStore, CoverImageProcessor } from "./ports.ts";
import { checkPostFields, isPostStatus, type BlogFieldErrors, type PostFieldsInput } from "./rules.ts";
import {
  createPost,
  publishPost,
  schedulePost,
  unpublishPost,
  updatePost,
  uploadCover,
  type BlogWriteDeps,
  type BlogWriteResult,
} from "./write-posts.ts";

/**
 * The blog's writes as the back-office makes them (issue 25): the screens, the admin API and the
 * CLI call these, each write recorded in the audit log with the post before and after. The plain
 * use cases of write-posts.ts stay unaudited underneath (the demo seed uses them).
 */
export interface BlogAdminDeps extends BlogWriteDeps {
  audit: AuditLog;
}

export type BlogAdminResult =
  { ok: true; post: BlogPost } | { ok: false; error: "NOT_FOUND" } | { ok: false; error: "INVALID"; fields: BlogFieldErrors };

/** What the log keeps of a post: every field the editor wrote; the HTML is derived from the Markdown, so it is left out. */
export function postRecord(post: BlogPost | null) {
  if (!post) return null;
  return {
    locale: post.locale,
    slug: post.slug,
    title: post.title,
    summary: post.summary,
    coverAlt: post.coverAlt,
    cover: post.cover?.id ?? null,
    bodyMarkdown: post.bodyMarkdown,
    categories: post.categories,
    tags: post.tags,
    authorName: post.authorName,
    status: post.status,
    publishedAt: post.publishedAt,
    relatedLinks: post.relatedLinks,
    translationKey: post.translationKey,
  };
}

/** The status a form or a request asks for, with its publication time when it is "scheduled". */
export type StatusRequest = { status: "draft" | "published" } | { status: "scheduled"; at: Date };

/**
 * A schedule typed as on the other admin date fields: a day in the Persian or Gregorian calendar
 * (Persian or Latin digits) and a Tehran time `HH:MM`. Answers the instant or the field's refusal.
 */
export function tehranInstant(day: string, time: string): Date | "DATE_INVALID" {
  const iso = parseDateText(day);
  const clock = /^(\d{1,2}):(\d{2})$/.exec(latinDigits(time.trim()));
  if (!iso || !clock) return "DATE_INVALID";
  const [hours, minutes] = [Number(clock[1]), Number(clock[2])];
  if (hours > 23 || minutes > 59) return "DATE_INVALID";
  return new Date(Date.parse(`${iso}T00:00:00Z`) + (hours * 60 + minutes - TEHRAN_OFFSET_MINUTES) * 60_000);
}

/** Reads a requested status; a scheduled one must carry a time still to come. */
export function statusRequestOf(status: unknown, at: Date | "DATE_INVALID" | null, now: Date): StatusRequest | BlogFieldErrors {
  if (!isPostStatus(status)) return { status: "STATUS_INVALID" };
  if (status !== "scheduled") return { status };
  if (at === null) return { publishedAt: "REQUIRED" };
  if (at === "DATE_INVALID") return { publishedAt: "DATE_INVALID" };
  if (at.getTime() <= now.getTime()) return { publishedAt: "NOT_SCHEDULABLE" };
  return { status, at };
}

function isStatusRequest(value: StatusRequest | BlogFieldErrors): value is StatusRequest {
  return typeof value.status === "string" && isPostStatus(value.status) && !("publishedAt" in value);
}

function answer(result: BlogWriteResult): { result: BlogAdminResult; before: unknown; after: unknown; subjectId?: string } | null {
  if (!result.ok) return null;
  return {
    result: { ok: true, post: result.after! },
    before: postRecord(result.before),
    after: postRecord(result.after),
    subjectId: result.after!.id,
  };
}

/** Brings a post to the requested status (nothing when it is there already). */
async function moveTo(deps: BlogWriteDeps, post: BlogPost, request: StatusRequest): Promise<BlogWriteResult> {
  const key = { tenantId: post.tenantId, id: post.id };
  if (request.status === "scheduled") return schedulePost(deps, { ...key, at: request.at });
  if (request.status === post.status) return { ok: true, before: post, after: post };
  return request.status === "published" ? publishPost(deps, key) : unpublishPost(deps, key);
}

/**
 * Saves the editor's form: a new post, or every field of one, and its status (draft, scheduled at
 * a time, published). Every field is checked before anything is written, so a refusal writes
 * nothing; a success is one audit entry ("blog.create" or "blog.update") from before to after.
 */
export async function savePost(
  deps: BlogAdminDeps,
  actor: Actor,
  input: { tenantId: string; id: string | null; fields: PostFieldsInput; status: unknown; publishAt: Date | "DATE_INVALID" | null },
): Promise<BlogAdminResult> {
  const checked = checkPostFields(input.fields);
  const request = statusRequestOf(input.status, input.publishAt, deps.clock.now());
  const errors: BlogFieldErrors = { ...(checked.ok ? {} : checked.errors), ...(isStatusRequest(request) ? {} : request) };
  if (Object.keys(errors).length > 0 || !isStatusRequest(request)) return { ok: false, error: "INVALID", fields: errors };
  if (input.id !== null && !(await deps.posts.byId(input.tenantId, input.id))) return { ok: false, error: "NOT_FOUND" };
  let refusal: BlogAdminResult | null = null;
  const saved = await audited(
    deps,
    {
      tenantId: input.tenantId,
      actor,
      action: input.id === null ? "blog.create" : "blog.update",
      subject: { type: "blogPost", id: input.id ?? "" },
    },
    async () => {
      const written =
        input.id === null
          ? await createPost(deps, { tenantId: input.tenantId, fields: input.fields })
          : await updatePost(deps, { tenantId: input.tenantId, id: input.id, fields: input.fields });
      if (!written.ok) {
        refusal = written;
        return null;
      }
      const moved = await moveTo(deps, written.after!, request);
      if (!moved.ok) {
        // The fields are saved; only the status was refused (checked above, so a race at most).
        refusal = moved;
        return answer({ ok: true, before: written.before, after: written.after });
      }
      return answer({ ok: true, before: written.before, after: moved.after });
    },
  );
  return refusal ?? saved ?? { ok: false, error: "NOT_FOUND" };
}

function statusChange(action: string, run: (deps: BlogWriteDeps, input: { tenantId: string; id: string }) => Promise<BlogWriteResult>) {
  return async (deps: BlogAdminDeps, actor: Actor, input: { tenantId: string; id: string }): Promise<BlogAdminResult> => {
    let refusal: BlogAdminResult | null = null;
    const done = await audited(deps, { tenantId: input.tenantId, actor, action, subject: { type: "blogPost", id: input.id } }, async () => {
      const result = await run(deps, input);
      if (!result.ok) refusal = result;
      return answer(result);
    });
    return refusal ?? done ?? { ok: false, error: "NOT_FOUND" };
  };
}

/** Publishes a post now (a post published before keeps its first date); audited as "blog.publish". */
export const publishPostAudited = statusChange("blog.publish", publishPost);
/** Takes a post off the site, back to a draft; audited as "blog.unpublish". */
export const unpublishPostAudited = statusChange("blog.unpublish", unpublishPost);

/** Sets a post's cover from an uploaded image (checked by content and size, resized); audited as "blog.cover". */
export async function uploadCoverAudited(
  deps: BlogAdminDeps & { images: BlogImageStore; processor: CoverImageProcessor },
  actor: Actor,
  input: { tenantId: string; id: string; bytes: Uint8Array | null },
): Promise<BlogAdminResult> {
  let refusal: BlogAdminResult | null = null;
  const done = await audited(
    deps,
    { tenantId: input.tenantId, actor, action: "blog.cover", subject: { type: "blogPost", id: input.id } },
    async () => {
      const result = await uploadCover(deps, input);
      if (!result.ok) {
        refusal = result as BlogAdminResult;
        return null;
      }
      return answer(result);
    },
  );
  return refusal ?? done ?? { ok: false, error: "NOT_FOUND" };
}

export type { PostStatus };
