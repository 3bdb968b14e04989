import type { TaxProfile } from "../tax/tax-profile.ts";
import { LOCALES, type Locale } from "../i18n/locales.ts";
import { enabledServices, type ServiceId } from "../services/service-ids.ts";

export const THEMES = ["theme-1", "theme-2", "theme-3"] as const;
export type ThemeId = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeId = "theme-1";

export const SOCIAL_NETWORKS = ["youtube", "twitter", "telegram", "instagram", "linkedin", "facebook", "aparat"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** A text the operator writes once per language. Missing languages fall back to Persian. */
export type LocalizedText = Partial<Record<Locale, string>> & { fa: string };

export interface TenantColors {
  /** Buttons (spec §3 btnColors). */
  button: string;
  /** Links (spec §9: default #0077DB). */
  link: string;
  background: string;
  header: string;
  footer: string;
}

/** Spec §9 defaults: link #0077DB, white background, header and footer. */
export const DEFAULT_COLORS: TenantColors = {
  button: "#0077DB",
  link: "#0077DB",
  background: "#FFFFFF",
  header: "#FFFFFF",
  footer: "#FFFFFF",
};

/** One agency's storefront, as the core sees it. Every field of spec §3 has a home here. */
export interface Tenant {
  id: string;
  slug: string;
  isDefault: boolean;
  theme: ThemeId;
  locales: Locale[];
  multiLanguage: boolean;
  servicesActive: ServiceId[];
  serviceInactive: ServiceId[];
  optionActive: string[];
  nameCompany: LocalizedText;
  nameDomain1: string;
  sloganSite: LocalizedText | null;
  addressCompany: LocalizedText | null;
  telCompany: string[];
  telCompany2: string | null;
  telSupportCmp: string | null;
  emailCompany: string[];
  social: Partial<Record<SocialNetwork, string>>;
  favIcon: string | null;
  logo: string | null;
  logoHeader: string | null;
  logoFooter: string | null;
  /** The image shared on social networks (200×100, spec §2); the header logo when absent. */
  socialImage: string | null;
  colors: TenantColors;
  recaptchaV3SiteKey: string | null;
  safarmarketUser: string | null;
  headerOfSite: LocalizedText | null;
  indexPage: string | null;
  blogUrl: string;
  banner: string | null;
  giftEnable: boolean;
  firstPageModal: LocalizedText | null;
  googleSiteVerification: string | null;
  mapToken: string | null;
  /** Gateways travellers may pay through, the first being the default ("sandbox", "zarinpal"…). */
  paymentGateways: string[];
  /** Who delivers text messages: "outbox" (built in) or a provider ("kavenegar") whose credentials are stored encrypted. */
  smsSender: string;
  /** Sign-in codes allowed per Tehran day; null for the product default (against SMS pumping). */
  smsDailyBudget: number | null;
  /**
   * Spec §4 GDS-pro host (ADR 0030): while `showComponentsForGdsPro` is off, every page and
   * service of the storefront is hidden; the stored services stay as they are and come back
   * when it is switched on.
   */
  gdsPro: boolean;
  showComponentsForGdsPro: boolean;
  /** Issue 23 §2: the agency's card for card-to-card payments and the number receipts go to; null when it takes none. */
  cardToCard: TenantCardToCard | null;
  /** Issue 23, official invoices: the seller's tax profile; absent or null, the tenant files none. Never in the config endpoint. */
  taxProfile?: TaxProfile | null;
}

/** The agency's card (16 digits, public: payers type it), its holder per language, its bank's id and the receipts' mobile. */
export interface TenantCardToCard {
  cardNumber: string;
  holder: LocalizedText;
  bank: string;
  receiptMobile: string;
}

export function localized(text: LocalizedText | null | undefined, locale: Locale): string | null {
  if (!text) return null;
  return text[locale] ?? text.fa;
}

/** The fields that decide which services a tenant offers right now. */
export type ServiceSwitches = Pick<Tenant, "servicesActive" | "serviceInactive"> &
  Partial<Pick<Tenant, "gdsPro" | "showComponentsForGdsPro">>;

/** Whether a GDS-pro host still hides its storefront (spec §4): every route and service is off. */
export function componentsHidden(tenant: Partial<Pick<Tenant, "gdsPro" | "showComponentsForGdsPro">>): boolean {
  return tenant.gdsPro === true && tenant.showComponentsForGdsPro !== true;
}

/**
 * The services a tenant offers now: its saved list without the inactive ones, or none while a
 * GDS-pro host hides its components. The saved list is never changed by hiding, so switching the
 * components on restores exactly what was there.
 */
export function tenantServices(tenant: ServiceSwitches): ServiceId[] {
  if (componentsHidden(tenant)) return [];
  return enabledServices(tenant.servicesActive, tenant.serviceInactive);
}

export function isServiceEnabled(tenant: ServiceSwitches, service: ServiceId): boolean {
  return tenantServices(tenant).includes(service);
}

/**
 * The configuration used when the tenant's own cannot be loaded (spec §8): pages still render,
 * with neutral branding and every bookable service, and are marked not cacheable.
 */
export const FALLBACK_TENANT: Tenant = {
  id: "fallback",
  slug: "fallback",
  isDefault: false,
  theme: DEFAULT_THEME,
  locales: [...LOCALES],
  multiLanguage: true,
  servicesActive: ["flight", "internationalflight", "train", "bus", "hotel", "intHotel", "tour", "intTour", "insurance", "blog"],
  serviceInactive: [],
  optionActive: [],
  nameCompany: { fa: "همسفر", en: "Hamsafar", ar: "همسفر" },
  nameDomain1: "",
  sloganSite: null,
  addressCompany: null,
  telCompany: [],
  telCompany2: null,
  telSupportCmp: null,
  emailCompany: [],
  social: {},
  favIcon: "/favicon.svg",
  logo: null,
  logoHeader: null,
  logoFooter: null,
  socialImage: null,
  colors: DEFAULT_COLORS,
  recaptchaV3SiteKey: null,
  safarmarketUser: null,
  headerOfSite: null,
  indexPage: null,
  blogUrl: "/blog",
  banner: null,
  giftEnable: false,
  firstPageModal: null,
  googleSiteVerification: null,
  mapToken: null,
  paymentGateways: ["sandbox"],
  smsSender: "outbox",
  smsDailyBudget: null,
  gdsPro: false,
  showComponentsForGdsPro: false,
  cardToCard: null,
};
