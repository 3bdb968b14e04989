/**
 * The sandbox bank: a PaymentGateway of the Shaparak kind served by our own server, with its own
 * ledger (sandbox_bank_payments), so request, callback, verify, reverse and the verify deadline
 * behave like a real bank's without a card or a terminal. The buyer's side (the bank page) is
 * `bank`, the desk that server/sandbox-bank-routes.ts puts on the web. See README.md next to
 * this file for the flow and the quirks.
 */
import { randomBytes, randomInt } from "node:crypto";
import { and, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import type { Database } from "#adapters/db/client.ts";
import { sandboxBankPayments } from "#adapters/db/schema.ts";
import type { Clock } from "#core/ports.ts";
import type { GatewayError, PaymentGateway } from "#core/payments/ports.ts";

/** The path under which the bank page is served, on the shop's own origin. */
export const SANDBOX_BANK_PATH = "/sandbox-bank";

/** Behpardakht's 20 minutes (iran-travel-facts.md: payments), between Sadad's 15 and Saman's 30. */
export const SANDBOX_VERIFY_DEADLINE_MINUTES = 20;

/** The bank's test card: the BIN of the masked PAN it reports (Bank Melli's 603799). */
export const SANDBOX_CARD_BIN = "603799";

const MAX_ORDER_ID_LENGTH = 100;
const MAX_DESCRIPTION_LENGTH = 500;
const MAX_CALLBACK_URL_LENGTH = 2048;
const MAX_MERCHANT_LENGTH = 100;

/** 24 random bytes in base64url: 32 characters, 192 bits. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export type SandboxBankStatus = "created" | "paid" | "cancelled" | "verified" | "reversed";
export type SandboxBankAction = "pay" | "cancel";

/** What the bank posts back to the merchant's callback: Shaparak-style, `status` OK or NOK. */
export interface SandboxBankCallback {
  callbackUrl: string;
  fields: { token: string; status: "OK" | "NOK"; orderId: string; referenceId?: string };
}

/** A payment as the bank page shows it. */
export interface SandboxBankPayment {
  token: string;
  merchant: string;
  orderId: string;
  amountRials: number;
  description: string;
  status: SandboxBankStatus;
  referenceId: string | null;
  maskedPan: string | null;
  paidAt: Date | null;
  verifyBy: Date | null;
  createdAt: Date;
  /** What the bank posted (or would post) to the merchant; null while the buyer has not acted. */
  outcome: SandboxBankCallback | null;
}

/** The bank's own desk: what its page and its back office do. */
export interface SandboxBankDesk {
  /** The payment behind a token, or null when there is none. */
  show(token: string): Promise<SandboxBankPayment | null>;
  /**
   * The buyer pays or cancels a payment still waiting for them. Only the first action counts:
   * a payment already acted on answers its recorded outcome again. Null for an unknown token.
   */
  act(token: string, action: SandboxBankAction): Promise<SandboxBankCallback | null>;
  /** Reverses every paid payment left unverified past its deadline; the number reversed. */
  reverseOverdue(now?: Date): Promise<number>;
}

export interface SandboxBankOptions {
  clock: Clock;
  /** The merchant's name on the bank page; the callback's host when not given. */
  merchant?: string;
  /** Minutes after payment within which the merchant must verify (20 by default). */
  verifyDeadlineMinutes?: number;
}

type Row = typeof sandboxBankPayments.$inferSelect;
type Failure = { ok: false; error: GatewayError; message?: string };

/** A token of the shape this bank issues (also keeps NUL and junk away from the database). */
export function isSandboxBankToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN_PATTERN.test(value);
}

/** The bank page of a payment, on the origin of its callback (the shop serves the bank too). */
export function sandboxBankPageUrl(callbackUrl: string, token: string): string {
  return `${new URL(callbackUrl).origin}${SANDBOX_BANK_PATH}/${token}`;
}

function newToken(): string {
  return randomBytes(24).toString("base64url");
}

/** Twelve digits, like a Shaparak retrieval reference number (RRN). */
function newReferenceId(): string {
  return String(randomInt(1, 10)) + Array.from({ length: 11 }, () => String(randomInt(0, 10))).join("");
}

function newMaskedPan(): string {
  return `${SANDBOX_CARD_BIN}******${String(randomInt(0, 10_000)).padStart(4, "0")}`;
}

