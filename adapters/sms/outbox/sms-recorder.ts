/**
 * The record of a message a provider was asked to send (issue 9): one row of `sms_messages`, the
 * outbox's table, with the provider's name as `sender` and `sent` or `failed` as `status`, so an
 * operator sees every tenant's messages in one place whichever sender carried them. What the row
 * says is the caller's business: it writes what it is given (a login code already hidden, say).
 */
import type { Database } from "#adapters/db/client.ts";
import { smsMessages } from "#adapters/db/schema.ts";
import { MAX_SMS_TEXT_LENGTH } from "./outbox-sender.ts";

const MAX_ERROR_LENGTH = 300;

export interface SmsRecord {
  tenantId: string | null;
  /** Normalised, 09XXXXXXXXX. */
  mobile: string;
  text: string;
  template: string | null;
  tokens: string[] | null;
  /** The provider: "kavenegar"… ("outbox" rows are the outbox's own). */
  sender: string;
  status: "sent" | "failed";
  /** The provider's message id, when it gave one. */
  providerId: string | null;
  error: string | null;
  createdAt: Date;
}

export interface SmsRecorder {
  /** Writes one row and returns its id; throws only on a database fault. */
  record(message: SmsRecord): Promise<string>;
}

/** At most `limit` code points, so a long text never splits a character. */
const clip = (text: string, limit: number) => [...text.replaceAll("\u0000", "")].slice(0, limit).join("");

export function createSmsRecorder(db: Database): SmsRecorder {
  return {
    async record(message) {
      const rows = await db
        .insert(smsMessages)
        .values({
          tenantId: message.tenantId,
          mobile: message.mobile,
          text: clip(message.text, MAX_SMS_TEXT_LENGTH),
          template: message.template,
          tokens: message.tokens?.map((token) => clip(token, MAX_SMS_TEXT_LENGTH)) ?? null,
          sender: message.sender,
          status: message.status,
          providerId: message.providerId,
          error: message.error === null ? null : clip(message.error, MAX_ERROR_LENGTH),
          createdAt: message.createdAt,
        })
        .returning({ id: smsMessages.id });
      const id = rows[0]?.id;
      if (!id) throw new Error("The SMS was not recorded");
      return id;
    },
  };
}
