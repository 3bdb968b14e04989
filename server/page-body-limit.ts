import type { RequestHandler } from "express";
import { decideLocale } from "#core/i18n/locales.ts";
import { cspNonce } from "./security-headers.ts";
import { renderStaticPage } from "./static-page.ts";

/** A page's form (sign-in, passengers, a back-office screen): text only, never near this. */
export const PAGE_FORM_LIMIT_BYTES = 256 * 1024;
/** A form with files (logos of 2 MB each, a blog cover of 5 MB) and its fields. */
export const PAGE_UPLOAD_LIMIT_BYTES = 12 * 1024 * 1024;

/**
 * Page form posts are read whole by the router before any check of who sent them, so their size
 * is bounded here first: a declared length over the bound is refused (413) unread, and a body
 * without a declared length (browsers always declare one for a form) is refused (411).
 */
export function pageBodyLimit(): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const multipart = (req.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/form-data");
    const limit = multipart ? PAGE_UPLOAD_LIMIT_BYTES : PAGE_FORM_LIMIT_BYTES;
    const declared = req.headers["content-length"];
    const chunked = declared === undefined && req.headers["transfer-encoding"] !== undefined;
    const tooLarge = declared !== undefined && !(Number(declared) <= limit);
    if (!chunked && !tooLarge) return next();
    const locale = decideLocale({ pathname: req.path, cookie: undefined }).locale;
    res.status(chunked ? 411 : 413).setHeader("Cache-Control", "no-store");
    // The unread body is not worth reading: the connection closes after this answer.
    res.setHeader("Connection", "close");
    res.type("html").send(renderStaticPage({ locale, title: "error.tooLarge.title", body: "error.tooLarge.body", nonce: cspNonce(res) }));
  };
}
