/**
 * The accounts API (issue 9): signing in by mobile number and SMS code for apps (the answer is a
 * bearer token), signing out, and the traveller's own data: profile, bookings and saved passengers.
 *
 * The rules live in core/accounts and server/auth.ts; this module speaks JSON. Errors are
 * `{ "error": CODE, ... }` with a stable code. Every answer is private (`Cache-Control: no-store`).
 * `/api/v1/me*` and logout take `Authorization: Bearer <token>` or the browser's session cookie;
 * a cookie on POST, PATCH or DELETE must come with `X-CSRF-Token` equal to the `hs_csrf` cookie.
 * Malformed input is a 4xx, never a 500.
 */
import express, { Router, type NextFunction, type Request, type Response } from "express";
import { z } from "zod";
import { checkProfile, PROFILE_FIELDS, type ProfileField } from "#app/account/profile.server.ts";
import { factorPath, prefactorPath } from "#app/booking/paths.ts";
import type { Account, Profile, SavedPassenger } from "#core/accounts/account.ts";
import type { Booking } from "#core/booking/booking.ts";
import { DEFAULT_LOCALE, isLocale, localeFromAcceptLanguage, localizePath, type Locale } from "#core/i18n/locales.ts";
import { checkPassengers, passengerTypeOn, type PassengerType } from "#core/passengers/passenger-rules.ts";
import type { BookingRepository } from "#core/ports.ts";
import { parseDateText, tehranToday } from "#core/search/dates.ts";
import type { Tenant } from "#core/tenants/site-config.ts";
import { apiSessionMayAct, requestAuth, type AuthDeps, type RequestAuth, type SignedIn } from "./auth.ts";
import { BOOKINGS_PATH } from "./api/bookings/paths.ts";
import { visibleStatus } from "#core/booking/booking-state.ts";
import { requestLocale } from "./flights-api.ts";
import type { Logger } from "./logger.ts";
import { readCookie } from "./net.ts";
import { passengerRecord } from "#core/passengers/passenger-record.ts";

export const AUTH_OTP_PATH = "/api/v1/auth/otp";
export const AUTH_VERIFY_PATH = "/api/v1/auth/verify";
export const AUTH_LOGOUT_PATH = "/api/v1/auth/logout";
export const ME_PATH = "/api/v1/me";
export const MY_BOOKINGS_PATH = "/api/v1/me/bookings";
export const MY_PASSENGERS_PATH = "/api/v1/me/passengers";
/** Bodies here are a few short fields (a reCAPTCHA token is the longest, ~2 kB). */
export const ACCOUNTS_BODY_LIMIT_BYTES = 16 * 1024;
/** The newest bookings `GET /api/v1/me/bookings` lists. */
export const MY_BOOKINGS_LIMIT = 100;

const MAX_NAME = 100;
/** PostgreSQL text cannot hold NUL; it is dropped rather than letting a client cause a fault. */
const withoutNul = (value: string) => value.replaceAll("\u0000", "");
const text = (max: number) => z.string().max(max).transform(withoutNul);
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => value ?? undefined);
/** A profile field: a value, or null (or blank) to clear it; absent leaves it as it is. */
const profileText = (max: number) => text(max).nullable().optional();

const otpSchema = z.object({
  mobile: text(64),
  powChallengeId: optionalText(64),
  powNonce: optionalText(64),
  recaptchaToken: optionalText(4096),
});

const verifySchema = z.object({ mobile: text(64), code: text(32) });

const logoutSchema = z.object({ everywhere: z.boolean().optional() });

/** What `PATCH /api/v1/me` may change; anything else (the id, the mobile) is refused by name. */
const profileSchema = z
  .object({
    firstName: profileText(MAX_NAME),
    lastName: profileText(MAX_NAME),
    firstNameLatin: profileText(MAX_NAME),
    lastNameLatin: profileText(MAX_NAME),
    nationalCode: profileText(32),
    birthDate: profileText(32),
    gender: profileText(16),
    email: profileText(254),
  })
  .strict();

