import { data, redirect, type AppLoadContext } from "react-router";
import { normalizeTypedCode, RESEND_AFTER_SECONDS } from "#core/accounts/otp.ts";
import { localizePath } from "#core/i18n/locales.ts";
import { normalizeMobile } from "#core/passengers/passenger-rules.ts";
import { NO_STORE, refusalStatus } from "#app/booking/answers.server.ts";
import { refuseBadCsrf } from "#app/booking/access.server.ts";
import { optionalPersianName } from "./names.ts";
import { safeNext } from "./safe-next.ts";

/**
 * Signing in and registering by mobile number and SMS code (issue 9): `/login` and `/register`
 * ask for a code, `/login/index2` trades it for a session. Registering is signing in for the
 * first time; its only extra is an optional name, carried to the code page and saved once the
 * code is right. Every answer is the same for a number with or without an account (the core's
 * promise), so nothing here looks the number up.
 */

export type SignInMode = "login" | "register";

/** What travels from the mobile page to the code page, in its query and then in hidden fields. */
interface Carried {
  next: string;
  firstName: string;
  lastName: string;
}

function formField(form: FormData, name: string, max = 100): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}

/** Where a signed-in visitor goes: the page that sent them here, or their account. */
function destination(context: AppLoadContext, next: string | null): string {
  return safeNext(next) ?? localizePath(context.locale.locale, "/account");
}

async function leaveIfSignedIn(context: AppLoadContext, next: string | null): Promise<void> {
  if (await context.auth.current()) throw redirect(destination(context, next), { headers: NO_STORE });
}

function codePageUrl(context: AppLoadContext, mode: SignInMode, mobile: string, carried: Carried, sentAt: Date, resent: boolean): string {
  const query = new URLSearchParams({ mobile });
  if (carried.next) query.set("next", carried.next);
  // Seconds since the epoch by the server's clock: the code page counts the resend wait from it.
  query.set("sent", String(Math.floor(sentAt.getTime() / 1000)));
  if (mode === "register") query.set("register", "1");
  if (carried.firstName) query.set("firstName", carried.firstName);
  if (carried.lastName) query.set("lastName", carried.lastName);
  if (resent) query.set("resent", "1");
  return `${localizePath(context.locale.locale, "/login/index2")}?${query}`;
}

// ---------------------------------------------------------------- /login and /register

export interface SignInPage {
  mode: SignInMode;
  csrf: string;
  next: string;
  /** Prefilled from "change the number" on the code page. */
  mobile: string;
  /** The tenant's reCAPTCHA v3 site key, or null (the built-in proof of work is used). */
  recaptchaSiteKey: string | null;
}

export async function signInLoader(request: Request, context: AppLoadContext, mode: SignInMode) {
  const query = new URL(request.url).searchParams;
  const next = safeNext(query.get("next")) ?? "";
  await leaveIfSignedIn(context, next);
  const page: SignInPage = {
    mode,
    csrf: context.csrf.token(),
    next,
    mobile: (query.get("mobile") ?? "").slice(0, 20),
    recaptchaSiteKey: await context.auth.recaptchaSiteKey(),
  };
  return data(page, { headers: NO_STORE });
}

export type SignInError = "MOBILE_INVALID" | "NAME_INVALID" | "WAIT" | "LIMITED" | "PROOF_REQUIRED" | "PROOF_FAILED" | "SEND_FAILED";

export interface SignInActionData {
  error: SignInError;
  /** Errors shown on a field. */
  fields: Partial<Record<"mobile" | "firstName" | "lastName", "MOBILE_INVALID" | "PERSIAN_ONLY">>;
  /** WAIT and LIMITED: how long until a code may be asked for again. */
  retryAfterSeconds: number | null;
  /** PROOF_REQUIRED: the puzzle the browser solves before asking again. */
  challenge: { id: string; seed: string; difficultyBits: number } | null;
  values: { mobile: string; firstName: string; lastName: string };
}

