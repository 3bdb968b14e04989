/**
 * Zarinpal (REST API v4) as a PaymentGateway: request a session (authority), send the buyer to
 * StartPay, read the GET callback, verify, reverse. See README.md next to this file for the
 * protocol, the error mapping and the quirks.
 */
import type { GatewayError, PaymentGateway } from "#core/payments/ports.ts";

export const ZARINPAL_PRODUCTION_URL = "https://payment.zarinpal.com";
export const ZARINPAL_SANDBOX_URL = "https://sandbox.zarinpal.com";

/**
 * Zarinpal does not publish when it gives back a payment nobody verified (its docs say only
 * "within the set period"); reverse works for 30 minutes after payment. Half of that leaves the
 * reconciliation time to verify and, if the order cannot be honoured, still reverse.
 */
export const ZARINPAL_VERIFY_DEADLINE_MINUTES = 15;

const DEFAULT_TIMEOUT_MS = 10_000;

export interface ZarinpalGatewayOptions {
  /** The terminal's 36-character merchant id (a UUID). Never logged nor returned in errors. */
  merchantId: string;
  /** Production by default; ZARINPAL_SANDBOX_URL for the sandbox, a fake server in tests. */
  baseUrl?: string;
  /** Amounts cross the port in rials, so rials it is. */
  currency?: "IRR";
  fetch?: typeof fetch;
  /** Per call, including reading the answer. */
  timeoutMs?: number;
}

type Failure = { ok: false; error: GatewayError; message?: string };
type Answer = { ok: true; data: Record<string, unknown> } | Failure;

/** Error codes of the v4 payment API (paymentGateway/errorList) mapped to the port's terms. */
function errorFor(code: number): GatewayError {
  switch (code) {
    case -50:
      return "AMOUNT_MISMATCH";
    case -51:
      return "NOT_PAID";
    // Reverse: the session is not in a successful state (never paid, or already reversed): nothing to give back.
    case -61:
      return "NOT_PAID";
    case -53: // the session belongs to another merchant: not ours to see
    case -54:
    case -55:
      return "UNKNOWN_TOKEN";
    case -12: // too many attempts in a short time: try again later
    case -52: // "Oops!!, please contact our support team": unexpected, on their side
      return "UNAVAILABLE";
    default:
      // -9 validation, -10…-17 terminal and merchant, -40/-41 limits, -60/-62/-63 reverse refused, anything else.
      return "REJECTED";
  }
}