/** A saved passenger as sent: the booking form's fields without the type, which the birth date decides. */
const passengerSchema = z
  .object({
    nationality: optionalText(8),
    firstName: text(MAX_NAME),
    lastName: text(MAX_NAME),
    firstNameLatin: optionalText(MAX_NAME),
    lastNameLatin: optionalText(MAX_NAME),
    gender: text(16),
    birthDate: text(32),
    nationalCode: optionalText(32),
    passportNumber: optionalText(32),
    passportCountry: optionalText(8),
    passportExpiry: optionalText(32),
    wheelchair: z.boolean().nullish(),
  })
  .strict();

/** Read-only fields of the user: named so a client learns why its change was refused. */
const READ_ONLY_FIELDS = new Set(["id", "mobile"]);

type FieldCodes = Record<string, string>;

interface Locals {
  log?: Logger;
  site?: { tenant: Tenant; configLoaded: boolean };
}

export interface AccountRouteDeps {
  /** The same sign-in, session and account dependencies the pages use (server/app.ts builds them once). */
  auth: AuthDeps;
  bookings: Pick<BookingRepository, "listForUser">;
}

/** The user as the API shows it: the public id, never the database key. */
export function apiUser(account: Pick<Account, "publicId" | "mobile" | "profile">) {
  const profile = account.profile;
  return {
    id: account.publicId,
    mobile: account.mobile,
    firstName: profile.firstName,
    lastName: profile.lastName,
    firstNameLatin: profile.firstNameLatin,
    lastNameLatin: profile.lastNameLatin,
    nationalCode: profile.nationalCode,
    birthDate: profile.birthDate,
    gender: profile.gender,
    email: profile.email,
  };
}

export function apiSavedPassenger(passenger: SavedPassenger) {
  return { id: passenger.id, ...passengerRecord(passenger), updatedAt: passenger.updatedAt.toISOString() };
}

/** A booking in the traveller's list, with the pages and files that belong to it in the request's language. */
export function apiMyBooking(booking: Booking, locale: Locale, now: Date) {
  const status = visibleStatus(booking, now);
  return {
    reference: booking.reference,
    hashId: booking.hashId,
    status,
    service: booking.service,
    total: booking.price.total,
    createdAt: booking.createdAt.toISOString(),
    legs: [...booking.items]
      .sort((a, b) => a.position - b.position)
      .map((item) => ({ from: item.offer.from, to: item.offer.to, departAt: item.offer.departAt, flightNumber: item.offer.flightNumber })),
    links: {
      prefactor: prefactorPath(locale, booking),
      factor: factorPath(locale, booking),
      ticketPdf: status === "issued" ? `${BOOKINGS_PATH}/${booking.hashId}/ticket.pdf` : null,
      follow: `${localizePath(locale, "/follow")}?booking=${encodeURIComponent(booking.hashId)}`,
    },
  };
}

/**
 * The language of the SMS: `?lang`, then the `language` header and the locale cookie (as every
 * API answer), then the phone's Accept-Language, then Persian.
 */
export function messageLocale(req: Request): Locale {
  const lang = Array.isArray(req.query.lang) ? req.query.lang[0] : req.query.lang;
  if (isLocale(lang)) return lang;
  if (isLocale(req.headers.language)) return req.headers.language;
  const cookie = readCookie(req.headers.cookie, "locale");
  if (isLocale(cookie)) return cookie;
  const accept = req.headers["accept-language"];
  return localeFromAcceptLanguage(typeof accept === "string" ? accept.slice(0, 256) : undefined) ?? DEFAULT_LOCALE;
}

