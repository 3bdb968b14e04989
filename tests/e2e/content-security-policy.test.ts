/**
 * The Content-Security-Policy in real Chromium (issue 16 §4): a script someone manages to inject
 * into the page (inline, or as an inline event handler) does not run, a script carrying the
 * page's nonce does, and our own pages run, hydrate and navigate without a single violation.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { settle, useBrowser, waitForHydration } from "./support/browser.ts";
import { msg } from "./support/messages.ts";

const browser = useBrowser();

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

type Probe = Window & {
  __violations?: Violation[];
  __injected?: boolean;
  __handler?: boolean;
  __withNonce?: boolean;
  __e2eMarker?: string;
};

/** Records every CSP violation of the page from its first byte on (Playwright's init scripts are not subject to the page's CSP). */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const probe = window as Probe;
    probe.__violations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      probe.__violations!.push({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample });
    });
  });
}

const violations = (page: Page) => page.evaluate(() => (window as Probe).__violations ?? []);

describe("the content security policy", () => {
  test("our own pages load, hydrate, navigate on the client and show the tenant's colours without a violation", async () => {
    const { page, origin, response, expectNoConsoleErrors } = await browser.openPage("/en");
    // addInitScript applies from the next document on: load the page again with the recorder in place.
    await recordViolations(page);
    await page.reload();
    await waitForHydration(page);
    const policy = response.headers()["content-security-policy"] ?? "";
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]+=*'/);

    // The tenant's colours come in a style attribute on <html>: allowed, and applied.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--tenant-header").trim())).not.toBe("");

    await page.evaluate(() => Object.assign(window, { __e2eMarker: "still here" }));
    const mainMenu = page.getByRole("navigation", { name: msg("en", "site.mainMenu"), exact: true });
    await mainMenu.getByRole("link", { name: msg("en", "nav.flight"), exact: true }).click();
    await page.waitForURL(`${origin}/en/flight`);
    await page.getByRole("heading", { level: 1, name: msg("en", "service.flight.title"), exact: true }).waitFor();
    expect(await page.evaluate(() => (window as Probe).__e2eMarker)).toBe("still here");

    // A results page, loaded afresh: its streamed and hydration scripts all run.
    const date = addDays(tehranToday(new Date()), 3);
    await page.goto(`${origin}/en/flight/THR-SYZ?date=${date}&adults=1&children=0&infants=0`);
    await settle(page);
    await page.locator(".offer-select").first().waitFor();
    expect(await violations(page)).toEqual([]);
    expectNoConsoleErrors();
  });

  test("an injected inline script or event handler does not run; a script with the page's nonce does", async () => {
    // A page of its own in the same context: the violations below are the point of this test, not
    // errors of the site, so they are not left for the file's console check to report.
    const { context } = await browser.openPage("/en/contact");
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(`page error: ${error.message}`));
    await recordViolations(page);
    await page.goto("/en/contact");
    await settle(page);
    expect(await violations(page)).toEqual([]);

    await page.evaluate(() => {
      const injected = document.createElement("script");
      injected.textContent = "window.__injected = true;";
      document.body.append(injected);
      const wrongNonce = document.createElement("script");
      wrongNonce.setAttribute("nonce", "not-the-nonce");
      wrongNonce.textContent = "window.__injected = true;";
      document.body.append(wrongNonce);
      const button = document.createElement("button");
      button.setAttribute("onclick", "window.__handler = true;");
      document.body.append(button);
      button.click();
    });
    await expect.poll(() => violations(page).then((list) => list.length)).toBe(3);
    const seen = await violations(page);
    expect(seen.map((violation) => violation.directive).sort()).toEqual(["script-src-attr", "script-src-elem", "script-src-elem"]);
    expect(seen.every((violation) => violation.blocked === "inline")).toBe(true);
    expect(await page.evaluate(() => [(window as Probe).__injected, (window as Probe).__handler])).toEqual([undefined, undefined]);

    // The control: the same injection with the nonce the server gave this page runs. (A script
    // can read the nonce from the DOM; the attribute itself is hidden from CSS and markup.)
    await page.evaluate(() => {
      const ours = document.querySelector<HTMLScriptElement>("script[nonce]")!;
      const allowed = document.createElement("script");
      allowed.nonce = ours.nonce;
      allowed.textContent = "window.__withNonce = true;";
      document.body.append(allowed);
    });
    expect(await page.evaluate(() => (window as Probe).__withNonce)).toBe(true);
    expect(await page.evaluate(() => document.querySelector("script[nonce]")!.getAttribute("nonce"))).toBe("");

    // The page still works: a client-side navigation after the blocked attempts.
    await page.evaluate(() => Object.assign(window, { __e2eMarker: "still here" }));
    const mainMenu = page.getByRole("navigation", { name: msg("en", "site.mainMenu"), exact: true });
    await mainMenu.getByRole("link", { name: msg("en", "nav.flight"), exact: true }).click();
    await page.getByRole("heading", { level: 1, name: msg("en", "service.flight.title"), exact: true }).waitFor();
    expect(await page.evaluate(() => (window as Probe).__e2eMarker)).toBe("still here");

    // The only errors the page logged are the browser's reports of the three refusals.
    expect(await violations(page)).toHaveLength(3);
    expect(consoleErrors).toHaveLength(3);
    // ("Refused to execute inline script because it violates…" in older Chromium, "Executing inline script violates…" now.)
    for (const error of consoleErrors)
      expect(error).toMatch(
        /^(Refused to execute|Executing) inline (script|event handler)\b.* violates the following Content Security Policy directive:? ["']script-src /,
      );
  });
});
