import { latinDigits } from "#core/i18n/digits.ts";
import { LOCALES } from "#core/i18n/locales.ts";
import { isEmail } from "#core/passengers/passenger-rules.ts";
import type { Clock } from "#core/ports.ts";
import { SERVICE_IDS, isServiceId, type ServiceId } from "#core/services/service-ids.ts";
import { parseHexColor } from "#core/tenants/colors.ts";
import { TENANT_OPTIONS, isTenantOption, type TenantOption } from "#core/tenants/options.ts";
import {
  SOCIAL_NETWORKS,
  THEMES,
  type LocalizedText,
  type SocialNetwork,
  type Tenant,
  type TenantColors,
  type ThemeId,
} from "#core/tenants/site-config.ts";
import { audited, type Actor, type AuditLog } from "./audit.ts";

/**
 * The white-label settings an owner edits on /admin/settings (issue 25 §1; spec §3): the
 * storefront's name, theme, colours, contacts, services and options, first-page modal and banner.
 * Every field is checked here, once, with a code per field; screens and the API speak the codes.
 */
export interface SiteSettings {
  name: LocalizedText;
  slogan: LocalizedText | null;
  theme: ThemeId;
  colors: TenantColors;
  phones: string[];
  supportPhone: string | null;
  emails: string[];
  address: LocalizedText | null;
  social: Partial<Record<SocialNetwork, string>>;
  servicesActive: ServiceId[];
  optionActive: TenantOption[];
  firstPageModal: LocalizedText | null;
  banner: string | null;
  /** The logos (spec §3 img, imgLogoHeader, imgLogoFooter): a path on this site (an upload) or an https address. */
  logo: string | null;
  logoHeader: string | null;
  logoFooter: string | null;
}

/** The tenant's three logo fields, in the form and in the tenants table. */
export const LOGO_FIELDS = ["logo", "logoHeader", "logoFooter"] as const;
export type LogoField = (typeof LOGO_FIELDS)[number];

export const COLOR_FIELDS = ["button", "link", "background", "header", "footer"] as const satisfies readonly (keyof TenantColors)[];

export type SettingsError =
  | "REQUIRED"
  | "TOO_LONG"
  | "THEME_INVALID"
  | "COLOR_INVALID"
  | "PHONE_INVALID"
  | "EMAIL_INVALID"
  | "URL_INVALID"
  | "SERVICE_INVALID"
  | "OPTION_INVALID"
  | "NO_SERVICE";

export const SETTINGS_LIMITS = { name: 80, slogan: 160, address: 300, modal: 1000, url: 300, list: 5 } as const;

/** The form as sent: each field by its name (`name.fa`, `colors.button`, `social.instagram`…); lists one per line. */
export type SettingsInput = Record<string, string | string[] | undefined>;

export type SettingsReading = { ok: true; settings: SiteSettings } | { ok: false; errors: Record<string, SettingsError> };

export function settingsOf(tenant: Tenant): SiteSettings {
  return {
    name: tenant.nameCompany,
    slogan: tenant.sloganSite,
    theme: tenant.theme,
    colors: tenant.colors,
    phones: tenant.telCompany,
    supportPhone: tenant.telSupportCmp,
    emails: tenant.emailCompany,
    address: tenant.addressCompany,
    social: tenant.social,
    servicesActive: tenant.servicesActive,
    optionActive: tenant.optionActive.filter(isTenantOption),
    firstPageModal: tenant.firstPageModal,
    banner: tenant.banner,
    logo: tenant.logo,
    logoHeader: tenant.logoHeader,
    logoFooter: tenant.logoFooter,
  };
}

/** The tenant's fields these settings set: the inverse of settingsOf, for the store and the preview. */
export function tenantFieldsOf(settings: SiteSettings) {
  return {
    nameCompany: settings.name,
    sloganSite: settings.slogan,
    theme: settings.theme,
    colors: settings.colors,
    telCompany: settings.phones,
    telSupportCmp: settings.supportPhone,
    emailCompany: settings.emails,
    addressCompany: settings.address,
    social: settings.social,
    servicesActive: settings.servicesActive,
    optionActive: settings.optionActive,
    firstPageModal: settings.firstPageModal,
    banner: settings.banner,
    logo: settings.logo,
    logoHeader: settings.logoHeader,
    logoFooter: settings.logoFooter,
  } satisfies Partial<Tenant>;
}

/** A phone as written on the site: digits, spaces, dashes and one leading +, 5 to 15 digits. */
function readPhone(text: string): string | null {
  const value = latinDigits(text).trim();
  if (!/^\+?[\d\s-]+$/.test(value)) return null;
  const digits = value.replace(/\D/g, "");
  return digits.length >= 5 && digits.length <= 15 ? value.replace(/\s+/g, " ") : null;
}

