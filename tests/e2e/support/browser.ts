/**
 * One headless Chromium for the run, a fresh context (cookies, storage, cache) per page, and a
 * record of everything the page reported as broken.
 *
 *   const browser = useBrowser();           // at the top of a test file: registers afterEach
 *   const { page, response, expectNoConsoleErrors } = await browser.openPage("/en", { host: "theme2.localhost" });
 *
 * Every page opened during a test is checked again after the test (afterEach), so a console
 * error fails the test even when the test forgot to ask.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page, type Request, type Response } from "playwright-core";
import { afterEach, expect, inject } from "vitest";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../../scripts/chromium.ts";
import { ARTIFACTS_DIR } from "./paths.ts";

/** Upper bound for one auto-waiting action or navigation: failures should be quick and clear. */
const ACTION_TIMEOUT_MS = 15_000;

/** The origin of a tenant host: Chromium resolves every *.localhost name to loopback itself. */
export function originOf(host = "localhost"): string {
  return `http://${host}:${inject("port")}`;
}

export interface OpenPageOptions {
  /** localhost (default), theme2.localhost or theme3.localhost, or any other name. */
  host?: string;
  /** Cookies to send from the first request on, for this host. */
  cookies?: Record<string, string>;
  /** Window size; Playwright's default (1280×720) when absent. */
  viewport?: { width: number; height: number };
  /** False opens the page as a browser without JavaScript (forms must still work). */
  javaScriptEnabled?: boolean;
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** The main document's response to the first navigation (after redirects). */
  response: Response;
  /** The origin the page was opened on, e.g. http://theme2.localhost:41234. */
  origin: string;
  /** Console errors and uncaught page errors so far, except the document's own HTTP status. */
  unexpectedErrors: () => string[];
  expectNoConsoleErrors: () => void;
}

/** What afterEach needs of every page a test opened, even one whose first navigation failed. */
interface TrackedPage {
  page: Page;
  context: BrowserContext;
  unreported(): string[];
  recentRequests(): string[];
}

/**
 * What a failed test's page showed, for the log: CI keeps no screenshots, and a wait that timed out
 * says nothing of whether the page answered with a refusal, an error page or nothing at all.
 */
async function describeFailedPage(entry: TrackedPage): Promise<string> {
  const shown = await entry.page
    .evaluate(() =>
      [...document.querySelectorAll("h1, [role=alert], [role=status]")]
        .map(
          (node) =>
            `${node.tagName.toLowerCase()}${node.getAttribute("role") ? `[${node.getAttribute("role")}]` : ""}: ${(node.textContent ?? "").trim().slice(0, 200)}`,
        )
        .filter((line) => !line.endsWith(": ")),
    )
    .catch((error: unknown) => [`(page not readable: ${String(error)})`]);
  return [
    `page ${entry.page.url()}`,
    ...shown.map((line) => `  shows ${line}`),
    ...entry.recentRequests().map((line) => `  asked ${line}`),
  ].join("\n");
}

interface ConsoleError {
  text: string;
  url: string;
}

/**
 * Records a page's console errors and uncaught exceptions.
 *
 * When a document itself answers 404, 410, 500… Chromium logs "Failed to load resource: the
 * server responded with a status of 404 (Not Found)" as a console error, located at the
 * document's URL. Those pages are the subject of many tests here (the error pages must have that
 * status), so exactly that message is ignored when it names the status a main-frame document
 * navigation really received at that URL. The same message for any other resource (a script,
 * a stylesheet, a data request, an image) is still an error.
 */
class ErrorRecorder {
  private readonly consoleErrors: ConsoleError[] = [];
  private readonly pageErrors: string[] = [];
  private readonly documents: { url: string; status: number }[] = [];
  /** The page's last few requests (documents, data, form posts) and what came of each, printed when a test fails. */
  private readonly recent: { request: Request; outcome: string }[] = [];

  constructor(page: Page) {
    page.on("console", (message) => {
      if (message.type() === "error") this.consoleErrors.push({ text: message.text(), url: message.location().url });
    });
    page.on("pageerror", (error) => this.pageErrors.push(`${error.name}: ${error.message}`));
    // Scripts, sheets, images and fonts are left out: the rest is what the page did.
    const isAsset = (request: Request) => ["script", "stylesheet", "image", "font"].includes(request.resourceType());
    const recordOutcome = (request: Request, outcome: string) => {
      const entry = this.recent.find((candidate) => candidate.request === request);
      if (entry) entry.outcome = outcome;
    };
    page.on("request", (request) => {
      if (isAsset(request)) return;
      this.recent.push({ request, outcome: "no answer yet" });
      if (this.recent.length > 8) this.recent.shift();
    });
    page.on("requestfailed", (request) => recordOutcome(request, `failed: ${request.failure()?.errorText ?? "?"}`));
    page.on("response", (response) => {
      const request = response.request();
      recordOutcome(request, String(response.status()));
      if (request.isNavigationRequest() && request.frame() === page.mainFrame())
        this.documents.push({ url: response.url(), status: response.status() });
    });
  }

