/**
 * Signing in, registering and signing out in real Chromium (issue 9): the SMS code read from the
 * development outbox (/dev/sms.json, on because global-setup starts the server with DEV_TOOLS),
 * the header that names the traveller, a wrong code's tries left, the same pages without
 * JavaScript, and the proof of work asked after repeated failures.
 *
 * Every failure is counted per address, and all tests come from one, so the proof-of-work test
 * runs last: from then on every code request of this server needs a proof.
 */
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { saveScreenshot, settle, useBrowser } from "./support/browser.ts";
import { fetchPath } from "./support/http.ts";
import { msg, persianDigits, plural } from "./support/messages.ts";

const browser = useBrowser();

/** The codes sent to a number so far, newest first. */
async function sentCodes(mobile: string): Promise<string[]> {
  const response = await fetchPath(`/dev/sms.json?mobile=${mobile}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { messages: { text: string }[] };
  // The last line is "@host #code", for WebOTP.
  return body.messages.map((message) => /#(\d{6})\s*$/.exec(message.text)?.[1] ?? "").filter(Boolean);
}

/** Waits for the `count`-th code to a number and returns the newest. */
async function codeFor(mobile: string, count = 1): Promise<string> {
  let codes: string[] = [];
  await expect.poll(async () => (codes = await sentCodes(mobile)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return codes[0]!;
}

function wrongCode(code: string): string {
  return code === "000000" ? "111111" : "000000";
}

function accountLink(page: Page) {
  return page.locator("header [data-account-link]");
}

describe("signing in with an SMS code", () => {
  test("in Persian: from the header, a wrong code shows the tries left, the right one signs in and comes back, then sign out", async () => {
    const mobile = "09121112233";
    const { page, expectNoConsoleErrors } = await browser.openPage("/contact", { viewport: { width: 390, height: 860 } });
    await settle(page);
    // The cached page never knows the visitor: signed out, the header offers to sign in and come back.
    await expect.poll(() => accountLink(page).getAttribute("data-account-link")).toBe("signed-out");
    expect(await accountLink(page).textContent()).toBe(msg("fa", "nav.login"));
    await accountLink(page).click();
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("next") === "/contact");
    await settle(page);
    await page.getByRole("heading", { level: 1, name: msg("fa", "auth.login.title") }).waitFor();

    // Persian digits with spaces: the server normalises.
    await page.getByLabel(msg("fa", "booking.field.mobile")).fill("۰۹۱۲ ۱۱۱ ۲۲۳۳");
    await page.getByRole("button", { name: msg("fa", "auth.login.submit") }).click();
    await page.waitForURL(
      (url) => url.pathname === "/login/index2" && url.searchParams.get("mobile") === mobile && url.searchParams.get("next") === "/contact",
    );
    await page.getByRole("heading", { level: 1, name: msg("fa", "auth.code.title") }).waitFor();
    expect(await page.locator("#code-sent").textContent()).toBe(msg("fa", "auth.code.sent", { mobile: persianDigits("0912***2233") }));
    // A new code only after a minute: the button waits, counting down.
    const resend = page.locator(".auth-resend button");
    expect(await resend.isDisabled()).toBe(true);
    expect(await resend.textContent()).toMatch(new RegExp(`^${msg("fa", "auth.code.resendIn", { time: "[۰-۹]+ (ثانیه|دقیقه)" })}$`));
    // It is live: under a minute it counts seconds.
    await expect
      .poll(() => resend.textContent(), { timeout: 5_000 })
      .toMatch(new RegExp(`^${msg("fa", "auth.code.resendIn", { time: "[۰-۹]+ ثانیه" })}$`));
    await saveScreenshot(page, "sign-in-code-fa-mobile");

    const code = await codeFor(mobile);
    const field = page.getByLabel(msg("fa", "auth.code.label"));
    await field.fill(wrongCode(code));
    await page.getByRole("button", { name: msg("fa", "auth.code.submit") }).click();
    await expect
      .poll(() => page.locator("#f-code-error").textContent())
      .toBe(plural("fa", "auth.code.error.WRONG", "other", { count: "۴" }));
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(await field.getAttribute("aria-describedby")).toContain("f-code-error");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("f-code");

    await field.fill(persianDigits(code));
    await page.getByRole("button", { name: msg("fa", "auth.code.submit") }).click();
    await page.waitForURL((url) => url.pathname === "/contact");
    // The header reads the display cookie: the masked number, in Persian digits, linking to the account.
    await expect.poll(() => accountLink(page).getAttribute("data-account-link")).toBe("signed-in");
    expect(await accountLink(page).textContent()).toContain(persianDigits("0912***2233"));
    expect(await accountLink(page).getAttribute("href")).toBe("/account");
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "hs_session")?.httpOnly).toBe(true);

    // Signed in, the sign-in page sends the visitor on.
    await page.goto(`${new URL(page.url()).origin}/login?next=%2Ffaq`);
    expect(new URL(page.url()).pathname).toBe("/faq");

    await page.goto(`${new URL(page.url()).origin}/logout`);
    await settle(page);
    await page.getByRole("button", { name: msg("fa", "auth.logout.here") }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => accountLink(page).getAttribute("data-account-link")).toBe("signed-out");
    expect((await page.context().cookies()).some((cookie) => cookie.name === "hs_session")).toBe(false);
    // The session is over on the server too: the sign-in page shows its form again.
    await page.goto(`${new URL(page.url()).origin}/login`);
    expect(new URL(page.url()).pathname).toBe("/login");
    expectNoConsoleErrors();
  });

  test("in English: register with a Persian name, which the header then shows", async () => {
    const mobile = "09351112244";
    const { page, expectNoConsoleErrors } = await browser.openPage("/en/login", { viewport: { width: 1280, height: 900 } });
    await settle(page);
    await page.getByRole("link", { name: msg("en", "auth.login.toRegister") }).click();
    await page.waitForURL((url) => url.pathname === "/en/register");
    await page.getByRole("heading", { level: 1, name: msg("en", "auth.register.title") }).waitFor();

    await page.getByLabel(msg("en", "booking.field.mobile")).fill("+98 935 111 2244");
    await page.getByLabel(msg("en", "booking.field.firstName")).fill("Sara");
    await page.getByLabel(msg("en", "booking.field.lastName")).fill("كريمي");
    await page.getByRole("button", { name: msg("en", "auth.login.submit") }).click();
    await expect.poll(() => page.locator("#f-firstName-error").textContent()).toBe(msg("en", "booking.error.PERSIAN_ONLY"));
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("f-firstName");
    // Refused before any SMS went out.
    expect(await sentCodes(mobile)).toEqual([]);

    await page.getByLabel(msg("en", "booking.field.firstName")).fill("سارا");
    await page.getByRole("button", { name: msg("en", "auth.login.submit") }).click();
    await page.waitForURL((url) => url.pathname === "/en/login/index2" && url.searchParams.get("register") === "1");
    await saveScreenshot(page, "sign-in-code-en-desktop");
    await page.getByLabel(msg("en", "auth.code.label")).fill(await codeFor(mobile));
    await page.getByRole("button", { name: msg("en", "auth.code.submit") }).click();
    await page.waitForURL((url) => url.pathname === "/en/account");
    // Arabic kaf and yeh were stored as Persian; the display cookie was set again with the name.
    await expect.poll(() => accountLink(page).textContent()).toBe(`${msg("en", "nav.account")}: سارا کریمی`);
    expectNoConsoleErrors();
  });
});

describe("signing in without JavaScript", () => {
  test("refusals answer 400 or 429 with their message, and the pages are private", async () => {
    const mobile = "09123334455";
    const { page, response } = await browser.openPage("/login", { javaScriptEnabled: false });
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(response.headers()["x-robots-tag"]).toBe("noindex");
    const submitAndWait = async (name: string) =>
      (await Promise.all([page.waitForNavigation(), page.getByRole("button", { name, exact: true }).click()]))[0];

    await page.getByLabel(msg("fa", "booking.field.mobile")).fill("0912123");
    let answer = await submitAndWait(msg("fa", "auth.login.submit"));
    expect(answer?.status()).toBe(400);
    expect(await page.locator("#f-mobile-error").textContent()).toBe(msg("fa", "booking.error.MOBILE_INVALID"));
    expect(await page.locator("#f-mobile").inputValue()).toBe("0912123");

    await page.locator("#f-mobile").fill(mobile);
    answer = await submitAndWait(msg("fa", "auth.login.submit"));
    expect(answer?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/login/index2");
    expect(answer?.headers()["cache-control"]).toBe("no-store");

    answer = await submitAndWait(msg("fa", "auth.code.submit"));
    expect(answer?.status()).toBe(400);
    expect(await page.locator("#f-code-error").textContent()).toBe(msg("fa", "auth.code.error.FORMAT"));

    // Without a script the resend button cannot count down; the server holds the minute instead.
    answer = await submitAndWait(msg("fa", "auth.code.resend"));
    expect(answer?.status()).toBe(429);
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await page.getByRole("alert").first().textContent()).toMatch(
      /^کدی همین الان برایتان فرستاده شد\. برای کد تازه [۰-۹]+ (ثانیه|دقیقه) دیگر دوباره امتحان کنید\.$/,
    );
    expect(await sentCodes(mobile)).toHaveLength(1);
  });
});

describe("after repeated failures", () => {
  test("the browser solves the proof of work on its own and the code is sent", async () => {
    const first = "09124445566";
    const second = "09124445577";
    const { page, expectNoConsoleErrors } = await browser.openPage("/ar/login", { viewport: { width: 390, height: 860 } });
    await settle(page);
    await page.getByLabel(msg("ar", "booking.field.mobile")).fill(first);
    await page.getByRole("button", { name: msg("ar", "auth.login.submit") }).click();
    await page.waitForURL((url) => url.pathname === "/ar/login/index2");
    const code = await codeFor(first);
    // Three wrong codes from this address: more than enough for a proof to be asked.
    // Arabic counts tries in its own forms: ٤ and ٣ محاولات (few), then the dual محاولتان with no number.
    for (const [triesLeft, category] of [
      ["٤", "few"],
      ["٣", "few"],
      ["٢", "two"],
    ] as const) {
      await page.getByLabel(msg("ar", "auth.code.label")).fill(wrongCode(code));
      await page.getByRole("button", { name: msg("ar", "auth.code.submit") }).click();
      await expect
        .poll(() => page.locator("#f-code-error").textContent())
        .toBe(plural("ar", "auth.code.error.WRONG", category, { count: triesLeft }));
    }

    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/ar/login")) posts.push(request.postData() ?? "");
    });
    await page.getByRole("link", { name: msg("ar", "auth.code.change") }).click();
    await page.waitForURL((url) => url.pathname === "/ar/login");
    await page.getByLabel(msg("ar", "booking.field.mobile")).fill(second);
    await page.getByRole("button", { name: msg("ar", "auth.login.submit") }).click();
    await page.waitForURL((url) => url.pathname === "/ar/login/index2" && url.searchParams.get("mobile") === second, { timeout: 45_000 });
    // The first request was refused for want of a proof; the page solved one and asked again with it.
    expect(posts).toHaveLength(2);
    expect(posts[0]).not.toContain("powNonce");
    expect(posts[1]).toMatch(/powChallengeId=[\w-]{22}/);
    expect(posts[1]).toMatch(/powNonce=\d+/);
    expect(await sentCodes(second)).toHaveLength(1);
    expectNoConsoleErrors();
  }, 60_000);
});
