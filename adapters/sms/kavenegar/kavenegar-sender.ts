/**
 * Kavenegar (REST API v1) as an SmsSender: a template send goes through verify/lookup (the
 * template is approved in Kavenegar's panel first), a plain send through sms/send. See README.md
 * next to this file for the protocol, the error mapping and the quirks.
 */
import { normalizeMobile } from "#core/passengers/passenger-rules.ts";
import type { SmsSender } from "#core/ports.ts";

export const KAVENEGAR_NAME = "kavenegar";
export const KAVENEGAR_BASE_URL = "https://api.kavenegar.com";

/** verify/lookup fills %token, %token2 and %token3; this adapter sends no more than those. */
export const MAX_KAVENEGAR_TOKENS = 3;

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_TEMPLATE_NAME_LENGTH = 100;

export type KavenegarSendError =
  "INVALID_MOBILE" | "INVALID_TEMPLATE" | "EMPTY_TEXT" | "TEMPLATE_NOT_FOUND" | "NO_CREDIT" | "REJECTED" | "UNAVAILABLE";

export type KavenegarSendResult = { ok: true; messageId: string } | { ok: false; error: KavenegarSendError; message?: string };

/**
 * The port's input. `tenantId` is accepted, as the outbox accepts it, so callers that pass it
 * (server/notifications.ts) can use either sender; Kavenegar is not told about it.
 */
export type KavenegarSendInput = Parameters<SmsSender["send"]>[0] & { tenantId?: string | null };

export interface KavenegarSender extends SmsSender {
  readonly name: typeof KAVENEGAR_NAME;
  send(input: KavenegarSendInput): Promise<KavenegarSendResult>;
}

export interface KavenegarSenderOptions {
  /** The account's API-Key from Kavenegar's panel. It goes in the URL path; never logged nor returned in errors. */
  apiKey: string;
  /** Production by default; a fake server in tests. */
  baseUrl?: string;
  /** The line plain sends go out from; without it Kavenegar uses the account's default line. */
  sender?: string;
  fetch?: typeof fetch;
  /** Per call, including reading the answer. */
  timeoutMs?: number;
}

type Failure = { ok: false; error: KavenegarSendError; message?: string };

