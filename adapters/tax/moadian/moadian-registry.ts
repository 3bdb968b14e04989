/**
 * The Moadian tax system (سامانه مودیان, API v2) as a TaxRegistry: a nonce, a token signed with
 * the seller's key over the nonce and client id, the invoice packet signed the same way, encrypted
 * for the registry's own key (JWE) and posted, then an inquiry by the reference number it answered. See README.md next to this file
 * for the flow, the status mapping and what this adapter leaves out.
 */
import { createPrivateKey, createPublicKey, randomUUID, type KeyObject } from "node:crypto";
import type { InquiryResult, RegistryError, SubmitResult, TaxRegistry } from "#core/tax/ports.ts";
import { encryptForRegistry, signJws, toMoadianInvoice, type RegistryKey } from "./packet.ts";

export const MOADIAN_PRODUCTION_URL = "https://tp.tax.gov.ir/requestsmanager/api/v2";
/** The kind of a tenant's Moadian credentials in the credential store: `clientId` and `privateKey` (PEM). */
export const MOADIAN_CREDENTIAL_KIND = "tax:moadian";
const DEFAULT_TIMEOUT_MS = 15_000;
/** Seconds a nonce lives (Moadian allows 10 to 200). */
const NONCE_TTL_SECONDS = 30;
/** How long the registry's encryption key is trusted before it is read again (it is rotated rarely). */
const REGISTRY_KEY_TTL_MS = 60 * 60_000;

export interface MoadianRegistryOptions {
  /** The client id (the memory id, in Moadian's terms) the registry knows the seller's key by. */
  clientId: string;
  /** The seller's RSA private key, PEM. Never logged nor put in a message. */
  privateKey: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
}

