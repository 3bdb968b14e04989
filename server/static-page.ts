import { DEFAULT_LOCALE, directionOf, type Locale } from "#core/i18n/locales.ts";
import "#core/i18n/catalogs.ts";
import { translate, type MessageKey, type Params } from "#core/i18n/messages.ts";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

/**
 * A self-contained error document for answers the React app cannot give: an unknown host, a
 * request that timed out, a fault outside the router. No scripts, so nothing to hydrate; its one
 * `<style>` carries the request's CSP nonce (`cspNonce(res)`, server/security-headers.ts).
 */
export function renderStaticPage(input: {
  locale?: Locale;
  title: MessageKey;
  body?: MessageKey;
  params?: Params;
  homeHref?: string;
  nonce: string;
}): string {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const t = (key: MessageKey) => escapeHtml(translate(locale, key, input.params));
  const home = input.homeHref ? `<p><a href="${escapeHtml(input.homeHref)}">${t("error.home")}</a></p>` : "";
  return `<!doctype html>
<html lang="${locale}" dir="${directionOf(locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t(input.title)}</title>
<style nonce="${escapeHtml(input.nonce)}">body{font-family:Vazirmatn,system-ui,Tahoma,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#111827;line-height:1.8;text-align:center}a{color:#0059A8}</style></head>
<body><main><h1>${t(input.title)}</h1>${input.body ? `<p>${t(input.body)}</p>` : ""}${home}</main></body>
</html>`;
}
