import { useState } from "react";
import { Form, useActionData } from "react-router";
import {
  settingsAction,
  settingsLoader,
  type DomainRefusal,
  type SettingsFieldError,
  type SettingsPage,
  type SettingsRefusal,
} from "#app/admin/settings.server.ts";
import { adminLinks, adminMeta } from "#app/admin/route-head.ts";
import { AdminScreen } from "#app/components/admin/admin-shell.tsx";
import { adminFieldFor, adminFieldId } from "#app/components/admin/form-field.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { DomainError } from "#core/back-office/brand.ts";
import { COLOR_FIELDS, LOGO_FIELDS, type LogoField } from "#core/back-office/site-settings.ts";
import { LOCALES, type Locale } from "#core/i18n/locales.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { readableTextOn } from "#core/tenants/colors.ts";
import { SOCIAL_NETWORKS } from "#core/tenants/site-config.ts";
import type { Route } from "./+types/settings";
import { headers as pageHeaders } from "#app/search/page-headers.ts";

export const headers = pageHeaders;

export const links = adminLinks;

export function loader({ request, context }: Route.LoaderArgs) {
  return settingsLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return settingsAction(request, context);
}

export const meta = adminMeta("admin.settings.title");

const ERROR_MESSAGES: Record<SettingsFieldError, MessageKey> = {
  REQUIRED: "admin.settings.error.REQUIRED",
  TOO_LONG: "admin.settings.error.TOO_LONG",
  THEME_INVALID: "admin.settings.error.THEME_INVALID",
  COLOR_INVALID: "admin.settings.error.COLOR_INVALID",
  PHONE_INVALID: "admin.settings.error.PHONE_INVALID",
  EMAIL_INVALID: "admin.settings.error.EMAIL_INVALID",
  URL_INVALID: "admin.settings.error.URL_INVALID",
  SERVICE_INVALID: "admin.settings.error.SERVICE_INVALID",
  OPTION_INVALID: "admin.settings.error.OPTION_INVALID",
  NO_SERVICE: "admin.settings.error.NO_SERVICE",
  IMAGE_REQUIRED: "admin.brand.error.IMAGE_REQUIRED",
  IMAGE_TOO_LARGE: "admin.brand.error.IMAGE_TOO_LARGE",
  IMAGE_TYPE: "admin.brand.error.IMAGE_TYPE",
  IMAGE_SVG: "admin.brand.error.IMAGE_SVG",
  IMAGE_UNREADABLE: "admin.brand.error.IMAGE_UNREADABLE",
  IMAGE_TOO_SMALL: "admin.brand.error.IMAGE_TOO_SMALL",
  IMAGE_DIMENSIONS: "admin.brand.error.IMAGE_DIMENSIONS",
  FIELD_INVALID: "admin.brand.error.FIELD_INVALID",
};

const DOMAIN_ERRORS: Record<DomainError, MessageKey> = {
  HOST_INVALID: "admin.brand.domainError.HOST_INVALID",
  HOST_TAKEN: "admin.brand.domainError.HOST_TAKEN",
  HOST_EXISTS: "admin.brand.domainError.HOST_EXISTS",
  NOT_FOUND: "admin.brand.domainError.NOT_FOUND",
  CURRENT_HOST: "admin.brand.domainError.CURRENT_HOST",
  LAST_DOMAIN: "admin.brand.domainError.LAST_DOMAIN",
};

const LOGO_LABELS: Record<LogoField, MessageKey> = {
  logo: "admin.brand.logo.logo",
  logoHeader: "admin.brand.logo.logoHeader",
  logoFooter: "admin.brand.logo.logoFooter",
};

const LANGUAGE_NAMES: Record<Locale, MessageKey> = {
  fa: "admin.settings.lang.fa",
  en: "admin.settings.lang.en",
  ar: "admin.settings.lang.ar",
};

const fieldId = (name: string) => adminFieldId("settings", name);

const Field = adminFieldFor<SettingsFieldError>("settings", (error) => ERROR_MESSAGES[error]);

