/**
 * The sandbox bank's pages (issue 7), served by the shop's own server: `GET /sandbox-bank/:token`
 * shows the payment as an Iranian bank page does, with pay and cancel buttons that post back to
 * the same URL; `POST /sandbox-bank/:token` records the buyer's choice and sends the browser to
 * the merchant's callback with an auto-submitting POST form, as Shaparak gateways do.
 *
 * Each page is self-contained (inline CSS, no app bundle, no external resource) and is sent with
 * a strict CSP of its own whose style and script are allowed by the request's nonce (a bank's
 * page, not the shop's: nothing else loads, forms go only to itself and the merchant's callback;
 * the other security headers are the server's, server/security-headers.ts). Client input never causes a 500: an
 * unknown token is a 404 page, a bad action or body a 400 page, a database fault a 503 page.
 */
import express, { Router, type NextFunction, type Request, type Response } from "express";
import {
  SANDBOX_BANK_PATH,
  isSandboxBankToken,
  type SandboxBankCallback,
  type SandboxBankDesk,
  type SandboxBankPayment,
} from "#adapters/payments/sandbox/sandbox-bank.ts";
import { cspNonce, standalonePagePolicy } from "./security-headers.ts";

/** A form of one or two fields; anything larger is not the bank's own form. */
const BODY_LIMIT = "1kb";

/** A test card number shown for the look of it: it has no name, so it is never submitted. */
export const SANDBOX_TEST_CARD = "6037 9900 0000 0000";

const TITLE = "درگاه پرداخت آزمایشی";

const STYLE = `
:root{color-scheme:light;--ink:#0f172a;--muted:#475569;--line:#cbd5e1;--brand:#0b4a8b;--pay:#0f6b3a;--pay-hover:#0b552e;--cancel:#9b1c1c;--focus:#1d4ed8;--paper:#fff;--page:#eef2f7}
*{box-sizing:border-box}
html{font-size:100%;-webkit-text-size-adjust:100%}
body{margin:0;background:var(--page);color:var(--ink);font-family:Vazirmatn,"Vazirmatn FD",Tahoma,"Segoe UI",system-ui,-apple-system,"Noto Sans Arabic",sans-serif;font-size:1rem;line-height:1.8}
header{background:var(--brand);color:#fff;padding:.75rem 1rem}
header .inner{max-width:34rem;margin:0 auto;display:flex;align-items:center;gap:.75rem}
header .mark{width:2.25rem;height:2.25rem;border-radius:.5rem;background:#fff;color:var(--brand);display:grid;place-items:center;font-weight:700}
header h1{font-size:1.15rem;margin:0;font-weight:700}
header p{margin:0;font-size:.875rem;opacity:.95}
main{max-width:34rem;margin:1rem auto 2rem;padding:0 1rem}
.notice{border:2px dashed #b45309;background:#fffbeb;color:#78350f;border-radius:.75rem;padding:.75rem 1rem;margin:0 0 1rem}
.notice p{margin:0}
.notice [lang=en]{display:block;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;font-size:.9rem}
.card{background:var(--paper);border:1px solid var(--line);border-radius:.75rem;padding:1rem 1.25rem;margin:0 0 1rem;box-shadow:0 1px 2px rgb(15 23 42/.06)}
.card h2{font-size:1rem;margin:0 0 .5rem;color:var(--brand)}
dl{margin:0;display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem}
dt{color:var(--muted)}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.amount{font-size:1.35rem;color:var(--ink)}
.toman{display:block;font-weight:400;color:var(--muted);font-size:.95rem}
label{display:block;font-weight:600;margin:0 0 .25rem}
input{width:100%;font:inherit;font-size:1rem;padding:.6rem .75rem;border:1px solid #64748b;border-radius:.5rem;background:#f8fafc;color:var(--ink);letter-spacing:.08em;text-align:left;direction:ltr}
.hint{margin:.35rem 0 0;color:var(--muted);font-size:.875rem}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1rem}
button{font:inherit;font-size:1rem;font-weight:700;min-height:3rem;padding:.6rem 1.5rem;border-radius:.5rem;cursor:pointer;border:2px solid transparent}
button.pay{background:var(--pay);color:#fff;flex:1 1 12rem}
button.pay:hover{background:var(--pay-hover)}
button.cancel{background:#fff;color:var(--cancel);border-color:var(--cancel);flex:0 1 9rem}
button.cancel:hover{background:#fef2f2}
button.back{background:var(--brand);color:#fff;width:100%}
:focus-visible{outline:3px solid var(--focus);outline-offset:3px}
input:focus-visible{outline-offset:1px}
.status{font-size:1.1rem;font-weight:700;margin:0 0 .5rem}
.ok{color:var(--pay)}
.nok{color:var(--cancel)}
bdi{unicode-bidi:isolate}
footer{max-width:34rem;margin:0 auto 2rem;padding:0 1rem;color:var(--muted);font-size:.8rem;text-align:center}
@media (prefers-reduced-motion:no-preference){button{transition:background-color .15s}}
`;

