/**
 * The SMS outbox on the web, for development and tests (issue 9): `GET /dev/sms` is a page
 * listing the newest messages the outbox sender stored, with a form to filter by mobile, and
 * `GET /dev/sms.json?mobile=…` answers `{messages: [{mobile, text, createdAt}]}`, newest first.
 *
 * Only when `enabled` (DEV_TOOLS=1). Otherwise the router has no routes at all, so both paths
 * get the app's ordinary not-found answer, the same as any unknown path, and nothing tells the
 * feature exists. The page is self-contained (inline CSS allowed by the request's CSP nonce, no script), never
 * cached or indexed. A bad `mobile` is an empty list, never an error; a database fault is a 503.
 */
import { Router, type Request, type Response } from "express";
import { cspNonce, standalonePagePolicy } from "./security-headers.ts";
import { normalizeMobile } from "#core/passengers/passenger-rules.ts";

export const DEV_SMS_PATH = "/dev/sms";
export const DEV_SMS_JSON_PATH = "/dev/sms.json";

/** How many messages the page and the JSON list. */
export const DEV_SMS_LIMIT = 100;

/** Longer `mobile` values are not read at all (a mobile, in any form, is well under this). */
const MAX_MOBILE_INPUT = 40;

/** What the routes need from the outbox (createOutboxSender's `list`). */
export interface DevSmsOutbox {
  list(input: { mobile?: string; limit: number }): Promise<{ mobile: string; text: string; template?: string | null; createdAt: Date }[]>;
}

const TITLE = "صندوق پیامک‌ها (توسعه)";

const STYLE = `
:root{color-scheme:light;--ink:#0f172a;--muted:#475569;--line:#cbd5e1;--brand:#0b4a8b;--focus:#1d4ed8;--page:#f1f5f9}
*{box-sizing:border-box}
body{margin:0;background:var(--page);color:var(--ink);font-family:Vazirmatn,Tahoma,"Segoe UI",system-ui,sans-serif;font-size:1rem;line-height:1.8}
header{background:var(--brand);color:#fff;padding:.75rem 1rem}
header h1{font-size:1.15rem;margin:0}
header p{margin:0;font-size:.875rem}
main{max-width:60rem;margin:1rem auto 2rem;padding:0 1rem}
form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end;margin:0 0 1rem}
label{font-weight:600;display:block}
input{font:inherit;padding:.4rem .6rem;border:1px solid #64748b;border-radius:.4rem;direction:ltr;text-align:left}
button,a.reset{font:inherit;font-weight:700;padding:.4rem 1rem;border-radius:.4rem;border:2px solid var(--brand);background:var(--brand);color:#fff;cursor:pointer;text-decoration:none}
a.reset{background:#fff;color:var(--brand)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.note{color:var(--muted);margin:0 0 .75rem}
.warn{color:#9b1c1c;font-weight:600}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid var(--line)}
th,td{border-bottom:1px solid var(--line);padding:.5rem .75rem;text-align:start;vertical-align:top}
th{background:#e2e8f0}
td.text{white-space:pre-wrap;overflow-wrap:anywhere}
.template{display:block;color:var(--muted);font-size:.85rem}
bdi{unicode-bidi:isolate}
`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

const TEHRAN_TIME = new Intl.DateTimeFormat("fa-IR", { timeZone: "Asia/Tehran", dateStyle: "medium", timeStyle: "medium" });
const COUNT = new Intl.NumberFormat("fa-IR");

/** A moment as read in Tehran, in Persian (Solar Hijri date, Persian digits). */
export function tehranTime(date: Date): string {
  return TEHRAN_TIME.format(date);
}

function devHeaders(res: Response): void {
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Robots-Tag", "noindex, nofollow");
  res.setHeader("Referrer-Policy", "no-referrer");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("X-Frame-Options", "DENY");
}

/** A page of the outbox: `html` is given the request's nonce for its inline style. */
function sendPage(res: Response, status: number, html: (nonce: string) => string): void {
  devHeaders(res);
  const nonce = cspNonce(res);
  res.setHeader("Content-Security-Policy", standalonePagePolicy({ nonce, script: false }));
  res.status(status).type("html").send(html(nonce));
}

type MobileFilter = { given: false } | { given: true; raw: string; mobile: string | null };

/** The `mobile` query parameter: absent or empty, or given and normalised (null when invalid). */
function mobileFilter(req: Request): MobileFilter {
  const value: unknown = req.query.mobile;
  if (value === undefined) return { given: false };
  if (typeof value !== "string") return { given: true, raw: "", mobile: null };
  const raw = value.trim();
  if (raw === "") return { given: false };
  if (raw.length > MAX_MOBILE_INPUT) return { given: true, raw: raw.slice(0, MAX_MOBILE_INPUT), mobile: null };
  return { given: true, raw, mobile: normalizeMobile(raw) };
}

