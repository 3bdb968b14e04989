import type { RecaptchaVerifier } from "#core/accounts/ports.ts";
import type { Tenant } from "#core/tenants/site-config.ts";

/**
 * The "is this a person?" check before a sign-in code is sent (issue 9), for tenants that set up
 * Google reCAPTCHA v3: the public site key in `tenants.recaptcha_v3_site_key`, the secret stored
 * encrypted as `captcha:recaptcha` ({secret}). Tenants without both use the self-hosted proof of
 * work alone (core/accounts/proof-of-work.ts).
 */
export interface HumanCheck {
  /** The tenant's check, or null when it has no site key or no readable secret. */
  forTenant(tenant: Pick<Tenant, "id" | "recaptchaV3SiteKey">): Promise<TenantHumanCheck | null>;
}

/**
 * - "pass": Google vouches for the token: made for RECAPTCHA_ACTION, scored at least MIN_RECAPTCHA_SCORE.
 * - "fail": Google judged the token and it is not good enough (low score, another action, reused,
 *   expired, made up). The request is refused as unproven.
 * - "unavailable": no verdict: Google could not be reached, answered nonsense, or refused our
 *   secret. Not the traveller's fault, so it must not refuse them, and must not let a script
 *   through either: the caller falls back to the self-hosted proof of work.
 */
export type HumanCheckVerdict = "pass" | "fail" | "unavailable";

export interface TenantHumanCheck {
  /** The public key the page loads reCAPTCHA with. */
  siteKey: string;
  verify(token: string, remoteIp: string | null): Promise<HumanCheckVerdict>;
}

import { RECAPTCHA_CREDENTIAL_KIND } from "#core/back-office/secrets.ts";

export { RECAPTCHA_CREDENTIAL_KIND };
/** The action the sign-in page names in grecaptcha.execute; a token made for another is refused. */
export const RECAPTCHA_ACTION = "login";
/** Google's suggested threshold: 0.0 is a bot, 1.0 a person, and it advises starting at 0.5. */
export const MIN_RECAPTCHA_SCORE = 0.5;

/** Details for a log line: never a token or a secret. */
export interface HumanCheckLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export function createHumanCheck(input: {
  verifier: RecaptchaVerifier;
  credentials: { get(tenantId: string, kind: string): Promise<Record<string, string> | null> };
  log?: HumanCheckLog;
}): HumanCheck {
  return {
    async forTenant(tenant) {
      const siteKey = tenant.recaptchaV3SiteKey?.trim() ?? "";
      if (siteKey === "") return null;
      const secret = (await input.credentials.get(tenant.id, RECAPTCHA_CREDENTIAL_KIND))?.secret?.trim() ?? "";
      if (secret === "") {
        // A site key without its secret could only ever fail: the page is told nothing, and the proof of work stands in.
        input.log?.warn({ tenantId: tenant.id }, "reCAPTCHA site key set but no readable secret: using the proof of work");
        return null;
      }
      return {
        siteKey,
        async verify(token, remoteIp) {
          if (typeof token !== "string" || token.trim() === "") return "fail";
          const result = await input.verifier.verify({ token, secret, remoteIp, expectedAction: RECAPTCHA_ACTION });
          if (result.ok) return result.score >= MIN_RECAPTCHA_SCORE ? "pass" : "fail";
          if (result.error === "UNAVAILABLE") {
            const reason = "message" in result && typeof result.message === "string" ? result.message : null;
            input.log?.warn({ tenantId: tenant.id, ...(reason ? { reason } : {}) }, "reCAPTCHA unavailable: using the proof of work");
            return "unavailable";
          }
          return "fail";
        },
      };
    },
  };
}
