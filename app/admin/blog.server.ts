import { data, redirect, type AppLoadContext } from "react-router";
import type { StaffRequest } from "./guard.server.ts";
import { can } from "#core/back-office/roles.ts";
import {
  publishPostAudited,
  savePost,
  tehranInstant,
  unpublishPostAudited,
  uploadCoverAudited,
  type BlogAdminDeps,
  type BlogAdminResult,
} from "#core/blog/admin-posts.ts";
import { renderPostMarkdown } from "#core/blog/markdown.ts";
import { POST_STATUSES, coverUrl, isPostVisible, postPath, type BlogPost, type PostStatus } from "#core/blog/post.ts";
import type { BlogPorts } from "#core/blog/ports.ts";
import { LIMITS, checkPostFields, type BlogFieldError, type PostFieldsInput } from "#core/blog/rules.ts";
import { MAX_COVER_BYTES, MIN_COVER_WIDTH, sniffImageFormat, type CoverUploadError } from "#core/blog/write-posts.ts";
import { TEHRAN_OFFSET_MINUTES } from "#core/flights/clock.ts";
import { LOCALES, isLocale, type Locale } from "#core/i18n/locales.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { dateText } from "#core/search/dates.ts";
import { NO_STORE, refusalStatus } from "#app/booking/answers.server.ts";
import { href } from "#app/links.ts";
import { calendarOf } from "#app/search/search-page.server.ts";
import { adminAction, adminLoader } from "./guard.server.ts";
import { whenOf, type When } from "./when.server.ts";

/**
 * The blog's editor screens (issue 25): the list of every post of this host's tenant in every
 * language, and the form of one post. Every write goes through core/blog/admin-posts.ts (the same
 * use cases as the admin API and the CLI), audited.
 */

export const BLOG_ADMIN_PAGE_SIZE = 20;

export type BlogFilterField = "lang" | "status" | "category";

export interface BlogRow {
  id: string;
  title: string;
  locale: Locale;
  status: PostStatus;
  /** Publication (or scheduled) time, or the last change for a draft never published. */
  when: When;
  /** The public page, only while the post is on the site. */
  publicPath: string | null;
}

export interface BlogListPage {
  values: Record<BlogFilterField, string>;
  categories: string[];
  rows: BlogRow[];
  total: number;
  page: number;
  pages: number;
  query: string;
  canWrite: boolean;
}

function ports(context: AppLoadContext): BlogPorts {
  // Deployments without posts never route here with data; a 404 says there is no blog to edit.
  if (!context.blog) throw data(null, { status: 404, headers: NO_STORE });
  return context.blog;
}

/** `/admin/blog`: every post of this tenant, filterable by language, status and category, newest change first. */
export function blogListLoader(request: Request, context: AppLoadContext) {
  return adminLoader(request, context, "blog.read", async (staff): Promise<BlogListPage> => {
    const blog = ports(context);
    const when = whenOf(request, context);
    const params = new URL(request.url).searchParams;
    const read = (name: string) => (params.get(name) ?? "").trim().slice(0, LIMITS.label);
    const lang = read("lang");
    const status = read("status");
    const category = read("category");
    // An unknown choice is dropped rather than refused: the filters are menus, so only a hand-made URL has one.
    const values: Record<BlogFilterField, string> = {
      lang: isLocale(lang) ? lang : "",
      status: (POST_STATUSES as readonly string[]).includes(status) ? status : "",
      category,
    };
    const all = await blog.posts.listAll(staff.tenantId, values.lang ? (values.lang as Locale) : undefined);
    const matching = all.filter(
      (post) => (!values.status || post.status === values.status) && (!values.category || post.categories.includes(values.category)),
    );
    const pages = Math.max(1, Math.ceil(matching.length / BLOG_ADMIN_PAGE_SIZE));
    const page = Math.max(1, Math.min(pages, Number.parseInt(params.get("page") ?? "1", 10) || 1));
    const now = context.now();
    return {
      values,
      categories: [...new Set(all.flatMap((post) => post.categories))].sort(),
      rows: matching.slice((page - 1) * BLOG_ADMIN_PAGE_SIZE, page * BLOG_ADMIN_PAGE_SIZE).map((post) => ({
        id: post.id,
        title: post.title,
        locale: post.locale,
        status: post.status,
        when: when.format(post.publishedAt ?? post.updatedAt),
        publicPath: isPostVisible(post, now) ? postPath(post.locale, post.slug) : null,
      })),
      total: matching.length,
      page,
      pages,
      query: new URLSearchParams(Object.entries(values).filter(([, value]) => value !== "")).toString(),
      canWrite: can(staff.member.role, "blog.write"),
    };
  });
}