/** The base URL's origin; none for a base that is not a URL (its calls fail as unavailable anyway). */
function originOf(baseUrl: string): string[] {
  try {
    return [new URL(baseUrl).origin];
  } catch {
    return [];
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function toCode(value: unknown): number | null {
  const code = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof code === "number" && Number.isInteger(code) ? code : null;
}

export function createZarinpalGateway(options: ZarinpalGatewayOptions): PaymentGateway {
  const merchantId = options.merchantId?.trim() ?? "";
  if (merchantId === "") throw new Error("Zarinpal: a merchant id is required");
  const baseUrl = (options.baseUrl ?? ZARINPAL_PRODUCTION_URL).replace(/\/+$/, "");
  const currency = options.currency ?? "IRR";
  const fetchFn = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /** The gateway's own words, with the merchant id blanked should it ever be echoed back. */
  const clean = (text: string): string => text.split(merchantId).join("[merchant]").slice(0, 300);

  async function call(method: "request" | "verify" | "reverse", payload: Record<string, unknown>): Promise<Answer> {
    let status: number;
    let text: string;
    try {
      const response = await fetchFn(`${baseUrl}/pg/v4/payment/${method}.json`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ merchant_id: merchantId, ...payload }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      return {
        ok: false,
        error: "UNAVAILABLE",
        message: timedOut ? `Zarinpal did not answer ${method} within ${timeoutMs} ms` : `Zarinpal could not be reached for ${method}`,
      };
    }
    if (status >= 500) return { ok: false, error: "UNAVAILABLE", message: `Zarinpal answered ${method} with HTTP ${status}` };

    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { ok: false, error: "UNAVAILABLE", message: `Zarinpal answered ${method} with HTTP ${status} and no JSON` };
    }
    if (!isRecord(body)) return { ok: false, error: "UNAVAILABLE", message: `Zarinpal answered ${method} with an unexpected body` };

    // Failures: `data` is [] and `errors` is {code, message, validations}, whatever the HTTP status.
    const errors = body.errors;
    if (isRecord(errors)) {
      const code = toCode(errors.code);
      if (code !== null) {
        const message =
          typeof errors.message === "string" && errors.message !== "" ? `${clean(errors.message)} (${code})` : `Zarinpal error ${code}`;
        return { ok: false, error: errorFor(code), message };
      }
    }
    const data = body.data;
    if (status < 300 && isRecord(data) && toCode(data.code) !== null) return { ok: true, data };
    return {
      ok: false,
      error: "UNAVAILABLE",
      message: `Zarinpal answered ${method} with HTTP ${status} and neither data nor an error code`,
    };
  }

  return {
    name: "zarinpal",
    verifyDeadlineMinutes: ZARINPAL_VERIFY_DEADLINE_MINUTES,
    // StartPay is on the same host as the API.
    browserOrigins: originOf(baseUrl),

    async request(input) {
      if (!Number.isSafeInteger(input.amountRials) || input.amountRials <= 0)
        throw new RangeError("Zarinpal: amountRials must be a positive whole number of rials");
      const metadata: Record<string, string> = { order_id: input.orderId };
      if (input.mobile) metadata.mobile = input.mobile;
      if (input.email) metadata.email = input.email;
      const answer = await call("request", {
        amount: input.amountRials,
        currency,
        description: input.description,
        callback_url: input.callbackUrl,
        metadata,
      });
      if (!answer.ok) return answer;
      const code = toCode(answer.data.code);
      const authority = answer.data.authority;
      if (code !== 100 || typeof authority !== "string" || !/^[A-Za-z0-9]{1,64}$/.test(authority)) {
        return { ok: false, error: "UNAVAILABLE", message: `Zarinpal answered request with code ${code} and no usable authority` };
      }
      return { ok: true, token: authority, redirect: { method: "GET", url: `${baseUrl}/pg/StartPay/${authority}` } };
    },

    readCallback({ query }) {
      const authority = query.Authority?.trim();
      if (!authority || !/^[A-Za-z0-9]{1,64}$/.test(authority)) return null;
      return { token: authority, succeeded: query.Status === "OK" };
    },

    async verify({ token, amountRials }) {
      const answer = await call("verify", { amount: amountRials, authority: token });
      if (!answer.ok) return answer;
      const code = toCode(answer.data.code);
      const refId = answer.data.ref_id;
      const referenceId =
        typeof refId === "number" && Number.isFinite(refId)
          ? String(refId)
          : typeof refId === "string" && refId.trim() !== ""
            ? refId.trim()
            : null;
      if ((code !== 100 && code !== 101) || referenceId === null) {
        return {
          ok: false,
          error: "UNAVAILABLE",
          message: `Zarinpal answered verify with code ${code}${referenceId === null ? " and no ref_id" : ""}`,
        };
      }
      const cardPan = answer.data.card_pan;
      return {
        ok: true,
        referenceId,
        ...(typeof cardPan === "string" && cardPan !== "" ? { maskedPan: cardPan } : {}),
        alreadyVerified: code === 101,
      };
    },

    async reverse({ token }) {
      // Zarinpal reverses the whole session; the amount is not part of its contract.
      const answer = await call("reverse", { authority: token });
      if (!answer.ok) return answer;
      const code = toCode(answer.data.code);
      if (code !== 100) return { ok: false, error: "UNAVAILABLE", message: `Zarinpal answered reverse with code ${code}` };
      return { ok: true };
    },
  };
}
