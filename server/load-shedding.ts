import { monitorEventLoopDelay } from "node:perf_hooks";
import type { Request, RequestHandler, Response } from "express";
import { decideLocale } from "#core/i18n/locales.ts";
import { requestLocale } from "./api/locale.ts";
import { answersInEnvelope as isApiPath } from "./api/paths.ts";
import { frontDoorProblem, sendProblem } from "./api/problem.ts";
import { routeKind, type Metrics } from "./metrics.ts";
import { cspNonce } from "./security-headers.ts";
import { renderStaticPage } from "./static-page.ts";

/**
 * Load shedding (issue 24 §3): when the process already holds as many requests as it can answer
 * in good time, a new one is refused at once with 503 and Retry-After instead of waiting in a
 * queue that only grows. A refusal costs microseconds; a queued request costs memory and makes
 * every request behind it late, until clients time out and the process looks hung.
 */

export type ShedReason = "in-flight" | "event-loop-delay";

export type Admission = { admitted: true; release: () => void } | { admitted: false; reason: ShedReason };

export interface LoadShedder {
  /** Takes a slot for one request; the caller must call `release` once when the request ends. */
  admit(): Admission;
  inFlight(): number;
}

export interface LoadShedderOptions {
  /** Requests answered at the same time, at most; 0 disables the cap. */
  maxInFlight: number;
  /** New requests are refused while the event loop's recent delay is above this; 0 disables the signal. */
  maxEventLoopDelayMs: number;
  /** The event loop's recent delay in milliseconds (a sliding reading, see `eventLoopDelayReader`). */
  eventLoopDelayMs: () => number;
}

export function createLoadShedder(options: LoadShedderOptions): LoadShedder {
  let inFlight = 0;
  return {
    admit() {
      if (options.maxInFlight > 0 && inFlight >= options.maxInFlight) return { admitted: false, reason: "in-flight" };
      if (options.maxEventLoopDelayMs > 0 && options.eventLoopDelayMs() > options.maxEventLoopDelayMs)
        return { admitted: false, reason: "event-loop-delay" };
      inFlight += 1;
      let released = false;
      return {
        admitted: true,
        release: () => {
          // 'finish' and 'close' both end a request; the slot is given back once.
          if (released) return;
          released = true;
          inFlight -= 1;
        },
      };
    },
    inFlight: () => inFlight,
  };
}

/** How often the event loop's delay histogram is read and reset. */
const EVENT_LOOP_WINDOW_MS = 500;

let processDelayReader: (() => number) | null = null;

/**
 * The event loop's mean delay, in milliseconds, sustained over the last two windows (the smaller
 * of their means). The loop is the process's queue: when it is saturated, every timer, socket read
 * and response write waits its turn, and the mean delay grows with the work queued ahead. One long
 * synchronous task (a migration, a big query on PGlite) makes a single late window, which must not
 * turn requests away once it is over; saturation makes every window late. One reader per process
 * (the loop is shared by every app a test builds); its timer is unref'd so it never keeps the
 * process alive.
 */
export function eventLoopDelayReader(): () => number {
  if (processDelayReader) return processDelayReader;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let previousMeanMs = 0;
  let lastMeanMs = 0;
  const timer = setInterval(() => {
    previousMeanMs = lastMeanMs;
    // An empty window (no sample yet) reads NaN; the loop was not measurably late.
    lastMeanMs = histogram.count > 0 ? histogram.mean / 1e6 : 0;
    histogram.reset();
  }, EVENT_LOOP_WINDOW_MS);
  timer.unref();
  processDelayReader = () => Math.min(previousMeanMs, lastMeanMs);
  return processDelayReader;
}

/**
 * Seconds a refused client is told to wait: 1 to 3, drawn at random so that the clients of one
 * burst do not all come back in the same second and cause the next one.
 */
export function retryAfterSeconds(random: () => number = Math.random): number {
  return 1 + Math.min(2, Math.floor(random() * 3));
}

/** A bank's callback or return (app/route-table.ts "payment-callback"), in any language. */
const PAYMENT_CALLBACK = /^\/(?:(?:en|ar)\/)?payment\/callback\//;

/**
 * Paths that are never refused: static files are cheap, and refusing them would break pages
 * already admitted; a bank's callback settles money the traveller has already paid, and refusing
 * it would leave them at the bank's page with their ticket waiting for the reconciliation job.
 */
function neverShed(pathname: string): boolean {
  const kind = routeKind(pathname);
  return kind === "asset" || kind === "ops" || PAYMENT_CALLBACK.test(pathname);
}

/** The spec §7 configuration call answers in its own shape, not the API's envelope. */
const CONFIG_CALL_PATH = "/main/getConfigItems/nuxt";

function pathnameOf(req: Request): string {
  const raw = req.originalUrl.split("?")[0] ?? "/";
  return raw.startsWith("/") ? raw : "/";
}

function refuse(req: Request, res: Response, pathname: string): void {
  const retryAfter = String(retryAfterSeconds());
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Retry-After", retryAfter);
  if (isApiPath(pathname))
    return sendProblem(res, frontDoorProblem(requestLocale(req), "UNAVAILABLE", undefined, { "Retry-After": retryAfter }));
  if (pathname === CONFIG_CALL_PATH) {
    res.status(503).json({ code: 0, response: null, message: "server busy" });
    return;
  }
  // The page's language comes from its path (fa without a prefix, /en/…, /ar/…), as every error page's.
  const { locale } = decideLocale({ pathname, cookie: undefined });
  res
    .status(503)
    .type("html")
    .send(renderStaticPage({ locale, title: "error.overloaded.title", body: "error.overloaded.body", nonce: cspNonce(res) }));
}

/** The middleware: admits a request or answers 503 at once, counting refusals by reason. */
export function shedLoad(deps: { shedder: LoadShedder; metrics: Pick<Metrics, "shed"> }): RequestHandler {
  return (req, res, next) => {
    const pathname = pathnameOf(req);
    if (neverShed(pathname)) return next();
    const admission = deps.shedder.admit();
    if (!admission.admitted) {
      deps.metrics.shed.inc({ reason: admission.reason });
      return refuse(req, res, pathname);
    }
    res.once("finish", admission.release);
    res.once("close", admission.release);
    next();
  };
}
