/**
 * Notify-me alerts in real Chromium (issue 22 §1): a signed-in traveller opens the panel on a
 * flight results page, sets a price-drop alert (their number is prefilled and needs no code),
 * finds it in the account panel and removes it there, in Persian and in English.
 */
import { describe, expect, test } from "vitest";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";
import { signIn } from "./support/sign-in.ts";
import { msg } from "./support/messages.ts";

const browser = useBrowser();

describe("notify-me alerts from the results page", () => {
  for (const [locale, prefix, mobile] of [
    ["fa", "", "09121117701"],
    ["en", "/en", "09351117702"],
  ] as const) {
    test(`in ${locale}: set a price-drop alert from the flight results and remove it from the panel`, async () => {
      const date = addDays(tehranToday(new Date()), 4);
      const results = `${prefix}/flight/THR-MHD?date=${date}&adults=1&children=0&infants=0&cabin=economy`;
      const { page, expectNoConsoleErrors } = await browser.openPage(`${prefix}/`, { viewport: { width: 1280, height: 900 } });
      await signIn(page, mobile, { locale, next: results });

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
