import { Form, useActionData } from "react-router";
import { adminLinks, adminMeta } from "#app/admin/route-head.ts";
import { secretsAction, secretsLoader, type SecretsPage, type SecretsRefusal, type SecretView } from "#app/admin/secrets.server.ts";
import { AdminScreen } from "#app/components/admin/admin-shell.tsx";
import { adminFieldFor, adminFieldId } from "#app/components/admin/form-field.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { headers as pageHeaders } from "#app/search/page-headers.ts";
import type { SecretFieldError } from "#core/back-office/secrets.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import type { Route } from "./+types/secrets";

export const headers = pageHeaders;
export const links = adminLinks;
export const meta = adminMeta("admin.secrets.title");

export function loader({ request, context }: Route.LoaderArgs) {
  return secretsLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return secretsAction(request, context);
}

const ERROR_MESSAGES: Record<SecretFieldError, MessageKey> = {
  REQUIRED: "admin.secrets.error.REQUIRED",
  MERCHANT_ID_INVALID: "admin.secrets.error.MERCHANT_ID_INVALID",
  API_KEY_INVALID: "admin.secrets.error.API_KEY_INVALID",
  LINE_INVALID: "admin.secrets.error.LINE_INVALID",
  TEMPLATE_INVALID: "admin.secrets.error.TEMPLATE_INVALID",
  BUDGET_INVALID: "admin.secrets.error.BUDGET_INVALID",
  RECAPTCHA_KEY_INVALID: "admin.secrets.error.RECAPTCHA_KEY_INVALID",
  SAME_AS_SITE_KEY: "admin.secrets.error.SAME_AS_SITE_KEY",
  SENDER_INVALID: "admin.secrets.error.SENDER_INVALID",
  TERMINAL_INVALID: "admin.secrets.error.TERMINAL_INVALID",
  GATEWAY_INVALID: "admin.secrets.error.GATEWAY_INVALID",
  ORDER_INVALID: "admin.secrets.error.ORDER_INVALID",
  NO_GATEWAY: "admin.secrets.error.NO_GATEWAY",
  CREDENTIALS_MISSING: "admin.secrets.error.CREDENTIALS_MISSING",
  UNREADABLE: "admin.secrets.error.UNREADABLE",
  KEY_NOT_SET: "admin.secrets.error.KEY_NOT_SET",
};

const GATEWAY_NAMES: Record<string, MessageKey> = { sandbox: "admin.secrets.gateway.sandbox", zarinpal: "admin.secrets.gateway.zarinpal" };
const TERMINAL_NAMES: Record<string, MessageKey> = {
  production: "admin.secrets.terminal.production",
  sandbox: "admin.secrets.terminal.sandbox",
};
const SENDER_NAMES: Record<string, MessageKey> = { outbox: "admin.secrets.sender.outbox", kavenegar: "admin.secrets.sender.kavenegar" };
const TEMPLATE_NAMES: Record<string, MessageKey> = {
  "login-code": "admin.secrets.template.login-code",
  "ticket-issued": "admin.secrets.template.ticket-issued",
  "refund-paid": "admin.secrets.template.refund-paid",
};

const fieldId = (name: string) => adminFieldId("secrets", name);

const Field = adminFieldFor<SecretFieldError>("secrets", (error) => ERROR_MESSAGES[error]);

