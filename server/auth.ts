import type { NextFunction, Request, Response } from "express";
import { translate } from "#core/i18n/messages.ts";
import "#core/i18n/catalogs.ts";
import { displayName, type Account, type Session } from "#core/accounts/account.ts";
import { DEFAULT_DAILY_SMS_BUDGET } from "#core/accounts/otp.ts";
import { SESSION_TTL_SECONDS } from "#core/accounts/session-token.ts";
import {
  currentSession,
  requestSignInCode,
  verifyMobileCode,
  verifySignInCode,
  type CodeRequestResult,
  type MobileVerificationResult,
  type CodeVerificationResult,
  type HumanProof,
} from "#core/accounts/sign-in.ts";
import { decideLocale, type Locale } from "#core/i18n/locales.ts";
import { renderStaticPage } from "./static-page.ts";
import { cspNonce } from "./security-headers.ts";
import type { Clock, RateLimiter } from "#core/ports.ts";
import type { AccountRepository, SessionRepository, SignInStore } from "#core/accounts/ports.ts";
import type { Tenant } from "#core/tenants/site-config.ts";
import { requestLocale } from "./api/locale.ts";
import { answersInEnvelope } from "./api/paths.ts";
import { frontDoorProblem, sendProblem } from "./api/problem.ts";
import { hashClientAddress, normalizeAddress, rateLimitSubject } from "./client-address.ts";
import { readCookie, safeEqual } from "./net.ts";
import type { SmsSender } from "#core/ports.ts";

/**
 * Sessions, sign-in and CSRF on the web (issue 9; ARCHITECTURE.md §9). The rules live in
 * core/accounts; this module speaks HTTP: cookies, bearer headers, client addresses, origins.
 */

/** The session token: HttpOnly, so no script (ours or injected) can read it. */
export const SESSION_COOKIE = "hs_session";
/** The CSRF token every form carries back (double submit, compared in constant time). */
export const CSRF_COOKIE = "hs_csrf";
export const CSRF_FIELD = "csrf";
export const CSRF_HEADER = "x-csrf-token";
/** Display hints (spec §3; NOTES.md): the name and the public id, readable by pages, secret in nothing. */
export const USER_NAME_COOKIE = "user_name";
export const USER_ID_COOKIE = "user_id";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Paths another site posts to by design: the bank's return (a payment is decided by verify, never by who posts). */
const CROSS_SITE_POSTS = ["/payment/callback/", "/sandbox-bank/"];

export interface SignedIn {
  account: Account;
  session: Session;
  /** How the request proved it: the browser's cookie or an app's bearer token. */
  via: "cookie" | "bearer";
}

/** The tenant's text-message sender (server/sms-senders.ts). */
export interface SmsSenders {
  forTenant(tenant: Pick<Tenant, "id" | "smsSender">): Promise<SmsSender>;
}

/** reCAPTCHA v3 for tenants that configured it (server/human-check.ts); null otherwise. */
export interface HumanCheck {
  forTenant(tenant: Pick<Tenant, "id" | "recaptchaV3SiteKey">): Promise<{
    siteKey: string;
    verify(token: string, remoteIp: string | null): Promise<"pass" | "fail" | "unavailable">;
  } | null>;
}

export interface AuthDeps {
  accounts: AccountRepository;
  sessions: SessionRepository;
  signIn: SignInStore;
  smsSenders: SmsSenders;
  humanCheck: HumanCheck;
  clock: Clock;
  ipHashSecret: string;
  rateLimiter: RateLimiter;
}

/**
 * Requests to the sign-in endpoints per address in ten minutes, whatever their outcome: the code
 * limits count sends and failures, this bounds the work (and challenges stored) of a flood.
 */
export const AUTH_REQUEST_LIMIT = 60;
export const AUTH_REQUEST_WINDOW_SECONDS = 600;

/** 256 random bits, base64url. */
export const CSRF_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function newCsrfToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

function cookieOptions(req: Request, httpOnly: boolean) {
  return {
    path: "/",
    httpOnly,
    sameSite: "lax" as const,
    secure: req.secure,
    maxAge: SESSION_TTL_SECONDS * 1000,
  };
}

export function bearerToken(req: Request): string | null {
  const header = req.headers.authorization;
  if (typeof header !== "string") return null;
  const match = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(header.trim());
  return match ? match[1]! : null;
}

export function clientIpHash(req: Request, secret: string): string {
  return hashClientAddress(secret, rateLimitSubject(normalizeAddress(req.ip)));
}

/**
 * Refuses a state-changing request sent by another site (Fetch Metadata, then Origin), before any
 * page or API sees it. Browsers send at least one of the two on every cross-site POST; a request
 * with neither is not from a browser and carries no ambient cookie worth forging. Forms also carry
 * a token (checked by each action), so a browser that sends neither header is still covered.
 */