/** Asks for a code; a resend from the code page comes here too, with the same fields. */
export async function signInAction(request: Request, context: AppLoadContext, mode: SignInMode) {
  const form = await request.formData();
  refuseBadCsrf(context, form);
  const carried: Carried = { next: safeNext(formField(form, "next", 1000)) ?? "", firstName: "", lastName: "" };
  await leaveIfSignedIn(context, carried.next);
  const values = { mobile: formField(form, "mobile", 40), firstName: formField(form, "firstName"), lastName: formField(form, "lastName") };
  const reply = (
    status: number,
    answer: Omit<SignInActionData, "values" | "fields" | "retryAfterSeconds" | "challenge"> & Partial<SignInActionData>,
  ) =>
    data<SignInActionData>(
      { fields: {}, retryAfterSeconds: null, challenge: null, values, ...answer },
      { status: refusalStatus(context, status), headers: NO_STORE },
    );

  if (mode === "register") {
    const firstName = optionalPersianName(values.firstName);
    const lastName = optionalPersianName(values.lastName);
    const fields: SignInActionData["fields"] = {};
    if (firstName === null) fields.firstName = "PERSIAN_ONLY";
    if (lastName === null) fields.lastName = "PERSIAN_ONLY";
    // The number is judged in the same answer, so one submit shows every mistake.
    if (!normalizeMobile(values.mobile)) fields.mobile = "MOBILE_INVALID";
    if (firstName === null || lastName === null) return reply(400, { error: "NAME_INVALID", fields });
    carried.firstName = firstName;
    carried.lastName = lastName;
  }

  const result = await context.auth.requestCode({
    mobile: values.mobile,
    locale: context.locale.locale,
    // The SMS ends with "@host #code" so a phone's browser offers the code to this site (WebOTP); the port is not part of it.
    host: new URL(request.url).hostname,
    powChallengeId: formField(form, "powChallengeId", 64) || null,
    powNonce: formField(form, "powNonce", 64) || null,
    recaptchaToken: formField(form, "recaptchaToken", 4000) || null,
  });
  if (result.ok)
    throw redirect(codePageUrl(context, mode, result.mobile, carried, context.now(), formField(form, "resend") === "1"), {
      status: 303,
      headers: NO_STORE,
    });
  switch (result.error) {
    case "MOBILE_INVALID":
      return reply(400, { error: "MOBILE_INVALID", fields: { mobile: "MOBILE_INVALID" } });
    case "WAIT":
    case "LIMITED":
      return reply(429, { error: result.error, retryAfterSeconds: result.retryAfterSeconds });
    case "PROOF_REQUIRED":
      // Without a challenge the tenant's reCAPTCHA said no (or no token came): the visitor tries again.
      if (!result.challenge) return reply(400, { error: "PROOF_FAILED" });
      return reply(429, {
        error: "PROOF_REQUIRED",
        challenge: { id: result.challenge.id, seed: result.challenge.seed, difficultyBits: result.challenge.difficultyBits },
      });
    case "SEND_FAILED":
      return reply(503, { error: "SEND_FAILED" });
  }
}

// ---------------------------------------------------------------- /login/index2

export interface CodePage {
  mode: SignInMode;
  csrf: string;
  /** Normalised: 09 and nine digits. */
  mobile: string;
  next: string;
  firstName: string;
  lastName: string;
  /** Seconds until the server would send another code (0: now); the page counts down from it. */
  resendInSeconds: number;
  /** A new code was just sent (after "send a new code"). */
  resent: boolean;
}

export async function codeLoader(request: Request, context: AppLoadContext) {
  const query = new URL(request.url).searchParams;
  const next = safeNext(query.get("next")) ?? "";
  await leaveIfSignedIn(context, next);
  const mode: SignInMode = query.get("register") === "1" ? "register" : "login";
  const mobile = normalizeMobile(query.get("mobile") ?? "");
  if (!mobile) {
    // Nothing to enter a code for: back to the number, keeping where the visitor was going.
    const back = localizePath(context.locale.locale, mode === "register" ? "/register" : "/login");
    throw redirect(next ? `${back}?${new URLSearchParams({ next })}` : back, { headers: NO_STORE });
  }
  const sent = Number(query.get("sent"));
  const elapsed = Number.isFinite(sent) && sent > 0 ? context.now().getTime() / 1000 - sent : RESEND_AFTER_SECONDS;
  const page: CodePage = {
    mode,
    csrf: context.csrf.token(),
    mobile,
    next,
    firstName: optionalPersianName(query.get("firstName") ?? "") ?? "",
    lastName: optionalPersianName(query.get("lastName") ?? "") ?? "",
    // Only a hint for the button: the server refuses an early resend (WAIT) whatever the page says.
    resendInSeconds: Math.min(RESEND_AFTER_SECONDS, Math.max(0, Math.ceil(RESEND_AFTER_SECONDS - elapsed))),
    resent: query.get("resent") === "1",
  };
  return data(page, { headers: NO_STORE });
}

export type CodeError = "FORMAT" | "MOBILE_INVALID" | "WRONG" | "LOCKED" | "EXPIRED";

export interface CodeActionData {
  error: CodeError;
  /** WRONG: tries left before the code locks. */
  triesLeft: number | null;
}

/** Trades the code for a session; on the first sign-in from /register the name is saved too. */
export async function codeAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  refuseBadCsrf(context, form);
  const next = safeNext(formField(form, "next", 1000));
  await leaveIfSignedIn(context, next);
  const reply = (status: number, error: CodeError, triesLeft: number | null = null) =>
    data<CodeActionData>({ error, triesLeft }, { status: refusalStatus(context, status), headers: NO_STORE });

  const code = normalizeTypedCode(formField(form, "code", 40));
  // A code that cannot be one is refused here, without spending one of the five tries.
  if (!/^\d{6}$/.test(code)) return reply(400, "FORMAT");
  const result = await context.auth.verifyCode({ mobile: formField(form, "mobile", 40), code, kind: "web" });
  if (!result.ok) {
    if (result.error === "WRONG") return reply(400, "WRONG", result.triesLeft);
    if (result.error === "LOCKED") return reply(429, "LOCKED");
    return reply(400, result.error);
  }

  const firstName = optionalPersianName(formField(form, "firstName")) ?? "";
  const lastName = optionalPersianName(formField(form, "lastName")) ?? "";
  const { account } = result;
  // A name given on /register fills an empty profile; it never overwrites a name the account already has.
  if ((firstName || lastName) && !account.profile.firstName && !account.profile.lastName) {
    const updated = await context.accounts.updateProfile(
      account.tenantId,
      account.id,
      { ...account.profile, firstName: firstName || null, lastName: lastName || null },
      context.now(),
    );
    if (updated) context.auth.refreshDisplay(updated);
  }
  throw redirect(destination(context, next), { status: 303, headers: NO_STORE });
}