/** Stable codes for the shape errors zod finds, by what was actually sent (as the bookings API). */
function shapeErrors(error: z.ZodError, body: unknown): FieldCodes {
  const fields: FieldCodes = {};
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) fields[key] ??= READ_ONLY_FIELDS.has(key) ? "READ_ONLY" : "UNKNOWN_FIELD";
      continue;
    }
    const field = issue.path.length > 0 ? issue.path.join(".") : "body";
    const sent = issue.path.length > 0 && body !== null && typeof body === "object" ? (body as Record<PropertyKey, unknown>)[issue.path[0]!] : body;
    let code = "INVALID";
    if (issue.code === "invalid_type") code = sent === undefined || sent === null ? "REQUIRED" : "INVALID_TYPE";
    else if (issue.code === "too_big") code = "TOO_LONG";
    fields[field] ??= code;
  }
  return fields;
}

/** The type a person travels as today by their birth date; an unreadable date is the rules' to refuse. */
function typeByBirth(birthDate: string, today: string): PassengerType {
  const birth = parseDateText(birthDate);
  const age = birth ? passengerTypeOn(birth, today) : "adult";
  // Too young to fly at all: the rules answer TOO_YOUNG whatever the type.
  return age === "too-young" ? "infant" : age;
}

/**
 * The passenger rules' field errors without the index of the one person checked. A passport is
 * judged on today, so "expires before the trip" reads as the panel says it: expired.
 */
function passengerErrors(errors: Record<string, string>): FieldCodes {
  return Object.fromEntries(Object.entries(errors).map(([key, code]) => [key.replace(/^0\./, ""), code === "PASSPORT_EXPIRES" ? "PASSPORT_EXPIRED" : code]));
}

type ProfilePatch = z.infer<typeof profileSchema>;

/**
 * A PATCH laid over the stored profile and judged by the panel's own check (app/account), so a
 * profile obeys one set of rules whichever way it is edited. Null or blank clears a field.
 */
export function patchProfile(current: Profile, patch: ProfilePatch, today: string): { ok: true; profile: Profile } | { ok: false; fields: FieldCodes } {
  const values: Partial<Record<ProfileField, string>> = {};
  for (const field of PROFILE_FIELDS) {
    const value = patch[field] === undefined ? current[field] : patch[field];
    if (value) values[field] = value;
  }
  const checked = checkProfile(values, today);
  return checked.ok ? checked : { ok: false, fields: checked.errors };
}

/** A request without a body at all: no Content-Length (or 0) and no Transfer-Encoding. */
function hasNoBody(req: Request): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] === undefined && (length === undefined || Number(length) === 0);
}

function fail(res: Response, status: number, code: string, extra: Record<string, unknown> = {}): void {
  res.status(status).json({ error: code, ...extra });
}

/** JSON only: anything else (or nothing) is 415 before a byte of it is parsed. */
function jsonOnly(req: Request, res: Response, next: NextFunction): void {
  if (req.is(["application/json", "application/*+json"])) return next();
  res.setHeader("Cache-Control", "no-store");
  fail(res, 415, "UNSUPPORTED_MEDIA_TYPE");
}

/** JSON, or no body at all (logout needs nothing). */
function jsonOrNothing(req: Request, res: Response, next: NextFunction): void {
  if (hasNoBody(req)) return next();
  jsonOnly(req, res, next);
}

/**
 * The routes, on a router mounted after tenant resolution (`res.locals.site`) and the cross-site
 * guard, which already refuses writes another site's page sends.
 */
