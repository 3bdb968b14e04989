/**
 * Signing in as a traveller in e2e tests: the code is read from the development outbox
 * (/dev/sms.json, on because global-setup starts the server with DEV_TOOLS).
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { settle } from "./browser.ts";
import { fetchPath } from "./http.ts";
import { msg, type Locale } from "./messages.ts";

/** The sign-in codes sent to a number, newest first, once at least `count` have arrived. */
export async function signInCodes(mobile: string, count = 1): Promise<string[]> {
  let codes: string[] = [];
  await expect
    .poll(
      async () => {
        const response = await fetchPath(`/dev/sms.json?mobile=${mobile}`);
        const body = (await response.json()) as { messages: { text: string }[] };
        codes = body.messages.map((message) => /#(\d{6})\s*$/.exec(message.text)?.[1] ?? "").filter(Boolean);
        return codes.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return codes;
}

/**
 * Signs in through the login page in `locale` and, with `next`, comes back there. After other
 * tests' failures from this address a proof of work may come first: the page solves it itself.
 */
export async function signIn(page: Page, mobile: string, options: { locale?: Locale; next?: string } = {}): Promise<void> {
  const locale = options.locale ?? "fa";
  const prefix = locale === "fa" ? "" : `/${locale}`;
  const next = options.next ? `?next=${encodeURIComponent(options.next)}` : "";
  await page.goto(`${new URL(page.url()).origin}${prefix}/login${next}`);
  await settle(page);
  await page.getByLabel(msg(locale, "booking.field.mobile")).fill(mobile);
  await page.getByRole("button", { name: msg(locale, "auth.login.submit") }).click();
  await page.getByRole("heading", { level: 1, name: msg(locale, "auth.code.title") }).waitFor({ timeout: 30_000 });
  await settle(page);
  const [code] = await signInCodes(mobile);
  await page.getByLabel(msg(locale, "auth.code.label")).fill(code!);
  await page.getByRole("button", { name: msg(locale, "auth.code.submit") }).click();
  if (options.next) await page.waitForURL((url) => url.pathname === options.next!.split("?")[0]);
  else await page.waitForURL((url) => !url.pathname.startsWith(`${prefix}/login`));
  await settle(page);
}
