/**
 * Hostile and broken request targets: the server must answer each with a complete page or a
 * redirect, never a 5xx, never a half-written body, and never a file from outside the build.
 * Each target is sent twice: with fetch (which normalises some of them, see support/http.ts) and
 * byte for byte with node:http.
 */
import { describe, expect, test } from "vitest";
import { saveScreenshot, useBrowser, waitForHydration } from "./support/browser.ts";
import { fetchPath, rawRequest } from "./support/http.ts";
import { msg } from "./support/messages.ts";

const browser = useBrowser();

const LONG_PATH = `/${"a".repeat(4999)}`;

const TARGETS: { label: string; target: string }[] = [
  { label: "a 5000-character path", target: LONG_PATH },
  { label: "a truncated percent escape", target: "/%E0%A4%A" },
  { label: "a NUL byte", target: "/%00" },
  { label: "a NUL byte after a page name", target: "/flight%00" },
  { label: "encoded slashes climbing out", target: "/..%2f..%2fetc/passwd" },
  { label: "encoded dot segments", target: "/%2e%2e/%2e%2e/etc/passwd" },
  { label: "an invalid UTF-8 byte", target: "/flight/%ff" },
  { label: "doubled slashes", target: "//double//slashes" },
  { label: "overlong UTF-8 dots under /en", target: "/en/%C0%AE%C0%AE/" },
  { label: "a query string with a bad escape", target: "/?q=%zz" },
];

/** What every answer must look like: below 500, and either a redirect or a whole HTML page. */
function expectWellFormed(target: string, status: number, header: (name: string) => string | null, body: string) {
  const where = `${target.slice(0, 60)} → ${status}`;
  expect(status, where).toBeGreaterThanOrEqual(200);
  expect(status, where).toBeLessThan(500);
  if (status >= 300 && status < 400) {
    expect(header("location"), `${where}: a redirect needs a Location`).toBeTruthy();
    return;
  }
  expect(header("content-type"), where).toMatch(/^text\/html\b/);
  expect(body.trimStart().slice(0, 15).toLowerCase(), where).toBe("<!doctype html>");
  expect(body.trimEnd().endsWith("</html>"), `${where}: the page must be complete`).toBe(true);
  expect(body, where).toMatch(/<html[^>]* lang="(fa|en|ar)"/);
  expect(body, where).toMatch(/<h1[\s>]/);
  // No framework fallback page, no exception text, nothing read from the file system.
  expect(body, where).not.toContain("Unexpected Server Error");
  expect(body, where).not.toContain("URIError");
  expect(body, where).not.toMatch(/root:.*:0:0:/);
}

describe("malformed request targets", () => {
  test.each(TARGETS)("fetch: $label", async ({ target }) => {
    const response = await fetchPath(target);
    const body = await response.text();
    expectWellFormed(target, response.status, (name) => response.headers.get(name), body);
  });

  test.each(TARGETS)("raw HTTP: $label", async ({ target }) => {
    const response = await rawRequest(target);
    const header = (name: string) => {
      const value = response.headers[name];
      return Array.isArray(value) ? value.join(", ") : (value ?? null);
    };
    expectWellFormed(target, response.status, header, response.body);
  });

  test("paths that name no page are not found", async () => {
    for (const target of ["/%00", "/flight%00", "/flight/%ff", "//double//slashes", LONG_PATH]) {
      const response = await rawRequest(target);
      expect(response.status, target).toBe(404);
    }
  });

  test("the home page with a badly escaped query is still the home page", async () => {
    const response = await rawRequest("/?q=%zz");
    expect(response.status).toBe(200);
    expect(response.body).toContain(msg("fa", "home.heading"));
  });
});

describe("a NUL byte in the browser", () => {
  test.each(["/flight%00", "/%00"])("%s renders the not-found page", async (path) => {
    const { page, response, expectNoConsoleErrors } = await browser.openPage(path);
    expect(response.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: msg("fa", "error.notFound.title"), exact: true }).waitFor();
    expect(await page.getByRole("link", { name: msg("fa", "error.home"), exact: true }).getAttribute("href")).toBe("/");
    await waitForHydration(page);
    expectNoConsoleErrors();
    if (path === "/flight%00") await saveScreenshot(page, "not-found-nul");
  });
});

describe("hosts", () => {
  test("an unknown host answers 404 with the unknown-site page (UNKNOWN_HOST=404)", async () => {
    const response = await rawRequest("/", { host: "unknown.example" });
    expect(response.status).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^text\/html\b/);
    expect(response.body).toContain(msg("fa", "error.unknownSite.title"));
    expect(response.body).toContain("unknown.example");
    // Nothing of the default tenant leaks onto a host that is not its own.
    expect(response.body).not.toContain(msg("fa", "home.heading"));
  });

  test("the same request with a known host is the tenant's home page", async () => {
    const response = await rawRequest("/", { host: "theme2.localhost" });
    expect(response.status).toBe(200);
    expect(response.body).toContain("پرواز سبز");
  });
});
