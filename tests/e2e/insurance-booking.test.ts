/**
 * Travel insurance in real Chromium (issue 21 §3): in fa from the home page's insurance tab to
 * Turkey's plans, the first plan's reserve page (the birth date already there), the pre-invoice,
 * the sandbox bank and the invoice with the policy number, then its PDF; the plans screen in en;
 * screenshots of the plans page at 390 px in fa and 1366 px in en and ar. The e2e server runs the real
 * clock and the house insurer: nothing here assumes which plan is cheapest or what it costs.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { localizeDigits } from "#core/i18n/messages.ts";
import { saveScreenshot, settle, useBrowser, waitForHydration } from "./support/browser.ts";
import { msg, type Locale } from "./support/messages.ts";

const browser = useBrowser();

/** 35 or so, whatever the day: every insurer takes them. */
const BIRTH = { fa: "1369/02/11", en: "1990/05/01", iso: "1990-05-01" } as const;
const TURKEY = { fa: { query: "ترک", name: "ترکیه" }, en: { query: "Turk", name: "Turkey" } } as const;

async function chooseCountry(form: Locator, locale: "fa" | "en"): Promise<void> {
  const { query, name } = TURKEY[locale];
  const box = form.getByRole("combobox", { name: msg(locale, "search.country"), exact: true });
  await box.fill(query);
  const list = form.getByRole("listbox", { name: msg(locale, "search.country"), exact: true });
  await list.getByRole("option").first().getByText(name, { exact: true }).first().waitFor();
  await box.press("Enter");
  await expect.poll(() => box.inputValue()).toBe(name);
}

/** From the home page's insurance tab: Turkey, a week, one traveller; lands on the plans page. */
async function searchPlans(page: Page, locale: "fa" | "en", prefix: string): Promise<void> {
  await waitForHydration(page);
  const tabs = page.getByRole("navigation", { name: msg(locale, "home.tabs"), exact: true });
  await tabs.getByRole("link", { name: msg(locale, "nav.insurance"), exact: true }).click();
  const form = page.getByRole("form", { name: msg(locale, "search.formLabel.insurance"), exact: true });
  await form.waitFor();
  await chooseCountry(form, locale);
  await form
    .getByRole("combobox", { name: msg(locale, "search.days"), exact: true })
    .selectOption({ label: msg(locale, "search.daysUpTo", { count: localizeDigits(locale, "7") }) });
  await form
    .getByRole("textbox", { name: msg(locale, "search.travellers.birth", { number: localizeDigits(locale, "1") }), exact: true })
    .fill(locale === "fa" ? localizeDigits("fa", BIRTH.fa) : BIRTH.en);
  await form.getByRole("button", { name: msg(locale, "search.submit"), exact: true }).click();
  await page.waitForURL((url) => url.pathname === `${prefix}/insurance/services/TR`);
  await page.locator(".insurance-plan").first().waitFor();
}