type Listed = Awaited<ReturnType<DevSmsOutbox["list"]>>;

async function messagesFor(outbox: DevSmsOutbox, filter: MobileFilter): Promise<Listed> {
  if (!filter.given) return outbox.list({ limit: DEV_SMS_LIMIT });
  if (!filter.mobile) return [];
  return outbox.list({ mobile: filter.mobile, limit: DEV_SMS_LIMIT });
}

function row(message: Listed[number]): string {
  const template = message.template ? `<span class="template">قالب: <bdi dir="ltr">${escapeHtml(message.template)}</bdi></span>` : "";
  return `<tr>
<td><time datetime="${escapeHtml(message.createdAt.toISOString())}">${escapeHtml(tehranTime(message.createdAt))}</time></td>
<td><bdi dir="ltr">${escapeHtml(message.mobile)}</bdi></td>
<td class="text" dir="auto">${escapeHtml(message.text)}${template}</td>
</tr>`;
}

const page =
  (filter: MobileFilter, messages: Listed) =>
  (nonce: string): string => {
    const value = filter.given ? filter.raw : "";
    let note: string;
    if (filter.given && !filter.mobile) note = `<p class="note warn" role="status">شمارهٔ موبایل نامعتبر است؛ پیامی نشان داده نمی‌شود.</p>`;
    else if (messages.length === 0) note = `<p class="note" role="status">پیامی در صندوق نیست.</p>`;
    else
      note = `<p class="note" role="status">${COUNT.format(messages.length)} پیام، جدیدترین اول${messages.length === DEV_SMS_LIMIT ? ` (فقط ${COUNT.format(DEV_SMS_LIMIT)} پیام آخر)` : ""}.</p>`;
    const table =
      messages.length === 0
        ? ""
        : `<table>
<caption class="note">پیامک‌های ذخیره‌شده در صندوق</caption>
<thead><tr><th scope="col">زمان (تهران)</th><th scope="col">موبایل</th><th scope="col">متن</th></tr></thead>
<tbody>
${messages.map(row).join("\n")}
</tbody>
</table>`;
    return `<!doctype html>
<html lang="fa" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${TITLE}</title>
<style nonce="${escapeHtml(nonce)}">${STYLE}</style>
</head>
<body>
<header><h1>${TITLE}</h1><p>پیامک‌ها فرستاده نمی‌شوند؛ فقط این‌جا ذخیره می‌شوند. <span lang="en" dir="ltr">SMS outbox: nothing is sent.</span></p></header>
<main>
<form method="get" action="${DEV_SMS_PATH}" role="search">
<div><label for="mobile">شمارهٔ موبایل</label><input id="mobile" name="mobile" type="tel" inputmode="tel" autocomplete="off" maxlength="${MAX_MOBILE_INPUT}" placeholder="09121234567" value="${escapeHtml(value)}"></div>
<button type="submit">فیلتر</button>
<a class="reset" href="${DEV_SMS_PATH}">همه</a>
</form>
${note}
${table}
</main>
</body>
</html>`;
  };

interface Locals {
  log?: { error(object: object, message: string): void };
}

/** The outbox's page and JSON, on a router the server mounts at its root; empty when not enabled. */
export function devSmsRoutes(deps: { enabled: boolean; outbox: DevSmsOutbox }): Router {
  const router = Router();
  if (!deps.enabled) return router;

  router.get(DEV_SMS_PATH, async (req: Request, res: Response) => {
    const filter = mobileFilter(req);
    try {
      sendPage(res, 200, page(filter, await messagesFor(deps.outbox, filter)));
    } catch (error) {
      (res.locals as Locals).log?.error({ err: error }, "dev SMS page failed");
      sendPage(
        res,
        503,
        () =>
          `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>${TITLE}</title></head><body><p>صندوق پیامک‌ها موقتاً در دسترس نیست.</p></body></html>`,
      );
    }
  });

  router.get(DEV_SMS_JSON_PATH, async (req: Request, res: Response) => {
    devHeaders(res);
    try {
      const messages = await messagesFor(deps.outbox, mobileFilter(req));
      res.json({ messages: messages.map(({ mobile, text, createdAt }) => ({ mobile, text, createdAt: createdAt.toISOString() })) });
    } catch (error) {
      (res.locals as Locals).log?.error({ err: error }, "dev SMS list failed");
      res.status(503).json({ error: "UNAVAILABLE" });
    }
  });

  return router;
}