  private isDocumentStatus(error: ConsoleError): boolean {
    const match = /^Failed to load resource: the server responded with a status of (\d{3})\b/.exec(error.text);
    if (!match) return false;
    const status = Number(match[1]);
    return this.documents.some((document) => document.status === status && sameUrl(document.url, error.url));
  }

  /** The recent requests, each as "METHOD outcome URL". */
  recentRequests(): string[] {
    return this.recent.map(({ request, outcome }) => `${request.method()} ${outcome} ${request.url()}`);
  }

  unexpected(): string[] {
    return [
      ...this.consoleErrors
        .filter((error) => !this.isDocumentStatus(error))
        .map((error) => `console error: ${error.text}${error.url ? ` (at ${error.url})` : ""}`),
      ...this.pageErrors.map((error) => `page error: ${error}`),
    ];
  }
}

function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

/**
 * The files share their worker's modules (isolate: false), so they share this Chromium too: a
 * launch costs about a second, and each page gets a context of its own anyway. Playwright ends the
 * browser when the worker process exits; one that crashed is launched again.
 */
let sharedBrowser: Promise<Browser> | undefined;

function launchedBrowser(): Promise<Browser> {
  sharedBrowser ??= chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] }).then((browser) => {
    browser.once("disconnected", () => (sharedBrowser = undefined));
    return browser;
  });
  return sharedBrowser;
}

export function useBrowser() {
  let opened: TrackedPage[] = [];

  afterEach(async (testContext) => {
    const pages = opened;
    opened = [];
    // A failed test leaves a picture of each of its pages behind, to see what the browser saw.
    if (testContext.task.result?.state === "fail") {
      for (const entry of pages) console.log(`[${testContext.task.name}] ${await describeFailedPage(entry)}`);
      await Promise.all(
        pages.map((entry, index) => saveScreenshot(entry.page, `failed-${testContext.task.name}-${index + 1}`).catch(() => undefined)),
      );
    }
    // Problems a test has already asserted on (and failed with) are not reported twice.
    const problems = pages.flatMap((entry) => entry.unreported().map((problem) => `${entry.page.url()}: ${problem}`));
    await Promise.all(pages.map((entry) => entry.context.close()));
    expect(problems, "console or page errors during the test").toEqual([]);
  });

  async function openPage(path: string, options: OpenPageOptions = {}): Promise<OpenedPage> {
    const browser = await launchedBrowser();
    const origin = originOf(options.host);
    const context = await browser.newContext({
      baseURL: origin,
      // The storefront's travellers are in Iran: "today" in the page (a calendar's today) is Tehran's,
      // as the server's is, whatever hour of the day the suite runs at.
      timezoneId: "Asia/Tehran",
      ...(options.viewport ? { viewport: options.viewport } : {}),
      ...(options.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
    });
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS);
    if (options.cookies) {
      await context.addCookies(Object.entries(options.cookies).map(([name, value]) => ({ name, value, url: origin })));
    }
    const page = await context.newPage();
    const recorder = new ErrorRecorder(page);
    const reported = new Set<string>();
    const expectNoConsoleErrors = () => {
      const problems = recorder.unexpected();
      for (const problem of problems) reported.add(problem);
      expect(problems, `console or page errors on ${page.url()}`).toEqual([]);
    };
    opened.push({
      page,
      context,
      unreported: () => recorder.unexpected().filter((problem) => !reported.has(problem)),
      recentRequests: () => recorder.recentRequests(),
    });
    // The string is appended to the origin as is: "//double//slashes" must stay a path.
    const response = await page.goto(`${origin}${path}`, { waitUntil: "load" });
    if (!response) throw new Error(`no response for ${origin}${path}`);
    return { page, context, response, origin, unexpectedErrors: () => recorder.unexpected(), expectNoConsoleErrors };
  }

  return { openPage };
}

/**
 * Waits until React has hydrated the page and its search form: hydration attaches React's fiber to
 * each server-rendered element (a property named __reactFiber$…). Before that a click on a <Link> is an ordinary
 * full-page navigation, and errors raised by hydration have not happened yet.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
    const main = document.querySelector("main");
    // A search form hydrates after the page, when its own code has arrived (SearchFormIsland).
    return main !== null && hydrated(main) && Array.from(document.querySelectorAll("form.search-form")).every(hydrated);
  });
}

/**
 * Waits until the page is hydrated and the requests the client makes on its own afterwards (route
 * discovery, data) have been answered: Playwright's "networkidle", no request for 500 ms.
 */
export async function settle(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
}

/** Saves a full-page screenshot to test-results/e2e/<name>.png (an artifact, not an assertion). */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = join(ARTIFACTS_DIR, `${name.replace(/[^\w.-]+/g, "_")}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