/** Submits the return form at once; the visible button does it for browsers without JavaScript. */
const AUTO_SUBMIT = `document.getElementById("back").submit();`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

const RIALS = new Intl.NumberFormat("fa-IR", { maximumFractionDigits: 0 });
const TOMANS = new Intl.NumberFormat("fa-IR", { maximumFractionDigits: 1 });

/** Rials in Persian digits, grouped: ۱۲٬۵۰۰٬۰۰۰. */
export function formatRials(amountRials: number): string {
  return RIALS.format(amountRials);
}

/** The same amount in tomans (a tenth, a decimal only when there is one). */
export function formatTomans(amountRials: number): string {
  return TOMANS.format(amountRials / 10);
}

function persianDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => "۰۱۲۳۴۵۶۷۸۹"[Number(digit)]!);
}

type PageKind = { script: boolean; formTarget: string | null };

/** A page of the bank: `html` is given the request's nonce for its inline style and script. */
function send(res: Response, status: number, html: (nonce: string) => string, kind: PageKind): void {
  const nonce = cspNonce(res);
  res.status(status);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Robots-Tag", "noindex, nofollow");
  res.setHeader("Referrer-Policy", "no-referrer");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader(
    "Content-Security-Policy",
    standalonePagePolicy({ nonce, script: kind.script, formTargets: kind.formTarget ? [kind.formTarget] : [] }),
  );
  res.send(html(nonce));
}

const layout =
  (title: string, body: string, script = false) =>
  (nonce: string): string => {
    const attribute = `nonce="${escapeHtml(nonce)}"`;
    return `<!doctype html>
<html lang="fa" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} | ${TITLE}</title>
<style ${attribute}>${STYLE}</style>
</head>
<body>
<header><div class="inner"><span class="mark" aria-hidden="true">ب</span><div><h1>${TITLE}</h1><p><span lang="en" dir="ltr">Sandbox payment gateway</span></p></div></div></header>
<main>
<div class="notice" role="note"><p><strong>محیط آزمایشی:</strong> هیچ پول واقعی جابه‌جا نمی‌شود و از هیچ کارتی برداشت نمی‌شود.</p><p lang="en" dir="ltr"><strong>Sandbox:</strong> no real money moves and no card is charged.</p></div>
${body}
</main>
<footer>این صفحه را سرور همان فروشگاه برای آزمایش نشان می‌دهد؛ هرگز اطلاعات کارت واقعی وارد نکنید.</footer>
${script ? `<script ${attribute}>${AUTO_SUBMIT}</script>` : ""}
</body>
</html>`;
  };

function details(payment: SandboxBankPayment): string {
  const description = payment.description ? `<dt>توضیحات</dt><dd>${escapeHtml(payment.description)}</dd>` : "";
  return `<section class="card" aria-labelledby="merchant-title">
<h2 id="merchant-title">اطلاعات پذیرنده</h2>
<dl>
<dt>پذیرنده</dt><dd>${escapeHtml(payment.merchant)}</dd>
<dt>شماره سفارش</dt><dd><bdi dir="ltr">${escapeHtml(payment.orderId)}</bdi></dd>
${description}
<dt>مبلغ قابل پرداخت</dt><dd><span class="amount">${formatRials(payment.amountRials)} ریال</span><span class="toman">معادل ${formatTomans(payment.amountRials)} تومان</span></dd>
</dl>
</section>`;
}

/** The form that carries the bank's answer to the merchant's callback. */
function returnForm(outcome: SandboxBankCallback): string {
  const fields = Object.entries(outcome.fields)
    .filter((entry): entry is [string, string] => typeof entry[1] === "string")
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");
  return `<form id="back" method="post" action="${escapeHtml(outcome.callbackUrl)}">
${fields}
<button type="submit" class="back">بازگشت به سایت پذیرنده</button>
</form>`;
}

function outcomeLine(outcome: SandboxBankCallback): string {
  if (outcome.fields.status === "NOK") return `<p class="status nok">پرداخت لغو شد.</p>`;
  const reference = outcome.fields.referenceId
    ? `<p>شماره مرجع: <bdi dir="ltr">${escapeHtml(persianDigits(outcome.fields.referenceId))}</bdi></p>`
    : "";
  return `<p class="status ok">پرداخت با موفقیت انجام شد.</p>${reference}`;
}

function payPage(payment: SandboxBankPayment) {
  return layout(
    "پرداخت",
    `${details(payment)}
<section class="card" aria-labelledby="card-title">
<h2 id="card-title">اطلاعات کارت</h2>
<label for="card-number">شماره کارت آزمایشی</label>
<input id="card-number" type="text" inputmode="numeric" autocomplete="off" readonly value="${SANDBOX_TEST_CARD}" aria-describedby="card-hint">
<p class="hint" id="card-hint">نمایشی است و ارسال نمی‌شود؛ رمز و CVV2 لازم نیست.</p>
<form method="post">
<div class="actions">
<button type="submit" name="action" value="pay" class="pay">پرداخت</button>
<button type="submit" name="action" value="cancel" class="cancel">انصراف</button>
</div>
</form>
</section>`,
  );
}