function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** Reads and checks the settings form; the first error of each field, by the field's name. */
export function readSiteSettings(input: SettingsInput): SettingsReading {
  const errors: Record<string, SettingsError> = {};
  const text = (name: string) => {
    const value = input[name];
    return (Array.isArray(value) ? (value[0] ?? "") : (value ?? "")).trim();
  };
  const many = (name: string) => {
    const value = input[name];
    return (Array.isArray(value) ? value : [value ?? ""])
      .flatMap((part) => part.split(/\r?\n/))
      .map((part) => part.trim())
      .filter(Boolean);
  };
  const localizedText = (base: string, limit: number, required: boolean): LocalizedText | null => {
    const values: Partial<Record<string, string>> = {};
    for (const locale of LOCALES) {
      const value = text(`${base}.${locale}`);
      if ([...value].length > limit) errors[`${base}.${locale}`] = "TOO_LONG";
      else if (value) values[locale] = value;
    }
    if (!values.fa) {
      if (required || Object.keys(values).length > 0) errors[`${base}.fa`] ??= "REQUIRED";
      return null;
    }
    return values as LocalizedText;
  };

  const name = localizedText("name", SETTINGS_LIMITS.name, true);
  const slogan = localizedText("slogan", SETTINGS_LIMITS.slogan, false);
  const address = localizedText("address", SETTINGS_LIMITS.address, false);
  const firstPageModal = localizedText("firstPageModal", SETTINGS_LIMITS.modal, false);

  const themeText = text("theme");
  const theme = (THEMES as readonly string[]).includes(themeText) ? (themeText as ThemeId) : null;
  if (!theme) errors.theme = "THEME_INVALID";

  const colors = {} as TenantColors;
  for (const field of COLOR_FIELDS) {
    const value = text(`colors.${field}`);
    if (!/^#[0-9a-fA-F]{6}$/.test(value) || !parseHexColor(value)) errors[`colors.${field}`] = value ? "COLOR_INVALID" : "REQUIRED";
    else colors[field] = value.toUpperCase();
  }

  const phones: string[] = [];
  const phoneLines = many("phones");
  if (phoneLines.length > SETTINGS_LIMITS.list) errors.phones = "TOO_LONG";
  for (const line of phoneLines) {
    const phone = readPhone(line);
    if (phone) phones.push(phone);
    else errors.phones ??= "PHONE_INVALID";
  }
  const supportText = text("supportPhone");
  const supportPhone = supportText ? readPhone(supportText) : null;
  if (supportText && !supportPhone) errors.supportPhone = "PHONE_INVALID";

  const emailLines = many("emails");
  if (emailLines.length > SETTINGS_LIMITS.list) errors.emails = "TOO_LONG";
  for (const line of emailLines) if (!isEmail(line) || line.length > 254) errors.emails ??= "EMAIL_INVALID";

  const social: Partial<Record<SocialNetwork, string>> = {};
  for (const network of SOCIAL_NETWORKS) {
    const value = text(`social.${network}`);
    if (!value) continue;
    if (value.length > SETTINGS_LIMITS.url || !isHttpsUrl(value)) errors[`social.${network}`] = "URL_INVALID";
    else social[network] = value;
  }

  const services = many("servicesActive");
  if (services.some((service) => !isServiceId(service))) errors.servicesActive = "SERVICE_INVALID";
  else if (!services.some((service) => service !== "blog")) errors.servicesActive = "NO_SERVICE";
  const options = many("optionActive");
  if (options.some((option) => !isTenantOption(option))) errors.optionActive = "OPTION_INVALID";

  const banner = text("banner");
  // A banner is an image of this site (a path) or of an https address.
  const isImageAddress = (value: string) => value.length <= SETTINGS_LIMITS.url && (/^\/[^/\\]/.test(value) || isHttpsUrl(value));
  if (banner && !isImageAddress(banner)) errors.banner = "URL_INVALID";
  const logos = {} as Record<LogoField, string | null>;
  for (const field of LOGO_FIELDS) {
    const value = text(field);
    if (value && !isImageAddress(value)) errors[field] = "URL_INVALID";
    logos[field] = value || null;
  }

  if (Object.keys(errors).length > 0 || !name || !theme) return { ok: false, errors };
  return {
    ok: true,
    settings: {
      name,
      slogan,
      theme,
      colors,
      phones,
      supportPhone,
      emails: emailLines,
      address,
      social,
      // In the product's order, once each.
      servicesActive: SERVICE_IDS.filter((service) => services.includes(service)),
      optionActive: TENANT_OPTIONS.filter((option) => options.includes(option)),
      firstPageModal,
      banner: banner || null,
      ...logos,
    },
  };
}

export interface SiteSettingsStore {
  /** Writes the settings and moves the tenant's `updated_at`, so cached pages of the tenant drop (ADR 0034). */
  save(tenantId: string, settings: SiteSettings, now: Date): Promise<void>;
}

/** Saves an owner's settings after checking them; the change goes to the audit log. */
export async function updateSiteSettings(
  deps: { settings: SiteSettingsStore; audit: AuditLog; clock: Clock },
  actor: Actor,
  tenant: Tenant,
  input: SettingsInput,
): Promise<SettingsReading> {
  const reading = readSiteSettings(input);
  if (!reading.ok) return reading;
  await audited(deps, { tenantId: tenant.id, actor, action: "settings.update", subject: { type: "tenant", id: tenant.id } }, async () => {
    await deps.settings.save(tenant.id, reading.settings, deps.clock.now());
    return { result: null, before: settingsOf(tenant), after: reading.settings };
  });
  return reading;
}
