/**
 * Issue 24 §2: a shared cache inside the web process for pages that say they are the same for
 * everyone (`Cache-Control: public, s-maxage=N`): route landings, the home page and the service
 * landings. It obeys the headers a CDN in front would obey, so the two agree on what is shared:
 * an entry lives for the page's own s-maxage, never past the Tehran day it was made on (landings
 * show "today" and the next 30 days), and is dropped at once when the inventory changes
 * (`clear`). A visitor whose page could be personal (signed in, their last search) never reads
 * or fills it. Search results are no one's but carry the browser's CSRF token in their forms, so
 * no CDN may share them: their loader asks this process alone (`X-Process-Cache: seconds`, never
 * sent out) and each copy gets the visitor's own token. ADR 0034 says why the render's CSP nonce
 * may travel with its copies.
 */
import { brotliCompress, constants, gzip } from "node:zlib";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import type { Request, RequestHandler, Response } from "express";
import { readCookie } from "#core/web/cookies.ts";
import { PROCESS_CACHE_HEADER } from "#core/web/process-cache.ts";
import { csrfTokenOf } from "./auth.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Cookies that never change what a shared page shows; any other cookie makes the visitor's page theirs. */
const SHARED_COOKIES = new Set(["locale", "hs_csrf", "calendar"]);
/** Headers of the render that belong to its request, not to the page. */
const REQUEST_HEADERS = new Set(["set-cookie", "x-request-id", "content-length", "content-encoding", "date", "connection"]);
const TEHRAN_OFFSET_MS = 3.5 * 3600_000;
const DAY_MS = 24 * 3600_000;

export interface PageCacheOptions {
  /** Upper bound on the bytes kept (pages and their compressed copies); 0 turns the cache off. */
  maxBytes: number;
  now: () => number;
  onResult?: (result: "hit" | "miss" | "bypass" | "stored") => void;
}

interface Entry {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** When the page carries a browser's CSRF token: the page cut where the token goes. */
  aroundToken: Buffer[] | null;
  brotli?: Buffer;
  gzip?: Buffer;
  etag: string;
  storedAt: number;
  expiresAt: number;
  bytes: number;
}

/** The next midnight in Tehran (no daylight saving since 2022) after `now`. */
export function nextTehranMidnight(now: number): number {
  return Math.floor((now + TEHRAN_OFFSET_MS) / DAY_MS) * DAY_MS + DAY_MS - TEHRAN_OFFSET_MS;
}

/** Seconds a shared cache may keep the answer, from its Cache-Control; null when it is not shared. */
export function sharedMaxAge(cacheControl: string | undefined): number | null {
  if (!cacheControl) return null;
  const directives = cacheControl
    .toLowerCase()
    .split(",")
    .map((part) => part.trim());
  if (!directives.includes("public")) return null;
  if (directives.some((d) => d === "private" || d === "no-store" || d === "no-cache")) return null;
  const sMaxAge = directives.find((d) => d.startsWith("s-maxage="));
  const seconds = sMaxAge ? Number(sMaxAge.slice("s-maxage=".length)) : NaN;
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}

/** Seconds this process alone may keep a render (X-Process-Cache), null without it. */
function processMaxAge(res: Response): number | null {
  const seconds = Number(res.getHeader(PROCESS_CACHE_HEADER));
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}

/** The visitor's cookies allow a shared page, and which of them the page varies by (the calendar). */
function sharedVariant(req: Request): string | null {
  const header = req.headers.cookie;
  if (!header) return "";
  for (const part of header.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (name && !SHARED_COOKIES.has(name)) return null;
  }
  return readCookie(header, "calendar") ?? "";
}

/** A coding listed in Accept-Encoding and not refused with q=0; built once, read on every hit. */
const acceptsCoding = (coding: string) => new RegExp(`(^|,)\\s*${coding}\\s*(;\\s*q=(?!0(\\.0*)?\\s*(,|$))[\\d.]+)?\\s*(,|$)`);
const ACCEPTS_BROTLI = acceptsCoding("br");
const ACCEPTS_GZIP = acceptsCoding("gzip");

