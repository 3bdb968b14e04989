/**
 * An editor publishes a post in real Chromium (issue 25): signed in by SMS code, they write a post
 * in Persian and publish it from the back-office's form; it is on /blog, in the RSS feed and in the
 * sitemap. Then the same in English. The editor is on the e2e server's staff from the start
 * (support/global-setup.ts). Publication is "now" on the server's own clock, so no date in the test
 * depends on the day it runs.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";
import { fetchPath } from "./support/http.ts";
import { msg, type Locale } from "./support/messages.ts";
import { signIn } from "./support/sign-in.ts";
import { EDITOR_MOBILE } from "./support/staff.ts";

const browser = useBrowser();

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
    // The page starts on the sign-in page (an HTML page: a bare text file makes Chromium ask for /favicon.ico).
    const { page, origin, expectNoConsoleErrors } = await browser.openPage("/login", { viewport: { width: 1366, height: 900 } });
    await signIn(page, EDITOR_MOBILE, { next: "/admin/blog/new" });

    const fa = { title: "سفر زمستانی به کیش", summary: "کیش در زمستان گرم و آرام است.", body: "## ساحل\n\nآب **گرم**.", author: "مریم" };
    const faPath = await writeAndPublish(page, "fa", fa);
    expect(faPath).toBe(`/blog/${encodeURIComponent("سفر-زمستانی-به-کیش")}`);
    await saveScreenshot(page, "blog-editor-saved-fa");
    await page.goto(`${origin}/blog`);
    await settle(page);
    await expect.poll(() => page.locator("main").textContent()).toContain(fa.title);
    expect(await (await fetchPath("/blog/rss.xml")).text()).toContain(fa.title);
    expect(await (await fetchPath("/sitemap.xml")).text()).toContain(faPath);

    const en = {
      title: "Winter in Kish",
      summary: "Warm sea, quiet streets.",
      body: "## The beach\n\nThe sea is **warm**.",
      author: "Maryam",
    };
    await page.goto(`${origin}/en/admin/blog/new`);
    await settle(page);
    const enPath = await writeAndPublish(page, "en", en);
    expect(enPath).toBe("/en/blog/winter-in-kish");
    await page.goto(`${origin}/en/blog`);
    await settle(page);
    await expect.poll(() => page.locator("main").textContent()).toContain(en.title);
    expect(await (await fetchPath("/en/blog/rss.xml")).text()).toContain(en.title);
    expect(await (await fetchPath("/sitemap.xml")).text()).toContain(enPath);
    expectNoConsoleErrors();
  });
});
