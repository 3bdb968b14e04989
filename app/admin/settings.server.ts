import { data, redirect, type AppLoadContext } from "react-router";
import { can } from "#core/back-office/roles.ts";
import {
  MAX_LOGO_BYTES,
  addDomain,
  createPreview,
  removeDomain,
  uploadLogo,
  type DomainError,
  type LogoUploadError,
} from "#core/back-office/brand.ts";
import {
  COLOR_FIELDS,
  LOGO_FIELDS,
  readSiteSettings,
  settingsOf,
  updateSiteSettings,
  type SettingsError,
  type SettingsInput,
  type SiteSettings,
} from "#core/back-office/site-settings.ts";
import { localizePath } from "#core/i18n/locales.ts";
import { LOCALES } from "#core/i18n/locales.ts";
import { SERVICE_IDS, type ServiceId } from "#core/services/service-ids.ts";
import { TENANT_OPTIONS, type TenantOption } from "#core/tenants/options.ts";
import { SOCIAL_NETWORKS, THEMES, type ThemeId } from "#core/tenants/site-config.ts";
import { NO_STORE, refusalStatus } from "#app/booking/answers.server.ts";
import { href } from "#app/links.ts";
import { adminAction, adminLoader } from "./guard.server.ts";

/** The settings form's values by field name (lists one per line; choices as lists). */
export interface SettingsValues {
  text: Record<string, string>;
  services: string[];
  options: string[];
}

export interface SettingsPage {
  values: SettingsValues;
  canWrite: boolean;
  themes: readonly ThemeId[];
  services: readonly ServiceId[];
  options: readonly TenantOption[];
  saved: boolean;
  /** The tenant's host names, the one this page is seen on marked (it cannot be removed). */
  domains: { host: string; primary: boolean; current: boolean }[];
  /** `?notice=` after a domain change. */
  notice: "domainAdded" | "domainRemoved" | null;
}

export type SettingsFieldError = SettingsError | LogoUploadError;

export interface SettingsRefusal {
  values: SettingsValues;
  errors: Record<string, SettingsFieldError>;
  /** After "preview": the storefront's home page with the unsaved settings, for the iframe. */
  previewUrl?: string;
}

export interface DomainRefusal {
  domainError: DomainError;
  domainField: "host" | "remove";
  host: string;
}

function valuesOf(settings: SiteSettings): SettingsValues {
  const text: Record<string, string> = { theme: settings.theme };
  for (const locale of LOCALES) {
    text[`name.${locale}`] = settings.name[locale] ?? "";
    text[`slogan.${locale}`] = settings.slogan?.[locale] ?? "";
    text[`address.${locale}`] = settings.address?.[locale] ?? "";
    text[`firstPageModal.${locale}`] = settings.firstPageModal?.[locale] ?? "";
  }
  for (const field of COLOR_FIELDS) text[`colors.${field}`] = settings.colors[field];
  for (const network of SOCIAL_NETWORKS) text[`social.${network}`] = settings.social[network] ?? "";
  text.phones = settings.phones.join("\n");
  text.supportPhone = settings.supportPhone ?? "";
  text.emails = settings.emails.join("\n");
  text.banner = settings.banner ?? "";
  for (const field of LOGO_FIELDS) text[field] = settings[field] ?? "";
  return { text, services: settings.servicesActive, options: settings.optionActive };
}

/** `/admin/settings`: the storefront's white-label settings (owners change them; support reads them). */
export function settingsLoader(request: Request, context: AppLoadContext) {
  return adminLoader(request, context, "settings.read", async (staff): Promise<SettingsPage> => {
    const url = new URL(request.url);
    const notice = url.searchParams.get("notice");
    const domains = await context.backOffice.brand.domains.list(staff.tenantId);
    return {
      values: valuesOf(settingsOf(staff.tenant)),
      canWrite: can(staff.member.role, "settings.write"),
      themes: THEMES,
      services: SERVICE_IDS,
      options: TENANT_OPTIONS,
      saved: notice === "saved",
      domains: domains.map((domain) => ({ host: domain.host, primary: domain.isPrimary, current: domain.host === url.hostname })),
      notice: notice === "domainAdded" || notice === "domainRemoved" ? notice : null,
    };
  });
}

const FIELD_LIMIT = 2000;