export function preferredEncoding(accept: string | undefined): "br" | "gzip" | null {
  const value = (accept ?? "").toLowerCase();
  // Brotli first, as the assets are.
  if (ACCEPTS_BROTLI.test(value)) return "br";
  if (ACCEPTS_GZIP.test(value)) return "gzip";
  return null;
}

export interface PageCache {
  middleware: RequestHandler;
  /** Drops every page: the inventory, a tenant or a content page changed. */
  clear(): void;
  stats(): { entries: number; bytes: number };
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  // Bumped by clear(): a render that began before it must not store what it saw.
  let generation = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const store = (key: string, entry: Entry) => {
    drop(key);
    if (entry.bytes > options.maxBytes / 4) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    // Least recently used first: Map keeps insertion order and hits re-insert.
    for (const oldest of entries.keys()) {
      if (bytes <= options.maxBytes) break;
      drop(oldest);
    }
  };
  const compressLater = (key: string, entry: Entry) => {
    void Promise.all([
      brotli(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length } }),
      gzipAsync(entry.body, { level: 9 }),
    ]).then(
      ([br, gz]) => {
        if (entries.get(key) !== entry) return;
        entry.brotli = br;
        entry.gzip = gz;
        bytes += br.length + gz.length;
        entry.bytes += br.length + gz.length;
      },
      () => {}, // The page is still served, compressed on the fly by the compression middleware.
    );
  };

  const serve = (req: Request, res: Response, entry: Entry, now: number) => {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("Age", String(Math.max(0, Math.floor((now - entry.storedAt) / 1000))));
    res.setHeader("X-Page-Cache", "hit");
    res.status(entry.status);
    if (entry.aroundToken) {
      // This browser's own token (issued now when it has none), where the render had its visitor's.
      const token = Buffer.from(csrfTokenOf(req, res), "latin1");
      res.end(Buffer.concat(entry.aroundToken.flatMap((part, index) => (index === 0 ? [part] : [token, part]))));
      return;
    }
    res.setHeader("ETag", entry.etag);
    if (req.headers["if-none-match"] === entry.etag) {
      res.status(304).end();
      return;
    }
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    const body = encoding === "br" ? entry.brotli : encoding === "gzip" ? entry.gzip : undefined;
    if (body && encoding) {
      res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", String(body.length));
      res.end(body);
      return;
    }
    res.end(entry.body);
  };

  const middleware: RequestHandler = (req, res, next) => {
    keepProcessHeaderIn(res);
    if (options.maxBytes <= 0 || req.method !== "GET") return next();
    const variant = sharedVariant(req);
    if (variant === null) {
      options.onResult?.("bypass");
      return next();
    }
    // Everything the page's origin and tenant are read from: behind a trusted proxy the router and
    // the tenant take X-Forwarded-Host, so a copy keyed by Host alone could be served to another host.
    const key = [req.protocol, req.hostname, req.get("x-forwarded-host") ?? "", req.get("host") ?? "", req.originalUrl, variant].join("\n");
    const now = options.now();
    const cached = entries.get(key);
    if (cached && cached.expiresAt > now) {
      entries.delete(key);
      entries.set(key, cached);
      options.onResult?.("hit");
      serve(req, res, cached, now);
      return;
    }
    if (cached) drop(key);
    options.onResult?.("miss");
    res.setHeader("X-Page-Cache", "miss");
    const startedIn = generation;
    captureShareable(res, (render) => {
      if (generation !== startedIn) return;
      const headers: [string, string][] = [];
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (REQUEST_HEADERS.has(name) || value === undefined) continue;
        headers.push([name, Array.isArray(value) ? value.join(", ") : String(value)]);
      }
      const body = render.bytes;
      const storedAt = options.now();
      const entry: Entry = {
        status: res.statusCode,
        headers,
        body,
        aroundToken: render.csrfToken === null ? null : cutAt(body, Buffer.from(render.csrfToken, "latin1")),
        etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
        storedAt,
        expiresAt: Math.min(storedAt + render.maxAge * 1000, nextTehranMidnight(storedAt)),
        bytes: body.length + key.length,
      };
      // The first answer already carries the validator its copies will.
      if (!entry.aroundToken) res.setHeader("ETag", entry.etag);
      store(key, entry);
      options.onResult?.("stored");
      // A page with a token is put together for each browser, so it is compressed as it leaves.
      if (!entry.aroundToken) compressLater(key, entry);
    });
    next();
  };

  return {
    middleware,
    clear() {
      generation += 1;
      entries.clear();
      bytes = 0;
    },
    stats: () => ({ entries: entries.size, bytes }),
  };
}

