/**
 * A signed-in traveller books twice in real Chromium (issue 9): signed in with the code from the
 * development outbox, the first booking adds its passenger to the account, the user panel lists
 * both, and the second booking fills that passenger in with one tap from the previous-passengers
 * list on the form.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";
import { signIn } from "./support/sign-in.ts";
import { msg } from "./support/messages.ts";

const browser = useBrowser();

async function openPassengers(page: Page, date: string): Promise<void> {
  await page.goto(`${new URL(page.url()).origin}/flight/THR-MHD?date=${date}&adults=1&children=0&infants=0`);
  await settle(page);
  await page.locator(".offer-select").first().click();
  await page.waitForURL((url) => url.pathname.endsWith("/passengers"));
  await settle(page);
}

describe("booking signed in", () => {
  test("the first booking's passenger is saved, listed in the panel, and fills the second booking in one tap", async () => {
    const mobile = "09127776655";
    const date = addDays(tehranToday(new Date()), 5);
    const { page, expectNoConsoleErrors } = await browser.openPage("/", { viewport: { width: 390, height: 860 } });
    await signIn(page, mobile);

    // First booking: typed by hand; the contact mobile is already the account's.
    await openPassengers(page, date);
    expect(await page.locator("#f-contact-mobile").inputValue()).toBe("۰۹۱۲۷۷۷۶۶۵۵");
    await page.locator("#f-passengers-0-firstName").fill("نرگس");
    await page.locator("#f-passengers-0-lastName").fill("موسوی");
    await page.locator("#f-passengers-0-gender input[value=female]").check();
    await page.locator("#f-passengers-0-birthDate").fill("1368/07/15");
    await page.locator("#f-passengers-0-nationalCode").fill("0010350829");
    await page.getByRole("button", { name: msg("fa", "booking.submit"), exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/flight/prefactor/"));

    // The panel lists the booking and the passenger.
    await page.goto(`${new URL(page.url()).origin}/account/bookings`);
    await settle(page);
    expect(await page.locator("main").textContent()).toContain("THR");
    await page.goto(`${new URL(page.url()).origin}/account/passengers`);
    await settle(page);
    expect(await page.locator("main").textContent()).toContain("نرگس موسوی");

    // Second booking: one tap on the saved passenger fills every field.
    await openPassengers(page, date);
    await page.locator(".saved-picker summary").first().click();
    await page.getByRole("link", { name: "نرگس موسوی" }).first().click();
    expect(await page.locator("#f-passengers-0-firstName").inputValue()).toBe("نرگس");
    expect(await page.locator("#f-passengers-0-nationalCode").inputValue()).toBe("۰۰۱۰۳۵۰۸۲۹");
    expect(await page.locator("#f-passengers-0-gender input[value=female]").isChecked()).toBe(true);
    // Filled in place: the page did not reload to do it.
    expect(new URL(page.url()).searchParams.has("fill0")).toBe(false);
    await saveScreenshot(page, "booking-saved-passenger-fa");
    await page.getByRole("button", { name: msg("fa", "booking.submit"), exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/flight/prefactor/"));
    await settle(page);
    expect(await page.locator("main").textContent()).toContain("نرگس موسوی");
    expectNoConsoleErrors();
  });
});