function SettingsForm({ page, csrf, refusal }: { page: SettingsPage; csrf: string; refusal: SettingsRefusal | undefined }) {
  const { t, number } = useI18n();
  const values = refusal?.values ?? page.values;
  const errors = refusal?.errors ?? {};
  const [preview, setPreview] = useState(() => ({
    theme: values.text.theme ?? "theme-1",
    name: values.text["name.fa"] ?? "",
    colors: Object.fromEntries(COLOR_FIELDS.map((field) => [field, values.text[`colors.${field}`] ?? "#FFFFFF"])),
  }));
  const disabled = !page.canWrite;
  const localized = (base: string, label: MessageKey, multiline = false) => (
    <fieldset className="admin-fieldset">
      <legend>{t(label)}</legend>
      {LOCALES.map((locale) => (
        <Field key={locale} name={`${base}.${locale}`} label={t(LANGUAGE_NAMES[locale])} errors={errors}>
          {(props) =>
            multiline ? (
              <textarea
                {...props}
                name={`${base}.${locale}`}
                rows={3}
                lang={locale}
                dir={locale === "en" ? "ltr" : "rtl"}
                defaultValue={values.text[`${base}.${locale}`]}
              />
            ) : (
              <input
                {...props}
                name={`${base}.${locale}`}
                lang={locale}
                dir={locale === "en" ? "ltr" : "rtl"}
                defaultValue={values.text[`${base}.${locale}`]}
                onChange={base === "name" && locale === "fa" ? (event) => setPreview({ ...preview, name: event.target.value }) : undefined}
              />
            )
          }
        </Field>
      ))}
    </fieldset>
  );
  return (
    <Form method="post" encType="multipart/form-data" className="admin-settings" noValidate>
      <input type="hidden" name="csrf" value={csrf} />
      {Object.keys(errors).length > 0 ? (
        <p className="admin-error" role="alert">
          {t("admin.settings.refused")}
        </p>
      ) : null}
      <fieldset className="admin-settings-body" disabled={disabled}>
        {localized("name", "admin.settings.name")}
        <fieldset className="admin-fieldset">
          <legend>{t("admin.brand.logos")}</legend>
          <p className="admin-hint">{t("admin.brand.logoHint", { mb: number(2), px: number(32) })}</p>
          {LOGO_FIELDS.map((field) => (
            <div key={field} className="admin-logo-field">
              {values.text[field] ? <img className="admin-logo-current" src={values.text[field]} alt="" height={40} /> : null}
              <Field name={field} label={t(LOGO_LABELS[field])} errors={errors}>
                {(props) => <input {...props} type="file" name={`${field}.file`} accept="image/png,image/jpeg,image/webp" />}
              </Field>
              <div className="admin-field">
                <label htmlFor={`${fieldId(field)}-address`}>{t("admin.brand.logoAddress")}</label>
                <input id={`${fieldId(field)}-address`} name={field} dir="ltr" defaultValue={values.text[field]} key={values.text[field]} />
              </div>
            </div>
          ))}
        </fieldset>
        {localized("slogan", "admin.settings.slogan")}
        <fieldset className="admin-fieldset">
          <legend>{t("admin.settings.look")}</legend>
          <Field name="theme" label={t("admin.settings.theme")} errors={errors}>
            {(props) => (
              <select
                {...props}
                name="theme"
                defaultValue={values.text.theme}
                onChange={(event) => setPreview({ ...preview, theme: event.target.value })}
              >
                {page.themes.map((theme) => (
                  <option key={theme} value={theme}>
                    {theme}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {COLOR_FIELDS.map((field) => (
            <Field key={field} name={`colors.${field}`} label={t(`admin.settings.color.${field}`)} errors={errors}>
              {(props) => (
                <input
                  {...props}
                  type="color"
                  name={`colors.${field}`}
                  defaultValue={values.text[`colors.${field}`]}
                  onChange={(event) => setPreview({ ...preview, colors: { ...preview.colors, [field]: event.target.value } })}
                />
              )}
            </Field>
          ))}
          <div className="admin-preview" data-theme={preview.theme} aria-label={t("admin.settings.preview")} role="img">
            <div
              className="admin-preview-header"
              style={{ background: preview.colors.header, color: readableTextOn(preview.colors.header ?? "#FFFFFF") }}
            >
              {preview.name}
            </div>
            <div className="admin-preview-body" style={{ background: preview.colors.background }}>
              <span style={{ color: preview.colors.link }}>{t("admin.settings.previewLink")}</span>
              <span
                className="admin-preview-button"
                style={{ background: preview.colors.button, color: readableTextOn(preview.colors.button ?? "#0077DB") }}
              >
                {t("admin.settings.previewButton")}
              </span>
            </div>
            <div
              className="admin-preview-footer"
              style={{ background: preview.colors.footer, color: readableTextOn(preview.colors.footer ?? "#FFFFFF") }}
            >
              {preview.theme}
            </div>
          </div>
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>{t("admin.settings.contact")}</legend>
          <Field name="phones" label={t("admin.settings.phones")} hint={t("admin.settings.onePerLine")} errors={errors}>
            {(props) => <textarea {...props} name="phones" rows={3} dir="ltr" defaultValue={values.text.phones} />}
          </Field>
          <Field name="supportPhone" label={t("admin.settings.supportPhone")} errors={errors}>
            {(props) => <input {...props} name="supportPhone" dir="ltr" inputMode="tel" defaultValue={values.text.supportPhone} />}
          </Field>
          <Field name="emails" label={t("admin.settings.emails")} hint={t("admin.settings.onePerLine")} errors={errors}>
            {(props) => <textarea {...props} name="emails" rows={3} dir="ltr" defaultValue={values.text.emails} />}
          </Field>
        </fieldset>
        {localized("address", "admin.settings.address", true)}
        <fieldset className="admin-fieldset">
          <legend>{t("admin.settings.social")}</legend>
          {SOCIAL_NETWORKS.map((network) => (
            <Field key={network} name={`social.${network}`} label={t(`social.${network}`)} errors={errors}>
              {(props) => (
                <input
                  {...props}
                  name={`social.${network}`}
                  type="url"
                  dir="ltr"
                  placeholder="https://"
                  defaultValue={values.text[`social.${network}`]}
                />
              )}
            </Field>
          ))}
        </fieldset>
        <fieldset className="admin-fieldset" aria-describedby={errors.servicesActive ? "settings-servicesActive-error" : undefined}>
          <legend>{t("admin.settings.services")}</legend>
          {page.services.map((service) => (
            <label key={service} className="admin-check">
              <input type="checkbox" name="servicesActive" value={service} defaultChecked={values.services.includes(service)} />
              {t(`service.${service}.title`)}
            </label>
          ))}
          {errors.servicesActive ? (
            <p id="settings-servicesActive-error" className="admin-error">
              {t(ERROR_MESSAGES[errors.servicesActive])}
            </p>
          ) : null}
        </fieldset>
        <fieldset className="admin-fieldset" aria-describedby={errors.optionActive ? "settings-optionActive-error" : undefined}>
          <legend>{t("admin.settings.options")}</legend>
          {page.options.map((option) => (
            <label key={option} className="admin-check">
              <input type="checkbox" name="optionActive" value={option} defaultChecked={values.options.includes(option)} />
              {t(`admin.settings.option.${option}`)} <code dir="ltr">{option}</code>
            </label>
          ))}
          {errors.optionActive ? (
            <p id="settings-optionActive-error" className="admin-error">
              {t(ERROR_MESSAGES[errors.optionActive])}
            </p>
          ) : null}
        </fieldset>
        {localized("firstPageModal", "admin.settings.firstPageModal", true)}
        <fieldset className="admin-fieldset">
          <legend>{t("admin.settings.banner")}</legend>
          <Field name="banner" label={t("admin.settings.bannerUrl")} hint={t("admin.settings.bannerHint")} errors={errors}>
            {(props) => <input {...props} name="banner" dir="ltr" defaultValue={values.text.banner} />}
          </Field>
        </fieldset>
      </fieldset>
      {page.canWrite ? (
        <div className="admin-actions">
          <button type="submit" name="intent" value="save" className="admin-button">
            {t("admin.settings.save")}
          </button>
          <button type="submit" name="intent" value="preview" className="admin-button admin-button-secondary">
            {t("admin.brand.preview")}
          </button>
        </div>
      ) : null}
      {refusal?.previewUrl ? (
        <section className="admin-preview-live" aria-labelledby="settings-live-preview">
          <h2 id="settings-live-preview">{t("admin.brand.previewTitle")}</h2>
          <p className="admin-hint">{t("admin.brand.previewHint")}</p>
          <iframe className="admin-preview-frame" src={refusal.previewUrl} title={t("admin.brand.previewTitle")} />
        </section>
      ) : null}
    </Form>
  );
}

function DomainsSection({ page, csrf, refusal }: { page: SettingsPage; csrf: string; refusal: DomainRefusal | undefined }) {
  const { t } = useI18n();
  const addError = refusal?.domainField === "host" ? refusal.domainError : null;
  const removeError = refusal?.domainField === "remove" ? refusal.domainError : null;
  return (
    <section className="admin-fieldset admin-domains" aria-labelledby="settings-domains">
      <h2 id="settings-domains">{t("admin.brand.domains")}</h2>
      {removeError ? (
        <p className="admin-error" role="alert" id="settings-domain-remove-error">
          {t(DOMAIN_ERRORS[removeError])} <bdi dir="ltr">{refusal?.host}</bdi>
        </p>
      ) : null}
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t("admin.brand.host")}</th>
            <th scope="col">{t("admin.brand.hostState")}</th>
            {page.canWrite ? <th scope="col">{t("admin.brand.hostAction")}</th> : null}
          </tr>
        </thead>
        <tbody>
          {page.domains.map((domain) => (
            <tr key={domain.host}>
              <td>
                <bdi dir="ltr">{domain.host}</bdi>
              </td>
              <td>
                {domain.primary ? <span className="admin-badge">{t("admin.brand.primary")}</span> : null}{" "}
                {domain.current ? <span className="admin-badge">{t("admin.brand.current")}</span> : null}
              </td>
              {page.canWrite ? (
                <td>
                  {domain.current || page.domains.length <= 1 ? null : (
                    <Form method="post">
                      <input type="hidden" name="csrf" value={csrf} />
                      <input type="hidden" name="intent" value="domain.remove" />
                      <input type="hidden" name="host" value={domain.host} />
                      <button type="submit" className="admin-button admin-button-secondary">
                        {t("admin.brand.remove")} <bdi dir="ltr">{domain.host}</bdi>
                      </button>
                    </Form>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {page.canWrite ? (
        <Form method="post" className="admin-form" noValidate>
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="intent" value="domain.add" />
          <div className="admin-field">
            <label htmlFor="settings-domain-host">{t("admin.brand.addHost")}</label>
            <input
              id="settings-domain-host"
              name="host"
              dir="ltr"
              inputMode="url"
              autoComplete="off"
              placeholder="example.com"
              defaultValue={addError ? refusal?.host : ""}
              {...(addError ? { "aria-invalid": true as const, "aria-describedby": "settings-domain-host-error" } : {})}
            />
            {addError ? (
              <p id="settings-domain-host-error" className="admin-error">
                {t(DOMAIN_ERRORS[addError])}
              </p>
            ) : null}
          </div>
          <button type="submit" className="admin-button">
            {t("admin.brand.add")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/** `/admin/settings`: the white-label settings with a preview of the look before saving. */
export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<SettingsRefusal | DomainRefusal>();
  const domainRefusal = answer && "domainError" in answer ? answer : undefined;
  const settingsRefusal = answer && "values" in answer ? answer : undefined;
  return (
    <AdminScreen data={loaderData} current="admin-settings" title={t("admin.settings.title")}>
      {(page, frame) => (
        <>
          {page.saved ? (
            <p className="admin-notice" role="status">
              {t("admin.settings.saved")}
            </p>
          ) : null}
          {page.notice ? (
            <p className="admin-notice" role="status">
              {t(page.notice === "domainAdded" ? "admin.brand.domainAdded" : "admin.brand.domainRemoved")}
            </p>
          ) : null}
          <SettingsForm page={page} csrf={frame.csrf} refusal={settingsRefusal} />
          <DomainsSection page={page} csrf={frame.csrf} refusal={domainRefusal} />
        </>
      )}
    </AdminScreen>
  );
}
