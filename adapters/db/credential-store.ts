/**
 * A tenant's secrets for outside services (payment gateways, SMS, tax), encrypted at rest
 * (issue 7). Each row of `tenant_credentials` holds one kind ("payment:zarinpal") as
 * AES-256-GCM under CREDENTIALS_KEY: `v1:<iv>:<tag>:<ciphertext>`, base64 each, with a fresh
 * 12-byte IV per write and the tenant id and kind as additional authenticated data, so a
 * ciphertext copied to another tenant or kind does not decrypt. Secrets never reach a message.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "./client.ts";
import { tenantCredentials } from "./schema.ts";

export interface CredentialStore {
  /** Stores (or replaces) one kind of a tenant's credentials; throws when there is no key. */
  put(tenantId: string, kind: string, secret: Record<string, string>): Promise<void>;
  /** The credentials, or null when none are stored, there is no key, or they cannot be read with it. */
  get(tenantId: string, kind: string): Promise<Record<string, string> | null>;
  /** The kinds stored for a tenant, sorted (without decrypting anything). */
  kinds(tenantId: string): Promise<string[]>;
}

export interface CredentialStoreOptions {
  /** CREDENTIALS_KEY: 32 bytes as 64 hex characters or 44 base64 characters; undefined when unset. */
  key: string | undefined;
  /** Which key wrote a row (kept for a later rotation); "1" by default. */
  keyVersion?: string;
}

export const CREDENTIALS_KEY_FORMAT =
  "32 random bytes written as 64 hex characters or 44 base64 characters (generate one with: openssl rand -hex 32)";

const FORMAT = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const MAX_KIND_LENGTH = 100;

/** The 32 bytes of a CREDENTIALS_KEY, or null when it is not 64 hex or 44 (canonical) base64 characters. */
export function credentialsKeyBytes(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (/^[A-Za-z0-9+/]{43}=$/.test(value)) {
    const bytes = Buffer.from(value, "base64");
    if (bytes.length === 32 && bytes.toString("base64") === value) return bytes;
  }
  return null;
}

/** Binds a ciphertext to its row: the tenant and the kind, unambiguously joined. */
const associatedData = (tenantId: string, kind: string) => Buffer.from(JSON.stringify([tenantId, kind]), "utf8");

function checkKind(kind: string): void {
  if (kind.trim() === "" || kind.length > MAX_KIND_LENGTH)
    throw new Error(`A credential kind is 1 to ${MAX_KIND_LENGTH} characters, e.g. "payment:zarinpal"`);
}

/** `v1:<iv>:<tag>:<ciphertext>` of the secret's JSON. */
export function encryptCredentials(key: Buffer, tenantId: string, kind: string, secret: Record<string, string>): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(tenantId, kind));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(secret), "utf8"), cipher.final()]);
  return [FORMAT, iv.toString("base64"), cipher.getAuthTag().toString("base64"), ciphertext.toString("base64")].join(":");
}

/** The secret, or null for anything that is not a row this key wrote for this tenant and kind. Never throws. */
export function decryptCredentials(key: Buffer, tenantId: string, kind: string, stored: string): Record<string, string> | null {
  try {
    const parts = stored.split(":");
    if (parts.length !== 4 || parts[0] !== FORMAT) return null;
    const [iv, tag, ciphertext] = parts.slice(1).map((part) => Buffer.from(part, "base64"));
    if (iv?.length !== IV_BYTES || tag?.length !== TAG_BYTES || !ciphertext) return null;
    const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(tenantId, kind));
    decipher.setAuthTag(tag);
    const plaintext = Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
    const secret: unknown = JSON.parse(plaintext);
    if (typeof secret !== "object" || secret === null || Array.isArray(secret)) return null;
    const entries = Object.entries(secret);
    if (!entries.every(([, value]) => typeof value === "string")) return null;
    return Object.fromEntries(entries);
  } catch {
    // A wrong key, a tampered row, a row of another tenant or kind: unreadable, and nothing to tell.
    return null;
  }
}

export function createCredentialStore(db: Database, options: CredentialStoreOptions): CredentialStore {
  const keyVersion = options.keyVersion ?? "1";
  let key: Buffer | null = null;
  if (options.key !== undefined && options.key.trim() !== "") {
    key = credentialsKeyBytes(options.key);
    if (!key) throw new Error(`CREDENTIALS_KEY must be ${CREDENTIALS_KEY_FORMAT}`);
  }

  return {
    async put(tenantId, kind, secret) {
      if (!key) throw new Error("CREDENTIALS_KEY is not set: credentials are stored encrypted with it, so none can be stored without it");
      checkKind(kind);
      for (const [name, value] of Object.entries(secret)) {
        if (typeof value !== "string") throw new TypeError(`Credential field "${name}" of ${kind} must be a string`);
      }
      const ciphertext = encryptCredentials(key, tenantId, kind, secret);
      const updatedAt = new Date();
      try {
        await db
          .insert(tenantCredentials)
          .values({ tenantId, kind, ciphertext, keyVersion, updatedAt })
          .onConflictDoUpdate({ target: [tenantCredentials.tenantId, tenantCredentials.kind], set: { ciphertext, keyVersion, updatedAt } });
      } catch (error) {
        // The query's parameters (the ciphertext among them) stay out of the message: only the driver's own words.
        const cause = (error as { cause?: unknown }).cause;
        const reason = cause instanceof Error ? cause.message : "database error";
        throw new Error(`Could not store the ${kind} credentials: ${reason}`);
      }
    },

    async get(tenantId, kind) {
      if (!key) return null;
      const [row] = await db
        .select({ ciphertext: tenantCredentials.ciphertext })
        .from(tenantCredentials)
        .where(and(eq(tenantCredentials.tenantId, tenantId), eq(tenantCredentials.kind, kind)));
      return row ? decryptCredentials(key, tenantId, kind, row.ciphertext) : null;
    },

    async kinds(tenantId) {
      const rows = await db
        .select({ kind: tenantCredentials.kind })
        .from(tenantCredentials)
        .where(eq(tenantCredentials.tenantId, tenantId))
        .orderBy(asc(tenantCredentials.kind));
      return rows.map((row) => row.kind);
    },
  };
}
