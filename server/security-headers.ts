/**
 * Security headers of every answer (issue 16 §4; docs/decisions/0016-content-security-policy.md):
 * a Content-Security-Policy whose scripts are allowed by a nonce drawn afresh for each request,
 * `frame-ancestors 'none'`, Referrer-Policy, nosniff, and HSTS when the request came over https.
 *
 * The middleware draws the nonce and sets the baseline policy on every answer; the shop's pages
 * get the tenant's policy (its gateways, logos, reCAPTCHA) just before the router, and the bank's
 * and developer's own pages replace it with their stricter ones. Each carries the same nonce.
 */
import { randomBytes } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Tenant } from "#core/tenants/site-config.ts";
import type { PaymentGateways } from "./payment-gateways.ts";

/** One year: the usual HSTS lifetime. No includeSubDomains: a tenant's other hosts are not ours. */
export const HSTS_VALUE = "max-age=31536000";

/** Where reCAPTCHA v3 loads its scripts, styles and frames from (Google's documented CSP sources). */
export const RECAPTCHA_SOURCES = {
  script: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
  style: ["https://www.gstatic.com/recaptcha/"],
  frame: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
} as const;

/** 128 random bits, base64: a fresh one for every request. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

interface NonceLocals {
  cspNonce?: string;
}

/** The nonce of this request, drawn by the middleware (or here, for a router mounted alone). */
export function cspNonce(res: Response): string {
  const locals = res.locals as NonceLocals;
  locals.cspNonce ??= createNonce();
  return locals.cspNonce;
}

export interface PagePolicyInput {
  nonce: string;
  /** Development (Vite): its HMR websocket and the styles it injects. */
  dev: boolean;
  /** Origins outside the shop its forms may send the buyer to: the tenant's payment gateways. */
  formTargets?: readonly string[];
  /** Origins of images the tenant configured by absolute URL (logos, favicon). */
  imageOrigins?: readonly string[];
  /** The tenant loads reCAPTCHA v3 on its sign-in page. */
  recaptcha?: boolean;
  /** The back-office's settings screen frames the storefront's preview (same origin only). */
  framesSelf?: boolean;
  /** A settings preview: framed by the settings screen of the same origin, by nobody else. */
  framedBySelf?: boolean;
}

const unique = (values: readonly string[]) => [...new Set(values)];

/** The plain origins among `values` (see externalOrigin): nothing else reaches a header. */
const origins = (values: readonly string[] | undefined) =>
  (values ?? []).map(externalOrigin).filter((origin): origin is string => origin !== null);

/**
 * The shop's policy. Scripts: our own files and the nonce's inline ones, nothing else (no
 * 'strict-dynamic': the router's lazily imported route chunks are ours, allowed by 'self').
 * Styles: `<style>` elements by nonce; style attributes are allowed, React renders some (the
 * tenant's colours on <html>). `style-src` is the fallback of browsers without -elem/-attr.
 */