export function accountsRoutes(deps: AccountRouteDeps): Router {
  const router = Router();
  const clock = deps.auth.clock;
  // Compressed bodies are refused (415), so the size limit is the size read.
  const parseJson = express.json({ limit: ACCOUNTS_BODY_LIMIT_BYTES, type: ["application/json", "application/*+json"], inflate: false, strict: true });

  /** A private answer for the request's agency: its tenant and the request's auth, or null once a 503 was sent. */
  function open(req: Request, res: Response): { tenant: Tenant; auth: RequestAuth } | null {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Vary", "Host, Authorization, Cookie, language, Accept-Language");
    const site = (res.locals as Locals).site;
    if (!site?.configLoaded) {
      // The fallback configuration has no tenant in the database: there are no accounts to speak of.
      fail(res, 503, "UNAVAILABLE");
      return null;
    }
    return { tenant: site.tenant, auth: requestAuth(deps.auth, req, res, site.tenant) };
  }

  /**
   * The signed-in traveller, or null once 401 or 403 was sent. A browser's cookie rides along on
   * every request its page makes, so on a write it only counts with the CSRF token in a header;
   * an app's bearer token is never sent by a browser on its own and needs none.
   */
  async function signedIn(req: Request, res: Response, auth: RequestAuth): Promise<SignedIn | null> {
    const current = await auth.current();
    if (!current) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="hamsafar"');
      fail(res, 401, "UNAUTHORIZED");
      return null;
    }
    if (!apiSessionMayAct(req, current.via)) {
      fail(res, 403, "CSRF");
      return null;
    }
    return current;
  }

  // `POST /api/v1/auth/otp` {mobile}: a code by SMS. The answer never tells whether the number has an account.
  router.post(AUTH_OTP_PATH, jsonOnly, parseJson, async (req: Request, res: Response) => {
    const opened = open(req, res);
    if (!opened) return;
    const parsed = otpSchema.safeParse(req.body);
    if (!parsed.success) {
      fail(res, 400, "VALIDATION", { fields: shapeErrors(parsed.error, req.body) });
      return;
    }
    const request = parsed.data;
    const result = await opened.auth.requestCode({
      mobile: request.mobile,
      locale: messageLocale(req),
      // Without the port: the SMS's last line binds the code to this site for WebOTP.
      host: req.hostname,
      powChallengeId: request.powChallengeId ?? null,
      powNonce: request.powNonce ?? null,
      recaptchaToken: request.recaptchaToken ?? null,
    });
    if (result.ok) {
      res.status(202).json({ status: "sent", resendAfterSeconds: result.resendAfterSeconds });
      return;
    }
    switch (result.error) {
      case "MOBILE_INVALID":
        fail(res, 400, "MOBILE_INVALID");
        return;
      case "WAIT":
      case "LIMITED":
        // A spent daily budget is the operator's to know about (SMS pumping, or a budget set too low).
        if (result.error === "LIMITED" && result.limit === "tenant") (res.locals as Locals).log?.warn({ limit: "tenant" }, "the agency's daily SMS budget is spent");
        res.setHeader("Retry-After", String(result.retryAfterSeconds));
        fail(res, 429, "RATE_LIMITED", { retryAfterSeconds: result.retryAfterSeconds });
        return;
      case "PROOF_REQUIRED": {
        const challenge = result.challenge;
        if (challenge) {
          fail(res, 428, "PROOF_REQUIRED", { challenge: { id: challenge.id, seed: challenge.seed, difficultyBits: challenge.difficultyBits, expiresAt: challenge.expiresAt.toISOString() } });
        } else {
          fail(res, 428, "PROOF_REQUIRED", { challenge: null, recaptchaSiteKey: await opened.auth.recaptchaSiteKey() });
        }
        return;
      }
      case "SEND_FAILED":
        fail(res, 503, "SMS_UNAVAILABLE");
        return;
    }
  });

  // `POST /api/v1/auth/verify` {mobile, code}: the code for an app's session (a bearer token); the first one opens the account.
  router.post(AUTH_VERIFY_PATH, jsonOnly, parseJson, async (req: Request, res: Response) => {
    const opened = open(req, res);
    if (!opened) return;
    const parsed = verifySchema.safeParse(req.body);
    if (!parsed.success) {
      fail(res, 400, "VALIDATION", { fields: shapeErrors(parsed.error, req.body) });
      return;
    }
    // The session the request came with (an app's old token, a browser's cookie) is replaced, not kept beside the new one.
    const previous = await opened.auth.current();
    const result = await opened.auth.verifyCode({ mobile: parsed.data.mobile, code: parsed.data.code, kind: "api" });
    if (result.ok) {
      // Ends the session current() found (its cookies too), never the new one.
      if (previous) await opened.auth.signOut({ everywhere: false });
      res.status(200).json({ token: result.token, expiresAt: result.session.expiresAt.toISOString(), user: apiUser(result.account) });
      return;
    }
    switch (result.error) {
      case "MOBILE_INVALID":
        fail(res, 400, "MOBILE_INVALID");
        return;
      case "WRONG":
        fail(res, 401, "CODE_WRONG", { triesLeft: result.triesLeft });
        return;
      case "EXPIRED":
        fail(res, 401, "CODE_EXPIRED");
        return;
      case "LOCKED":
        fail(res, 429, "CODE_LOCKED");
        return;
    }
  });

  // `POST /api/v1/auth/logout[?everywhere=true]` ({everywhere: true}): this session ends, or every session of the account.
  router.post(AUTH_LOGOUT_PATH, jsonOrNothing, parseJson, async (req: Request, res: Response) => {
    const opened = open(req, res);
    if (!opened) return;
    if (!(await signedIn(req, res, opened.auth))) return;
    const parsed = logoutSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      fail(res, 400, "VALIDATION", { fields: shapeErrors(parsed.error, req.body) });
      return;
    }
    const everywhere = req.query.everywhere === "true" || parsed.data.everywhere === true;
    await opened.auth.signOut({ everywhere });
    res.status(204).end();
  });

  router.get(ME_PATH, async (req: Request, res: Response) => {
    const opened = open(req, res);
    if (!opened) return;
    const current = await signedIn(req, res, opened.auth);
    if (!current) return;
    res.json(apiUser(current.account));
  });

  // `PATCH /api/v1/me`: profile fields; null clears one.
  router.patch(ME_PATH, jsonOnly, parseJson, async (req: Request, res: Response) => {
    const opened = open(req, res);
    if (!opened) return;
    const current = await signedIn(req, res, opened.auth);
    if (!current) return;
    const parsed = profileSchema.safeParse(req.body);
    if (!parsed.success) {
      fail(res, 400, "VALIDATION", { fields: shapeErrors(parsed.error, req.body) });
      return;
    }
    const now = clock.now();
    const checked = patchProfile(current.account.profile, parsed.data, tehranToday(now));
    if (!checked.ok) {
      fail(res, 400, "VALIDATION", { fields: checked.fields });
      return;
    }
    const updated = await deps.auth.accounts.updateProfile(opened.tenant.id, current.account.id, checked.profile, now);
    if (!updated) {
      // The account went between the session check and the write.
      fail(res, 401, "UNAUTHORIZED");
      return;
    }
    // A browser's name in the header follows the change.
    if (current.via === "cookie") opened.auth.refreshDisplay(updated);
    res.json(apiUser(updated));
  });

  router.get(MY_BOOKINGS_PATH, async (req: Request, res: Response) => {
    const opened = open(req, res);
    if (!opened) return;
    const current = await signedIn(req, res, opened.auth);
    if (!current) return;
    const locale = requestLocale(req);
    const now = clock.now();
    const bookings = await deps.bookings.listForUser(opened.tenant.id, current.account.id, MY_BOOKINGS_LIMIT);
    res.json({ bookings: bookings.map((booking) => apiMyBooking(booking, locale, now)) });
  });

  router.get(MY_PASSENGERS_PATH, async (req: Request, res: Response) => {
    const opened = open(req, res);
    if (!opened) return;
    const current = await signedIn(req, res, opened.auth);
    if (!current) return;
    const passengers = await deps.auth.accounts.savedPassengers(current.account.id);
    res.json({ passengers: passengers.map(apiSavedPassenger) });
  });

  // `POST /api/v1/me/passengers`: a person for the booking forms, checked by the passenger rules as of today.
  router.post(MY_PASSENGERS_PATH, jsonOnly, parseJson, async (req: Request, res: Response) => {
    const opened = open(req, res);
    if (!opened) return;
    const current = await signedIn(req, res, opened.auth);
    if (!current) return;
    const parsed = passengerSchema.safeParse(req.body);
    if (!parsed.success) {
      fail(res, 400, "VALIDATION", { fields: shapeErrors(parsed.error, req.body) });
      return;
    }
    const now = clock.now();
    const today = tehranToday(now);
    const input = { ...parsed.data, wheelchair: parsed.data.wheelchair ?? undefined };
    const checked = checkPassengers([{ ...input, type: typeByBirth(input.birthDate, today) }], { lastFlightDate: today, today, latinNamesRequired: false });
    if (!checked.ok) {
      fail(res, 400, "VALIDATION", { fields: passengerErrors(checked.errors) });
      return;
    }
    const { type: _type, ...person } = checked.passengers[0]!;
    const before = await deps.auth.accounts.savedPassengers(current.account.id);
    const saved = await deps.auth.accounts.savePassenger(current.account.id, person, now);
    // The same person (national code or passport) updates their entry rather than adding one.
    const existed = before.some((entry) => entry.id === saved.id);
    if (!existed) res.setHeader("Location", `${MY_PASSENGERS_PATH}/${saved.id}`);
    res.status(existed ? 200 : 201).json(apiSavedPassenger(saved));
  });

  router.delete(`${MY_PASSENGERS_PATH}/:id`, async (req: Request, res: Response) => {
    const opened = open(req, res);
    if (!opened) return;
    const current = await signedIn(req, res, opened.auth);
    if (!current) return;
    // Scoped by the account: another traveller's entry is as unknown as an id that never was.
    const deleted = await deps.auth.accounts.deletePassenger(current.account.id, String(req.params.id ?? ""));
    if (!deleted) {
      fail(res, 404, "NOT_FOUND");
      return;
    }
    res.status(204).end();
  });

  // Other methods on these paths: a JSON 405 naming the allowed ones, not the storefront's HTML 404.
  const allowed: [string, string][] = [
    [AUTH_OTP_PATH, "POST"],
    [AUTH_VERIFY_PATH, "POST"],
    [AUTH_LOGOUT_PATH, "POST"],
    [ME_PATH, "GET, HEAD, PATCH"],
    [MY_BOOKINGS_PATH, "GET, HEAD"],
    [MY_PASSENGERS_PATH, "GET, HEAD, POST"],
    [`${MY_PASSENGERS_PATH}/:id`, "DELETE"],
  ];
  for (const [path, methods] of allowed) {
    router.all(path, (_req: Request, res: Response) => {
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("Allow", methods);
      fail(res, 405, "METHOD_NOT_ALLOWED");
    });
  }

  // Faults of the body parser (too large, malformed, compressed, another charset) and anything
  // thrown by a handler (the database): JSON answers on these paths, never the HTML error page.
  router.use(["/api/v1/auth", ME_PATH], (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    res.setHeader("Cache-Control", "no-store");
    const { status, type } = (error ?? {}) as { status?: unknown; type?: unknown };
    if (type === "entity.too.large" || status === 413) return fail(res, 413, "BODY_TOO_LARGE");
    if (type === "encoding.unsupported" || type === "charset.unsupported" || status === 415) return fail(res, 415, "UNSUPPORTED_MEDIA_TYPE");
    if (typeof status === "number" && status >= 400 && status < 500) return fail(res, 400, "BAD_JSON");
    (res.locals as Locals).log?.error({ err: error }, "accounts API failed");
    fail(res, 503, "UNAVAILABLE");
  });

  return router;
}