type Answer = { ok: true; status: number; body: unknown } | { ok: false; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The registry's error list ([{code, message}]) from wherever the answer carries it. */
function errorsOf(value: unknown): RegistryError[] {
  if (!Array.isArray(value)) return [];
  const text = (field: unknown, fallback: string) => (typeof field === "string" || typeof field === "number" ? String(field) : fallback);
  return value.filter(isRecord).map((error) => ({
    code: text(error.code, "UNKNOWN").slice(0, 40),
    message: text(error.message, "").slice(0, 200),
  }));
}

/** What the answer to a posted invoice says: a reference, a refusal with its codes, or try again later. */
function submitResultOf(answer: Answer): SubmitResult {
  if (!answer.ok) return { ok: false, error: "UNAVAILABLE", message: answer.message };
  if (answer.status >= 500 || answer.status === 429)
    return { ok: false, error: "UNAVAILABLE", message: `Moadian answered the invoice with HTTP ${answer.status}` };
  const body = answer.body;
  if (answer.status >= 400) {
    const errors = isRecord(body) ? errorsOf(body.errors) : [];
    return { ok: false, error: "REFUSED", errors: errors.length > 0 ? errors : [{ code: `HTTP_${answer.status}`, message: "refused" }] };
  }
  const first: unknown = isRecord(body) && Array.isArray(body.result) ? (body.result as unknown[])[0] : undefined;
  if (!isRecord(first)) return { ok: false, error: "UNAVAILABLE", message: "Moadian answered the invoice without a result" };
  const errors = errorsOf(first.errors);
  if (errors.length > 0) return { ok: false, error: "REFUSED", errors };
  if (typeof first.referenceNumber !== "string" || first.referenceNumber === "")
    return { ok: false, error: "UNAVAILABLE", message: "Moadian answered the invoice without a reference number" };
  return { ok: true, reference: first.referenceNumber };
}

export function createMoadianRegistry(options: MoadianRegistryOptions): TaxRegistry {
  const clientId = options.clientId.trim();
  if (clientId === "") throw new Error("Moadian: a client id is required");
  let key: KeyObject;
  try {
    key = createPrivateKey(options.privateKey);
  } catch {
    // The key's text stays out of the message.
    throw new Error("Moadian: the private key is not a readable PEM key");
  }
  const baseUrl = (options.baseUrl ?? MOADIAN_PRODUCTION_URL).replace(/\/+$/, "");
  const fetchFn = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? (() => new Date());

  async function call(method: "GET" | "POST", path: string, init: { token?: string; body?: unknown } = {}): Promise<Answer> {
    try {
      const response = await fetchFn(`${baseUrl}${path}`, {
        method,
        headers: {
          Accept: "application/json",
          ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}),
          ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
          requestTraceId: randomUUID(),
          timestamp: String(now().getTime()),
        },
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
      const text = await response.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      return { ok: true, status: response.status, body };
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      return {
        ok: false,
        message: timedOut ? `Moadian did not answer ${path} within ${timeoutMs} ms` : `Moadian could not be reached for ${path}`,
      };
    }
  }

  /** A fresh token: the nonce signed with the client id. */
  async function token(): Promise<{ ok: true; token: string } | { ok: false; message: string }> {
    const answer = await call("GET", `/nonce?timeToLive=${NONCE_TTL_SECONDS}`);
    if (!answer.ok) return answer;
    if (answer.status !== 200 || !isRecord(answer.body) || typeof answer.body.nonce !== "string")
      return { ok: false, message: `Moadian answered the nonce with HTTP ${answer.status}` };
    return { ok: true, token: await signJws({ nonce: answer.body.nonce, clientId }, key, now()) };
  }

  let registryKey: { value: RegistryKey; readAt: number } | null = null;

  /**
   * The key packets are encrypted for, from `GET /server-information` (`publicKeys`: base64 DER
   * SubjectPublicKeyInfo and its id), kept for an hour; read again when a packet is refused.
   */
  async function encryptionKey(token: string): Promise<{ ok: true; key: RegistryKey } | { ok: false; message: string }> {
    if (registryKey && now().getTime() - registryKey.readAt < REGISTRY_KEY_TTL_MS) return { ok: true, key: registryKey.value };
    const answer = await call("GET", "/server-information", { token });
    if (!answer.ok) return answer;
    const keys = isRecord(answer.body) && Array.isArray(answer.body.publicKeys) ? (answer.body.publicKeys as unknown[]) : [];
    const first = keys.find((entry): entry is Record<string, unknown> => isRecord(entry) && typeof entry.key === "string");
    if (answer.status !== 200 || !first)
      return { ok: false, message: `Moadian answered the server information with HTTP ${answer.status} and no public key` };
    try {
      const id = typeof first.id === "string" || typeof first.id === "number" ? String(first.id) : "";
      const value = {
        id,
        key: createPublicKey({ key: Buffer.from(String(first.key), "base64"), format: "der", type: "spki" }),
      };
      registryKey = { value, readAt: now().getTime() };
      return { ok: true, key: value };
    } catch {
      return { ok: false, message: "Moadian's public key could not be read" };
    }
  }

  /** Posts one signed packet, encrypted for the registry's key; says whether that key was the one kept from before. */
  async function post(authToken: string, signed: string): Promise<{ keptKey: boolean; result: SubmitResult }> {
    const keptKey = registryKey !== null && now().getTime() - registryKey.readAt < REGISTRY_KEY_TTL_MS;
    const registry = await encryptionKey(authToken);
    if (!registry.ok) return { keptKey, result: { ok: false, error: "UNAVAILABLE", message: registry.message } };
    const payload = await encryptForRegistry(signed, registry.key);
    const answer = await call("POST", "/invoice", {
      token: authToken,
      body: [{ payload, header: { requestTraceId: randomUUID(), fiscalId: clientId } }],
    });
    return { keptKey, result: submitResultOf(answer) };
  }

  return {
    name: "moadian",

    async submit(packet): Promise<SubmitResult> {
      const auth = await token();
      if (!auth.ok) return { ok: false, error: "UNAVAILABLE", message: auth.message };
      const signed = await signJws(toMoadianInvoice(packet), key, now());
      const first = await post(auth.token, signed);
      // A packet refused while the kept key was used may have met a rotated key: read it again and file once more.
      if (first.keptKey && !first.result.ok && first.result.error === "REFUSED") {
        registryKey = null;
        return (await post(auth.token, signed)).result;
      }
      return first.result;
    },

    async inquire(reference): Promise<InquiryResult> {
      const auth = await token();
      if (!auth.ok) return { ok: false, error: "UNAVAILABLE", message: auth.message };
      const answer = await call("GET", `/inquiry-by-reference-number?referenceNumbers=${encodeURIComponent(reference)}`, {
        token: auth.token,
      });
      if (!answer.ok) return { ok: false, error: "UNAVAILABLE", message: answer.message };
      if (answer.status !== 200 || !Array.isArray(answer.body))
        return { ok: false, error: "UNAVAILABLE", message: `Moadian answered the inquiry with HTTP ${answer.status}` };
      const item = answer.body.find((entry) => isRecord(entry) && entry.referenceNumber === reference) as
        Record<string, unknown> | undefined;
      if (!item) return { ok: true, status: "pending" };
      switch (item.status) {
        case "SUCCESS":
          return { ok: true, status: "accepted" };
        case "FAILED": {
          const errors = isRecord(item.data) ? errorsOf(item.data.error) : [];
          return { ok: true, status: "refused", errors: errors.length > 0 ? errors : [{ code: "FAILED", message: "refused" }] };
        }
        default:
          // PENDING, IN_PROGRESS, or a status we do not know yet: ask again later.
          return { ok: true, status: "pending" };
      }
    },
  };
}