function donePage(payment: SandboxBankPayment, outcome: SandboxBankCallback) {
  const heading = outcome.fields.status === "OK" ? "این پرداخت قبلاً انجام شده است." : "این پرداخت قبلاً لغو شده است.";
  return layout(
    "پرداخت انجام‌شده",
    `${details(payment)}
<section class="card" aria-labelledby="done-title">
<h2 id="done-title">${heading}</h2>
${outcomeLine(outcome)}
${payment.status === "reversed" ? `<p class="status nok">این پرداخت برگشت خورده و مبلغ به کارت بازگشته است.</p>` : ""}
<p>برای ادامه به سایت پذیرنده بازگردید.</p>
${returnForm(outcome)}
</section>`,
  );
}

function redirectPage(outcome: SandboxBankCallback) {
  return layout(
    "بازگشت به پذیرنده",
    `<section class="card" aria-labelledby="back-title" aria-live="polite">
<h2 id="back-title">در حال بازگشت به سایت پذیرنده…</h2>
${outcomeLine(outcome)}
<p>اگر به‌طور خودکار منتقل نشدید، دکمهٔ زیر را بزنید.</p>
${returnForm(outcome)}
</section>`,
    true,
  );
}

function messagePage(title: string, persian: string, english: string) {
  return layout(
    title,
    `<section class="card" role="alert"><h2>${escapeHtml(title)}</h2><p>${escapeHtml(persian)}</p><p lang="en" dir="ltr">${escapeHtml(english)}</p></section>`,
  );
}

const plain: PageKind = { script: false, formTarget: null };

const notFound = (res: Response) =>
  send(
    res,
    404,
    messagePage(
      "پرداخت پیدا نشد",
      "این پرداخت در درگاه آزمایشی وجود ندارد یا نشانی آن نادرست است.",
      "No such payment at the sandbox bank.",
    ),
    plain,
  );
const badRequest = (res: Response) =>
  send(
    res,
    400,
    messagePage(
      "درخواست نامعتبر",
      "درخواست قابل پردازش نیست. از دکمه‌های پرداخت یا انصراف استفاده کنید.",
      "Bad request: use the pay or cancel button.",
    ),
    plain,
  );
const tooLarge = (res: Response) =>
  send(res, 413, messagePage("درخواست نامعتبر", "درخواست بیش از حد بزرگ است.", "Request too large."), plain);
const unavailable = (res: Response) =>
  send(
    res,
    503,
    messagePage(
      "درگاه در دسترس نیست",
      "درگاه آزمایشی موقتاً در دسترس نیست. کمی بعد دوباره تلاش کنید.",
      "The sandbox bank is unavailable; try again shortly.",
    ),
    plain,
  );

const originOf = (url: string) => new URL(url).origin;

interface Locals {
  log?: { error(object: object, message: string): void };
}

const PAGE_PATH = `${SANDBOX_BANK_PATH}/:token`;

/** The bank's two routes, on a router the server mounts at its root, before the app's pages. */
export function sandboxBankRoutes(deps: { bank: SandboxBankDesk }): Router {
  const router = Router();
  const parseForm = express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 10, inflate: false });

  router.get(PAGE_PATH, async (req: Request, res: Response) => {
    const token = req.params.token;
    if (!isSandboxBankToken(token)) return notFound(res);
    try {
      const payment = await deps.bank.show(token);
      if (!payment) return notFound(res);
      if (payment.outcome)
        return send(res, 200, donePage(payment, payment.outcome), { script: false, formTarget: originOf(payment.outcome.callbackUrl) });
      send(res, 200, payPage(payment), plain);
    } catch (error) {
      (res.locals as Locals).log?.error({ err: error }, "sandbox bank page failed");
      unavailable(res);
    }
  });

  router.post(PAGE_PATH, parseForm, async (req: Request, res: Response) => {
    const token = req.params.token;
    const body: unknown = req.body;
    const action = typeof body === "object" && body !== null ? (body as Record<string, unknown>).action : undefined;
    if (action !== "pay" && action !== "cancel") return badRequest(res);
    if (!isSandboxBankToken(token)) return notFound(res);
    try {
      const outcome = await deps.bank.act(token, action);
      if (!outcome) return notFound(res);
      send(res, 200, redirectPage(outcome), { script: true, formTarget: originOf(outcome.callbackUrl) });
    } catch (error) {
      (res.locals as Locals).log?.error({ err: error }, "sandbox bank action failed");
      unavailable(res);
    }
  });

  // Faults of the body parser: too large, malformed, an unsupported charset or encoding.
  router.use(PAGE_PATH, (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const { status, type } = (error ?? {}) as { status?: unknown; type?: unknown };
    if (type === "entity.too.large" || status === 413) return tooLarge(res);
    if (typeof status === "number" && status >= 400 && status < 500) return badRequest(res);
    (res.locals as Locals).log?.error({ err: error }, "sandbox bank request failed");
    unavailable(res);
  });

  return router;
}
