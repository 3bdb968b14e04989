import { z } from "zod";
import {
  readSecretsStatus,
  SMS_TEMPLATE_NAMES,
  updateSecrets,
  ZARINPAL_TERMINALS,
  type SecretFieldError,
  type SecretState,
  type SecretsStatus,
} from "#core/back-office/secrets.ts";
import type { MessageKey } from "../i18n.ts";
import { defineRoute, json } from "../route.ts";
import { ADMIN_TAG, apiActor } from "./shared.ts";

/**
 * `/api/v1/admin/secrets` (issue 25 §1): the tenant's gateways, SMS sender and reCAPTCHA. Secrets
 * are write-only: answers say whether each is set and since when, never the value; PUT replaces a
 * secret it is given, keeps one it is not, and clears one marked `remove`.
 */

const secretStateSchema = z.object({
  set: z.boolean(),
  readable: z.boolean().nullable().describe("False when stored but unreadable with this server's CREDENTIALS_KEY; null when not checked."),
  updatedAt: z.string().nullable().describe("When it was last written, ISO 8601."),
});

const secretsStatusSchema = z.object({
  keySet: z.boolean().describe("Whether the server has a CREDENTIALS_KEY: without it no secret can be stored."),
  gateways: z.array(
    z.object({
      name: z.string(),
      known: z.boolean(),
      position: z.number().int().nullable().describe("1 is the default; null when not offered."),
      needsCredentials: z.boolean(),
    }),
  ),
  zarinpal: z.object({ merchantId: secretStateSchema, terminal: z.enum(ZARINPAL_TERMINALS).nullable() }),
  sms: z.object({
    sender: z.string(),
    apiKey: secretStateSchema,
    line: z.string().nullable(),
    templates: z.record(z.string(), z.string().nullable()),
    dailyBudget: z.number().int().nullable(),
    defaultDailyBudget: z.number().int(),
  }),
  recaptcha: z.object({ siteKey: z.string().nullable(), secret: secretStateSchema }),
});

const text = (max: number) => z.string().max(max);

const secretsChangeSchema = z
  .object({
    gateways: z.array(text(40)).max(10).optional().describe("The enabled gateways in order; the first is the default."),
    zarinpal: z
      .object({ merchantId: text(100).optional(), terminal: text(20).optional(), remove: z.boolean().optional() })
      .strict()
      .optional(),
    sms: z
      .object({
        sender: text(40).optional(),
        apiKey: text(300).optional(),
        removeApiKey: z.boolean().optional(),
        line: text(40).optional(),
        templates: z.partialRecord(z.enum(SMS_TEMPLATE_NAMES), text(200)).optional(),
        dailyBudget: z
          .union([z.number().int(), text(20), z.null()])
          .optional()
          .describe("null or empty: the product's default."),
      })
      .strict()
      .optional(),
    recaptcha: z
      .object({ siteKey: text(200).optional(), secret: text(200).optional(), remove: z.boolean().optional() })
      .strict()
      .optional(),
  })
  .strict();

const state = (value: SecretState) => ({ ...value, updatedAt: value.updatedAt?.toISOString() ?? null });

function apiStatus(status: SecretsStatus): z.output<typeof secretsStatusSchema> {
  return {
    ...status,
    zarinpal: { ...status.zarinpal, merchantId: state(status.zarinpal.merchantId) },
    sms: { ...status.sms, apiKey: state(status.sms.apiKey) },
    recaptcha: { ...status.recaptcha, secret: state(status.recaptcha.secret) },
  };
}

export const adminSecretsRoute = defineRoute({
  operationId: "adminSecrets",
  method: "get",
  path: "/api/v1/admin/secrets",
  summary: "Whether each secret is set, and the non-secret settings around them",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "secrets.read",
  responses: { 200: { description: "The status; never a secret's value.", schema: secretsStatusSchema } },
  async handler({ deps, tenant }) {
    return json(apiStatus(await readSecretsStatus(deps.backOffice.secrets, tenant.id)));
  },
});

export const adminSecretsPutRoute = defineRoute({
  operationId: "adminSecretsPut",
  method: "put",
  path: "/api/v1/admin/secrets",
  summary: "Change the gateways, the SMS sender or reCAPTCHA; secrets are write-only",
  description: 'A section or field left out is kept. Recorded in the audit log with secrets as "set".',
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "secrets.write",
  body: secretsChangeSchema,
  responses: {
    200: { description: "The status after the change.", schema: secretsStatusSchema },
    422: { description: "VALIDATION_FAILED: a field is refused (its code and message in `fields`).", codes: ["VALIDATION_FAILED"] },
  },
  async handler({ deps, tenant, body, staff, signedIn, req, problem, field }) {
    const result = await updateSecrets(
      { secrets: deps.backOffice.secrets, audit: deps.backOffice.audit, clock: deps.clock },
      apiActor({ staff, signedIn, req, ipHashSecret: deps.ipHashSecret }),
      { tenantId: tenant.id, change: body },
    );
    if (!result.ok) {
      const fields = Object.entries(result.errors).map(([name, code]) => {
        const key: MessageKey = `admin.secrets.error.${code satisfies SecretFieldError}`;
        return field(name, code, key);
      });
      return problem(422, "VALIDATION_FAILED", "api.error.VALIDATION_FAILED", fields);
    }
    return json(apiStatus(result.status));
  },
});
