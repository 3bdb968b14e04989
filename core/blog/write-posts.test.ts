import { describe, expect, it } from "vitest";
import type { Locale } from "../i18n/locales.ts";
import { isPostVisible, type BlogPost } from "./post.ts";
import type { BlogPostRepository } from "./ports.ts";
import { listPosts, readPost } from "./read-posts.ts";
import { createPost, publishPost, schedulePost, sniffImageFormat, unpublishPost, updatePost, uploadCover } from "./write-posts.ts";

const TENANT = "11111111-1111-4111-8111-111111111111";

/** The repository's contract in memory: slugs unique per tenant and language, visibility by the clock. */
function memoryPosts(): BlogPostRepository & { rows: Map<string, BlogPost> } {
  const rows = new Map<string, BlogPost>();
  const visible = (now: Date) => [...rows.values()].filter((post) => isPostVisible(post, now));
  const taken = (post: BlogPost) =>
    [...rows.values()].some(
      (other) => other.id !== post.id && other.tenantId === post.tenantId && other.locale === post.locale && other.slug === post.slug,
    );
  return {
    rows,
    byId: async (tenantId, id) => (rows.get(id)?.tenantId === tenantId ? rows.get(id)! : null),
    bySlug: async (tenantId, locale, slug) =>
      [...rows.values()].find((p) => p.tenantId === tenantId && p.locale === locale && p.slug === slug) ?? null,
    listVisible: async ({ tenantId, locale, now, category, offset, limit }) => {
      const all = visible(now)
        .filter((p) => p.tenantId === tenantId && p.locale === locale && (!category || p.categories.includes(category)))
        .sort((a, b) => b.publishedAt!.getTime() - a.publishedAt!.getTime());
      return { posts: all.slice(offset, offset + limit), total: all.length };
    },
    categories: async () => [],
    translations: async (tenantId, key, now) =>
      visible(now)
        .filter((p) => p.tenantId === tenantId && p.translationKey === key)
        .map((p) => ({ locale: p.locale, slug: p.slug })),
    allVisible: async (tenantId, now) => visible(now).filter((p) => p.tenantId === tenantId),
    listAll: async (tenantId) => [...rows.values()].filter((p) => p.tenantId === tenantId),
    insert: async (post) => (taken(post) ? false : (rows.set(post.id, post), true)),
    update: async (post) => (taken(post) ? false : (rows.set(post.id, post), true)),
    delete: async (_tenantId, id) => rows.delete(id),
  };
}

