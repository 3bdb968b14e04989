/**
 * The blog's editor in the back-office over HTTP (issue 25), on each database engine: who may read
 * and write posts by role and by host, every refusal on its field in Persian and English, one audit
 * entry with before and after per write, a refused cover, a preview that writes and publishes
 * nothing, and a publication that the public list, the RSS feed and the sitemap show at once.
 */
import { request as httpRequest } from "node:http";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, blogPosts } from "#adapters/db/schema.ts";
import type { BackOfficeRole } from "#core/back-office/roles.ts";
import {
  HOST_A,
  HOST_B,
  backOfficeClient,
  seedBackOfficeTenants,
  signedInStaff,
  type Problem,
  type StaffVisitor,
} from "../support/back-office.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { startTestServer } from "../support/server.ts";

/** 11:30 in Tehran: the server's clock and every date below. */
const NOW = new Date("2026-11-20T08:00:00Z");
const clock = { now: () => NOW };

let counter = 0;
const freshMobile = () => `0937${String(6_000_000 + ++counter).padStart(7, "0")}`;

interface AdminPost {
  id: string;
  slug: string;
  title: string;
  status: string;
  publishedAt: string | null;
  publicPath: string | null;
  bodyHtml: string;
}

/** A request with a binary or multipart body (the shared helper sends text). */
function sendBytes(
  port: number,
  options: { method: string; path: string; host: string; headers: Record<string, string>; body: Buffer },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: options.method,
        path: options.path,
        headers: { host: options.host, ...options.headers, "content-length": options.body.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

const fields = (overrides: Record<string, string> = {}) => ({
  locale: "fa",
  title: "سفر زمستانی به کیش",
  slug: "",
  summary: "کیش در زمستان آرام و گرم است.",
  bodyMarkdown: "## ساحل\n\nآب گرم و **آفتاب**.\n\n<script>alert(1)</script> [بد](javascript:alert(1))",
  categories: "جزیره‌ها",
  tags: "کیش\nزمستان",
  authorName: "مریم",
  coverAlt: "",
  translationKey: "",
  status: "draft",
  publishDate: "",
  publishTime: "",
  "relatedLinks.0.label": "تورهای کیش",
  "relatedLinks.0.path": "/tour/kish",
  ...overrides,
});

const apiBody = (overrides: Record<string, unknown> = {}) => ({
  lang: "en",
  title: "Kish in winter",
  summary: "Warm sea, quiet streets.",
  bodyMarkdown: "The **sea** is warm.",
  categories: ["islands"],
  tags: ["kish"],
  authorName: "Maryam",
  relatedLinks: [{ label: "Kish tours", path: "/en/tour/kish" }],
  status: "draft",
  ...overrides,
});

describe.each(ENGINES)("the blog editor on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let tenantIds = new Map<string, string>();
  const { api, page } = backOfficeClient(() => server.port);

  const visitor = (host: string, role: BackOfficeRole | null) =>
    signedInStaff(database.handle.db, { tenantId: tenantIds.get(host)!, host, mobile: freshMobile(), role, now: NOW });

  /** A form post as a browser sends a multipart form (the editor's form carries a file field). */
  async function multipart(
    path: string,
    who: StaffVisitor,
    values: Record<string, string>,
    file?: { name: string; type: string; bytes: Buffer },
  ) {
    const data = new FormData();
    for (const [name, value] of Object.entries(values)) data.append(name, value);
    if (file) data.append("cover", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    const encoded = new Request("http://localhost/", { method: "POST", body: data });
    return sendBytes(server.port, {
      method: "POST",
      path,
      host: who.host,
      headers: { "content-type": encoded.headers.get("content-type")!, cookie: who.cookie, "sec-fetch-site": "same-origin" },
      body: Buffer.from(await encoded.arrayBuffer()),
    });
  }

  const postsOf = (host: string) =>
    database.handle.db
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.tenantId, tenantIds.get(host)!));
  const auditOf = (host: string, subjectId: string) =>
    database.handle.db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.tenantId, tenantIds.get(host)!),
          eq(auditEntries.subjectType, "blogPost"),
          eq(auditEntries.subjectId, subjectId),
        ),
      );
  const publicPage = (path: string, host = HOST_A) => page(path, null, host);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    tenantIds = await seedBackOfficeTenants(database.handle.db);
    server = await startTestServer(database.handle, {}, { clock });
  });

  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("lets an editor open the screens, support read them only, and keeps an operator and a signed-out visitor out", async () => {
    const editor = await visitor(HOST_A, "editor");
    const list = await page("/admin/blog", editor);
    expect(list.status).toBe(200);
    expect(list.body).toContain('href="/admin/blog/new"');
    expect((await page("/en/admin/blog/new", editor)).status).toBe(200);

    const support = await visitor(HOST_A, "support");
    const supportList = await page("/en/admin/blog", support);
    expect(supportList.status).toBe(200);
    expect(supportList.body).not.toContain('href="/en/admin/blog/new"');
    expect((await api("/api/v1/admin/blog/posts", support)).status).toBe(200);
    const refused = await api("/api/v1/admin/blog/posts", support, { method: "POST", body: apiBody() });
    expect(refused.status).toBe(403);
    expect((JSON.parse(refused.body) as Problem).error.code).toBe("FORBIDDEN");
    expect((await multipart("/admin/blog/new", support, { csrf: support.csrf, intent: "save", ...fields() })).status).toBe(403);

    const operator = await visitor(HOST_A, "operator");
    expect((await page("/admin/blog", operator)).status).toBe(403);
    expect((await api("/api/v1/admin/blog/posts", operator)).status).toBe(403);
    expect((await api("/api/v1/admin/blog/posts", operator, { method: "POST", body: apiBody() })).status).toBe(403);
    expect((await multipart("/admin/blog/new", operator, { csrf: operator.csrf, intent: "save", ...fields() })).status).toBe(403);

    const screen = await page("/en/admin/blog", null);
    expect(screen.status).toBe(302);
    expect(screen.headers.location).toBe(`/en/login?next=${encodeURIComponent("/en/admin/blog")}`);
    expect((await api("/api/v1/admin/blog/posts", null)).status).toBe(401);
    expect(await postsOf(HOST_A)).toHaveLength(0);
  });

  it("never shows or changes one tenant's post at another tenant's host", async () => {
    const editorA = await visitor(HOST_A, "editor");
    const created = await api("/api/v1/admin/blog/posts", editorA, { method: "POST", body: apiBody({ title: "Tenant A only" }) });
    expect(created.status).toBe(200);
    const { id } = JSON.parse(created.body) as AdminPost;

    const editorB = await visitor(HOST_B, "editor");
    const listed = JSON.parse((await api("/api/v1/admin/blog/posts", editorB)).body) as { posts: AdminPost[] };
    expect(listed.posts.map((post) => post.id)).not.toContain(id);
    expect((await page("/admin/blog", editorB)).body).not.toContain("Tenant A only");
    expect((await api(`/api/v1/admin/blog/posts/${id}`, editorB)).status).toBe(404);
    expect((await page(`/admin/blog/${id}`, editorB)).status).toBe(404);
    expect((await api(`/api/v1/admin/blog/posts/${id}/publish`, editorB, { method: "POST" })).status).toBe(404);
    // A session of tenant A is nobody at tenant B's host.
    expect((await api("/api/v1/admin/blog/posts", { ...editorA, host: HOST_B })).status).toBe(401);
    const [row] = await database.handle.db.select().from(blogPosts).where(eq(blogPosts.id, id));
    expect(row!.status).toBe("draft");
  });

  it("refuses each bad field on its field, in Persian on the fa screen and in English on the en screen and API", async () => {
    const editor = await visitor(HOST_A, "editor");
    const before = (await postsOf(HOST_A)).length;
    const bad = {
      title: "",
      "relatedLinks.0.path": "https://evil.example/",
      status: "scheduled",
      publishDate: "1405/13/40",
      publishTime: "09:00",
    };

    const fa = await multipart("/admin/blog/new", editor, { csrf: editor.csrf, intent: "save", ...fields(bad) });
    expect(fa.status).toBe(400);
    expect(fa.body).toMatch(/<input[^>]*id="blog-title"[^>]*aria-invalid="true"[^>]*aria-describedby="blog-title-error"/);
    expect(fa.body).toContain('id="blog-title-error" class="admin-error">این بخش را پر کنید.</p>');
    expect(fa.body).toMatch(/id="blog-relatedLinks-0-path-error" class="admin-error">[^<]*\/tour\/kish/);
    expect(fa.body).toContain('id="blog-publishedAt-error"');
    // What the editor typed comes back in the form.
    expect(fa.body).toContain("کیش در زمستان آرام و گرم است.");

    const en = await multipart("/en/admin/blog/new", editor, { csrf: editor.csrf, intent: "save", ...fields(bad) });
    expect(en.status).toBe(400);
    expect(en.body).toContain('id="blog-title-error" class="admin-error">Please fill this in.</p>');
    expect(en.body).toContain("A link must lead to a page of this site");
    expect(en.body).toContain("The publication time is not valid.");

    const viaApi = await api("/api/v1/admin/blog/posts", editor, {
      method: "POST",
      body: apiBody({ title: " ", slug: "category", status: "scheduled", publishAt: "2026-11-19T09:00:00+03:30" }),
      lang: "en",
    });
    expect(viaApi.status).toBe(422);
    const problem = JSON.parse(viaApi.body) as Problem;
    expect(problem.error.code).toBe("VALIDATION_FAILED");
    expect(problem.error.fields).toEqual(
      expect.arrayContaining([
        { field: "title", code: "REQUIRED", message: "Please fill this in." },
        { field: "slug", code: "SLUG_RESERVED", message: "This address is kept for the magazine's own pages." },
        { field: "publishedAt", code: "NOT_SCHEDULABLE", message: "The publication time must be in the future." },
      ]),
    );
    expect(await postsOf(HOST_A)).toHaveLength(before);
  });

  it("records every write once with the post before and after", async () => {
    const editor = await visitor(HOST_A, "editor");
    const created = JSON.parse(
      (await api("/api/v1/admin/blog/posts", editor, { method: "POST", body: apiBody({ title: "Audited post" }) })).body,
    ) as AdminPost;
    const changed = await api(`/api/v1/admin/blog/posts/${created.id}`, editor, {
      method: "PUT",
      body: apiBody({ title: "Audited post, revised", slug: created.slug, status: "scheduled", publishAt: "2026-11-21T09:30:00+03:30" }),
    });
    expect(changed.status).toBe(200);
    expect((JSON.parse(changed.body) as AdminPost).publishedAt).toBe("2026-11-21T06:00:00.000Z");
    expect((await api(`/api/v1/admin/blog/posts/${created.id}/publish`, editor, { method: "POST" })).status).toBe(200);
    expect((await api(`/api/v1/admin/blog/posts/${created.id}/unpublish`, editor, { method: "POST" })).status).toBe(200);

    const entries = await auditOf(HOST_A, created.id);
    expect(entries.map((entry) => entry.action).sort()).toEqual(["blog.create", "blog.publish", "blog.unpublish", "blog.update"]);
    const byAction = Object.fromEntries(entries.map((entry) => [entry.action, entry]));
    expect(byAction["blog.create"]!.before).toBeNull();
    expect(byAction["blog.create"]!.after).toMatchObject({ title: "Audited post", status: "draft", locale: "en" });
    expect(byAction["blog.update"]!.before).toMatchObject({ title: "Audited post", status: "draft" });
    expect(byAction["blog.update"]!.after).toMatchObject({ title: "Audited post, revised", status: "scheduled" });
    expect(byAction["blog.publish"]!.after).toMatchObject({ status: "published" });
    expect(byAction["blog.unpublish"]!.before).toMatchObject({ status: "published" });
    expect(entries.every((entry) => entry.via === "api" && entry.actorRole === "editor" && entry.actorUserId === editor.userId)).toBe(true);
    expect(entries.every((entry) => entry.actorMobile === `${editor.mobile.slice(0, 4)}***${editor.mobile.slice(-4)}`)).toBe(true);

    // The screen's save is audited the same way, as "web".
    const saved = await multipart(`/admin/blog/${created.id}`, editor, {
      csrf: editor.csrf,
      intent: "save",
      ...fields({ locale: "en", title: "Saved from the screen", slug: created.slug }),
    });
    expect(saved.status).toBe(303);
    const web = (await auditOf(HOST_A, created.id)).filter((entry) => entry.via === "web");
    expect(web).toHaveLength(1);
    expect(web[0]!.before).toMatchObject({ title: "Audited post, revised" });
    expect(web[0]!.after).toMatchObject({ title: "Saved from the screen" });
  });

  it("refuses a cover that is not an image, on its field, and stores a real one", async () => {
    const editor = await visitor(HOST_A, "editor");
    const before = (await postsOf(HOST_A)).length;
    const text = { name: "cover.jpg", type: "image/jpeg", bytes: Buffer.from("this is not an image") };
    const refusedForm = await multipart("/en/admin/blog/new", editor, { csrf: editor.csrf, intent: "save", ...fields() }, text);
    expect(refusedForm.status).toBe(400);
    expect(refusedForm.body).toMatch(/<input[^>]*id="blog-cover"[^>]*aria-invalid="true"/);
    expect(refusedForm.body).toContain('id="blog-cover-error" class="admin-error">The image must be a JPEG, PNG or WebP.</p>');
    expect(await postsOf(HOST_A)).toHaveLength(before);

    const { id } = JSON.parse(
      (await api("/api/v1/admin/blog/posts", editor, { method: "POST", body: apiBody({ title: "With a cover" }) })).body,
    ) as AdminPost;
    const cover = (body: Buffer, type: string) =>
      sendBytes(server.port, {
        method: "POST",
        path: `/api/v1/admin/blog/posts/${id}/cover`,
        host: HOST_A,
        headers: { authorization: `Bearer ${editor.token}`, "content-type": type, language: "en" },
        body,
      });
    const refused = await cover(Buffer.from("<svg/>"), "image/png");
    expect(refused.status).toBe(422);
    expect((JSON.parse(refused.body) as Problem).error.fields).toEqual([
      { field: "cover", code: "IMAGE_TYPE", message: "The image must be a JPEG, PNG or WebP." },
    ]);
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: "#0ea5e9" } })
      .png()
      .toBuffer();
    const stored = await cover(png, "image/png");
    expect(stored.status).toBe(200);
    expect((JSON.parse(stored.body) as { cover: { url: string } | null }).cover?.url).toMatch(/^\/blog-images\/.+\.png$/);
    expect((await auditOf(HOST_A, id)).map((entry) => entry.action)).toContain("blog.cover");
  });

  it("previews the unsaved form as the public page renders it, writing and publishing nothing", async () => {
    const editor = await visitor(HOST_A, "editor");
    const before = (await postsOf(HOST_A)).length;
    const preview = await multipart("/admin/blog/new", editor, {
      csrf: editor.csrf,
      intent: "preview",
      ...fields({ status: "published" }),
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toContain('class="admin-blog-preview"');
    expect(preview.body).toContain("<h2>ساحل</h2>");
    expect(preview.body).toContain("<strong>آفتاب</strong>");
    expect(preview.body).not.toContain("<script>alert(1)</script>");
    expect(preview.body).not.toContain('href="javascript:');
    expect(await postsOf(HOST_A)).toHaveLength(before);
    expect((await publicPage("/blog")).body).not.toContain("سفر زمستانی به کیش");
  });

  it("shows a post published from the screen (fa) and from the API (en) at once in the list, the RSS feed and the sitemap", async () => {
    const editor = await visitor(HOST_A, "editor");
    const title = "نوشتهٔ تازهٔ کیش";
    const saved = await multipart("/admin/blog/new", editor, { csrf: editor.csrf, intent: "save", ...fields({ title, slug: "تازه-کیش" }) });
    expect(saved.status).toBe(303);
    const editPath = saved.headers.location as string;
    expect(editPath).toMatch(/^\/admin\/blog\/[0-9a-f-]{36}\?notice=saved$/);
    const slugPath = `/blog/${encodeURIComponent("تازه-کیش")}`;
    // A draft is nowhere public, not even at its own address.
    expect((await publicPage("/blog")).body).not.toContain(title);
    expect((await publicPage(slugPath)).status).toBe(404);
    expect((await publicPage("/sitemap.xml")).body).not.toContain(slugPath);

    const published = await multipart(editPath.split("?")[0]!, editor, { csrf: editor.csrf, intent: "publish" });
    expect(published.status).toBe(303);
    expect(published.headers.location).toMatch(/notice=published$/);
    expect((await publicPage("/blog")).body).toContain(title);
    expect((await publicPage(slugPath)).status).toBe(200);
    expect((await publicPage("/blog/rss.xml")).body).toContain(title);
    expect((await publicPage("/sitemap.xml")).body).toContain(slugPath);
    const edit = await page(editPath, editor);
    expect(edit.body).toContain(`href="${slugPath}"`);

    const en = await api("/api/v1/admin/blog/posts", editor, {
      method: "POST",
      body: apiBody({ title: "Fresh from Kish", slug: "fresh-from-kish", status: "published" }),
    });
    expect(en.status).toBe(200);
    expect((JSON.parse(en.body) as AdminPost).publicPath).toBe("/en/blog/fresh-from-kish");
    expect((await publicPage("/en/blog")).body).toContain("Fresh from Kish");
    expect((await publicPage("/en/blog/rss.xml")).body).toContain("Fresh from Kish");
    expect((await publicPage("/sitemap.xml")).body).toContain("/en/blog/fresh-from-kish");
    // The list screen filters by language and status.
    const filtered = await page("/en/admin/blog?lang=en&status=published", editor);
    expect(filtered.body).toContain("Fresh from Kish");
    expect(filtered.body).not.toContain(title);
  });
});
