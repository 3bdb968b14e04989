/**
 * Charge Reseller (chr724.ir, "EasyCharge" web service v3) as a TopupProvider: a direct top-up
 * (`topup`), a PIN voucher (`BuyProduct`) and the status of an order (`inquiry`), paid from the
 * agency's prepaid credit with the reseller. README.md next to this file says which fields come
 * from the vendor's public material and which are this adapter's reading of it.
 */
import type { Delivered, DeliveryFailed, TopupProvider } from "#core/topup/ports.ts";
import type { Operator } from "#core/topup/operators.ts";

export const CHARGERESELLER_PROVIDER = "chargereseller";
export const CHARGERESELLER_PRODUCTION_URL = "https://chr724.ir/services/v3/EasyCharge";

const DEFAULT_TIMEOUT_MS = 15_000;

/** The vendor's operator codes: MTN is Irancell, RTL Rightel. */
export const OPERATOR_CODES: Readonly<Record<Operator, string>> = { mci: "MCI", irancell: "MTN", rightel: "RTL" };

/**
 * Error codes the vendor answers when asking again later may succeed (its own or the operator's
 * system busy, too many requests); any other failure is final.
 */
export const RETRYABLE_ERROR_CODES: ReadonlySet<string> = new Set(["-1", "-12", "-52", "-100"]);

export interface ChargeResellerOptions {
  /** The agency's web service id with the reseller (a UUID). Never logged nor returned in errors. */
  webserviceId: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

type Answer = { ok: true; body: Record<string, unknown> } | { ok: false; failed: DeliveryFailed };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() ? value.trim() : typeof value === "number" ? String(value) : null;

export function createChargeResellerProvider(options: ChargeResellerOptions): TopupProvider {
  const webserviceId = options.webserviceId?.trim() ?? "";
  if (!webserviceId) throw new Error("Charge Reseller: a web service id is required");
  const baseUrl = (options.baseUrl ?? CHARGERESELLER_PRODUCTION_URL).replace(/\/+$/, "");
  const fetchFn = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const clean = (message: string) => message.split(webserviceId).join("[webservice]").slice(0, 200);

  async function call(method: "topup" | "BuyProduct" | "inquiry", payload: Record<string, unknown>): Promise<Answer> {
    const unavailable = (reason: string): Answer => ({ ok: false, failed: { status: "failed", reason: clean(reason), retryable: true } });
    let response: Response;
    let raw: string;
    try {
      response = await fetchFn(`${baseUrl}/${method}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ webserviceId, firstOutputType: "json", redirectToPage: "False", ...payload }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
      raw = await response.text();
    } catch {
      // A timeout may hide a delivery: the order id lets the next call (or inquiry) find it.
      return unavailable(`Charge Reseller did not answer ${method}`);
    }
    if (response.status >= 500) return unavailable(`Charge Reseller answered ${method} with HTTP ${response.status}`);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return unavailable(`Charge Reseller answered ${method} with HTTP ${response.status} and no JSON`);
    }
    if (!isRecord(body)) return unavailable(`Charge Reseller answered ${method} with an unexpected body`);
    if (body.status === "Success") return { ok: true, body };
    const code = text(body.errorCode) ?? "";
    const message = text(body.errorMessage) ?? `HTTP ${response.status}`;
    return {
      ok: false,
      failed: { status: "failed", reason: clean(`${code} ${message}`.trim()), retryable: RETRYABLE_ERROR_CODES.has(code) },
    };
  }

  function delivered(body: Record<string, unknown>, pin: boolean): Delivered | DeliveryFailed {
    const reference = text(body.transactionId);
    const product = isRecord(body.product) ? body.product : {};
    const code = text(product.pin);
    const serial = text(product.serial);
    // "Success" without what was sold is no delivery we can show: ask again (the order id keeps it once).
    if (!reference || (pin && !code)) return { status: "failed", reason: "Charge Reseller answered without the delivery", retryable: true };
    return { status: "delivered", reference, ...(pin && code ? { pin: code } : {}), ...(pin && serial ? { serial } : {}) };
  }

  return {
    name: CHARGERESELLER_PROVIDER,
    async topUp({ orderId, mobile, operator, amount }) {
      const answer = await call("topup", {
        orderId,
        type: OPERATOR_CODES[operator],
        amount: amount * 10,
        cellphone: mobile,
        issuer: "Credit",
      });
      return answer.ok ? delivered(answer.body, false) : answer.failed;
    },
    async buyPin({ orderId, operator, amount, mobile }) {
      const answer = await call("BuyProduct", {
        orderId,
        productId: `${OPERATOR_CODES[operator]}-${amount * 10}`,
        cellphone: mobile,
        issuer: "Credit",
      });
      return answer.ok ? delivered(answer.body, true) : answer.failed;
    },
    async inquire(orderId) {
      const answer = await call("inquiry", { orderId });
      // An inquiry that could not be made says nothing of the order: never a reason to refund.
      if (!answer.ok) return { status: "unknown" };
      switch (answer.body.state) {
        case "Delivered":
          return delivered(answer.body, isRecord(answer.body.product) && answer.body.product.pin !== undefined);
        case "Failed":
          return { status: "failed", reason: clean(text(answer.body.errorMessage) ?? "failed at the operator"), retryable: false };
        default:
          // "Processing", or an order it never received ("NotFound"): nothing is known yet.
          return { status: "unknown" };
      }
    },
  };
}