/** A choice among the deployment's own options (terminals, senders), each shown by its translated name. */
function OptionSelect(props: {
  name: string;
  label: string;
  options: readonly string[];
  names: Record<string, MessageKey>;
  value: string;
  errors: Partial<Record<string, SecretFieldError>>;
}) {
  const { t } = useI18n();
  return (
    <Field name={props.name} label={props.label} errors={props.errors}>
      {(control) => (
        <select {...control} defaultValue={props.value}>
          {props.options.map((option) => (
            <option key={option} value={option}>
              {t(props.names[option]!)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** "Set on 1405/09/05 10:30", "Not set", or "set but unreadable": never the value. */
function SecretStateText({ state }: { state: SecretView }) {
  const { t } = useI18n();
  if (!state.set) return <>{t("admin.secrets.state.notSet")}</>;
  const since = state.since ? (
    <time dateTime={state.since.at}>
      {state.since.date} {state.since.time}
    </time>
  ) : null;
  return (
    <>
      {t("admin.secrets.state.setOn")} {since}
      {state.readable === false ? ` ${t("admin.secrets.state.unreadable")}` : null}
    </>
  );
}

/** A write-only secret: an empty password-type input (empty keeps), its state, and a "remove" box. */
function SecretField({
  name,
  removeName,
  label,
  state,
  errors,
}: {
  name: string;
  removeName: string;
  label: string;
  state: SecretView;
  errors: Record<string, SecretFieldError>;
}) {
  const { t } = useI18n();
  return (
    <>
      <Field
        name={name}
        label={label}
        errors={errors}
        hint={
          <>
            <SecretStateText state={state} /> {t("admin.secrets.keepHint")}
          </>
        }
      >
        {(props) => <input {...props} type="password" autoComplete="off" spellCheck={false} dir="ltr" defaultValue="" />}
      </Field>
      {state.set ? (
        <label className="admin-check">
          <input type="checkbox" name={removeName} /> {t("admin.secrets.remove")}
        </label>
      ) : null}
    </>
  );
}

function SecretsForm({ page, csrf }: { page: SecretsPage; csrf: string }) {
  const { t, number } = useI18n();
  const refusal = useActionData<SecretsRefusal>();
  const values = refusal?.values ?? page.values;
  const errors = refusal?.errors ?? {};
  const value = (name: string) => values[name] ?? "";
  return (
    <Form method="post" className="admin-settings" noValidate autoComplete="off">
      <input type="hidden" name="csrf" value={csrf} />
      {Object.keys(errors).length > 0 ? (
        <p className="admin-error" role="alert">
          {t("admin.settings.refused")}
        </p>
      ) : null}
      {!page.keySet ? (
        <p className="admin-notice" role="note">
          {t("admin.secrets.noKey")}
        </p>
      ) : null}
      <fieldset className="admin-settings-body" disabled={!page.canWrite}>
        <fieldset className="admin-fieldset" aria-describedby={errors.gateways ? "secrets-gateways-error" : "secrets-gateways-hint"}>
          <legend>{t("admin.secrets.gateways")}</legend>
          <p id="secrets-gateways-hint" className="admin-hint">
            {t("admin.secrets.gatewaysHint")}
          </p>
          {page.gateways.map((gateway) => (
            <div key={gateway.name} className="admin-field">
              <label className="admin-check">
                <input
                  type="checkbox"
                  name={`gateways.${gateway.name}.enabled`}
                  defaultChecked={value(`gateways.${gateway.name}.enabled`) === "on"}
                />{" "}
                {GATEWAY_NAMES[gateway.name] ? t(GATEWAY_NAMES[gateway.name]!) : <bdi dir="ltr">{gateway.name}</bdi>}
              </label>
              <label htmlFor={fieldId(`gateways.${gateway.name}.position`)}>{t("admin.secrets.position")}</label>
              <input
                id={fieldId(`gateways.${gateway.name}.position`)}
                name={`gateways.${gateway.name}.position`}
                inputMode="numeric"
                dir="ltr"
                defaultValue={value(`gateways.${gateway.name}.position`)}
                {...(errors.gateways ? { "aria-invalid": true as const, "aria-describedby": "secrets-gateways-error" } : {})}
              />
            </div>
          ))}
          {errors.gateways ? (
            <p id="secrets-gateways-error" className="admin-error">
              {t(ERROR_MESSAGES[errors.gateways])}
            </p>
          ) : null}
        </fieldset>

        <fieldset className="admin-fieldset">
          <legend>{t("admin.secrets.gateway.zarinpal")}</legend>
          <SecretField
            name="zarinpal.merchantId"
            removeName="zarinpal.remove"
            label={t("admin.secrets.merchantId")}
            state={page.merchantId}
            errors={errors}
          />
          <OptionSelect
            name="zarinpal.terminal"
            label={t("admin.secrets.terminal")}
            options={page.terminals}
            names={TERMINAL_NAMES}
            value={value("zarinpal.terminal")}
            errors={errors}
          />
        </fieldset>

        <fieldset className="admin-fieldset">
          <legend>{t("admin.secrets.sms")}</legend>
          <OptionSelect
            name="sms.sender"
            label={t("admin.secrets.sender")}
            options={page.senders}
            names={SENDER_NAMES}
            value={value("sms.sender")}
            errors={errors}
          />
          <SecretField
            name="sms.apiKey"
            removeName="sms.removeApiKey"
            label={t("admin.secrets.apiKey")}
            state={page.apiKey}
            errors={errors}
          />
          <Field name="sms.line" label={t("admin.secrets.line")} hint={t("admin.secrets.lineHint")} errors={errors}>
            {(props) => <input {...props} inputMode="numeric" dir="ltr" defaultValue={value("sms.line")} />}
          </Field>
          {page.templates.map((name) => (
            <Field key={name} name={`sms.templates.${name}`} label={t(TEMPLATE_NAMES[name]!)} errors={errors}>
              {(props) => <input {...props} dir="ltr" defaultValue={value(`sms.templates.${name}`)} />}
            </Field>
          ))}
          <Field
            name="sms.dailyBudget"
            label={t("admin.secrets.dailyBudget")}
            hint={t("admin.secrets.dailyBudgetHint", { budget: number(page.defaultDailyBudget) })}
            errors={errors}
          >
            {(props) => <input {...props} inputMode="numeric" dir="ltr" defaultValue={value("sms.dailyBudget")} />}
          </Field>
        </fieldset>

        <fieldset className="admin-fieldset">
          <legend>{t("admin.secrets.recaptcha")}</legend>
          <Field name="recaptcha.siteKey" label={t("admin.secrets.siteKey")} hint={t("admin.secrets.siteKeyHint")} errors={errors}>
            {(props) => <input {...props} dir="ltr" spellCheck={false} defaultValue={value("recaptcha.siteKey")} />}
          </Field>
          <SecretField
            name="recaptcha.secret"
            removeName="recaptcha.remove"
            label={t("admin.secrets.recaptchaSecret")}
            state={page.recaptchaSecret}
            errors={errors}
          />
        </fieldset>
      </fieldset>
      {page.canWrite ? (
        <div className="admin-actions">
          <button type="submit" className="admin-button">
            {t("admin.settings.save")}
          </button>
        </div>
      ) : null}
    </Form>
  );
}

/** `/admin/secrets`: which secrets are set and since when; the values themselves are write-only. */
export default function AdminSecrets({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <AdminScreen data={loaderData} current="admin-secrets" title={t("admin.secrets.title")}>
      {(page, frame) => (
        <>
          <p className="admin-intro">{t("admin.secrets.intro")}</p>
          {page.saved ? (
            <p className="admin-notice" role="status">
              {t(page.saved === "saved" ? "admin.secrets.saved" : "admin.secrets.unchanged")}
            </p>
          ) : null}
          <SecretsForm page={page} csrf={frame.csrf} />
        </>
      )}
    </AdminScreen>
  );
}
