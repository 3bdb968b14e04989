/**
 * Spec §7: when a DOM appendChild failure is logged, the page reports the error text and its URL
 * to `POST /userTask/createtikets/0`. A few reports per page load at most, each message once.
 */
import {
  CLIENT_ERROR_FIELD_LIMITS,
  CLIENT_ERROR_REPORT_PATH,
  PAGE_URL_LINE_PREFIX,
  type ClientErrorReportBody,
} from "#core/client-errors/limits.ts";

export const MAX_REPORTS_PER_PAGE = 3;
/** Which team gets the report, and under which category. */
export const REPORT_UNITS = "frontend";
export const REPORT_CATEGORY = "client-error";
/** The priority these reports ask for; the server keeps it for display only. */
export const REPORT_PRIORITY = 3;

const MAX_PAGE_URL_LENGTH = 1000;

/** The first `max` UTF-16 units of a text, never cutting a surrogate pair in half. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** The page a report is about, without its fragment (which never reaches a server anyway). */
export function reportablePageUrl(location: { origin: string; pathname: string; search: string }): string {
  return clip(`${location.origin}${location.pathname}${location.search}`, MAX_PAGE_URL_LENGTH);
}

/**
 * The request body: the error text (and its stack, when there is one), then the page URL on a
 * line of its own.
 */
export function buildClientErrorReport(input: { message: string; stack?: string; pageUrl: string; now: Date }): ClientErrorReportBody {
  const message = input.message.trim() || "(no message)";
  const urlLine = `${PAGE_URL_LINE_PREFIX}${clip(input.pageUrl, MAX_PAGE_URL_LENGTH)}`;
  const firstLine = message.split(/\r?\n/, 1)[0] ?? message;
  const stack = input.stack?.trim() ? input.stack.trimEnd() : undefined;
  // Chromium's stacks begin with the error's own "Name: message" line; it is not written twice.
  const details = !stack ? message : stack.startsWith(message) ? stack : `${message}\n${stack}`;
  return {
    tikets_vaheds: REPORT_UNITS,
    tikets_title: clip(`Client error: ${firstLine}`, CLIENT_ERROR_FIELD_LIMITS.title),
    subtiket_text: `${clip(details, CLIENT_ERROR_FIELD_LIMITS.text - urlLine.length - 1)}\n${urlLine}`,
    tikets_olaviat: REPORT_PRIORITY,
    task_time: input.now.toISOString(),
    category: REPORT_CATEGORY,
  };
}

export interface ReportTransport {
  sendBeacon?: (url: string, data: string) => boolean;
  fetch?: (url: string, init: RequestInit) => Promise<unknown>;
}

/**
 * Sends a report so that it survives the page going away: a beacon where the browser has one
 * (a string goes as text/plain, which the server reads as JSON), else fetch with keepalive.
 */
export function sendClientErrorReport(body: ClientErrorReportBody, transport: ReportTransport): void {
  const json = JSON.stringify(body);
  try {
    if (transport.sendBeacon?.(CLIENT_ERROR_REPORT_PATH, json)) return;
  } catch {
    // A beacon the browser refuses falls back to fetch.
  }
  transport
    .fetch?.(CLIENT_ERROR_REPORT_PATH, {
      method: "POST",
      body: json,
      headers: { "Content-Type": "application/json" },
      keepalive: true,
      credentials: "same-origin",
    })
    .catch(() => {
      // Reporting is best effort; a failure here must not raise another error to report.
    });
}

export interface ClientErrorReporter {
  /** Sends one report for this message, unless it was sent already or the page's budget is spent. */
  report(message: string, stack?: string): boolean;
}

export function createClientErrorReporter(options: {
  send: (body: ClientErrorReportBody) => void;
  pageUrl: () => string;
  now: () => Date;
  max?: number;
}): ClientErrorReporter {
  const max = options.max ?? MAX_REPORTS_PER_PAGE;
  const sent = new Set<string>();
  return {
    report(message, stack) {
      const key = message.trim();
      if (sent.has(key) || sent.size >= max) return false;
      sent.add(key);
      options.send(buildClientErrorReport({ message, stack, pageUrl: options.pageUrl(), now: options.now() }));
      return true;
    },
  };
}

let pageReporter: ClientErrorReporter | null = null;

/** The page's reporter: one per page load, so the budget and the de-duplication span the visit. */
export function reportClientError(message: string, stack?: string): boolean {
  if (typeof window === "undefined") return false;
  pageReporter ??= createClientErrorReporter({
    send: (body) =>
      sendClientErrorReport(body, {
        sendBeacon: typeof navigator.sendBeacon === "function" ? (url, data) => navigator.sendBeacon(url, data) : undefined,
        fetch: typeof window.fetch === "function" ? (url, init) => window.fetch(url, init) : undefined,
      }),
    pageUrl: () => reportablePageUrl(window.location),
    now: () => new Date(),
  });
  return pageReporter.report(message, stack);
}
