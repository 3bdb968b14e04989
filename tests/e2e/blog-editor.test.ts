/**
 * An editor publishes a post in real Chromium (issue 25): signed in by SMS code, they write a post
 * in Persian and publish it from the back-office's form; it is on /blog, in the RSS feed and in the
 * sitemap. Then the same in English. The shared e2e server has no staff, and a PGlite folder has one
 * process at a time, so this file runs its own server on a folder where the staff use case (the
 * CLI's and the staff screen's) made the editor first. Publication is "now" on the server's own clock, so no
 * date in the test depends on the day it runs.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccountRepository } from "#adapters/db/account-repository.ts";
import { createAuditLog } from "#adapters/db/audit-log.ts";
import { openDatabase } from "#adapters/db/client.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { createStaffRepository } from "#adapters/db/staff-repository.ts";
import { CLI_ACTOR } from "#core/back-office/audit.ts";
import { addStaff } from "#core/back-office/staff.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { startServerProcess, type ServerProcess } from "../support/server-process.ts";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";
import { msg, type Locale } from "./support/messages.ts";

const browser = useBrowser();
const EDITOR = "09121113344";

let dataDir = "";

let server: ServerProcess | null = null;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "hamsafar-blog-e2e-"));
  // The folder prepared as the server prepares it, then the editor added by the staff use case (as
  // `npm run admin -- staff add` does); closed before the server opens it.
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    await database.migrate();
    await seedTenants(database.db, DEMO_TENANTS);
    const tenantId = (await tenantIdBySlug(database.db, "hamsafar"))!;
    const added = await addStaff(
      {
        staff: createStaffRepository(database.db),
        accounts: createAccountRepository(database.db),
        audit: createAuditLog(database.db),
        clock: { now: () => new Date() },
      },
      CLI_ACTOR,
      { tenantId, mobile: EDITOR, role: "editor" },
    );
    expect(added.ok).toBe(true);
  } finally {
    await database.close();
  }
  server = await startServerProcess({ DEV_TOOLS: "1", DATA_DIR: dataDir });
});

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${server!.baseURL}${path}`, { signal: AbortSignal.timeout(15_000) });

/** Signs in with the code from this server's development outbox and lands on `next`. */
async function signIn(page: Page, next: string): Promise<void> {
  await page.goto(`${server!.baseURL}/login?next=${encodeURIComponent(next)}`);
  await settle(page);
  await page.getByLabel(msg("fa", "booking.field.mobile")).fill(EDITOR);
  await page.getByRole("button", { name: msg("fa", "auth.login.submit") }).click();
  await page.getByRole("heading", { level: 1, name: msg("fa", "auth.code.title") }).waitFor({ timeout: 30_000 });
  await settle(page);
  let code = "";
  await expect
    .poll(
      async () => {
        const body = (await (await get(`/dev/sms.json?mobile=${EDITOR}`)).json()) as { messages: { text: string }[] };
        code = body.messages.map((message) => /#(\d{6})\s*$/.exec(message.text)?.[1] ?? "").find(Boolean) ?? "";
        return code;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  await page.getByLabel(msg("fa", "auth.code.label")).fill(code);
  await page.getByRole("button", { name: msg("fa", "auth.code.submit") }).click();
  await page.waitForURL((url) => url.pathname === next);
  await settle(page);
}

/** Fills the editor's form in `locale` and saves it published; answers the post's public path. */
async function writeAndPublish(page: Page, locale: Locale, post: { title: string; summary: string; body: string; author: string }) {
  await page.getByLabel(msg(locale, "adminBlog.field.locale")).selectOption(locale);
  await page.getByLabel(msg(locale, "adminBlog.field.title"), { exact: true }).fill(post.title);
  await page.getByLabel(msg(locale, "adminBlog.field.summary")).fill(post.summary);
  await page.getByLabel(msg(locale, "adminBlog.field.body")).fill(post.body);
  await page.getByLabel(msg(locale, "adminBlog.field.author")).fill(post.author);
  await page.getByLabel(msg(locale, "adminBlog.field.status"), { exact: true }).selectOption("published");
  // The slug was suggested from the title as it was typed.
  const slug = await page.getByLabel(msg(locale, "adminBlog.field.slug")).inputValue();
  expect(slug).not.toBe("");
  await page.getByRole("button", { name: msg(locale, "adminBlog.save"), exact: true }).click();
  await page
    .getByRole("status")
    .filter({ hasText: msg(locale, "adminBlog.notice.saved") })
    .waitFor();
  await settle(page);
  return `${locale === "fa" ? "" : `/${locale}`}/blog/${encodeURIComponent(slug)}`;
}

describe("the blog editor", () => {
  test("an editor publishes a post in Persian and one in English; each is on the list, in the feed and in the sitemap", async () => {
    // The page starts on the shared server's robots.txt (no app load) and goes to this file's server.
    const { page, expectNoConsoleErrors } = await browser.openPage("/robots.txt", { viewport: { width: 1366, height: 900 } });
    await signIn(page, "/admin/blog/new");

    const fa = { title: "سفر زمستانی به کیش", summary: "کیش در زمستان گرم و آرام است.", body: "## ساحل\n\nآب **گرم**.", author: "مریم" };
    const faPath = await writeAndPublish(page, "fa", fa);
    expect(faPath).toBe(`/blog/${encodeURIComponent("سفر-زمستانی-به-کیش")}`);
    await saveScreenshot(page, "blog-editor-saved-fa");
    await page.goto(`${server!.baseURL}/blog`);
    await settle(page);
    await expect.poll(() => page.locator("main").textContent()).toContain(fa.title);
    expect(await (await get("/blog/rss.xml")).text()).toContain(fa.title);
    expect(await (await get("/sitemap.xml")).text()).toContain(faPath);

    const en = {
      title: "Winter in Kish",
      summary: "Warm sea, quiet streets.",
      body: "## The beach\n\nThe sea is **warm**.",
      author: "Maryam",
    };
    await page.goto(`${server!.baseURL}/en/admin/blog/new`);
    await settle(page);
    const enPath = await writeAndPublish(page, "en", en);
    expect(enPath).toBe("/en/blog/winter-in-kish");
    await page.goto(`${server!.baseURL}/en/blog`);
    await settle(page);
    await expect.poll(() => page.locator("main").textContent()).toContain(en.title);
    expect(await (await get("/en/blog/rss.xml")).text()).toContain(en.title);
    expect(await (await get("/sitemap.xml")).text()).toContain(enPath);
    expectNoConsoleErrors();
  });
});