function httpCallback(candidate: string): URL | null {
  if (typeof candidate !== "string" || candidate.length > MAX_CALLBACK_URL_LENGTH) return null;
  try {
    const url = new URL(candidate);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (url.username !== "" || url.password !== "") return null;
    return url;
  } catch {
    return null;
  }
}

const hasControl = (text: string) => [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

function outcomeOf(row: Row): SandboxBankCallback | null {
  if (row.status === "created") return null;
  const base = { token: row.token, orderId: row.orderId };
  if (row.status === "cancelled") return { callbackUrl: row.callbackUrl, fields: { ...base, status: "NOK" } };
  // paid, verified or reversed: the buyer paid; whatever happened since is for verify to tell.
  return { callbackUrl: row.callbackUrl, fields: { ...base, status: "OK", ...(row.referenceId ? { referenceId: row.referenceId } : {}) } };
}

function pageOf(row: Row): SandboxBankPayment {
  return {
    token: row.token,
    merchant: row.merchant,
    orderId: row.orderId,
    amountRials: row.amountRials,
    description: row.description,
    status: row.status as SandboxBankStatus,
    referenceId: row.referenceId,
    maskedPan: row.maskedPan,
    paidAt: row.paidAt,
    verifyBy: row.verifyBy,
    createdAt: row.createdAt,
    outcome: outcomeOf(row),
  };
}

/**
 * The gateway the shop talks to and the desk the bank page uses, over one ledger. Every change
 * of a payment is one UPDATE guarded by the status it expects, so concurrent verifies, a
 * double-clicked pay button or the deadline sweep racing a verify each happen once.
 */
export function createSandboxBank(db: Database, options: SandboxBankOptions): { gateway: PaymentGateway; bank: SandboxBankDesk } {
  const clock = options.clock;
  const deadlineMinutes = options.verifyDeadlineMinutes ?? SANDBOX_VERIFY_DEADLINE_MINUTES;
  if (!Number.isFinite(deadlineMinutes) || deadlineMinutes <= 0)
    throw new RangeError("Sandbox bank: verifyDeadlineMinutes must be a positive number");
  const merchantName = options.merchant?.trim();
  if (merchantName !== undefined && (merchantName === "" || merchantName.length > MAX_MERCHANT_LENGTH))
    throw new RangeError("Sandbox bank: the merchant name must be 1–100 characters");

  async function find(token: string): Promise<Row | null> {
    if (!isSandboxBankToken(token)) return null;
    const rows = await db.select().from(sandboxBankPayments).where(eq(sandboxBankPayments.token, token)).limit(1);
    return rows[0] ?? null;
  }

  /** Moves a payment from one status to another if it is still in it; the row after, or null. */
  async function move(token: string, from: SandboxBankStatus[], set: Partial<Row>, extra?: SQL): Promise<Row | null> {
    const guard = and(eq(sandboxBankPayments.token, token), inArray(sandboxBankPayments.status, from), extra);
    const rows = await db.update(sandboxBankPayments).set(set).where(guard).returning();
    return rows[0] ?? null;
  }

  const isOverdue = (row: Row, now: Date) => row.verifyBy !== null && now.getTime() > row.verifyBy.getTime();

  const gateway: PaymentGateway = {
    name: "sandbox",
    verifyDeadlineMinutes: deadlineMinutes,

    async request({ orderId, amountRials, callbackUrl, description }) {
      if (!Number.isSafeInteger(amountRials) || amountRials <= 0)
        return { ok: false, error: "REJECTED", message: "amountRials must be a positive whole number of rials" };
      const callback = httpCallback(callbackUrl);
      if (!callback) return { ok: false, error: "REJECTED", message: "callbackUrl must be an absolute http(s) URL" };
      if (typeof orderId !== "string" || orderId.trim() === "" || orderId.length > MAX_ORDER_ID_LENGTH || hasControl(orderId)) {
        return { ok: false, error: "REJECTED", message: `orderId must be 1–${MAX_ORDER_ID_LENGTH} printable characters` };
      }
      const text = typeof description === "string" ? description.replaceAll("\u0000", "").trim() : "";
      if (text.length > MAX_DESCRIPTION_LENGTH)
        return { ok: false, error: "REJECTED", message: `description must be at most ${MAX_DESCRIPTION_LENGTH} characters` };

      const token = newToken();
      const now = clock.now();
      await db.insert(sandboxBankPayments).values({
        token,
        merchant: merchantName ?? callback.host,
        orderId,
        amountRials,
        callbackUrl: callback.href,
        description: text,
        status: "created",
        createdAt: now,
        updatedAt: now,
      });
      return { ok: true, token, redirect: { method: "GET", url: sandboxBankPageUrl(callback.href, token) } };
    },

    readCallback({ query, body }) {
      const pick = (name: string): string | undefined => {
        const fromBody = body?.[name];
        if (typeof fromBody === "string" && fromBody !== "") return fromBody;
        const fromQuery = query?.[name];
        return typeof fromQuery === "string" && fromQuery !== "" ? fromQuery : undefined;
      };
      const token = pick("token")?.trim();
      if (!isSandboxBankToken(token)) return null;
      return { token, succeeded: pick("status")?.trim() === "OK" };
    },

    async verify({ token, amountRials }) {
      // States only move forward (created → paid → verified → reversed), so a lost race is
      // answered by reading again, a bounded number of times.
      for (let attempt = 0; attempt < 5; attempt++) {
        const row = await find(token);
        if (!row) return { ok: false, error: "UNKNOWN_TOKEN" };
        if (row.amountRials !== amountRials)
          return { ok: false, error: "AMOUNT_MISMATCH", message: "the amount differs from the amount paid" };
        switch (row.status as SandboxBankStatus) {
          case "created":
            return { ok: false, error: "NOT_PAID", message: "the buyer has not paid" };
          case "cancelled":
            return { ok: false, error: "NOT_PAID", message: "the buyer cancelled" };
          case "reversed":
            return { ok: false, error: "REVERSED", message: "the payment was reversed" };
          case "verified":
            return {
              ok: true,
              referenceId: row.referenceId!,
              ...(row.maskedPan ? { maskedPan: row.maskedPan } : {}),
              alreadyVerified: true,
            };
          case "paid": {
            const now = clock.now();
            if (isOverdue(row, now)) {
              // Too late: the bank has given the money back, as it does for a payment nobody verified.
              if (await move(token, ["paid"], { status: "reversed", updatedAt: now }))
                return { ok: false, error: "REVERSED", message: "not verified before the deadline: reversed" };
              continue;
            }
            const verified = await move(token, ["paid"], { status: "verified", updatedAt: now }, gte(sandboxBankPayments.verifyBy, now));
            if (verified)
              return {
                ok: true,
                referenceId: verified.referenceId!,
                ...(verified.maskedPan ? { maskedPan: verified.maskedPan } : {}),
                alreadyVerified: false,
              };
            continue;
          }
          default:
            throw new Error(`Sandbox bank: unknown status ${row.status}`);
        }
      }
      throw new Error("Sandbox bank: verify lost too many races");
    },

    async reverse({ token, amountRials }): Promise<{ ok: true } | Failure> {
      const row = await find(token);
      if (!row) return { ok: false, error: "UNKNOWN_TOKEN" };
      if (row.amountRials !== amountRials)
        return { ok: false, error: "AMOUNT_MISMATCH", message: "the amount differs from the amount paid" };
      if (await move(token, ["paid", "verified"], { status: "reversed", updatedAt: clock.now() })) return { ok: true };
      const now = await find(token);
      return { ok: false, error: "NOT_PAID", message: now?.status === "reversed" ? "already reversed" : "nothing was paid" };
    },
  };

  const bank: SandboxBankDesk = {
    async show(token) {
      const row = await find(token);
      return row ? pageOf(row) : null;
    },

    async act(token, action) {
      const row = await find(token);
      if (!row) return null;
      if (row.status === "created") {
        const now = clock.now();
        const set: Partial<Row> =
          action === "pay"
            ? {
                status: "paid",
                referenceId: newReferenceId(),
                maskedPan: newMaskedPan(),
                paidAt: now,
                verifyBy: new Date(now.getTime() + deadlineMinutes * 60_000),
                updatedAt: now,
              }
            : { status: "cancelled", updatedAt: now };
        const moved = await move(token, ["created"], set);
        if (moved) return outcomeOf(moved);
      }
      // Acted on before (a double click, a second tab): the first action stands.
      const current = row.status === "created" ? await find(token) : row;
      return current ? outcomeOf(current) : null;
    },

    async reverseOverdue(now = clock.now()) {
      const rows = await db
        .update(sandboxBankPayments)
        .set({ status: "reversed", updatedAt: now })
        .where(and(eq(sandboxBankPayments.status, "paid"), lt(sandboxBankPayments.verifyBy, now)))
        .returning({ token: sandboxBankPayments.token });
      return rows.length;
    },
  };

  return { gateway, bank };
}
