/**
 * The settings screen's brand journey in real Chromium (issue 25 §1; ADR 0036, ADR 0037): an owner
 * changes the button colour and picks a header logo, previews the storefront in the iframe (it
 * shows the new colour), saves, and the storefront's home page shows the new colour and logo.
 *
 * It plays on an agency of its own (support/staff.ts), whose owner's session global-setup made,
 * so no page another test looks at changes colour.
 */
import sharp from "sharp";
import { beforeAll, describe, expect, inject, test } from "vitest";
import { originOf, useBrowser } from "./support/browser.ts";
import { msg } from "./support/messages.ts";
import { BRAND_TENANT } from "./support/staff.ts";

const COLOUR = "#C21E56";
const browser = useBrowser();

describe("the settings screen's brand", () => {
  let logo: Buffer;

  beforeAll(async () => {
    logo = await sharp({ create: { width: 600, height: 160, channels: 4, background: "#1E56C2" } })
      .png()
      .toBuffer();
  });

  test("an owner previews a new colour and logo, saves, and the storefront shows them", async () => {
    const cookies = Object.fromEntries(
      inject("brandOwnerCookie")
        .split("; ")
        .map((pair) => pair.split("=") as [string, string]),
    );
    const { page, context } = await browser.openPage("/en/admin/settings", {
      host: BRAND_TENANT.host,
      cookies,
      viewport: { width: 1366, height: 1000 },
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));

    // 1: the screen, in English.
    await page.getByRole("heading", { level: 1, name: msg("en", "admin.settings.title") }).waitFor();
    await page.locator("#settings-colors-button").fill(COLOUR.toLowerCase());
    await page.locator("#settings-logoHeader").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });

    // 2: the preview: the storefront in the iframe, in the unsaved colour, with the new logo.
    await page.getByRole("button", { name: msg("en", "admin.brand.preview") }).click();
    const frame = page.frameLocator("iframe.admin-preview-frame");
    await expect
      .poll(async () => (await frame.locator("html").getAttribute("style")) ?? "", { timeout: 30_000 })
      .toMatch(/--tenant-button:\s*#C21E56/i);
    await expect.poll(async () => frame.locator('header img[src^="/blog-images/"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // 3: saved.
    await page.getByRole("button", { name: msg("en", "admin.settings.save") }).click();
    await page
      .getByRole("status")
      .filter({ hasText: msg("en", "admin.settings.saved") })
      .waitFor();

    // 4: the storefront's home page shows the colour and the logo on the next page: the save drops
    // this process's cached pages and tenants (server/app.ts, withSiteChangesShownAtOnce).
    await page.goto(`${originOf(BRAND_TENANT.host)}/`);
    expect((await page.locator("html").getAttribute("style")) ?? "").toMatch(/--tenant-button:\s*#C21E56/i);
    const shown = page.locator('header img[src^="/blog-images/"]').first();
    await shown.waitFor();
    await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(600);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
