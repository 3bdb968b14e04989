import { describe, expect, it } from "vitest";
import { CLI_ACTOR, type AuditLog, type NewAuditEntry } from "#core/back-office/audit.ts";
import { publishPostAudited, savePost, statusRequestOf, tehranInstant } from "./admin-posts.ts";
import type { BlogPost } from "./post.ts";
import type { BlogPostRepository } from "./ports.ts";

const TENANT = "11111111-1111-4111-8111-111111111111";
const NOW = new Date("2026-11-20T08:00:00Z");

/** Just what the write use cases touch: posts by id, slugs unique per tenant and language. */
function setup() {
  const rows = new Map<string, BlogPost>();
  const taken = (post: BlogPost) =>
    [...rows.values()].some(
      (other) => other.id !== post.id && other.tenantId === post.tenantId && other.locale === post.locale && other.slug === post.slug,
    );
  const posts = {
    byId: async (tenantId: string, id: string) => (rows.get(id)?.tenantId === tenantId ? rows.get(id)! : null),
    insert: async (post: BlogPost) => (taken(post) ? false : (rows.set(post.id, post), true)),
    update: async (post: BlogPost) => (taken(post) ? false : (rows.set(post.id, post), true)),
  } as unknown as BlogPostRepository;
  const entries: NewAuditEntry[] = [];
  const audit: AuditLog = { record: async (entry) => void entries.push(entry), list: async () => ({ entries: [], total: 0 }) };
  let ids = 0;
  let changes = 0;
  const deps = {
    posts,
    audit,
    clock: { now: () => NOW },
    newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, "0")}`,
    changed: async () => void changes++,
  };
  return { deps, rows, entries, changes: () => changes };
}

const FIELDS = { locale: "fa", title: "سفر به کیش", summary: "خلاصه", bodyMarkdown: "متن", authorName: "مریم" };

describe("a schedule typed on the form", () => {
  it("reads a Persian or Gregorian day, in either digits, at a Tehran time", () => {
    expect(tehranInstant("1405/09/01", "09:30")).toEqual(new Date("2026-11-22T06:00:00Z"));
    expect(tehranInstant("۱۴۰۵/۰۹/۰۱", "۰۹:۳۰")).toEqual(new Date("2026-11-22T06:00:00Z"));
    expect(tehranInstant("2026/11/22", "00:00")).toEqual(new Date("2026-11-21T20:30:00Z"));
    expect(tehranInstant("1405/13/01", "09:30")).toBe("DATE_INVALID");
    expect(tehranInstant("1405/09/01", "25:00")).toBe("DATE_INVALID");
  });

  it("asks a scheduled post for a time still to come", () => {
    expect(statusRequestOf("scheduled", null, NOW)).toEqual({ publishedAt: "REQUIRED" });
    expect(statusRequestOf("scheduled", new Date(NOW.getTime() - 1), NOW)).toEqual({ publishedAt: "NOT_SCHEDULABLE" });
    expect(statusRequestOf("live", null, NOW)).toEqual({ status: "STATUS_INVALID" });
    expect(statusRequestOf("published", "DATE_INVALID", NOW)).toEqual({ status: "published" });
  });
});

describe("saving a post from the back-office", () => {
  it("writes nothing and records nothing when a field or the schedule is refused", async () => {
    const { deps, rows, entries, changes } = setup();
    const refused = await savePost(deps, CLI_ACTOR, {
      tenantId: TENANT,
      id: null,
      fields: { ...FIELDS, title: "" },
      status: "scheduled",
      publishAt: "DATE_INVALID",
    });
    expect(refused).toEqual({ ok: false, error: "INVALID", fields: { title: "REQUIRED", publishedAt: "DATE_INVALID" } });
    expect(rows.size).toBe(0);
    expect(entries).toHaveLength(0);
    expect(changes()).toBe(0);
  });

  it("creates and publishes in one audited change, from nothing to the published post", async () => {
    const { deps, rows, entries } = setup();
    const saved = await savePost(deps, CLI_ACTOR, { tenantId: TENANT, id: null, fields: FIELDS, status: "published", publishAt: null });
    expect(saved.ok && saved.post.status).toBe("published");
    expect(rows.size).toBe(1);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "blog.create", subject: { type: "blogPost" }, before: null, via: "cli" });
    expect(entries[0]!.after).toMatchObject({ slug: "سفر-به-کیش", status: "published", publishedAt: NOW.toISOString() });
    expect(entries[0]!.subject.id).toBe(saved.ok ? saved.post.id : "");
  });

  it("refuses a slug taken in the language on its field, recording nothing", async () => {
    const { deps, entries } = setup();
    await savePost(deps, CLI_ACTOR, { tenantId: TENANT, id: null, fields: FIELDS, status: "draft", publishAt: null });
    const again = await savePost(deps, CLI_ACTOR, { tenantId: TENANT, id: null, fields: FIELDS, status: "draft", publishAt: null });
    expect(again).toEqual({ ok: false, error: "INVALID", fields: { slug: "SLUG_TAKEN" } });
    expect(entries).toHaveLength(1);
  });

  it("answers NOT_FOUND for another tenant's post and records nothing", async () => {
    const { deps, entries } = setup();
    const saved = await savePost(deps, CLI_ACTOR, { tenantId: TENANT, id: null, fields: FIELDS, status: "draft", publishAt: null });
    const id = saved.ok ? saved.post.id : "";
    const other = "22222222-2222-4222-8222-222222222222";
    expect(await publishPostAudited(deps, CLI_ACTOR, { tenantId: other, id })).toEqual({ ok: false, error: "NOT_FOUND" });
    expect(await savePost(deps, CLI_ACTOR, { tenantId: other, id, fields: FIELDS, status: "draft", publishAt: null })).toEqual({
      ok: false,
      error: "NOT_FOUND",
    });
    expect(entries).toHaveLength(1);
  });
});
