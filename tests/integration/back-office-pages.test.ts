/**
 * The back-office's content pages (issue 25 §1) over HTTP, on each database engine: an editor
 * words a page its own way (API and screen), a preview saves nothing, the public page shows the
 * saved text at once, "revert" brings the default back, another tenant and roles without
 * `content.write` cannot, and refusals are on their field in the page's language.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, contentPages } from "#adapters/db/schema.ts";
import { seedDefaultContent } from "#adapters/db/seed-content.ts";
import type { BackOfficeRole } from "#core/back-office/roles.ts";
import { translate } from "#core/i18n/messages.ts";
import { HOST_A, HOST_B, backOfficeClient, seedBackOfficeTenants, signedInStaff, type Problem } from "../support/back-office.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

const NOW = new Date("2026-03-10T08:00:00+03:30");
let counter = 0;
const freshMobile = () => `0938${String(7_000_000 + ++counter).padStart(7, "0")}`;

const PAGE = {
  title: "Refunds at our agency",
  description: "How refunds work here.",
  h1: "Refunds, plainly",
  h2: "What you get back",
  blocks: [
    { kind: "paragraph", text: "We refund within three working days." },
    { kind: "steps", text: "Open your booking\nAsk for the refund" },
  ],
  questions: [{ question: "How long does it take?", answer: "Three working days." }],
};

describe.each(ENGINES)("the back-office content pages on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let tenantIds = new Map<string, string>();
  const { api, page, form } = backOfficeClient(() => server.port);
  const publicPage = (path: string, host = HOST_A) => rawRequest(server.port, { path, host });

  const visitor = (host: string, role: BackOfficeRole | null) =>
    signedInStaff(database.handle.db, { tenantId: tenantIds.get(host)!, host, mobile: freshMobile(), role, now: NOW });

  const ownRows = (tenantId: string, slug: string, locale: string) =>
    database.handle.db
      .select()
      .from(contentPages)
      .where(and(eq(contentPages.tenantId, tenantId), eq(contentPages.slug, slug), eq(contentPages.locale, locale)));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    tenantIds = await seedBackOfficeTenants(database.handle.db);
    await seedDefaultContent(database.handle.db);
    server = await startTestServer(database.handle, {}, { clock: { now: () => NOW } });
  });

  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("lets an editor save a page from the API: the public page shows it at once, audited; revert brings the default back", async () => {
    const editor = await visitor(HOST_A, "editor");
    const before = await publicPage("/en/pages/refund");
    expect(before.status).toBe(200);
    expect(before.body).not.toContain("Refunds, plainly");

    const saved = await api("/api/v1/admin/pages/refund/en", editor, { method: "PUT", body: PAGE });
    expect(saved.status, saved.body).toBe(200);
    expect(JSON.parse(saved.body)).toMatchObject({ source: "tenant", h1: "Refunds, plainly", blocks: PAGE.blocks });

    const after = await publicPage("/en/pages/refund");
    expect(after.body).toContain("Refunds, plainly");
    expect(after.body).toContain("Ask for the refund");
    expect(after.body).toContain("Three working days.");
    // Another tenant's page is untouched.
    expect((await publicPage("/en/pages/refund", HOST_B)).body).not.toContain("Refunds, plainly");

    const list = JSON.parse((await api("/api/v1/admin/pages", editor)).body) as { pages: { slug: string; lang: string; own: boolean }[] };
    expect(list.pages.find((row) => row.slug === "refund" && row.lang === "en")?.own).toBe(true);
    expect(list.pages.find((row) => row.slug === "refund" && row.lang === "fa")?.own).toBe(false);

    const tenantId = tenantIds.get(HOST_A)!;
    const [entry] = await database.handle.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.tenantId, tenantId), eq(auditEntries.action, "content.save")));
    expect(entry).toMatchObject({ subjectType: "contentPage", subjectId: "refund/en", before: null, actorRole: "editor" });
    expect(entry!.after).toMatchObject({ h1: "Refunds, plainly" });

    const reverted = await api("/api/v1/admin/pages/refund/en", editor, { method: "DELETE" });
    expect(JSON.parse(reverted.body)).toEqual({ reverted: true });
    expect(await ownRows(tenantId, "refund", "en")).toHaveLength(0);
    expect((await publicPage("/en/pages/refund")).body).not.toContain("Refunds, plainly");
    const again = await api("/api/v1/admin/pages/refund/en", editor, { method: "DELETE" });
    expect(JSON.parse(again.body)).toEqual({ reverted: false });
    const reverts = await database.handle.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.tenantId, tenantId), eq(auditEntries.action, "content.revert")));
    expect(reverts).toHaveLength(1);
  });

  it("previews from the screen without saving, then saves and reverts from it", async () => {
    const editor = await visitor(HOST_A, "editor");
    const tenantId = tenantIds.get(HOST_A)!;
    const fields = {
      csrf: editor.csrf,
      title: "درباره پرداخت",
      description: "توضیح",
      h1: "پیش‌نمایش تازه",
      h2: "",
      "blocks.0.kind": "list",
      "blocks.0.text": "مورد اول\nمورد دوم",
      "questions.0.question": "پرسش آزمایشی؟",
      "questions.0.answer": "پاسخ آزمایشی.",
    };
    const listed = await page("/admin/pages", editor);
    expect(listed.status).toBe(200);
    expect(listed.body).toContain("/admin/pages/sheba/fa");

    const preview = await form("/admin/pages/sheba/fa", editor, { ...fields, intent: "preview" });
    expect(preview.status, preview.body.slice(0, 300)).toBe(200);
    expect(preview.body).toContain("پیش‌نمایش تازه");
    expect(preview.body).toContain("مورد دوم");
    expect(await ownRows(tenantId, "sheba", "fa")).toHaveLength(0);
    expect((await publicPage("/pages/sheba")).body).not.toContain("پیش‌نمایش تازه");

    const saved = await form("/admin/pages/sheba/fa", editor, { ...fields, intent: "save" });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe("/admin/pages/sheba/fa?notice=saved");
    expect((await publicPage("/pages/sheba")).body).toContain("پیش‌نمایش تازه");

    const reverted = await form("/admin/pages/sheba/fa", editor, { csrf: editor.csrf, intent: "revert" });
    expect(reverted.status).toBe(303);
    expect((await publicPage("/pages/sheba")).body).not.toContain("پیش‌نمایش تازه");
  });

  it("refuses fields on their field in Persian and English", async () => {
    const editor = await visitor(HOST_A, "editor");
    const refused = await api("/api/v1/admin/pages/jobs/en", editor, {
      method: "PUT",
      body: { ...PAGE, h1: " ", blocks: [{ kind: "table", text: "x" }] },
      lang: "en",
    });
    expect(refused.status).toBe(422);
    expect((JSON.parse(refused.body) as Problem).error.fields).toEqual(
      expect.arrayContaining([
        { field: "h1", code: "REQUIRED", message: translate("en", "admin.pages.error.REQUIRED") },
        { field: "blocks.0.kind", code: "KIND_INVALID", message: translate("en", "admin.pages.error.KIND_INVALID") },
      ]),
    );
    for (const [path, locale] of [
      ["/admin/pages/jobs/fa", "fa"],
      ["/en/admin/pages/jobs/fa", "en"],
    ] as const) {
      const posted = await form(path, editor, { csrf: editor.csrf, intent: "save", title: "", description: "d", h1: "h" });
      expect(posted.status, path).toBe(400);
      expect(posted.body).toContain(translate(locale, "admin.pages.error.REQUIRED"));
      expect(posted.body).toMatch(/id="page-title"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="page-title"/);
    }
    expect(await ownRows(tenantIds.get(HOST_A)!, "jobs", "fa")).toHaveLength(0);
  });

  it("keeps operators, support and other tenants' staff from writing pages", async () => {
    for (const role of ["operator", "support"] as const) {
      const member = await visitor(HOST_A, role);
      const put = await api("/api/v1/admin/pages/jobs/fa", member, { method: "PUT", body: PAGE });
      expect(put.status, role).toBe(403);
      expect((await api("/api/v1/admin/pages/jobs/fa", member, { method: "DELETE" })).status, role).toBe(403);
      const posted = await form("/admin/pages/jobs/fa", member, {
        csrf: member.csrf,
        intent: "save",
        ...{ title: "t", description: "d", h1: "h" },
      });
      expect(posted.status, role).toBe(403);
    }
    // Support reads (every .read); an operator does not.
    const support = await visitor(HOST_A, "support");
    expect((await api("/api/v1/admin/pages", support)).status).toBe(200);
    const operator = await visitor(HOST_A, "operator");
    expect((await api("/api/v1/admin/pages", operator)).status).toBe(403);

    // An editor of tenant B writes only B's page, and A's session is nobody at B.
    const editorB = await visitor(HOST_B, "editor");
    const savedB = await api("/api/v1/admin/pages/jobs/fa", editorB, { method: "PUT", body: { ...PAGE, h1: "فقط برای ب" } });
    expect(savedB.status).toBe(200);
    expect((await publicPage("/pages/jobs", HOST_A)).body).not.toContain("فقط برای ب");
    expect((await publicPage("/pages/jobs", HOST_B)).body).toContain("فقط برای ب");
    const editorA = await visitor(HOST_A, "editor");
    expect((await api("/api/v1/admin/pages/jobs/fa", { ...editorA, host: HOST_B }, { method: "DELETE" })).status).toBe(401);
    expect(await ownRows(tenantIds.get(HOST_A)!, "jobs", "fa")).toHaveLength(0);
    expect(await ownRows(tenantIds.get(HOST_B)!, "jobs", "fa")).toHaveLength(1);
  });
});
