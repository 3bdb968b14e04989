import { z } from "zod";
import { waitText } from "#app/account/sign-in-text.ts";
import type { CodeRequestResult } from "#core/accounts/sign-in.ts";
import { optionalText, text } from "../accounts/schemas.ts";
import type { MessageKey } from "../i18n.ts";
import { ApiProblem } from "../problem.ts";
import { defineRoute, json } from "../route.ts";
import { smsLocale } from "./sms-language.ts";

type RequestError = Exclude<Extract<CodeRequestResult, { ok: false }>["error"], "PROOF_REQUIRED">;

/** The refusals of a code request and their messages (the sign-in page's own words). */
const REFUSAL_MESSAGE = {
  MOBILE_INVALID: "booking.error.MOBILE_INVALID",
  WAIT: "auth.error.WAIT",
  LIMITED: "auth.error.LIMITED",
  SEND_FAILED: "auth.error.SEND_FAILED",
} as const satisfies Record<RequestError, MessageKey>;

const powChallengeSchema = z
  .object({
    id: z.string(),
    seed: z.string().describe("32 hex digits."),
    difficultyBits: z.number().int().min(1).max(32),
    expiresAt: z.string(),
  })
  .strict()
  .describe(
    'Find a nonce (decimal digits, letters, - or _; at most 32) such that SHA-256(seed + ":" + nonce) starts with difficultyBits zero bits, then ask again with powChallengeId and powNonce. Good for one request.',
  );

/**
 * `POST /api/v1/auth/otp` {mobile}: a sign-in code by SMS. The answer never tells whether the
 * number has an account. After repeated failures from one address a proof is asked for first:
 * not an error but a step, answered 200 with what to solve.
 */
export const requestSignInCodeRoute = defineRoute({
  operationId: "requestSignInCode",
  method: "post",
  path: "/api/v1/auth/otp",
  summary: "Send a sign-in code by SMS (signing in and registering are the same)",
  description:
    "The same answer for every valid number, whether it has an account or not. The SMS is in the `lang` parameter's language, else the `language` header's, the locale cookie's, Accept-Language's, else Persian. Limits: one code a minute per number, 5 an hour per number, requests per address, the agency's daily SMS budget. After 3 failures (wrong codes, refused requests) from one address in an hour, a proof of work (or reCAPTCHA, where the agency set it up) is asked for: the 200 answer.",
  tags: ["auth"],
  auth: "none",
  body: z
    .object({
      mobile: text(64).describe("An Iranian mobile in any common form and digit set."),
      powChallengeId: optionalText(64).describe("With powNonce: the solved challenge of a proof-required answer."),
      powNonce: optionalText(64),
      recaptchaToken: optionalText(4096).describe("Where the agency uses reCAPTCHA v3 (action login)."),
    })
    .strict(),
  responses: {
    202: { description: "Sent.", schema: z.object({ status: z.literal("sent"), resendAfterSeconds: z.number().int() }).strict() },
    200: {
      description:
        "Nothing was sent yet: solve the proof of work (challenge), or with reCAPTCHA (challenge null) get a token with recaptchaSiteKey, and ask again.",
      schema: z
        .object({ status: z.literal("proof-required"), challenge: powChallengeSchema.nullable(), recaptchaSiteKey: z.string().nullable() })
        .strict(),
    },
    422: {
      description: "VALIDATION_FAILED: fields name mobile (MOBILE_INVALID) or a field of the wrong shape.",
      codes: ["VALIDATION_FAILED"],
    },
    429: { description: "RATE_LIMITED: a limit of codes or of requests; Retry-After says when to ask again.", codes: ["RATE_LIMITED"] },
    503: { description: "SMS_UNAVAILABLE: the SMS provider refused or did not answer; nothing was sent.", codes: ["SMS_UNAVAILABLE"] },
  },
  async handler({ req, body, auth, log, locale, t, problem, field }) {
    const result = await auth.requestCode({
      mobile: body.mobile,
      locale: smsLocale(req),
      // Without the port: the SMS's last line binds the code to this site for WebOTP.
      host: req.hostname,
      powChallengeId: body.powChallengeId ?? null,
      powNonce: body.powNonce ?? null,
      recaptchaToken: body.recaptchaToken ?? null,
    });
    if (result.ok) return json({ status: "sent", resendAfterSeconds: result.resendAfterSeconds }, 202);
    switch (result.error) {
      case "MOBILE_INVALID":
        return problem(422, "VALIDATION_FAILED", "api.error.VALIDATION_FAILED", [
          field("mobile", "MOBILE_INVALID", REFUSAL_MESSAGE.MOBILE_INVALID),
        ]);
      case "WAIT":
      case "LIMITED": {
        // A spent daily budget is the operator's to know about (SMS pumping, or a budget set too low).
        if (result.error === "LIMITED" && result.limit === "tenant")
          log.warn({ limit: "tenant" }, "the agency's daily SMS budget is spent");
        const message = t(REFUSAL_MESSAGE[result.error], { time: waitText(locale, result.retryAfterSeconds) });
        return new ApiProblem(429, "RATE_LIMITED", message, undefined, { "Retry-After": String(result.retryAfterSeconds) });
      }
      case "PROOF_REQUIRED": {
        const challenge = result.challenge;
        return json({
          status: "proof-required",
          challenge: challenge
            ? {
                id: challenge.id,
                seed: challenge.seed,
                difficultyBits: challenge.difficultyBits,
                expiresAt: challenge.expiresAt.toISOString(),
              }
            : null,
          recaptchaSiteKey: challenge ? null : await auth.recaptchaSiteKey(),
        });
      }
      case "SEND_FAILED":
        return problem(503, "SMS_UNAVAILABLE", REFUSAL_MESSAGE.SEND_FAILED);
    }
  },
});