function brandDeps(context: AppLoadContext) {
  return {
    ...context.backOffice.brand,
    audit: context.backOffice.audit,
    clock: { now: () => context.now() },
    crypto: context.backOffice.previewCrypto,
  };
}

/**
 * The settings form's submits (owners): "save" (the default), "preview" (the unsaved settings
 * behind a short-lived token, shown in the iframe), a logo file with either, and the domain forms.
 */
export function settingsAction(request: Request, context: AppLoadContext) {
  return adminAction(request, context, "settings.write", async ({ form, staff }) => {
    const intent = form.get("intent");
    const deps = brandDeps(context);
    const screen = href(context.locale.locale, "admin-settings");
    if (intent === "domain.add" || intent === "domain.remove") {
      const field = form.get("host");
      const host = (typeof field === "string" ? field : "").slice(0, 300);
      const result =
        intent === "domain.add"
          ? await addDomain(deps, staff.actor, { tenantId: staff.tenantId, host })
          : await removeDomain(deps, staff.actor, { tenantId: staff.tenantId, host, currentHost: new URL(request.url).hostname });
      if (!result.ok) {
        const refusal: DomainRefusal = { domainError: result.error, domainField: intent === "domain.add" ? "host" : "remove", host };
        return data(refusal, { status: refusalStatus(context, 400), headers: NO_STORE });
      }
      throw redirect(`${screen}?notice=${intent === "domain.add" ? "domainAdded" : "domainRemoved"}`, { status: 303, headers: NO_STORE });
    }

    const input: SettingsInput = {};
    const text: Record<string, string> = {};
    for (const [name, value] of form.entries()) {
      if (typeof value !== "string" || name === "csrf" || name === "intent") continue;
      const bounded = value.slice(0, FIELD_LIMIT);
      const existing = input[name];
      input[name] = existing === undefined ? bounded : [...(Array.isArray(existing) ? existing : [existing]), bounded];
      text[name] ??= bounded;
    }
    const list = (name: string) => form.getAll(name).filter((value): value is string => typeof value === "string");
    const refuse = (errors: Record<string, SettingsFieldError>) => {
      const refusal: SettingsRefusal = { values: { text, services: list("servicesActive"), options: list("optionActive") }, errors };
      return data(refusal, { status: refusalStatus(context, 400), headers: NO_STORE });
    };

    // A form without a logo field (an older client) keeps the logo it has.
    for (const field of LOGO_FIELDS) if (input[field] === undefined) input[field] = text[field] = staff.tenant[field] ?? "";
    // A logo chosen with the form is stored first; its address then stands in the field.
    const uploadErrors: Record<string, LogoUploadError> = {};
    for (const field of LOGO_FIELDS) {
      const file = form.get(`${field}.file`);
      if (!(file instanceof File) || file.size === 0) continue;
      // An oversized file is refused by its size alone; its bytes are not copied.
      const bytes = file.size > MAX_LOGO_BYTES ? new Uint8Array(MAX_LOGO_BYTES + 1) : new Uint8Array(await file.arrayBuffer());
      const uploaded = await uploadLogo(deps, staff.actor, { tenantId: staff.tenantId, field, bytes, apply: false });
      if (!uploaded.ok) uploadErrors[field] = uploaded.error;
      else input[field] = text[field] = uploaded.url;
    }
    if (Object.keys(uploadErrors).length > 0) {
      const reading = readSiteSettings(input);
      return refuse({ ...(reading.ok ? {} : reading.errors), ...uploadErrors });
    }

    if (intent === "preview") {
      const reading = readSiteSettings(input);
      if (!reading.ok) return refuse(reading.errors);
      const { token } = await createPreview(deps, { tenantId: staff.tenantId, settings: reading.settings });
      const refusal: SettingsRefusal = {
        values: { text, services: list("servicesActive"), options: list("optionActive") },
        errors: {},
        previewUrl: `${localizePath(context.locale.locale, "/")}?preview=${encodeURIComponent(token)}`,
      };
      return data(refusal, { headers: NO_STORE });
    }

    const result = await updateSiteSettings(
      { settings: context.backOffice.settings, audit: context.backOffice.audit, clock: { now: () => context.now() } },
      staff.actor,
      staff.tenant,
      input,
    );
    if (!result.ok) return refuse(result.errors);
    throw redirect(`${screen}?notice=saved`, { status: 303, headers: NO_STORE });
  });
}
