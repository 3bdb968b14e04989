/**
 * The settings screen's brand journey in real Chromium (issue 25 §1; ADR 0036, ADR 0040): an owner
 * changes the button colour and picks a header logo, previews the storefront in the iframe (it
 * shows the new colour), saves, and the storefront's home page shows the new colour and logo.
 *
 * It runs its own server on its own PGlite folder, prepared before the server opens it, because the
 * owner's role and session are written to the database directly (the staff screen and the CLI have
 * their own tests); the shared e2e server's folder belongs to that process alone.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "#adapters/db/client.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../scripts/chromium.ts";
import { HOST_A, seedBackOfficeTenants, signedInStaff, type StaffVisitor } from "../support/back-office.ts";
import { startServerProcess, type ServerProcess } from "../support/server-process.ts";
import { msg } from "./support/messages.ts";

const COLOUR = "#C21E56";

describe("the settings screen's brand", () => {
  let folder: string;
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  let owner: StaffVisitor;
  let logo: Buffer;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "hamsafar-brand-e2e-"));
    const handle = await openDatabase({ kind: "pglite", dataDir: folder });
    await handle.migrate();
    const ids = await seedBackOfficeTenants(handle.db);
    // The session lives an hour from now, whatever day the suite runs.
    owner = await signedInStaff(handle.db, {
      tenantId: ids.get(HOST_A)!,
      host: HOST_A,
      mobile: "09128880041",
      role: "owner",
      now: new Date(),
    });
    await handle.close();
    // No tenant cache: in a deployment each process sees a saved change within its TTL (10 s);
    // here the page must show it on the next load.
    server = await startServerProcess({ DATA_DIR: folder, TENANT_CACHE_TTL_MS: "0" });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
    logo = await sharp({ create: { width: 600, height: 160, channels: 4, background: "#1E56C2" } })
      .png()
      .toBuffer();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  test("an owner previews a new colour and logo, saves, and the storefront shows them", async () => {
    const origin = `http://localhost:${server!.port}`;
    const context = await browser!.newContext({ baseURL: origin, viewport: { width: 1366, height: 1000 } });
    const errors: string[] = [];
    await context.addCookies(
      owner.cookie.split("; ").map((pair) => {
        const [name = "", value = ""] = pair.split("=");
        return { name, value, url: origin };
      }),
    );
    const page = await context.newPage();
    page.on("pageerror", (error) => errors.push(error.message));

    // 1: the screen, in English.
    await page.goto("/en/admin/settings");
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

    // 4: the storefront's home page shows the colour and the logo at once (the logo's file loads).
    await page.goto("/");
    expect(await page.locator("html").getAttribute("style")).toMatch(/--tenant-button:\s*#C21E56/i);
    const shown = page.locator('header img[src^="/blog-images/"]').first();
    await shown.waitFor();
    await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(600);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