export function crossSiteRequestGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!UNSAFE_METHODS.has(req.method)) return next();
    const path = req.path;
    if (CROSS_SITE_POSTS.some((prefix) => path.startsWith(prefix))) return next();
    if (isCrossSite(req)) {
      res.status(403).setHeader("Cache-Control", "no-store");
      if (answersInEnvelope(path)) sendProblem(res, frontDoorProblem(requestLocale(req), "CROSS_SITE_REQUEST"));
      else
        res.type("html").send(
          renderStaticPage({
            locale: decideLocale({ pathname: path, cookie: undefined }).locale,
            title: "error.formExpired.title",
            body: "error.formExpired.detail",
            homeHref: "/",
            nonce: cspNonce(res),
          }),
        );
      return;
    }
    next();
  };
}

export function isCrossSite(req: Request): boolean {
  const fetchSite = req.headers["sec-fetch-site"];
  if (typeof fetchSite === "string") return fetchSite !== "same-origin" && fetchSite !== "none";
  const origin = req.headers.origin;
  if (typeof origin !== "string") return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    // "null" (a sandboxed frame, a file) or garbage: not our page.
    return true;
  }
}

/** The browser's CSRF token, set when it has none yet (on the page that renders a form). */
export function csrfTokenOf(req: Request, res: Response): string {
  // `csrfToken` tells the page cache this answer carries the browser's own token.
  const locals = res.locals as { csrfIssued?: string; csrfToken?: string };
  const existing = readCookie(req.headers.cookie, CSRF_COOKIE);
  if (existing && CSRF_TOKEN_PATTERN.test(existing)) return (locals.csrfToken = existing);
  const token = locals.csrfIssued ?? newCsrfToken();
  locals.csrfIssued = token;
  locals.csrfToken = token;
  if (!res.headersSent) res.cookie(CSRF_COOKIE, token, cookieOptions(req, true));
  return token;
}

/**
 * Whether a submitted token is right. A request that carries neither our CSRF cookie nor a session
 * has no ambient authority to abuse (a first visit, a client without cookies) and passes; any
 * other must echo the cookie's token.
 */
export function csrfValid(req: Request, submitted: string | null): boolean {
  const cookie = readCookie(req.headers.cookie, CSRF_COOKIE);
  const session = readCookie(req.headers.cookie, SESSION_COOKIE);
  if (!cookie) return !session;
  return submitted !== null && safeEqual(submitted, cookie);
}

/**
 * Whether an API request may act with the session it came with. A browser's cookie rides along on
 * every request its pages make, so a write by cookie counts only with the CSRF token in a header;
 * an app's bearer token is never sent by a browser on its own and needs none.
 */
export function apiSessionMayAct(req: Request, via: SignedIn["via"]): boolean {
  return via === "bearer" || req.method === "GET" || req.method === "HEAD" || csrfValid(req, req.get(CSRF_HEADER) ?? null);
}