/** The form's values by field name, as text (lists one per line, links as rows). */
export interface BlogFormValues {
  locale: string;
  title: string;
  slug: string;
  summary: string;
  bodyMarkdown: string;
  categories: string;
  tags: string;
  authorName: string;
  coverAlt: string;
  translationKey: string;
  status: string;
  publishDate: string;
  publishTime: string;
  links: { label: string; path: string }[];
}

export type BlogFormError = BlogFieldError | CoverUploadError;

export interface BlogPostPage {
  /** Null for a new post. */
  id: string | null;
  values: BlogFormValues;
  status: PostStatus | null;
  publicPath: string | null;
  cover: { src: string; width: number; height: number } | null;
  canWrite: boolean;
  locales: readonly Locale[];
  statuses: readonly PostStatus[];
  dateExample: string;
  notice: "saved" | "published" | "unpublished" | null;
  /** What an uploaded cover may be, for the field's hint. */
  coverLimits: { megabytes: number; minWidth: number };
  /** A cover refused after the post itself was saved. */
  coverError: CoverUploadError | null;
}

export interface BlogFormAnswer {
  values: BlogFormValues;
  errors: Record<string, BlogFormError>;
  /** The unsaved form rendered as the public page would show it (intent=preview). */
  preview: { title: string; summary: string; html: string; locale: Locale } | null;
}

const COVER_ERRORS: readonly CoverUploadError[] = [
  "IMAGE_REQUIRED",
  "IMAGE_TOO_LARGE",
  "IMAGE_TYPE",
  "IMAGE_UNREADABLE",
  "IMAGE_TOO_SMALL",
];
/** Rows of related links the form offers beyond those a post has. */
const SPARE_LINK_ROWS = 2;

function tehranParts(at: Date, locale: Locale, calendar: ReturnType<typeof calendarOf>) {
  const shifted = new Date(at.getTime() + TEHRAN_OFFSET_MINUTES * 60_000).toISOString();
  return { date: localizeDigits(locale, dateText(shifted.slice(0, 10), calendar)), time: localizeDigits(locale, shifted.slice(11, 16)) };
}

function valuesOf(post: BlogPost | null, locale: Locale, calendar: ReturnType<typeof calendarOf>): BlogFormValues {
  const scheduled = post?.publishedAt && post.status === "scheduled" ? tehranParts(post.publishedAt, locale, calendar) : null;
  return {
    locale: post?.locale ?? locale,
    title: post?.title ?? "",
    slug: post?.slug ?? "",
    summary: post?.summary ?? "",
    bodyMarkdown: post?.bodyMarkdown ?? "",
    categories: post?.categories.join("\n") ?? "",
    tags: post?.tags.join("\n") ?? "",
    authorName: post?.authorName ?? "",
    coverAlt: post?.coverAlt ?? "",
    translationKey: post?.translationKey ?? "",
    status: post?.status ?? "draft",
    publishDate: scheduled?.date ?? "",
    publishTime: scheduled?.time ?? "",
    links: post?.relatedLinks.map((link) => ({ ...link })) ?? [],
  };
}

async function postOf(context: AppLoadContext, tenantId: string, id: string | undefined): Promise<BlogPost | null> {
  if (id === undefined) return null;
  // Ids are UUIDs; anything else is not a post (and never reaches the database as a malformed uuid).
  const post = /^[0-9a-f-]{36}$/i.test(id) ? await ports(context).posts.byId(tenantId, id) : null;
  if (!post) throw data(null, { status: 404, headers: NO_STORE });
  return post;
}

