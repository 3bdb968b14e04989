/**
 * Spec §7's client error reports: `POST /userTask/createtikets/0`, which browsers call when a
 * page hits a DOM failure (app/client/error-report.ts). NOTES.md reads it as a public write, so
 * it is bounded (8 KB, every field by length), rate-limited per address in the database, stores
 * only a keyed hash of the address, keeps the client's priority for display only, and answers
 * short JSON that never repeats what was sent.
 */
import { createHmac } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import express, { Router, type NextFunction, type Request, type Response } from "express";
import { z } from "zod";
import {
  CLIENT_ERROR_BODY_LIMIT_BYTES,
  CLIENT_ERROR_FIELD_LIMITS,
  CLIENT_ERROR_PRIORITY_RANGE,
  CLIENT_ERROR_REPORT_PATH,
  PAGE_URL_LINE_PREFIX,
} from "#core/client-errors/limits.ts";
import type { ClientErrorRepository, Clock, RateLimiter } from "#core/ports.ts";
import type { Logger } from "./logger.ts";

/** Reports one address may send in a window. */
export const CLIENT_ERROR_RATE_LIMIT = 20;
/** The window of that limit: ten minutes. */
export const CLIENT_ERROR_RATE_WINDOW_SECONDS = 10 * 60;

const MAX_PAGE_URL_LENGTH = 2048;
const MAX_USER_AGENT_LENGTH = 512;

/** PostgreSQL text cannot hold NUL; it is dropped rather than letting a client cause a fault. */
const withoutNul = (value: string) => value.replaceAll("\u0000", "");

function requiredText(max: number) {
  return z.string().trim().min(1).max(max).transform(withoutNul);
}

/** The request body; unknown fields are dropped, anything out of bounds refuses the report. */
export const clientErrorReportSchema = z.object({
  tikets_vaheds: requiredText(CLIENT_ERROR_FIELD_LIMITS.units),
  tikets_title: requiredText(CLIENT_ERROR_FIELD_LIMITS.title),
  subtiket_text: requiredText(CLIENT_ERROR_FIELD_LIMITS.text),
  tikets_olaviat: z.number().int().min(CLIENT_ERROR_PRIORITY_RANGE.min).max(CLIENT_ERROR_PRIORITY_RANGE.max).nullish(),
  task_time: z.string().trim().max(CLIENT_ERROR_FIELD_LIMITS.taskTime).transform(withoutNul).nullish(),
  category: requiredText(CLIENT_ERROR_FIELD_LIMITS.category),
});

export type ClientErrorReportInput = z.output<typeof clientErrorReportSchema>;

/** The address as one client: IPv4-mapped IPv6 is the IPv4 address, zones and case are dropped. */
export function normalizeAddress(address: string | undefined): string {
  if (!address) return "unknown";
  let value = address.trim().toLowerCase();
  const zone = value.indexOf("%");
  if (zone >= 0) value = value.slice(0, zone);
  if (value.startsWith("::ffff:") && isIPv4(value.slice(7))) return value.slice(7);
  return value;
}

/** The eight groups of a valid IPv6 address, each four hex digits. */
function ipv6Groups(address: string): string[] {
  let text = address;
  const lastColon = text.lastIndexOf(":");
  const tail = text.slice(lastColon + 1);
  if (tail.includes(".")) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split(".").map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const headGroups = head === "" ? [] : head.split(":");
  if (rest === undefined) return headGroups.map((group) => group.padStart(4, "0"));
  const tailGroups = rest === "" ? [] : rest.split(":");
  const zeros = Array.from({ length: 8 - headGroups.length - tailGroups.length }, () => "0");
  return [...headGroups, ...zeros, ...tailGroups].map((group) => group.padStart(4, "0"));
}

/**
 * Who a rate limit counts: an IPv4 address, or an IPv6 address's /64 network, since one
 * subscriber usually holds a whole /64 and could otherwise step around the limit.
 */
export function rateLimitSubject(address: string): string {
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
}

/** HMAC-SHA256 of an address (or subject) under the server's secret, in hex: never the address itself. */
export function hashClientAddress(secret: string, value: string): string {
  return createHmac("sha256", secret).update(value).digest("hex");
}

function httpUrl(candidate: string | undefined): string | null {
  if (!candidate) return null;
  try {
    const url = new URL(candidate.trim());
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.href.length <= MAX_PAGE_URL_LENGTH ? url.href : null;
  } catch {
    return null;
  }
}

