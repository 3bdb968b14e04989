import { createKavenegarSender, KAVENEGAR_NAME } from "#adapters/sms/kavenegar/kavenegar-sender.ts";
import { templateText, type OutboxSender } from "#adapters/sms/outbox/outbox-sender.ts";
import type { SmsRecorder } from "#adapters/sms/outbox/sms-recorder.ts";
import { normalizeMobile } from "#core/passengers/passenger-rules.ts";
import type { Clock, SmsSender } from "#core/ports.ts";
import type { Tenant } from "#core/tenants/site-config.ts";
import { KAVENEGAR_CREDENTIAL_KIND, readKavenegarCredentials, type KavenegarCredentials } from "#core/back-office/secrets.ts";

// The stored format of the Kavenegar credentials is the core's (core/back-office/secrets.ts), shared with the secrets screen.
export {
  KAVENEGAR_CREDENTIAL_KIND,
  SMS_SENDER_NAMES,
  SMS_TEMPLATE_NAMES,
  kavenegarCredentialFields,
  readKavenegarCredentials,
  templateField,
  type KavenegarCredentials,
  type SmsSenderName,
} from "#core/back-office/secrets.ts";

/**
 * Who carries a tenant's text messages (issue 9): the built-in outbox, or the tenant's own
 * Kavenegar account built from its stored, encrypted credentials. A tenant that asks for
 * Kavenegar without usable credentials gets the outbox, with a warning in the log: its messages
 * are then stored, not sent.
 */
export interface SmsSenders {
  forTenant(tenant: Pick<Tenant, "id" | "smsSender">): Promise<TenantSmsSender>;
}

/**
 * An SmsSender bound to one tenant. It also takes the `tenantId` some callers pass
 * (server/notifications.ts) but always stores the tenant it was made for: one sender, one tenant.
 */
export type TenantSmsSender = SmsSender & {
  send(input: Parameters<SmsSender["send"]>[0] & { tenantId?: string | null }): ReturnType<SmsSender["send"]>;
};

/** Templates whose tokens are secrets: never logged, and hidden in the record of a provider's send. */
export const SECRET_SMS_TEMPLATES: ReadonlySet<string> = new Set(["login-code"]);

/** What stands for a secret token in a stored record. */
export const HIDDEN_TOKEN = "[hidden]";