/** `/admin/blog/new` and `/admin/blog/{id}`: the form of a post (read-only for support). */
export function blogPostLoader(request: Request, context: AppLoadContext, id: string | undefined) {
  return adminLoader(request, context, "blog.read", async (staff): Promise<BlogPostPage> => {
    const locale = context.locale.locale;
    const calendar = calendarOf(request, locale);
    const post = await postOf(context, staff.tenantId, id);
    const params = new URL(request.url).searchParams;
    const notice = params.get("notice");
    const coverError = params.get("cover");
    const cover = post?.cover;
    return {
      id: post?.id ?? null,
      values: valuesOf(post, locale, calendar),
      status: post?.status ?? null,
      publicPath: post && isPostVisible(post, context.now()) ? postPath(post.locale, post.slug) : null,
      cover: cover
        ? { src: coverUrl(cover.id, cover.widths[0] ?? cover.width, cover.fallback), width: cover.width, height: cover.height }
        : null,
      canWrite: can(staff.member.role, "blog.write"),
      locales: LOCALES,
      statuses: POST_STATUSES,
      dateExample: whenOf(request, context).example,
      notice: notice === "saved" || notice === "published" || notice === "unpublished" ? notice : null,
      coverLimits: { megabytes: MAX_COVER_BYTES / 1024 / 1024, minWidth: MIN_COVER_WIDTH },
      coverError: COVER_ERRORS.find((code) => code === coverError) ?? null,
    };
  });
}

function formValues(form: FormData): BlogFormValues {
  const text = (name: string, max: number = LIMITS.body) => {
    const value = form.get(name);
    // One character past the limit is kept so the rules still say "too long" instead of cutting silently.
    return typeof value === "string" ? value.slice(0, max + 1) : "";
  };
  const links: BlogFormValues["links"] = [];
  for (let index = 0; index < LIMITS.links + SPARE_LINK_ROWS; index++) {
    const label = text(`relatedLinks.${index}.label`, LIMITS.linkLabel);
    const path = text(`relatedLinks.${index}.path`, LIMITS.linkPath);
    // Empty rows are the form's spare rows; a half-filled row is kept so its missing half is refused.
    if (label.trim() !== "" || path.trim() !== "") links.push({ label, path });
  }
  return {
    locale: text("locale", 4),
    title: text("title", LIMITS.title),
    slug: text("slug", LIMITS.slug),
    summary: text("summary", LIMITS.summary),
    bodyMarkdown: text("bodyMarkdown", LIMITS.body),
    categories: text("categories", 2000),
    tags: text("tags", 2000),
    authorName: text("authorName", LIMITS.author),
    coverAlt: text("coverAlt", LIMITS.coverAlt),
    translationKey: text("translationKey", LIMITS.translationKey),
    status: text("status", 20),
    publishDate: text("publishDate", 40),
    publishTime: text("publishTime", 10),
    links,
  };
}