function setup(start = "2026-11-20T08:00:00Z") {
  let now = new Date(start);
  let ids = 0;
  let changes = 0;
  const posts = memoryPosts();
  const deps = {
    posts,
    clock: { now: () => now },
    newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, "0")}`,
    changed: async () => {
      changes += 1;
    },
  };
  return { deps, posts, setNow: (iso: string) => (now = new Date(iso)), changes: () => changes };
}

const fields = (locale: Locale, title: string, extra: Record<string, unknown> = {}) => ({
  locale,
  title,
  summary: "A summary",
  bodyMarkdown: "Hello <script>alert(1)</script> [tours](/tour/kish)",
  authorName: "Maryam",
  ...extra,
});

describe("blog write use cases", () => {
  it("creates a draft with its body rendered and sanitised, and says what it was before and after", async () => {
    const { deps, changes } = setup();
    const result = await createPost(deps, { tenantId: TENANT, fields: fields("en", "Kish guide") });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.before).toBeNull();
    expect(result.after).toMatchObject({ slug: "kish-guide", status: "draft", publishedAt: null });
    expect(result.after!.bodyHtml).toBe('<p>Hello &lt;script&gt;alert(1)&lt;/script&gt; <a href="/tour/kish">tours</a></p>\n');
    expect(changes()).toBe(1);
  });

  it("refuses a slug taken in the same tenant and language, not in another language", async () => {
    const { deps } = setup();
    await createPost(deps, { tenantId: TENANT, fields: fields("en", "Kish guide") });
    expect(await createPost(deps, { tenantId: TENANT, fields: fields("en", "Kish guide") })).toEqual({
      ok: false,
      error: "INVALID",
      fields: { slug: "SLUG_TAKEN" },
    });
    expect((await createPost(deps, { tenantId: TENANT, fields: fields("fa", "Kish guide") })).ok).toBe(true);
  });

  it("publishes, keeps the first date on republishing, and unpublishes", async () => {
    const { deps, setNow } = setup();
    const created = await createPost(deps, { tenantId: TENANT, fields: fields("en", "Kish guide") });
    const id = created.ok ? created.after!.id : "";
    const published = await publishPost(deps, { tenantId: TENANT, id });
    expect(published).toMatchObject({
      ok: true,
      before: { status: "draft" },
      after: { status: "published", publishedAt: new Date("2026-11-20T08:00:00Z") },
    });
    setNow("2026-11-22T08:00:00Z");
    const again = await publishPost(deps, { tenantId: TENANT, id });
    expect(again.ok && again.after!.publishedAt).toEqual(new Date("2026-11-20T08:00:00Z"));
    const off = await unpublishPost(deps, { tenantId: TENANT, id });
    expect(off).toMatchObject({ ok: true, after: { status: "draft" } });
    const back = await publishPost(deps, { tenantId: TENANT, id });
    expect(back.ok && back.after!.publishedAt).toEqual(new Date("2026-11-20T08:00:00Z"));
  });

  it("shows a scheduled post once the clock passes its time, with no job", async () => {
    const { deps, posts, setNow } = setup();
    const created = await createPost(deps, { tenantId: TENANT, fields: fields("en", "Mashhad in autumn") });
    const id = created.ok ? created.after!.id : "";
    expect(await schedulePost(deps, { tenantId: TENANT, id, at: "2026-11-19T00:00:00Z" })).toEqual({
      ok: false,
      error: "INVALID",
      fields: { publishedAt: "NOT_SCHEDULABLE" },
    });
    expect(await schedulePost(deps, { tenantId: TENANT, id, at: "not a date" })).toMatchObject({ fields: { publishedAt: "DATE_INVALID" } });
    expect((await schedulePost(deps, { tenantId: TENANT, id, at: "2026-11-21T06:30:00Z" })).ok).toBe(true);

    const read = () => readPost(posts, { tenantId: TENANT, locale: "en", slug: "mashhad-in-autumn", now: deps.clock.now() });
    expect(await read()).toBeNull();
    setNow("2026-11-21T06:29:59Z");
    expect(await read()).toBeNull();
    setNow("2026-11-21T06:30:00Z");
    expect((await read())?.post.title).toBe("Mashhad in autumn");
    const listed = await listPosts(posts, { tenantId: TENANT, locale: "en", now: deps.clock.now(), page: 1 });
    expect(listed.ok && listed.posts.map((post) => post.slug)).toEqual(["mashhad-in-autumn"]);
  });

  it("answers NOT_FOUND for another tenant's post", async () => {
    const { deps } = setup();
    const created = await createPost(deps, { tenantId: TENANT, fields: fields("en", "Kish guide") });
    const id = created.ok ? created.after!.id : "";
    expect(await updatePost(deps, { tenantId: "22222222-2222-4222-8222-222222222222", id, fields: fields("en", "Mine now") })).toEqual({
      ok: false,
      error: "NOT_FOUND",
    });
  });

  it("checks a cover by its content and size before decoding it", async () => {
    const { deps } = setup();
    const created = await createPost(deps, { tenantId: TENANT, fields: fields("en", "Kish guide") });
    const id = created.ok ? created.after!.id : "";
    let decoded = 0;
    const coverDeps = {
      ...deps,
      images: { save: async () => "img", variant: async () => null },
      processor: {
        process: async () => {
          decoded += 1;
          return { ok: false as const, error: "IMAGE_UNREADABLE" as const };
        },
      },
    };
    const gif = new TextEncoder().encode("GIF89a....");
    expect(await uploadCover(coverDeps, { tenantId: TENANT, id, bytes: gif })).toMatchObject({ fields: { cover: "IMAGE_TYPE" } });
    expect(await uploadCover(coverDeps, { tenantId: TENANT, id, bytes: new Uint8Array(6 * 1024 * 1024) })).toMatchObject({
      fields: { cover: "IMAGE_TOO_LARGE" },
    });
    expect(await uploadCover(coverDeps, { tenantId: TENANT, id, bytes: null })).toMatchObject({ fields: { cover: "IMAGE_REQUIRED" } });
    expect(decoded).toBe(0);
    const fakePng = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    expect(await uploadCover(coverDeps, { tenantId: TENANT, id, bytes: fakePng })).toMatchObject({ fields: { cover: "IMAGE_UNREADABLE" } });
    expect(decoded).toBe(1);
  });

  it("tells image formats by their first bytes", () => {
    expect(sniffImageFormat(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffImageFormat(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
    expect(sniffImageFormat(new TextEncoder().encode("<svg onload=alert(1)>"))).toBeNull();
  });
});