/** `return.status` codes (kavenegar.com/rest.html, table of return codes) mapped to the port's terms. */
function errorFor(code: number): KavenegarSendError {
  switch (code) {
    case 411: // the receptor is not a valid number
      return "INVALID_MOBILE";
    case 418: // not enough credit
      return "NO_CREDIT";
    case 424: // no (approved) template with that name
      return "TEMPLATE_NOT_FOUND";
    case 409: // "the server cannot answer, try later"
    case 451: // too many calls in a short time: the IP is limited for a while
      return "UNAVAILABLE";
    default:
      // 400 incomplete, 401 account disabled, 402 failed, 403 invalid API-Key, 404/405 method, 407/416/429 IP,
      // 412 sender, 413 message, 414, 417, 422 characters, 426–432 service and template, 501 test account, anything else.
      return "REJECTED";
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function toCode(value: unknown): number | null {
  const code = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof code === "number" && Number.isInteger(code) ? code : null;
}

const hasControl = (text: string) => [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/** The template as Kavenegar's verify/lookup takes it, or null when it cannot be sent as one. */
function lookupFields(template: unknown): { template: string; tokens: string[] } | null {
  if (!isRecord(template)) return null;
  const { name, tokens } = template;
  if (typeof name !== "string" || !Array.isArray(tokens)) return null;
  const cleanName = name.trim();
  if (cleanName === "" || cleanName.length > MAX_TEMPLATE_NAME_LENGTH || /\s/.test(cleanName) || hasControl(cleanName)) return null;
  // token is required; token2 and token3 are optional. Kavenegar refuses spaces in all three.
  if (tokens.length < 1 || tokens.length > MAX_KAVENEGAR_TOKENS) return null;
  if (!tokens.every((token): token is string => typeof token === "string" && token !== "" && !/\s/.test(token) && !hasControl(token)))
    return null;
  return { template: cleanName, tokens };
}

export function createKavenegarSender(options: KavenegarSenderOptions): KavenegarSender {
  const apiKey = options.apiKey?.trim() ?? "";
  if (apiKey === "") throw new Error("Kavenegar: an API key is required");
  const baseUrl = (options.baseUrl ?? KAVENEGAR_BASE_URL).replace(/\/+$/, "");
  const sender = options.sender?.trim() || null;
  const fetchFn = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const encodedKey = encodeURIComponent(apiKey);

  /** Kavenegar's own words, with the API key blanked should it ever be echoed back. */
  const clean = (text: string): string => text.split(apiKey).join("[api-key]").split(encodedKey).join("[api-key]").slice(0, 300);

  async function call(method: "verify/lookup" | "sms/send", params: URLSearchParams): Promise<{ ok: true; messageId: string } | Failure> {
    // The key is a path segment; it is encoded so that no character of it can change the URL.
    const url = `${baseUrl}/v1/${encodedKey}/${method}.json`;
    let status: number;
    let text: string;
    try {
      const init: RequestInit = { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs), redirect: "error" };
      const response =
        method === "verify/lookup"
          ? await fetchFn(`${url}?${params.toString()}`, { ...init, method: "GET" })
          : await fetchFn(url, {
              ...init,
              method: "POST",
              headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8" },
              body: params.toString(),
            });
      status = response.status;
      text = await response.text();
    } catch (error) {
      // The error's own text is not used: it may carry the URL, and the URL carries the key.
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      return {
        ok: false,
        error: "UNAVAILABLE",
        message: timedOut ? `Kavenegar did not answer ${method} within ${timeoutMs} ms` : `Kavenegar could not be reached for ${method}`,
      };
    }

    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { ok: false, error: "UNAVAILABLE", message: `Kavenegar answered ${method} with HTTP ${status} and no JSON` };
    }
    const envelope = isRecord(body) && isRecord(body.return) ? body.return : null;
    const code = envelope ? toCode(envelope.status) : null;

    // 501 is also a Kavenegar code: a test account may only send to its owner's number. Retrying never helps.
    if (status >= 500 && code !== 501)
      return { ok: false, error: "UNAVAILABLE", message: `Kavenegar answered ${method} with HTTP ${status}` };
    if (envelope === null || code === null)
      return { ok: false, error: "UNAVAILABLE", message: `Kavenegar answered ${method} with HTTP ${status} and no return status` };

    if (code !== 200) {
      const providerMessage =
        typeof envelope.message === "string" && envelope.message.trim() !== "" ? clean(envelope.message.trim()) : "Kavenegar error";
      return { ok: false, error: errorFor(code), message: `${providerMessage} (${code})` };
    }
    if (status >= 300)
      return { ok: false, error: "UNAVAILABLE", message: `Kavenegar answered ${method} with HTTP ${status} and return status 200` };

    const entries = isRecord(body) ? body.entries : null;
    const first: unknown = Array.isArray(entries) ? entries[0] : null;
    const id = isRecord(first) ? first.messageid : undefined;
    const messageId =
      typeof id === "number" && Number.isSafeInteger(id)
        ? String(id)
        : typeof id === "string" && /^\d{1,20}$/.test(id.trim())
          ? id.trim()
          : null;
    if (messageId === null)
      return { ok: false, error: "UNAVAILABLE", message: `Kavenegar answered ${method} with status 200 and no message id` };
    return { ok: true, messageId };
  }

  return {
    name: KAVENEGAR_NAME,

    async send(input) {
      const receptor = typeof input.mobile === "string" ? normalizeMobile(input.mobile) : null;
      if (!receptor) return { ok: false, error: "INVALID_MOBILE" };

      if (input.template !== undefined && input.template !== null) {
        const lookup = lookupFields(input.template);
        if (!lookup) return { ok: false, error: "INVALID_TEMPLATE" };
        // The text lives in the approved template; `input.text` is not sent.
        const params = new URLSearchParams({ receptor, token: lookup.tokens[0]! });
        if (lookup.tokens[1] !== undefined) params.set("token2", lookup.tokens[1]);
        if (lookup.tokens[2] !== undefined) params.set("token3", lookup.tokens[2]);
        params.set("template", lookup.template);
        return call("verify/lookup", params);
      }

      const message = typeof input.text === "string" ? input.text.replaceAll("\u0000", "") : "";
      if (message.trim() === "") return { ok: false, error: "EMPTY_TEXT" };
      const params = new URLSearchParams({ receptor, message });
      if (sender) params.set("sender", sender);
      return call("sms/send", params);
    },
  };
}
