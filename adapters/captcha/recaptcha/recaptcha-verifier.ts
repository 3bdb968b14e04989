/**
 * Google reCAPTCHA v3 as a RecaptchaVerifier (issue 9): the page's token goes to Google's
 * siteverify with the tenant's secret, and Google's answer becomes a score or one of two failures.
 * The caller decides what score is enough. See README.md next to this file for the protocol and
 * the mapping.
 */
import type { RecaptchaVerifier } from "#core/accounts/ports.ts";

export const RECAPTCHA_BASE_URL = "https://www.google.com";
/** Google's own alternative host, for servers that cannot reach www.google.com. */
export const RECAPTCHA_NET_BASE_URL = "https://www.recaptcha.net";
export const SITEVERIFY_PATH = "/recaptcha/api/siteverify";

const DEFAULT_TIMEOUT_MS = 5_000;
/** Real tokens are a few hundred to a couple of thousand characters; anything far longer is not one. */
export const MAX_RECAPTCHA_TOKEN_LENGTH = 10_000;

export type RecaptchaError = "INVALID" | "UNAVAILABLE";
export type RecaptchaResult = { ok: true; score: number } | { ok: false; error: RecaptchaError; message?: string };

export interface RecaptchaVerifierOptions {
  /** www.google.com by default; RECAPTCHA_NET_BASE_URL where Google is blocked; a fake server in tests. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Per call, including reading the answer. A human waits on it, so it is short. */
  timeoutMs?: number;
}

export interface GoogleRecaptchaVerifier extends RecaptchaVerifier {
  verify(input: Parameters<RecaptchaVerifier["verify"]>[0]): Promise<RecaptchaResult>;
}

/**
 * Codes that blame the token (the visitor's side): the verdict is "not a human we can vouch for".
 * Every other code (missing-input-secret, invalid-input-secret, bad-request, anything new) blames
 * our own request or configuration, which no visitor can fix: that is UNAVAILABLE, so the caller
 * falls back to its own check instead of refusing everyone.
 */
const TOKEN_ERRORS = new Set(["missing-input-response", "invalid-input-response", "timeout-or-duplicate"]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Google's codes, printable and short, for a log line. */
function codesOf(body: Record<string, unknown>): string[] {
  const codes = body["error-codes"];
  return Array.isArray(codes)
    ? codes.filter((code): code is string => typeof code === "string").map((code) => code.replace(/[^\w-]/g, "").slice(0, 60))
    : [];
}

export function createRecaptchaVerifier(options: RecaptchaVerifierOptions = {}): GoogleRecaptchaVerifier {
  const url = `${(options.baseUrl ?? RECAPTCHA_BASE_URL).replace(/\/+$/, "")}${SITEVERIFY_PATH}`;
  const fetchFn = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return {
    async verify({ token, secret, remoteIp, expectedAction }) {
      // Not worth a call: Google would only say missing-input-response or invalid-input-response.
      if (typeof token !== "string" || token.trim() === "" || token.length > MAX_RECAPTCHA_TOKEN_LENGTH)
        return { ok: false, error: "INVALID", message: "no usable token" };
      if (typeof secret !== "string" || secret.trim() === "") return { ok: false, error: "UNAVAILABLE", message: "no secret configured" };

      const form = new URLSearchParams({ secret: secret.trim(), response: token.trim() });
      if (remoteIp) form.set("remoteip", remoteIp);

      let status: number;
      let text: string;
      try {
        const response = await fetchFn(url, {
          method: "POST",
          headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8" },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: "error",
        });
        status = response.status;
        text = await response.text();
      } catch (error) {
        // The error's own text is left out: nothing of the request (the secret is in its body) should reach a log.
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        return {
          ok: false,
          error: "UNAVAILABLE",
          message: timedOut ? `reCAPTCHA did not answer within ${timeoutMs} ms` : "reCAPTCHA could not be reached",
        };
      }
      if (status < 200 || status >= 300) return { ok: false, error: "UNAVAILABLE", message: `reCAPTCHA answered HTTP ${status}` };

      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return { ok: false, error: "UNAVAILABLE", message: "reCAPTCHA answered without JSON" };
      }
      if (!isRecord(body) || typeof body.success !== "boolean")
        return { ok: false, error: "UNAVAILABLE", message: "reCAPTCHA answered without success" };

      if (!body.success) {
        const codes = codesOf(body);
        // No code at all: Google judged the token and said no.
        const ours = codes.filter((code) => !TOKEN_ERRORS.has(code));
        if (ours.length > 0) return { ok: false, error: "UNAVAILABLE", message: `reCAPTCHA refused the request: ${ours.join(", ")}` };
        return {
          ok: false,
          error: "INVALID",
          message: codes.length > 0 ? `reCAPTCHA refused the token: ${codes.join(", ")}` : "reCAPTCHA refused the token",
        };
      }

      // A success without a score is not a v3 answer (a v2 secret, say): a configuration fault, not the visitor's.
      const score = body.score;
      if (typeof score !== "number" || !Number.isFinite(score) || score < 0 || score > 1)
        return { ok: false, error: "UNAVAILABLE", message: "reCAPTCHA answered without a v3 score" };
      // A token made for another action (a search box's, say) is not a proof for this one.
      if (body.action !== expectedAction) return { ok: false, error: "INVALID", message: "the token was made for another action" };
      // The hostname is not compared: Google checks it against the key's domains itself (the admin
      // console's "verify the origin" setting, on by default), and each tenant has its own key.
      return { ok: true, score };
    },
  };
}