export function pagePolicy(input: PagePolicyInput): string {
  const nonce = `'nonce-${input.nonce}'`;
  const recaptcha = input.recaptcha === true;
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", nonce, ...(recaptcha ? RECAPTCHA_SOURCES.script : [])]],
    ["style-src", ["'self'", "'unsafe-inline'", ...(recaptcha ? RECAPTCHA_SOURCES.style : [])]],
    // Vite injects <style> elements without a nonce in development; a nonce would void 'unsafe-inline'.
    ["style-src-elem", ["'self'", input.dev ? "'unsafe-inline'" : nonce, ...(recaptcha ? RECAPTCHA_SOURCES.style : [])]],
    ["style-src-attr", ["'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", ...origins(input.imageOrigins)]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", ...(input.dev ? ["ws:", "wss:"] : [])]],
    [
      "frame-src",
      recaptcha || input.framesSelf ? [...(input.framesSelf ? ["'self'"] : []), ...(recaptcha ? RECAPTCHA_SOURCES.frame : [])] : ["'none'"],
    ],
    ["form-action", ["'self'", ...origins(input.formTargets)]],
    ["frame-ancestors", [input.framedBySelf ? "'self'" : "'none'"]],
    ["base-uri", ["'self'"]],
    ["object-src", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${unique(sources).join(" ")}`).join("; ");
}

/**
 * The policy of a self-contained page (the sandbox bank, the SMS outbox): nothing loads but its
 * own inline style and script, by nonce; its forms go to itself or to `formTargets`.
 */
export function standalonePagePolicy(input: { nonce: string; script: boolean; formTargets?: readonly string[] }): string {
  const nonce = `'nonce-${input.nonce}'`;
  return [
    "default-src 'none'",
    `style-src ${nonce}`,
    `script-src ${input.script ? nonce : "'none'"}`,
    "img-src data:",
    `form-action ${unique(["'self'", ...origins(input.formTargets)]).join(" ")}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A host name (or IPv6 literal) and port, nothing a CSP header could read as more than one source. */
const PLAIN_ORIGIN = /^https?:\/\/([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/;

/**
 * An absolute http(s) URL's origin, or null for a path on the shop's own origin (or anything
 * that is not a URL a page could load, or whose host is not plain enough to go in a header).
 * Origins are what CSP source lists take.
 */
export function externalOrigin(url: string | null | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url.trim())) return null;
  try {
    const origin = new URL(url.trim()).origin;
    return PLAIN_ORIGIN.test(origin) ? origin : null;
  } catch {
    return null;
  }
}

/**
 * Draws the request's nonce and sets the headers every answer carries. HSTS only over https:
 * `req.secure` honours X-Forwarded-Proto only from proxies TRUST_PROXY trusts, so a plain-http
 * request cannot ask for it, and a development server on http never pins a browser to https.
 */
export function securityHeaders(options: { dev: boolean }): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = cspNonce(res);
    res.setHeader("Content-Security-Policy", pagePolicy({ nonce, dev: options.dev }));
    res.setHeader("X-Content-Type-Options", "nosniff");
    // The full address stays on the site; other sites (a bank checking where its buyer came from) get the origin.
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    // For browsers that predate frame-ancestors.
    res.setHeader("X-Frame-Options", "DENY");
    if (req.secure) res.setHeader("Strict-Transport-Security", HSTS_VALUE);
    next();
  };
}

/** What a tenant's pages load or post beyond the shop's own origin. */
export interface TenantPolicySources {
  formTargets: string[];
  imageOrigins: string[];
  recaptcha: boolean;
}

type PolicyTenant = Pick<Tenant, "id" | "paymentGateways" | "logo" | "logoHeader" | "logoFooter" | "favIcon" | "recaptchaV3SiteKey">;

/** At most this many tenants' gateway origins are remembered; beyond it the memory starts afresh. */
const MAX_REMEMBERED_TENANTS = 1_000;

/**
 * A tenant's extra sources, from its configuration: the origins of the gateways it lets travellers
 * start paying through (from each gateway's own `browserOrigins`: Zarinpal's configured base URL,
 * none for the sandbox bank on the shop's host), its logos' and favicon's origins when given as
 * absolute URLs, and reCAPTCHA when it set a site key. Gateways are built from stored credentials,
 * so their origins are remembered for `ttlMs` (the tenant cache's lifetime); a failure to read them
 * leaves only 'self' (starting a payment fails then too) and is not remembered.
 */
export function createTenantPolicySources(deps: {
  paymentGateways: PaymentGateways;
  ttlMs: number;
  now?: () => number;
  log?: { warn(object: object, message: string): void };
}): (tenant: PolicyTenant) => Promise<TenantPolicySources> {
  const now = deps.now ?? Date.now;
  const remembered = new Map<string, { at: number; origins: string[] }>();

  async function gatewayOrigins(tenant: PolicyTenant): Promise<string[]> {
    const key = `${tenant.id}\u0000${tenant.paymentGateways.join(",")}`;
    const hit = remembered.get(key);
    if (hit && now() - hit.at < deps.ttlMs) return hit.origins;
    try {
      const gateway = await deps.paymentGateways.forTenant(tenant.id);
      const origins = unique(
        tenant.paymentGateways.flatMap((name) => gateway(name)?.browserOrigins ?? []).filter((origin) => externalOrigin(origin) === origin),
      );
      if (deps.ttlMs > 0) {
        if (remembered.size >= MAX_REMEMBERED_TENANTS) remembered.clear();
        remembered.set(key, { at: now(), origins });
      }
      return origins;
    } catch (error) {
      deps.log?.warn(
        { err: error, tenantId: tenant.id },
        "payment gateways unreadable: the page's form-action allows only the site itself",
      );
      return [];
    }
  }

  return async (tenant) => ({
    formTargets: await gatewayOrigins(tenant),
    imageOrigins: unique(
      [tenant.logo, tenant.logoHeader, tenant.logoFooter, tenant.favIcon]
        .map(externalOrigin)
        .filter((origin): origin is string => origin !== null),
    ),
    recaptcha: (tenant.recaptchaV3SiteKey?.trim() ?? "") !== "",
  });
}
