import { createHash } from "node:crypto";
import { z } from "zod";
import type { IdempotencyStore } from "#adapters/db/idempotency-store.ts";
import type { Logger } from "../../logger.ts";
import { ApiProblem } from "../problem.ts";
import { json, type JsonReply, type Reply } from "../route.ts";
import { bookingPath } from "./paths.ts";

/** Idempotency keys of booking creation live in this scope of the tenant's keys (an account's in its own). */
export const IDEMPOTENCY_SCOPE = "bookings.create";
/** A canonical body deeper than this is not a booking request; it is refused instead of hashed. */
const MAX_JSON_DEPTH = 32;
/** Answers worth repeating for the same key: the booking, and the refusals that depend on the request. */
const STORED_STATUSES: readonly number[] = [201, 409, 422];

export const idempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[\x21-\x7E]{1,128}$/)
    .optional()
    .describe(
      "1 to 128 visible ASCII characters (a UUID …). A repeat with the same body gets the first answer (Idempotent-Replayed: true); with another body, 422 IDEMPOTENCY_KEY_REUSED.",
    ),
});

class TooDeep extends Error {}

/** JSON with object keys sorted at every level, so the same body always hashes the same. */
export function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_JSON_DEPTH) throw new TooDeep();
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item, depth + 1)).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const entries = Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key], depth + 1)}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Whether canonicalJson would refuse the body as too deep, found without building its text (a request without a key needs no hash). */
export function nestedTooDeep(value: unknown, depth = 0): boolean {
  if (depth > MAX_JSON_DEPTH) return true;
  if (Array.isArray(value)) return value.some((item) => nestedTooDeep(item, depth + 1));
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    return Object.keys(record).some((key) => nestedTooDeep(record[key], depth + 1));
  }
  return false;
}

/** The request hash an Idempotency-Key is bound to: sha256 of the canonical JSON of the body as sent. */
export function bookingRequestHash(body: unknown): string {
  return createHash("sha256").update(canonicalJson(body)).digest("hex");
}

/** The hash of a body, or null for one nested too deep to be a booking request. */
export function requestHashOf(body: unknown): string | null {
  try {
    return bookingRequestHash(body);
  } catch (error) {
    if (error instanceof TooDeep) return null;
    throw error;
  }
}

export interface IdempotencySlot {
  tenantId: string;
  scope: string;
  key: string;
}

/** An account's keys are its own: another traveller's same key neither replays nor blocks them. */
export function idempotencySlot(tenantId: string, accountId: string | null, key: string): IdempotencySlot {
  return { tenantId, scope: accountId ? `${IDEMPOTENCY_SCOPE}:${accountId}` : IDEMPOTENCY_SCOPE, key };
}

/** Headers of a created booking: where it is now. */
export function createdHeaders(body: unknown): Record<string, string> {
  const hashId = (body as { hashId?: unknown } | null)?.hashId;
  return typeof hashId === "string" ? { Location: bookingPath(hashId) } : {};
}

/** The first answer of a key, again, saying so. */
export function replayed(statusCode: number, body: unknown): JsonReply {
  return json(body, statusCode, { "Idempotent-Replayed": "true", ...(statusCode === 201 ? createdHeaders(body) : {}) });
}

/** Keeps an answer worth repeating under its key, or gives the key back. A failure here is logged: the answer stands. */
export async function settleKey(store: IdempotencyStore, slot: IdempotencySlot, answer: Reply | ApiProblem, log: Logger): Promise<void> {
  try {
    const stored =
      answer instanceof ApiProblem
        ? { statusCode: answer.status, body: answer.body }
        : answer.kind === "json"
          ? { statusCode: answer.status, body: answer.body }
          : null;
    if (stored && STORED_STATUSES.includes(stored.statusCode)) await store.finish({ ...slot, ...stored });
    else await store.abandon(slot);
  } catch (error) {
    // A repeat finds the key still running until it goes stale.
    log.error({ err: error }, "idempotent answer could not be stored");
  }
}

/** After a fault (nothing worth repeating), the key is given back for a retry. */
export async function releaseKey(store: IdempotencyStore, slot: IdempotencySlot, log: Logger): Promise<void> {
  await store.abandon(slot).catch((error: unknown) => log.error({ err: error }, "idempotency key could not be released"));
}
