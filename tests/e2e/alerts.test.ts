/**
 * Notify-me alerts in real Chromium (issue 22 §1): a signed-in traveller opens the panel on a
 * flight results page, sets a price-drop alert (their number is prefilled and needs no code),
 * finds it in the account panel and removes it there, in Persian and in English.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";
import { fetchPath } from "./support/http.ts";
import { msg, type Locale } from "./support/messages.ts";

const browser = useBrowser();

/** The newest sign-in code sent to a number, from the development outbox. */
async function codeFor(mobile: string): Promise<string> {
  let code = "";
  await expect
    .poll(
      async () => {
        const response = await fetchPath(`/dev/sms.json?mobile=${mobile}`);
        const body = (await response.json()) as { messages: { text: string }[] };
        code = body.messages.map((message) => /#(\d{6})\s*$/.exec(message.text)?.[1] ?? "").find(Boolean) ?? "";
        return code;
      },
      { timeout: 10_000 },
    )
    .not.toBe("");
  return code;
}

/** Signs in through the login page and comes back to `next`. */
async function signInAndReturn(page: Page, locale: Locale, prefix: string, mobile: string, next: string): Promise<void> {
  await page.goto(`${new URL(page.url()).origin}${prefix}/login?next=${encodeURIComponent(next)}`);
  await settle(page);
  await page.getByLabel(msg(locale, "booking.field.mobile")).fill(mobile);
  await page.getByRole("button", { name: msg(locale, "auth.login.submit") }).click();
  await page.getByRole("heading", { level: 1, name: msg(locale, "auth.code.title") }).waitFor();
  await page.getByLabel(msg(locale, "auth.code.label")).fill(await codeFor(mobile));
  await page.getByRole("button", { name: msg(locale, "auth.code.submit") }).click();
  await page.waitForURL((url) => url.pathname === next.split("?")[0]);
  await settle(page);
}

describe("notify-me alerts from the results page", () => {
  for (const [locale, prefix, mobile] of [
    ["fa", "", "09121117701"],
    ["en", "/en", "09351117702"],
  ] as const) {
    test(`in ${locale}: set a price-drop alert from the flight results and remove it from the panel`, async () => {
      const date = addDays(tehranToday(new Date()), 4);
      const results = `${prefix}/flight/THR-MHD?date=${date}&adults=1&children=0&infants=0&cabin=economy`;
      const { page, expectNoConsoleErrors } = await browser.openPage(`${prefix}/`, { viewport: { width: 1280, height: 900 } });
      await signInAndReturn(page, locale, prefix, mobile, results);

      const panel = page.getByRole("region", { name: msg(locale, "alerts.panel.title") });
      await panel.getByText(msg(locale, "alerts.panel.title")).click();
      // The signed-in traveller's number is filled in already.
      const mobileField = panel.getByLabel(msg(locale, "alerts.form.mobile"));
      expect(await mobileField.inputValue()).toBe(mobile);
      await panel.getByLabel(msg(locale, "alerts.form.kindPriceDrop")).check();
      await panel.getByLabel(msg(locale, "alerts.form.percent")).selectOption("15");
      await panel.getByLabel(msg(locale, "alerts.form.interval")).selectOption("180");
      expect(await panel.getByRole("link", { name: msg(locale, "alerts.panel.autoReserve") }).getAttribute("href")).toContain(
        `/account/auto-reserve?service=flight&from=THR&to=MHD&date=${date}`,
      );
      await saveScreenshot(page, `alerts-panel-${locale}`);
      await panel.getByRole("button", { name: msg(locale, "alerts.form.submit") }).click();

      await page.waitForURL((url) => url.pathname === `${prefix}/account/alerts` && url.searchParams.get("created") === "1");
      await settle(page);
      await page.getByRole("heading", { level: 1, name: msg(locale, "alerts.account.title") }).waitFor();
      expect(await page.getByRole("status").first().textContent()).toBe(msg(locale, "alerts.account.created"));
      const card = page.locator(".alert-card").first();
      expect(await card.textContent()).toContain(msg(locale, "alerts.status.active"));
      expect(await card.textContent()).toContain(msg(locale, "alerts.interval.180"));
      // The panel's navigation marks this section for assistive technology.
      expect(await page.getByRole("link", { name: msg(locale, "account.nav.alerts") }).getAttribute("aria-current")).toBe("page");
      await saveScreenshot(page, `alerts-account-${locale}`);

      await card.getByRole("button", { name: msg(locale, "alerts.account.remove") }).click();
      await page.waitForURL((url) => url.searchParams.get("removed") === "1");
      await settle(page);
      expect(await page.getByRole("status").first().textContent()).toBe(msg(locale, "alerts.account.removed"));
      expect(await page.locator(".alert-card").first().textContent()).toContain(msg(locale, "alerts.status.removed"));
      await saveScreenshot(page, `alerts-removed-${locale}`);
      expectNoConsoleErrors();
    });
  }
});
