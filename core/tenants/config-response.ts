import type { Locale } from "../i18n/locales.ts";
import { componentsHidden, localized, tenantServices, type Tenant } from "./site-config.ts";

/**
 * The body of `POST /main/getConfigItems/nuxt` (spec §3, §7): the spec's field names, alias
 * fields included. Aliases are derived from one stored value each, so they can never disagree;
 * see docs/decisions/0003-tenant-configuration.md.
 */
export function toConfigResponse(tenant: Tenant, locale: Locale) {
  const services = tenantServices(tenant);
  const name = localized(tenant.nameCompany, locale) ?? "";
  const modal = localized(tenant.firstPageModal, locale);
  return {
    serviceInactive: tenant.serviceInactive,
    servicesActive: services,
    optionActive: tenant.optionActive,
    multiLanguage: tenant.multiLanguage,
    languages: tenant.locales,
    favIcon: tenant.favIcon,
    ActiveTheme: tenant.theme,
    btnColors: tenant.colors.button,
    linkColors: tenant.colors.link,
    backgroundColor: tenant.colors.background,
    headerColor: tenant.colors.header,
    footerColor: tenant.colors.footer,
    recaptchaV3: tenant.recaptchaV3SiteKey,
    safarmarketUser: tenant.safarmarketUser,
    headerOFSite: localized(tenant.headerOfSite, locale),
    indexPage: tenant.indexPage,
    blogUrl: tenant.blogUrl,
    banner: tenant.banner,
    sloganSite: localized(tenant.sloganSite, locale),
    nameCompany: name,
    nameDomain1: tenant.nameDomain1,
    telCompany: tenant.telCompany,
    arrayOfTels: tenant.telCompany,
    telCompany2: tenant.telCompany2,
    telSupportCmp: tenant.telSupportCmp ?? tenant.telCompany[0] ?? null,
    emailCompany: tenant.emailCompany,
    addressCompany: localized(tenant.addressCompany, locale),
    youtube: tenant.social.youtube ?? null,
    twitter: tenant.social.twitter ?? null,
    telegram: tenant.social.telegram ?? null,
    instagram: tenant.social.instagram ?? null,
    linkedin: tenant.social.linkedin ?? null,
    facebook: tenant.social.facebook ?? null,
    aparat: tenant.social.aparat ?? null,
    googleSiteVerification: tenant.googleSiteVerification,
    img: tenant.logo,
    logoSite: tenant.logo,
    imgLogoHeader: tenant.logoHeader ?? tenant.logo,
    logoHeader: tenant.logoHeader ?? tenant.logo,
    imgLogoFooter: tenant.logoFooter ?? tenant.logo,
    logoFooter: tenant.logoFooter ?? tenant.logo,
    socialImage: tenant.socialImage ?? tenant.logoHeader ?? tenant.logo,
    giftEnable: tenant.giftEnable,
    advtop1: modal,
    showContentFirstPageModal: modal,
    mapToken: tenant.mapToken,
    // Spec §3/§4: false only while a GDS-pro host hides its storefront (servicesActive is then empty).
    showComponentsForGdsPro: !componentsHidden(tenant),
  };
}

export type ConfigResponse = ReturnType<typeof toConfigResponse>;
