/**
 * The built-in SmsSender (issue 8): it sends nothing and instead stores every message in the
 * outbox, the `sms_messages` table, with sender "outbox" and status "stored". In development and
 * in tests it stands in for a real SMS provider. server/dev-sms-routes.ts shows the outbox on a
 * development-only page when DEV_TOOLS is set. README.md next to this file has the details.
 */
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Database } from "#adapters/db/client.ts";
import { smsMessages } from "#adapters/db/schema.ts";
import { normalizeMobile } from "#core/passengers/passenger-rules.ts";
import type { Clock, SmsSender } from "#core/ports.ts";

export const OUTBOX_SENDER_NAME = "outbox";

/** The longest text stored, in characters (Unicode code points). */
export const MAX_SMS_TEXT_LENGTH = 1000;

/** The most messages one `list` call returns. */
export const MAX_LISTED_SMS = 1000;

const MAX_TEMPLATE_NAME_LENGTH = 100;
const MAX_TEMPLATE_TOKENS = 10;

export type OutboxSendError = "INVALID_MOBILE" | "EMPTY_TEXT" | "TOO_LONG" | "INVALID_TEMPLATE";

/**
 * The port's input, plus the tenant the message is sent for. The port allows this extra field:
 * a sender that accepts more is still an SmsSender. Callers that only know the port leave it out,
 * and then the factory's `tenantId` is used.
 */
export type OutboxSendInput = Parameters<SmsSender["send"]>[0] & { tenantId?: string | null };

/** A stored message as the outbox lists it. */
export interface OutboxMessage {
  id: string;
  tenantId: string | null;
  mobile: string;
  text: string;
  template: string | null;
  tokens: string[] | null;
  createdAt: Date;
}

export interface OutboxSender extends SmsSender {
  send(input: OutboxSendInput): Promise<{ ok: true; messageId: string } | { ok: false; error: OutboxSendError }>;
  /** Newest first. `mobile` is normalised first; an invalid one matches nothing. `limit` is kept within 1–1000. */
  list(input: { mobile?: string; limit: number }): Promise<OutboxMessage[]>;
}

export interface OutboxSenderOptions {
  clock: Clock;
  /** The tenant stored with messages whose send gives none; null (no tenant) by default. */
  tenantId?: string | null;
}

const withoutNul = (text: string) => text.replaceAll("\u0000", "");
const length = (text: string) => [...text].length;
const hasControl = (text: string) => [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

type Template = { name: string; tokens: string[] };

/** A template as given, cleaned, or null when it is not a usable one. */
function checkTemplate(template: unknown): Template | null {
  if (typeof template !== "object" || template === null) return null;
  const { name, tokens } = template as { name?: unknown; tokens?: unknown };
  if (typeof name !== "string" || !Array.isArray(tokens)) return null;
  const cleanName = name.trim();
  if (cleanName === "" || cleanName.length > MAX_TEMPLATE_NAME_LENGTH || hasControl(cleanName)) return null;
  if (tokens.length > MAX_TEMPLATE_TOKENS || !tokens.every((token) => typeof token === "string")) return null;
  return { name: cleanName, tokens: tokens.map((token: string) => withoutNul(token)) };
}

/** What a template send reads like when the caller gave no text of its own: `[name] token1 | token2`. */
export function templateText(template: Template): string {
  return `[${template.name}] ${template.tokens.join(" | ")}`.trim();
}

function clampLimit(limit: number): number {
  if (!Number.isFinite(limit)) return 100;
  return Math.max(1, Math.min(MAX_LISTED_SMS, Math.trunc(limit)));
}

export function createOutboxSender(db: Database, options: OutboxSenderOptions): OutboxSender {
  const { clock } = options;
  const defaultTenantId = options.tenantId ?? null;

  return {
    name: OUTBOX_SENDER_NAME,

    async send(input) {
      const mobile = typeof input.mobile === "string" ? normalizeMobile(input.mobile) : null;
      if (!mobile) return { ok: false, error: "INVALID_MOBILE" };

      let template: Template | null = null;
      if (input.template !== undefined && input.template !== null) {
        template = checkTemplate(input.template);
        if (!template) return { ok: false, error: "INVALID_TEMPLATE" };
      }

      const given = typeof input.text === "string" ? withoutNul(input.text) : "";
      const text = given.trim() === "" && template ? templateText(template) : given;
      if (text.trim() === "") return { ok: false, error: "EMPTY_TEXT" };
      if (length(text) > MAX_SMS_TEXT_LENGTH) return { ok: false, error: "TOO_LONG" };

      const rows = await db
        .insert(smsMessages)
        .values({
          tenantId: input.tenantId !== undefined ? input.tenantId : defaultTenantId,
          mobile,
          text,
          template: template?.name ?? null,
          tokens: template?.tokens ?? null,
          sender: OUTBOX_SENDER_NAME,
          status: "stored",
          createdAt: clock.now(),
        })
        .returning({ id: smsMessages.id });
      const id = rows[0]?.id;
      if (!id) throw new Error("SMS was not stored in the outbox");
      return { ok: true, messageId: id };
    },

    async list({ mobile, limit }) {
      const conditions: SQL[] = [eq(smsMessages.sender, OUTBOX_SENDER_NAME)];
      if (mobile !== undefined) {
        const normalized = normalizeMobile(mobile);
        if (!normalized) return [];
        conditions.push(eq(smsMessages.mobile, normalized));
      }
      const rows = await db
        .select({
          id: smsMessages.id,
          tenantId: smsMessages.tenantId,
          mobile: smsMessages.mobile,
          text: smsMessages.text,
          template: smsMessages.template,
          tokens: smsMessages.tokens,
          createdAt: smsMessages.createdAt,
        })
        .from(smsMessages)
        .where(and(...conditions))
        .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
        .limit(clampLimit(limit));
      return rows;
    },
  };
}