/** `bytes` cut at every occurrence of `token` (which is left out). */
function cutAt(bytes: Buffer, token: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(token); at !== -1; at = bytes.indexOf(token, from)) {
    parts.push(bytes.subarray(from, at));
    from = at + token.length;
  }
  parts.push(bytes.subarray(from));
  return parts;
}

interface Render {
  bytes: Buffer;
  maxAge: number;
  /** The browser's CSRF token the page carries, to be replaced in each copy; null without one. */
  csrfToken: string | null;
}

/**
 * Whether the answer being written may serve others, and for how long: a whole 200 that says so
 * (public with s-maxage, or X-Process-Cache), made for no one in particular. A public page may
 * not carry a CSRF token (a CDN would share it); one kept by this process alone may.
 */
function shareableRender(res: Response): Omit<Render, "bytes"> | null {
  const processOnly = processMaxAge(res);
  res.removeHeader(PROCESS_CACHE_HEADER);
  if (res.statusCode !== 200) return null;
  const csrfToken = (res.locals as { csrfToken?: string }).csrfToken ?? null;
  const shared = sharedMaxAge(String(res.getHeader("cache-control") ?? ""));
  const maxAge = shared !== null && csrfToken === null ? shared : processOnly;
  if (maxAge === null) return null;
  const cookies = res.getHeader("set-cookie");
  const list = Array.isArray(cookies) ? cookies : cookies === undefined ? [] : [String(cookies)];
  // The language cookie and a new CSRF token are the request's own and are set again on a hit.
  const ownCookies = list.every((cookie) => cookie.startsWith("locale=") || (csrfToken !== null && cookie.startsWith("hs_csrf=")));
  return ownCookies ? { maxAge, csrfToken } : null;
}

/** X-Process-Cache is for this process: it never leaves with the answer. */
function keepProcessHeaderIn(res: Response) {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((...args: unknown[]) => {
    res.removeHeader(PROCESS_CACHE_HEADER);
    return writeHead(...args);
  }) as Response["writeHead"];
}

type WriteCallback = (error?: Error | null) => void;

/**
 * Collects what the router writes when the answer may serve others, then writes it in one piece
 * (the page is complete before its first byte leaves, which only a miss pays for); any other
 * answer streams through untouched.
 */
function captureShareable(res: Response, done: (render: Render) => void) {
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  let decided = false;
  let render: Omit<Render, "bytes"> | null = null;
  const chunks: Buffer[] = [];
  const decide = () => {
    if (decided) return;
    decided = true;
    render = shareableRender(res);
  };
  const toBuffer = (chunk: unknown, encoding: unknown) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    decide();
    if (!render) return write(chunk, encoding, callback);
    chunks.push(toBuffer(chunk, encoding));
    const cb = (typeof encoding === "function" ? encoding : callback) as WriteCallback | undefined;
    if (cb) queueMicrotask(() => cb(null));
    return true;
  }) as Response["write"];
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    decide();
    res.write = write as Response["write"];
    res.end = end as Response["end"];
    if (!render) return end(chunk, encoding, callback);
    const cb = [chunk, encoding, callback].find((arg) => typeof arg === "function") as WriteCallback | undefined;
    if (chunk !== undefined && typeof chunk !== "function") chunks.push(toBuffer(chunk, encoding));
    const bytes = Buffer.concat(chunks);
    done({ ...render, bytes });
    return cb ? end(bytes, cb) : end(bytes);
  }) as Response["end"];
}