const lines = (value: string) =>
  value
    .split(/[\n,،]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** The form as the rules read it: lists split by line or comma, empty link rows left out. */
export function fieldsOf(values: BlogFormValues): PostFieldsInput {
  return {
    locale: values.locale,
    title: values.title,
    slug: values.slug,
    summary: values.summary,
    bodyMarkdown: values.bodyMarkdown,
    categories: lines(values.categories),
    tags: lines(values.tags),
    authorName: values.authorName,
    coverAlt: values.coverAlt,
    translationKey: values.translationKey.trim() || null,
    relatedLinks: values.links,
  };
}

function writeDeps(context: AppLoadContext): BlogAdminDeps & Pick<BlogPorts, "images" | "processor"> {
  const blog = ports(context);
  return { ...blog, audit: context.backOffice.audit, clock: { now: () => context.now() }, newId: () => crypto.randomUUID() };
}

function refuse(context: AppLoadContext, values: BlogFormValues, errors: Record<string, BlogFormError>) {
  const answer: BlogFormAnswer = { values, errors, preview: null };
  return data(answer, { status: refusalStatus(context, 400), headers: NO_STORE });
}

function editPath(context: AppLoadContext, id: string, query: string) {
  return `${href(context.locale.locale, "admin-blog-post", { id })}?${query}`;
}

async function coverBytes(form: FormData): Promise<Uint8Array | null> {
  const file = form.get("cover");
  if (!(file instanceof File) || file.size === 0) return null;
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * The form's intents: "preview" renders the unsaved form (nothing written, nothing public),
 * "save" writes every field and the status, then the cover when one was chosen; "publish" and
 * "unpublish" change only the status. Each write is one audit entry.
 */
export function blogPostAction(request: Request, context: AppLoadContext, id: string | undefined) {
  return adminAction(request, context, "blog.write", async ({ form, staff }: { form: FormData; staff: StaffRequest }) => {
    const existing = await postOf(context, staff.tenantId, id);
    const intent = form.get("intent");
    const deps = writeDeps(context);
    const key = { tenantId: staff.tenantId, id: existing?.id ?? "" };
    if ((intent === "publish" || intent === "unpublish") && existing) {
      const result = await (intent === "publish" ? publishPostAudited : unpublishPostAudited)(deps, staff.actor, key);
      if (!result.ok) throw data(null, { status: 404, headers: NO_STORE });
      throw redirect(editPath(context, existing.id, `notice=${intent === "publish" ? "published" : "unpublished"}`), {
        status: 303,
        headers: NO_STORE,
      });
    }
    const values = formValues(form);
    if (intent === "preview") {
      const checked = checkPostFields(fieldsOf(values));
      const answer: BlogFormAnswer = {
        values,
        errors: checked.ok ? {} : (checked.errors as Record<string, BlogFormError>),
        preview: checked.ok
          ? {
              title: checked.fields.title,
              summary: checked.fields.summary,
              html: renderPostMarkdown(checked.fields.bodyMarkdown),
              locale: checked.fields.locale,
            }
          : null,
      };
      return data(answer, { status: checked.ok ? 200 : refusalStatus(context, 400), headers: NO_STORE });
    }
    const publishAt =
      values.status === "scheduled" && (values.publishDate.trim() || values.publishTime.trim())
        ? tehranInstant(values.publishDate, values.publishTime || "00:00")
        : null;
    const bytes = await coverBytes(form);
    // An image refused by its size or type is named with the other fields before anything is saved.
    const coverRefusal: CoverUploadError | null =
      bytes === null ? null : bytes.length > MAX_COVER_BYTES ? "IMAGE_TOO_LARGE" : sniffImageFormat(bytes) ? null : "IMAGE_TYPE";
    if (coverRefusal) {
      const checked = checkPostFields(fieldsOf(values));
      return refuse(context, values, { ...(checked.ok ? {} : (checked.errors as Record<string, BlogFormError>)), cover: coverRefusal });
    }
    const saved: BlogAdminResult = await savePost(deps, staff.actor, {
      tenantId: staff.tenantId,
      id: existing?.id ?? null,
      fields: fieldsOf(values),
      status: values.status,
      publishAt,
    });
    if (!saved.ok) {
      if (saved.error === "NOT_FOUND") throw data(null, { status: 404, headers: NO_STORE });
      return refuse(context, values, saved.fields as Record<string, BlogFormError>);
    }
    let query = "notice=saved";
    if (bytes) {
      const covered = await uploadCoverAudited(deps, staff.actor, { tenantId: staff.tenantId, id: saved.post.id, bytes });
      // The post is saved; the refused image is named on its field of the post's own page.
      if (!covered.ok && covered.error === "INVALID") query += `&cover=${covered.fields.cover ?? "IMAGE_UNREADABLE"}`;
    }
    throw redirect(editPath(context, saved.post.id, query), { status: 303, headers: NO_STORE });
  });
}
