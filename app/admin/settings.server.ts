import { data, redirect, type AppLoadContext } from "react-router";
import { can } from "#core/back-office/roles.ts";
import {
  COLOR_FIELDS,
  settingsOf,
  updateSiteSettings,
  type SettingsError,
  type SettingsInput,
  type SiteSettings,
} from "#core/back-office/site-settings.ts";
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
}

export interface SettingsRefusal {
  values: SettingsValues;
  errors: Record<string, SettingsError>;
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
  return { text, services: settings.servicesActive, options: settings.optionActive };
}

/** `/admin/settings`: the storefront's white-label settings (owners change them; support reads them). */
export function settingsLoader(request: Request, context: AppLoadContext) {
  return adminLoader(request, context, "settings.read", (staff): Promise<SettingsPage> =>
    Promise.resolve({
      values: valuesOf(settingsOf(staff.tenant)),
      canWrite: can(staff.member.role, "settings.write"),
      themes: THEMES,
      services: SERVICE_IDS,
      options: TENANT_OPTIONS,
      saved: new URL(request.url).searchParams.get("notice") === "saved",
    }),
  );
}

const FIELD_LIMIT = 2000;

/** Saves the settings (owners), each field checked with its message; the tenant's cached pages drop. */
export function settingsAction(request: Request, context: AppLoadContext) {
  return adminAction(request, context, "settings.write", async ({ form, staff }) => {
    const input: SettingsInput = {};
    const text: Record<string, string> = {};
    for (const [name, value] of form.entries()) {
      if (typeof value !== "string" || name === "csrf") continue;
      const bounded = value.slice(0, FIELD_LIMIT);
      const existing = input[name];
      input[name] = existing === undefined ? bounded : [...(Array.isArray(existing) ? existing : [existing]), bounded];
      text[name] ??= bounded;
    }
    const result = await updateSiteSettings(
      { settings: context.backOffice.settings, audit: context.backOffice.audit, clock: { now: () => context.now() } },
      staff.actor,
      staff.tenant,
      input,
    );
    if (!result.ok) {
      const list = (name: string) => form.getAll(name).filter((value): value is string => typeof value === "string");
      const refusal: SettingsRefusal = {
        values: { text, services: list("servicesActive"), options: list("optionActive") },
        errors: result.errors,
      };
      return data(refusal, { status: refusalStatus(context, 400), headers: NO_STORE });
    }
    throw redirect(`${href(context.locale.locale, "admin-settings")}?notice=saved`, { status: 303, headers: NO_STORE });
  });
}