describe("travel insurance", () => {
  test("fa: home tab → plans → reserve → pre-invoice → sandbox bank → invoice with the policy number → PDF", async () => {
    const { page, expectNoConsoleErrors } = await browser.openPage("/", { viewport: { width: 1366, height: 900 } });
    await searchPlans(page, "fa", "");
    expect(new URL(page.url()).searchParams.getAll("birth")).toEqual([BIRTH.iso]);
    // Persian digits in the plans' prices.
    const firstPrice = (await page.locator(".insurance-plan .offer-price-adult").first().textContent()) ?? "";
    expect(firstPrice).toMatch(/[۰-۹]/);
    expect(firstPrice).not.toMatch(/[0-9]/);

    await settle(page);
    await page.locator(".insurance-plan .offer-select").first().click();
    await page.waitForURL((url) => url.pathname === "/insurance/reserve");
    await settle(page);
    // The birth date came with the plan; the first day of cover is tomorrow's, already there.
    const field = (name: string) => page.locator(`#f-passengers-0-${name}`);
    expect(await field("birthDate").inputValue()).toBe(localizeDigits("fa", BIRTH.fa));
    expect(await page.locator("#f-startDate").inputValue()).not.toBe("");
    await field("firstName").fill("علی");
    await field("lastName").fill("رضایی");
    await field("firstNameLatin").fill("Ali");
    await field("lastNameLatin").fill("Rezaei");
    await page.locator("#f-passengers-0-gender input[value=male]").check();
    await field("nationalCode").fill("0499370899");
    await field("passportNumber").waitFor({ state: "visible" });
    await field("passportNumber").fill("K12345678");
    await field("passportCountry").selectOption("IR");
    await field("passportExpiry").fill("2036/01/31");
    await page.locator("#f-contact-mobile").fill("09121234567");
    await saveScreenshot(page, "insurance-reserve-fa");
    await page.locator(".booking-submit").click();
    await page.waitForURL((url) => url.pathname.startsWith("/insurance/prefactor/"));
    await settle(page);

    await page.getByText(msg("fa", "booking.breakdown.heading"), { exact: true }).first().waitFor();
    await saveScreenshot(page, "insurance-prefactor-fa");
    await page.getByRole("button", { name: new RegExp(msg("fa", "booking.prefactor.pay", { amount: ".+" })) }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/sandbox-bank/"));
    await page.getByRole("button", { name: "پرداخت" }).click();
    await page.waitForURL((url) => url.pathname.includes("/payment/paymentp/") && url.pathname.endsWith("/issued"));
    await page.getByRole("link", { name: msg("fa", "factor.viewTicket") }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/insurance/factor/"));

    // One policy, its number on the invoice.
    await expect.poll(() => page.getByRole("cell").locator(".ticket-number").count()).toBe(1);
    // The policy number stands once in the passengers' table and once as the policy's reference in its box.
    const policy = ((await page.getByRole("cell").locator(".ticket-number").textContent()) ?? "").trim();
    expect(policy).toMatch(/^\d{6,}$/);
    expect(((await page.locator("main").textContent()) ?? "").split(policy)).toHaveLength(3);
    const pdfHref = await page.getByRole("link", { name: msg("fa", "insuranceService.policy.download") }).getAttribute("href");
    const pdf = await page.request.get(new URL(pdfHref!, page.url()).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    await saveScreenshot(page, "insurance-factor-fa");
    expectNoConsoleErrors();
  });

  test("en: the plans screen from the home tab, each plan with its cover and a way to choose it", async () => {
    const { page, expectNoConsoleErrors } = await browser.openPage("/en/", { viewport: { width: 1366, height: 900 } });
    await searchPlans(page, "en", "/en");
    const plans = page.locator(".insurance-plan");
    expect(await plans.count()).toBeGreaterThan(0);
    await expect.poll(async () => (await plans.first().textContent()) ?? "").toContain(msg("en", "insurancePages.cover.medical"));
    expect(await plans.first().locator(".offer-select").getAttribute("href")).toMatch(
      /^\/en\/insurance\/reserve\?offer=.+&birth=1990-05-01$/,
    );
    expectNoConsoleErrors();
  });

  // A phone in Persian, a desktop in English and in Arabic: every language and both widths, right to left at both.
  describe.each([
    { locale: "fa", width: 390 },
    { locale: "en", width: 1366 },
    { locale: "ar", width: 1366 },
  ] as const)("the plans page in $locale", ({ locale, width }: { locale: Locale; width: number }) => {
    test(`at ${width} px`, async () => {
      const prefix = locale === "fa" ? "" : `/${locale}`;
      const path = `${prefix}/insurance/services/DE?days=15&birth=${BIRTH.iso}&birth=1950-02-01`;
      const { page, expectNoConsoleErrors } = await browser.openPage(path, { viewport: { width, height: 900 } });
      await settle(page);
      await page.locator(".insurance-plan").first().waitFor();
      expect(await page.locator("html").getAttribute("dir")).toBe(locale === "en" ? "ltr" : "rtl");
      await saveScreenshot(page, `insurance-plans-${locale}-${width}`);
      expectNoConsoleErrors();
    });
  });
});