/** The page a report is about: the text's `url: …` line, else the Referer; only http(s) URLs. */
export function pageUrlOf(text: string, referer: string | undefined): string | null {
  const line = text.split(/\r?\n/).find((candidate) => candidate.startsWith(PAGE_URL_LINE_PREFIX));
  return httpUrl(line?.slice(PAGE_URL_LINE_PREFIX.length)) ?? httpUrl(referer);
}

type Answer = { ok: true } | { ok: false; error: "INVALID" | "TOO_LARGE" | "RATE_LIMITED" | "UNAVAILABLE" };

function answer(res: Response, status: number, body: Answer): void {
  res.setHeader("Cache-Control", "no-store");
  res.status(status).json(body);
}

interface Locals {
  log?: Logger;
  site?: { tenant: { id: string } };
}

export interface ClientErrorRouteDeps {
  reports: ClientErrorRepository;
  rateLimiter: RateLimiter;
  /** The key of the address hash (IP_HASH_SECRET). */
  ipHashSecret: string;
  clock?: Clock;
}

/**
 * The route, on a router mounted after tenant resolution (the tenant is `res.locals.site`).
 * The body is checked before the limiter is asked, so junk costs no database write; valid
 * reports beyond the limit get 429 with Retry-After.
 */
export function clientErrorRoutes(deps: ClientErrorRouteDeps): Router {
  const router = Router();
  const clock = deps.clock ?? { now: () => new Date() };
  // sendBeacon sends a string as text/plain; the body is JSON either way. Compressed bodies are
  // refused (415, answered as 400) so the size limit is the size read.
  const parseBody = express.json({ limit: CLIENT_ERROR_BODY_LIMIT_BYTES, type: ["application/json", "text/plain"], inflate: false, strict: true });

  router.post(CLIENT_ERROR_REPORT_PATH, parseBody, async (req: Request, res: Response) => {
    const locals = res.locals as Locals;
    const parsed = clientErrorReportSchema.safeParse(req.body);
    if (!parsed.success) {
      locals.log?.info({ fields: [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? "body")))] }, "client error report refused");
      answer(res, 400, { ok: false, error: "INVALID" });
      return;
    }
    const body = parsed.data;
    const address = normalizeAddress(req.ip);
    const ipHash = hashClientAddress(deps.ipHashSecret, address);
    const subject = rateLimitSubject(address);
    try {
      const verdict = await deps.rateLimiter.hit({
        bucket: `client-errors:${subject === address ? ipHash : hashClientAddress(deps.ipHashSecret, subject)}`,
        limit: CLIENT_ERROR_RATE_LIMIT,
        windowSeconds: CLIENT_ERROR_RATE_WINDOW_SECONDS,
        now: clock.now(),
      });
      if (!verdict.allowed) {
        res.setHeader("Retry-After", String(verdict.retryAfterSeconds));
        answer(res, 429, { ok: false, error: "RATE_LIMITED" });
        return;
      }
      const userAgent = req.get("user-agent");
      const { id } = await deps.reports.add({
        tenantId: locals.site?.tenant.id ?? null,
        units: body.tikets_vaheds,
        title: body.tikets_title,
        text: body.subtiket_text,
        priority: body.tikets_olaviat ?? null,
        taskTime: body.task_time || null,
        category: body.category,
        pageUrl: pageUrlOf(body.subtiket_text, req.get("referer")),
        userAgent: userAgent ? withoutNul(userAgent).slice(0, MAX_USER_AGENT_LENGTH) : null,
        ipHash,
      });
      locals.log?.info({ reportId: id, category: body.category.slice(0, 100) }, "client error reported");
      answer(res, 201, { ok: true });
    } catch (error) {
      // Only the database can fail here, never the client's input: the server's fault, not a 500 page.
      locals.log?.error({ err: error }, "client error report could not be stored");
      answer(res, 503, { ok: false, error: "UNAVAILABLE" });
    }
  });

  // Faults of the body parser: too large, malformed JSON, an unsupported charset or encoding.
  router.use(CLIENT_ERROR_REPORT_PATH, (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const { status, type } = (error ?? {}) as { status?: unknown; type?: unknown };
    if (type === "entity.too.large" || status === 413) {
      answer(res, 413, { ok: false, error: "TOO_LARGE" });
      return;
    }
    if (typeof status === "number" && status >= 400 && status < 500) {
      answer(res, 400, { ok: false, error: "INVALID" });
      return;
    }
    (res.locals as Locals).log?.error({ err: error }, "client error report failed");
    answer(res, 503, { ok: false, error: "UNAVAILABLE" });
  });

  return router;
}