/** Details for a log line: never a message's text, tokens or mobile. */
export interface SmsLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export function createSmsSenders(input: {
  outbox: OutboxSender;
  /**
   * Writes the record of each message a provider was asked to send (createSmsRecorder). Without it
   * provider messages leave no row, and the first Kavenegar sender built says so in the log.
   */
  recorder?: SmsRecorder;
  credentials: { get(tenantId: string, kind: string): Promise<Record<string, string> | null> };
  clock: Clock;
  fetch?: typeof fetch;
  log?: SmsLog;
}): SmsSenders {
  const warn = (details: Record<string, unknown>, message: string) => input.log?.warn(details, message);
  let saidNotRecorded = false;

  function outboxFor(tenantId: string): TenantSmsSender {
    return {
      name: input.outbox.name,
      // The tenant's id, whatever the caller passed: the row belongs to the tenant the sender is for.
      send: ({ mobile, text, template }) => input.outbox.send({ mobile, text, ...(template ? { template } : {}), tenantId }),
    };
  }

  return {
    async forTenant(tenant) {
      if (tenant.smsSender === "outbox") return outboxFor(tenant.id);
      if (tenant.smsSender !== KAVENEGAR_NAME) {
        warn({ tenantId: tenant.id, smsSender: tenant.smsSender }, "unknown SMS sender: messages go to the outbox");
        return outboxFor(tenant.id);
      }
      const credentials = readKavenegarCredentials(await input.credentials.get(tenant.id, KAVENEGAR_CREDENTIAL_KIND));
      if (!credentials) {
        // Missing, unreadable with this CREDENTIALS_KEY, or without an API key: nothing to send with.
        warn(
          { tenantId: tenant.id, smsSender: KAVENEGAR_NAME },
          "no usable Kavenegar credentials: messages go to the outbox, not to travellers",
        );
        return outboxFor(tenant.id);
      }
      if (!input.recorder && !saidNotRecorded) {
        saidNotRecorded = true;
        warn({ sender: KAVENEGAR_NAME }, "no SMS recorder: messages sent through providers are not recorded in sms_messages");
      }
      return recordedKavenegar(tenant.id, credentials);
    },
  };

  function recordedKavenegar(tenantId: string, credentials: KavenegarCredentials): TenantSmsSender {
    const kavenegar = createKavenegarSender({
      apiKey: credentials.apiKey,
      ...(credentials.sender ? { sender: credentials.sender } : {}),
      ...(credentials.baseUrl ? { baseUrl: credentials.baseUrl } : {}),
      ...(input.fetch ? { fetch: input.fetch } : {}),
    });

    return {
      name: KAVENEGAR_NAME,
      async send({ mobile, text, template }) {
        // A template goes through verify/lookup only when the tenant approved one for it in Kavenegar's
        // panel; otherwise the text goes as a plain SMS from the tenant's line.
        const mapped = template ? credentials.templates[template.name] : undefined;
        const result = await kavenegar.send(
          mapped && template ? { mobile, text, template: { name: mapped, tokens: template.tokens } } : { mobile, text },
        );

        const secret = template !== undefined && SECRET_SMS_TEMPLATES.has(template.name);
        // Kavenegar's words should never hold a code, but a secret is not left to "should".
        const reason =
          !result.ok && result.message ? (secret && template ? hideTokens(result.message, template.tokens) : result.message) : null;
        if (!result.ok)
          warn(
            {
              tenantId,
              sender: KAVENEGAR_NAME,
              template: template?.name ?? null,
              via: mapped ? "verify/lookup" : "sms/send",
              error: result.error,
              ...(reason ? { reason } : {}),
            },
            "SMS not sent",
          );

        // Kavenegar refused an unusable number before any call: there is nothing to record it under.
        const normalized = typeof mobile === "string" ? normalizeMobile(mobile) : null;
        if (normalized && input.recorder) {
          const tokens = template ? (secret ? template.tokens.map(() => HIDDEN_TOKEN) : template.tokens) : null;
          const written = typeof text === "string" && text.trim() !== "" ? text : template ? templateText(template) : "";
          try {
            await input.recorder.record({
              tenantId,
              mobile: normalized,
              // A sign-in code in the database would let anyone who reads it sign in as the traveller.
              text: secret && template ? hideTokens(written, template.tokens) : written,
              template: template?.name ?? null,
              tokens,
              sender: KAVENEGAR_NAME,
              status: result.ok ? "sent" : "failed",
              providerId: result.ok ? result.messageId : null,
              error: result.ok ? null : reason ? `${result.error}: ${reason}` : result.error,
              createdAt: input.clock.now(),
            });
          } catch (error) {
            // The message is out (or was refused) either way: a missing record must not turn it into a failure.
            // Only the driver's own words: the query's parameters (the mobile, the text) stay out of the log.
            const cause = (error as { cause?: unknown }).cause;
            warn({ tenantId, sender: KAVENEGAR_NAME, err: cause instanceof Error ? cause.message : "database error" }, "SMS not recorded");
          }
        }
        return result.ok ? { ok: true, messageId: result.messageId } : { ok: false, error: result.error };
      },
    };
  }
}

/** A token as it may be written in a message: with Latin, Persian or Arabic-Indic digits. */
function spellings(token: string): string[] {
  const inDigits = (zero: number) => token.replace(/[0-9]/g, (digit) => String.fromCharCode(zero + Number(digit)));
  return [...new Set([token, inDigits(0x06f0), inDigits(0x0660)])];
}

/** The text with every token (longest first, so none hides part of another) written as HIDDEN_TOKEN. */
function hideTokens(text: string, tokens: string[]): string {
  let hidden = text;
  const all = tokens.filter((token) => token !== "").flatMap(spellings);
  for (const token of all.sort((a, b) => b.length - a.length)) hidden = hidden.split(token).join(HIDDEN_TOKEN);
  return hidden;
}
