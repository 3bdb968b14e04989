import type { Locale } from "#core/i18n/locales.ts";
import type { ServiceId } from "#core/services/service-ids.ts";
import { localized, tenantServices, type SocialNetwork, type TenantColors, type ThemeId } from "#core/tenants/site-config.ts";
import { tenantOffers } from "#core/tenants/options.ts";
import { blogLinkOf } from "#core/blog/post.ts";
import type { RequestContext } from "./context.ts";

/** What every page knows about its site: public branding only, never credentials. */
export interface SiteView {
  name: string;
  slogan: string | null;
  address: string | null;
  theme: ThemeId;
  colors: TenantColors;
  logoHeader: string | null;
  logoFooter: string | null;
  socialImage: string | null;
  favIcon: string | null;
  phones: string[];
  supportPhone: string | null;
  emails: string[];
  social: Partial<Record<SocialNetwork, string>>;
  services: ServiceId[];
  locales: Locale[];
  multiLanguage: boolean;
  googleSiteVerification: string | null;
  firstPageModal: string | null;
  /** Issue 23 §3: the agency sells mobile top-ups (its `chargemobile` option), linked from the footer. */
  mobileTopUp: boolean;
  /** Issue 25: the header's and footer's blog link (the tenant's blogUrl), or null without the blog service. */
  blog: { href: string; external: boolean } | null;
}

export interface RootData {
  locale: Locale;
  /** scheme://host of this request, for canonical and social URLs. */
  origin: string;
  site: SiteView;
  configLoaded: boolean;
}

export function siteView(context: RequestContext): SiteView {
  const { tenant } = context;
  const locale = context.locale.locale;
  return {
    name: localized(tenant.nameCompany, locale) ?? "",
    slogan: localized(tenant.sloganSite, locale),
    address: localized(tenant.addressCompany, locale),
    theme: tenant.theme,
    colors: tenant.colors,
    logoHeader: tenant.logoHeader ?? tenant.logo,
    logoFooter: tenant.logoFooter ?? tenant.logo,
    socialImage: tenant.socialImage,
    favIcon: tenant.favIcon,
    phones: tenant.telCompany,
    supportPhone: tenant.telSupportCmp ?? tenant.telCompany[0] ?? null,
    emails: tenant.emailCompany,
    social: tenant.social,
    services: tenantServices(tenant),
    locales: tenant.locales,
    multiLanguage: tenant.multiLanguage,
    googleSiteVerification: tenant.googleSiteVerification,
    firstPageModal: localized(tenant.firstPageModal, locale),
    mobileTopUp: tenantOffers(tenant, "chargemobile"),
    blog: tenantServices(tenant).includes("blog") ? blogLinkOf(tenant.blogUrl, locale) : null,
  };
}
