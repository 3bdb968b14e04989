import { describe, expect, it, vi } from "vitest";
import { CLIENT_ERROR_FIELD_LIMITS, CLIENT_ERROR_REPORT_PATH, type ClientErrorReportBody } from "#core/client-errors/limits.ts";
import {
  MAX_REPORTS_PER_PAGE,
  buildClientErrorReport,
  clip,
  createClientErrorReporter,
  reportablePageUrl,
  sendClientErrorReport,
} from "./error-report.ts";

const NOW = new Date("2025-03-01T10:00:00.000Z");
const PAGE = "https://theme2.localhost/en/flight?from=THR";
const APPEND = "Failed to execute 'appendChild' on 'Node': The new child element contains the parent.";

describe("buildClientErrorReport", () => {
  it("carries the error text and the page URL on a line of its own", () => {
    const body = buildClientErrorReport({ message: APPEND, pageUrl: PAGE, now: NOW });
    expect(body.subtiket_text).toBe(`${APPEND}\nurl: ${PAGE}`);
    expect(body.tikets_title).toContain("appendChild");
    expect(body.task_time).toBe(NOW.toISOString());
    expect(Object.keys(body).sort()).toEqual(["category", "subtiket_text", "task_time", "tikets_olaviat", "tikets_title", "tikets_vaheds"]);
  });

  it("stays within the field bounds for a huge message and URL", () => {
    const body = buildClientErrorReport({
      message: `${"x".repeat(9000)}\nsecond line`,
      pageUrl: `https://a.test/${"p".repeat(5000)}`,
      now: NOW,
    });
    expect(body.tikets_title.length).toBeLessThanOrEqual(CLIENT_ERROR_FIELD_LIMITS.title);
    expect(body.subtiket_text.length).toBeLessThanOrEqual(CLIENT_ERROR_FIELD_LIMITS.text);
    expect(body.subtiket_text).toMatch(/\nurl: https:\/\/a\.test\/p+$/);
    expect(new TextEncoder().encode(JSON.stringify(body)).length).toBeLessThan(8 * 1024);
  });

  it("adds the stack after the message, without repeating Chromium's first line", () => {
    const stack = `HierarchyRequestError: ${APPEND}\n    at onClick (https://x.test/assets/route-abc.js:1:200)`;
    const message = `HierarchyRequestError: ${APPEND}`;
    expect(buildClientErrorReport({ message, stack, pageUrl: PAGE, now: NOW }).subtiket_text).toBe(`${stack}\nurl: ${PAGE}`);
    expect(buildClientErrorReport({ message, stack: "    at f (x.js:1:1)", pageUrl: PAGE, now: NOW }).subtiket_text).toBe(
      `${message}\n    at f (x.js:1:1)\nurl: ${PAGE}`,
    );
  });

  it("names an empty message instead of sending nothing", () => {
    const body = buildClientErrorReport({ message: "  ", pageUrl: PAGE, now: NOW });
    expect(body.subtiket_text.startsWith("(no message)\n")).toBe(true);
    expect(body.tikets_title.trim().length).toBeGreaterThan(0);
  });
});

describe("clip", () => {
  it("never splits a surrogate pair", () => {
    expect(clip("ab😀c", 3)).toBe("ab");
    expect(clip("ab😀c", 4)).toBe("ab😀");
    expect(clip("abc", 10)).toBe("abc");
  });
});

describe("reportablePageUrl", () => {
  it("keeps path and query, drops the fragment", () => {
    expect(reportablePageUrl(new URL("https://x.test/en/flight?to=MHD#seat-3"))).toBe("https://x.test/en/flight?to=MHD");
  });
});

describe("createClientErrorReporter", () => {
  const reporter = (max?: number) => {
    const sent: ClientErrorReportBody[] = [];
    const instance = createClientErrorReporter({ send: (body) => sent.push(body), pageUrl: () => PAGE, now: () => NOW, max });
    return { sent, instance };
  };

  it("sends each message once", () => {
    const { sent, instance } = reporter();
    expect(instance.report(APPEND)).toBe(true);
    expect(instance.report(APPEND)).toBe(false);
    expect(instance.report(` ${APPEND} `)).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it("sends at most a few reports per page load", () => {
    const { sent, instance } = reporter();
    for (let index = 0; index < 10; index += 1) instance.report(`appendChild failure ${index}`);
    expect(sent).toHaveLength(MAX_REPORTS_PER_PAGE);
    expect(MAX_REPORTS_PER_PAGE).toBeLessThanOrEqual(5);
  });
});

describe("sendClientErrorReport", () => {
  const body = buildClientErrorReport({ message: APPEND, pageUrl: PAGE, now: NOW });

  it("uses a beacon when the browser has one", () => {
    const sendBeacon = vi.fn(() => true);
    const fetch = vi.fn(() => Promise.resolve());
    sendClientErrorReport(body, { sendBeacon, fetch });
    expect(sendBeacon).toHaveBeenCalledWith(CLIENT_ERROR_REPORT_PATH, JSON.stringify(body));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("falls back to fetch with keepalive when there is no beacon or it is refused", () => {
    for (const sendBeacon of [undefined, () => false]) {
      const fetch = vi.fn((_url: string, _init: RequestInit) => Promise.resolve());
      sendClientErrorReport(body, { sendBeacon, fetch });
      expect(fetch).toHaveBeenCalledTimes(1);
      const [url, init] = fetch.mock.calls[0]!;
      expect(url).toBe(CLIENT_ERROR_REPORT_PATH);
      expect(init).toMatchObject({ method: "POST", keepalive: true, body: JSON.stringify(body) });
    }
  });

  it("swallows a failed fetch", async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(() => sendClientErrorReport(body, { fetch })).not.toThrow();
    await Promise.resolve();
  });
});
