import { z } from "zod";
import type { CodeVerificationResult } from "#core/accounts/sign-in.ts";
import { text, userSchema, apiUser } from "../accounts/schemas.ts";
import type { MessageKey } from "../i18n.ts";
import { defineRoute, json } from "../route.ts";

type VerifyError = Extract<CodeVerificationResult, { ok: false }>["error"];

/** The refusals of a code and their messages (the code page's own words). */
const REFUSAL_MESSAGE = {
  MOBILE_INVALID: "booking.error.MOBILE_INVALID",
  WRONG: "auth.code.error.WRONG",
  EXPIRED: "auth.code.error.EXPIRED",
  LOCKED: "auth.code.error.LOCKED",
} as const satisfies Record<VerifyError, MessageKey>;

/**
 * `POST /api/v1/auth/verify` {mobile, code}: the code for an app's session (a bearer token); the
 * first one opens the account. The session the request came with (an app's old token, a
 * browser's cookie) is replaced, not kept beside the new one.
 */
export const verifySignInCodeRoute = defineRoute({
  operationId: "verifySignInCode",
  method: "post",
  path: "/api/v1/auth/verify",
  summary: "Trade the SMS code for a session (a bearer token); the first sign-in opens the account",
  description:
    "Bookings made as a guest with this mobile join the account. A session the request came with (a token, or the site's cookie) ends.",
  tags: ["auth"],
  auth: "none",
  body: z.object({ mobile: text(64), code: text(32).describe("Six digits; Persian digits and spaces are read.") }).strict(),
  responses: {
    200: {
      description: "Signed in.",
      schema: z
        .object({
          token: z.string().describe("Send as `Authorization: Bearer <token>`. Shown once; the server keeps only its hash."),
          expiresAt: z.string().describe("30 days on."),
          user: userSchema,
        })
        .strict(),
    },
    401: {
      description:
        "CODE_WRONG: not the code (the message says how many tries are left); CODE_EXPIRED: no live code for this number (never sent, used, or run out).",
      codes: ["CODE_WRONG", "CODE_EXPIRED"],
    },
    422: {
      description: "VALIDATION_FAILED: fields name mobile (MOBILE_INVALID) or a field of the wrong shape.",
      codes: ["VALIDATION_FAILED"],
    },
    429: { description: "CODE_LOCKED: too many wrong tries; ask for a new code.", codes: ["CODE_LOCKED"] },
  },
  async handler({ body, auth, problem, field }) {
    const previous = await auth.current();
    const result = await auth.verifyCode({ mobile: body.mobile, code: body.code, kind: "api" });
    if (result.ok) {
      // Ends the session current() found (its cookies too), never the new one.
      if (previous) await auth.signOut({ everywhere: false });
      return json({ token: result.token, expiresAt: result.session.expiresAt.toISOString(), user: apiUser(result.account) });
    }
    switch (result.error) {
      case "MOBILE_INVALID":
        return problem(422, "VALIDATION_FAILED", "api.error.VALIDATION_FAILED", [
          field("mobile", "MOBILE_INVALID", REFUSAL_MESSAGE.MOBILE_INVALID),
        ]);
      case "WRONG":
        return problem(401, "CODE_WRONG", REFUSAL_MESSAGE.WRONG, undefined, { count: result.triesLeft });
      case "EXPIRED":
        return problem(401, "CODE_EXPIRED", REFUSAL_MESSAGE.EXPIRED);
      case "LOCKED":
        return problem(429, "CODE_LOCKED", REFUSAL_MESSAGE.LOCKED);
    }
  },
});
