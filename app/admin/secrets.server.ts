import { data, redirect, type AppLoadContext } from "react-router";
import { can } from "#core/back-office/roles.ts";
import {
  gatewayOrder,
  readSecretsStatus,
  SMS_SENDER_NAMES,
  SMS_TEMPLATE_NAMES,
  updateSecrets,
  ZARINPAL_TERMINALS,
  type SecretFieldError,
  type SecretsChange,
  type SecretsStatus,
  type SecretState,
} from "#core/back-office/secrets.ts";
import { NO_STORE, refusalStatus } from "#app/booking/answers.server.ts";
import { href } from "#app/links.ts";
import { adminAction, adminLoader } from "./guard.server.ts";
import { whenOf, type When } from "./when.server.ts";

/** A secret as the screen knows it: whether it is set, readable, and since when. Never its value. */
export interface SecretView {
  set: boolean;
  readable: boolean | null;
  since: When | null;
}

/** The form's non-secret values by field name; secret inputs always start empty. */
export type SecretsValues = Record<string, string>;

export interface SecretsPage {
  canWrite: boolean;
  keySet: boolean;
  gateways: { name: string; known: boolean; needsCredentials: boolean }[];
  merchantId: SecretView;
  apiKey: SecretView;
  recaptchaSecret: SecretView;
  defaultDailyBudget: number;
  senders: readonly string[];
  terminals: readonly string[];
  templates: readonly string[];
  values: SecretsValues;
  saved: "saved" | "unchanged" | null;
}

export interface SecretsRefusal {
  values: SecretsValues;
  errors: Record<string, SecretFieldError>;
}

function valuesOf(status: SecretsStatus): SecretsValues {
  const values: SecretsValues = {
    "zarinpal.terminal": status.zarinpal.terminal ?? "production",
    "sms.sender": status.sms.sender,
    "sms.line": status.sms.line ?? "",
    "sms.dailyBudget": status.sms.dailyBudget === null ? "" : String(status.sms.dailyBudget),
    "recaptcha.siteKey": status.recaptcha.siteKey ?? "",
  };
  for (const gateway of status.gateways) {
    values[`gateways.${gateway.name}.enabled`] = gateway.position === null ? "" : "on";
    values[`gateways.${gateway.name}.position`] = gateway.position === null ? "" : String(gateway.position);
  }
  for (const name of SMS_TEMPLATE_NAMES) values[`sms.templates.${name}`] = status.sms.templates[name] ?? "";
  return values;
}

/** `/admin/secrets`: the tenant's gateways, SMS sender and reCAPTCHA; owners (and the platform) only. */
export function secretsLoader(request: Request, context: AppLoadContext) {
  return adminLoader(request, context, "secrets.read", async (staff): Promise<SecretsPage> => {
    const status = await readSecretsStatus(context.backOffice.secrets, staff.tenantId);
    const when = whenOf(request, context);
    const view = (state: SecretState): SecretView => ({
      set: state.set,
      readable: state.readable,
      since: state.updatedAt ? when.format(state.updatedAt) : null,
    });
    const notice = new URL(request.url).searchParams.get("notice");
    return {
      canWrite: can(staff.member.role, "secrets.write"),
      keySet: status.keySet,
      gateways: status.gateways.map(({ name, known, needsCredentials }) => ({ name, known, needsCredentials })),
      merchantId: view(status.zarinpal.merchantId),
      apiKey: view(status.sms.apiKey),
      recaptchaSecret: view(status.recaptcha.secret),
      defaultDailyBudget: status.sms.defaultDailyBudget,
      senders: SMS_SENDER_NAMES,
      terminals: ZARINPAL_TERMINALS,
      templates: SMS_TEMPLATE_NAMES,
      values: valuesOf(status),
      saved: notice === "saved" || notice === "unchanged" ? notice : null,
    };
  });
}

const FIELD_LIMIT = 500;
/** Fields whose value is a secret: never sent back to the browser, even refused. */
const SECRET_INPUTS = new Set(["zarinpal.merchantId", "sms.apiKey", "recaptcha.secret"]);

/** The form as a change: every section is on the form, so each is sent; an empty secret keeps the stored one. */
function changeOf(form: FormData, gatewayNames: readonly string[]): { change: SecretsChange; orderError: SecretFieldError | null } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, FIELD_LIMIT) : "";
  };
  const checked = (name: string) => form.get(name) === "on";
  const order = gatewayOrder(
    gatewayNames.map((name) => ({ name, enabled: checked(`gateways.${name}.enabled`), position: text(`gateways.${name}.position`) })),
  );
  return {
    change: {
      ...(order.ok ? { gateways: order.value } : {}),
      zarinpal: { merchantId: text("zarinpal.merchantId"), terminal: text("zarinpal.terminal"), remove: checked("zarinpal.remove") },
      sms: {
        sender: text("sms.sender"),
        apiKey: text("sms.apiKey"),
        removeApiKey: checked("sms.removeApiKey"),
        line: text("sms.line"),
        templates: Object.fromEntries(SMS_TEMPLATE_NAMES.map((name) => [name, text(`sms.templates.${name}`)])),
        dailyBudget: text("sms.dailyBudget"),
      },
      recaptcha: { siteKey: text("recaptcha.siteKey"), secret: text("recaptcha.secret"), remove: checked("recaptcha.remove") },
    },
    orderError: order.ok ? null : order.error,
  };
}

/** Saves the form (owners): one audited change, secrets recorded as "set". */
export function secretsAction(request: Request, context: AppLoadContext) {
  return adminAction(request, context, "secrets.write", async ({ form, staff }) => {
    const status = await readSecretsStatus(context.backOffice.secrets, staff.tenantId);
    const { change, orderError } = changeOf(
      form,
      status.gateways.map((gateway) => gateway.name),
    );
    const result = orderError
      ? ({ ok: false, errors: { gateways: orderError } } as const)
      : await updateSecrets(
          { secrets: context.backOffice.secrets, audit: context.backOffice.audit, clock: { now: () => context.now() } },
          staff.actor,
          { tenantId: staff.tenantId, change },
        );
    if (!result.ok) {
      const values: SecretsValues = {};
      for (const [name, value] of form.entries()) {
        if (typeof value === "string" && name !== "csrf" && !SECRET_INPUTS.has(name)) values[name] = value.slice(0, FIELD_LIMIT);
      }
      const refusal: SecretsRefusal = { values, errors: result.errors };
      return data(refusal, { status: refusalStatus(context, 400), headers: NO_STORE });
    }
    const notice = result.changed ? "saved" : "unchanged";
    throw redirect(`${href(context.locale.locale, "admin-secrets")}?notice=${notice}`, { status: 303, headers: NO_STORE });
  });
}