/** Everything about the visitor's account a page or an API route needs, for one request. */
export function requestAuth(deps: AuthDeps, req: Request, res: Response, tenant: Tenant) {
  let resolved: Promise<SignedIn | null> | null = null;
  const ipHash = () => clientIpHash(req, deps.ipHashSecret);
  const flooded = async (): Promise<number | null> => {
    const verdict = await deps.rateLimiter.hit({
      bucket: `auth:${ipHash()}`,
      limit: AUTH_REQUEST_LIMIT,
      windowSeconds: AUTH_REQUEST_WINDOW_SECONDS,
      now: deps.clock.now(),
    });
    return verdict.allowed ? null : verdict.retryAfterSeconds;
  };

  function current(): Promise<SignedIn | null> {
    resolved ??= (async () => {
      const bearer = bearerToken(req);
      const token = bearer ?? readCookie(req.headers.cookie, SESSION_COOKIE);
      if (!token) return null;
      const found = await currentSession(deps, tenant.id, token);
      if (!found) {
        // A session that ended elsewhere (logout everywhere, expiry): the display cookies must not claim otherwise.
        if (!bearer && !res.headersSent) clearCookies();
        return null;
      }
      return {
        ...found,
        via: bearer ? ("bearer" as const) : ("cookie" as const),
      };
    })();
    return resolved;
  }

  function setDisplayCookies(account: Account) {
    // Express percent-encodes cookie values itself.
    res.cookie(USER_NAME_COOKIE, displayName(account), cookieOptions(req, false));
    res.cookie(USER_ID_COOKIE, account.publicId, cookieOptions(req, false));
  }

  function clearCookies() {
    for (const name of [SESSION_COOKIE, USER_NAME_COOKIE, USER_ID_COOKIE, CSRF_COOKIE]) res.clearCookie(name, { path: "/" });
  }

  return {
    current,

    async requestCode(input: {
      mobile: string;
      locale: Locale;
      host: string;
      powChallengeId?: string | null;
      powNonce?: string | null;
      recaptchaToken?: string | null;
    }): Promise<CodeRequestResult> {
      const wait = await flooded();
      if (wait !== null)
        return {
          ok: false,
          error: "LIMITED",
          retryAfterSeconds: wait,
          limit: "ip",
        };
      const recaptcha = await deps.humanCheck.forTenant(tenant);
      let proof: HumanProof | null = null;
      // When Google cannot be reached the built-in proof of work stands in, so sign-in never depends on it.
      let useRecaptcha = recaptcha !== null;
      if (recaptcha && input.recaptchaToken) {
        const verdict = await recaptcha.verify(input.recaptchaToken, req.ip ?? null);
        if (verdict === "unavailable") useRecaptcha = false;
        else proof = { kind: "recaptcha", passed: verdict === "pass" };
      }
      if (!proof && input.powChallengeId && input.powNonce)
        proof = {
          kind: "pow",
          challengeId: input.powChallengeId,
          nonce: input.powNonce,
        };
      const site = tenant.nameCompany[input.locale] || tenant.nameCompany.fa;
      return requestSignInCode(
        {
          store: deps.signIn,
          clock: deps.clock,
          sms: await deps.smsSenders.forTenant(tenant),
        },
        {
          tenantId: tenant.id,
          mobile: input.mobile,
          ipHash: ipHash(),
          dailyBudget: tenant.smsDailyBudget ?? DEFAULT_DAILY_SMS_BUDGET,
          proof,
          recaptcha: useRecaptcha && proof?.kind !== "pow",
          // The last line lets a phone's browser offer the code to the page that asked for it (WebOTP).
          message: (code) => `${translate(input.locale, "auth.sms.code", { site, code })}\n\n@${input.host} #${code}`,
        },
      );
    },

    /** On success a browser session starts (cookie), the old one ends, and the CSRF token is new. */
    async verifyCode(input: { mobile: string; code: string; kind: "web" | "api" }): Promise<CodeVerificationResult> {
      const wait = await flooded();
      // A flood of guesses is answered like a locked code: nothing is tried until the window ends.
      if (wait !== null) return { ok: false, error: "LOCKED" };
      const previousToken = input.kind === "web" ? (readCookie(req.headers.cookie, SESSION_COOKIE) ?? null) : null;
      const result = await verifySignInCode(
        {
          store: deps.signIn,
          clock: deps.clock,
          accounts: deps.accounts,
          sessions: deps.sessions,
        },
        {
          tenantId: tenant.id,
          mobile: input.mobile,
          code: input.code,
          ipHash: ipHash(),
          kind: input.kind,
          userAgent: req.headers["user-agent"] ?? null,
          previousToken,
        },
      );
      if (result.ok && input.kind === "web") {
        res.cookie(SESSION_COOKIE, result.token, cookieOptions(req, true));
        res.cookie(CSRF_COOKIE, newCsrfToken(), cookieOptions(req, true));
        setDisplayCookies(result.account);
        resolved = Promise.resolve({
          account: result.account,
          session: result.session,
          via: "cookie",
        });
      }
      return result;
    },

    /** Proves a mobile by its code (a notify-me alert's number) without signing in: same limits and locks as verifyCode. */
    async verifyMobile(input: { mobile: string; code: string }): Promise<MobileVerificationResult> {
      const wait = await flooded();
      if (wait !== null) return { ok: false, error: "LOCKED" };
      return verifyMobileCode(
        { store: deps.signIn, clock: deps.clock, accounts: deps.accounts },
        { tenantId: tenant.id, mobile: input.mobile, code: input.code, ipHash: ipHash() },
      );
    },

    /** Ends this session, or every session of the account; the browser's cookies go too. */
    async signOut(input: { everywhere: boolean }): Promise<void> {
      const signedIn = await current();
      if (signedIn) {
        const now = deps.clock.now();
        if (input.everywhere) await deps.sessions.revokeAll(tenant.id, signedIn.account.id, now);
        else await deps.sessions.revoke(signedIn.session.id, now);
      }
      if (!bearerToken(req)) clearCookies();
      resolved = Promise.resolve(null);
    },

    /** The display cookies follow a profile change (a new name). */
    refreshDisplay(account: Account) {
      setDisplayCookies(account);
    },

    recaptchaSiteKey: async () => (await deps.humanCheck.forTenant(tenant))?.siteKey ?? null,
  };
}

export type RequestAuth = ReturnType<typeof requestAuth>;
