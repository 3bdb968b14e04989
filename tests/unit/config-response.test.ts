import { describe, it, expect } from "vitest";
import { toConfigResponse } from "#core/tenants/config-response.ts";
import { FALLBACK_TENANT, type Tenant } from "#core/tenants/site-config.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";

/** The demo agencies of the seed, each given the id the database would assign. */
const TENANTS: Tenant[] = DEMO_TENANTS.map((seed, index) => ({ id: `tenant-${index + 1}`, ...seed.tenant }));

function bySlug(slug: string): Tenant {
  const found = TENANTS.find((tenant) => tenant.slug === slug);
  if (!found) throw new Error(`no demo tenant ${slug}`);
  return found;
}

const SPEC_FIELDS = [
  "serviceInactive",
  "servicesActive",
  "optionActive",
  "multiLanguage",
  "favIcon",
  "ActiveTheme",
  "btnColors",
  "recaptchaV3",
  "safarmarketUser",
  "headerOFSite",
  "indexPage",
  "blogUrl",
  "banner",
  "sloganSite",
  "nameCompany",
  "nameDomain1",
  "telCompany",
  "emailCompany",
  "addressCompany",
  "youtube",
  "twitter",
  "telegram",
  "instagram",
  "linkedin",
  "facebook",
  "aparat",
  "googleSiteVerification",
  "img",
  "imgLogoHeader",
  "imgLogoFooter",
  "giftEnable",
  "advtop1",
] as const;

const ALIAS_FIELDS = [
  "arrayOfTels",
  "telCompany2",
  "telSupportCmp",
  "logoSite",
  "logoHeader",
  "logoFooter",
  "showContentFirstPageModal",
] as const;

describe("toConfigResponse", () => {
  it("uses three demo tenants as inputs", () => {
    expect(TENANTS.map((tenant) => tenant.slug)).toEqual(["hamsafar", "parvaz-sabz", "safar-nur"]);
  });

  describe.each(TENANTS.map((tenant) => [tenant.slug, tenant] as const))("for %s", (_slug, tenant) => {
    it.each(["fa", "en", "ar"] as const)("answers every field of spec §3 and its aliases in %s", (locale) => {
      const response = toConfigResponse(tenant, locale);
      const missing = [...SPEC_FIELDS, ...ALIAS_FIELDS].filter((field) => !Object.hasOwn(response, field) || response[field] === undefined);
      expect(missing).toEqual([]);
    });

    it("gives aliases the same value as their sources", () => {
      const response = toConfigResponse(tenant, "fa");
      expect(response.arrayOfTels).toEqual(response.telCompany);
      expect(response.logoSite).toBe(response.img);
      expect(response.logoHeader).toBe(response.imgLogoHeader);
      expect(response.logoFooter).toBe(response.imgLogoFooter);
      expect(response.showContentFirstPageModal).toBe(response.advtop1);
    });

    it("copies the stored values under the spec's names", () => {
      const response = toConfigResponse(tenant, "fa");
      expect(response.ActiveTheme).toBe(tenant.theme);
      expect(response.btnColors).toBe(tenant.colors.button);
      expect(response.telCompany).toEqual(tenant.telCompany);
      expect(response.telCompany2).toBe(tenant.telCompany2);
      expect(response.telSupportCmp).toBe(tenant.telSupportCmp);
      expect(response.emailCompany).toEqual(tenant.emailCompany);
      expect(response.img).toBe(tenant.logo);
      expect(response.imgLogoFooter).toBe(tenant.logoFooter);
      expect(response.favIcon).toBe(tenant.favIcon);
      expect(response.nameDomain1).toBe(tenant.nameDomain1);
      expect(response.blogUrl).toBe(tenant.blogUrl);
      expect(response.giftEnable).toBe(tenant.giftEnable);
      expect(response.multiLanguage).toBe(tenant.multiLanguage);
      expect(response.optionActive).toEqual(tenant.optionActive);
      expect(response.serviceInactive).toEqual(tenant.serviceInactive);
    });

    it("writes each social network as its own field, null when absent", () => {
      const response = toConfigResponse(tenant, "fa");
      for (const network of ["youtube", "twitter", "telegram", "instagram", "linkedin", "facebook", "aparat"] as const) {
        expect(response[network]).toBe(tenant.social[network] ?? null);
      }
    });

    it("never lists an inactive service as active", () => {
      const response = toConfigResponse(tenant, "fa");
      for (const service of tenant.serviceInactive) expect(response.servicesActive).not.toContain(service);
    });

    it.each(["fa", "en", "ar"] as const)("answers the texts in %s", (locale) => {
      const response = toConfigResponse(tenant, locale);
      expect(response.nameCompany).toBe(tenant.nameCompany[locale]);
      expect(response.sloganSite).toBe(tenant.sloganSite?.[locale]);
      expect(response.addressCompany).toBe(tenant.addressCompany?.[locale]);
    });
  });

  it("answers the Hamsafar demo's company name per language", () => {
    const hamsafar = bySlug("hamsafar");
    expect(toConfigResponse(hamsafar, "en").nameCompany).toBe("Hamsafar");
    expect(toConfigResponse(hamsafar, "fa").nameCompany).toBe("همسفر");
    expect(toConfigResponse(hamsafar, "en").sloganSite).toBe("Easy travel, trusted booking");
    expect(toConfigResponse(hamsafar, "en").addressCompany).toBe("3rd floor, 1234 Valiasr St., Tehran");
  });

  it("answers the first-page modal in the request's language under both names", () => {
    const parvaz = bySlug("parvaz-sabz");
    const en = toConfigResponse(parvaz, "en");
    expect(en.advtop1).toBe("10% off Shiraz–Mashhad flights until the end of the month");
    expect(en.showContentFirstPageModal).toBe(en.advtop1);
    const ar = toConfigResponse(parvaz, "ar");
    expect(ar.advtop1).toBe(parvaz.firstPageModal?.ar);
    expect(ar.advtop1).not.toBe(en.advtop1);
  });

  it("falls back to Persian for a language the operator did not write", () => {
    const tenant: Tenant = {
      ...bySlug("safar-nur"),
      nameCompany: { fa: "سفر نور" },
      sloganSite: { fa: "زیارت و سیاحت", ar: "زيارة وسياحة" },
      addressCompany: { fa: "مشهد" },
      headerOfSite: { fa: "سرآیند" },
      firstPageModal: { fa: "پیام" },
    };
    const en = toConfigResponse(tenant, "en");
    expect(en.nameCompany).toBe("سفر نور");
    expect(en.sloganSite).toBe("زیارت و سیاحت");
    expect(en.addressCompany).toBe("مشهد");
    expect(en.headerOFSite).toBe("سرآیند");
    expect(en.advtop1).toBe("پیام");
    expect(en.showContentFirstPageModal).toBe("پیام");
    expect(toConfigResponse(tenant, "ar").sloganSite).toBe("زيارة وسياحة");
  });

  it("answers null for texts the operator left empty", () => {
    const response = toConfigResponse(bySlug("hamsafar"), "en");
    expect(response.headerOFSite).toBeNull();
    expect(response.advtop1).toBeNull();
    expect(response.showContentFirstPageModal).toBeNull();
  });

  it("excludes inactive services even when they are also listed as active", () => {
    const tenant: Tenant = { ...bySlug("hamsafar"), serviceInactive: ["insurance", "bus", "flightRtrip"] };
    const response = toConfigResponse(tenant, "fa");
    expect(response.servicesActive).not.toContain("insurance");
    expect(response.servicesActive).not.toContain("bus");
    expect(response.servicesActive).not.toContain("flightRtrip");
    expect(response.servicesActive).toContain("flight");
    expect(response.serviceInactive).toEqual(["insurance", "bus", "flightRtrip"]);
  });

  it("adds round-trip flights for a tenant that sells flights", () => {
    const tenant: Tenant = { ...bySlug("safar-nur"), servicesActive: ["flight", "train"], serviceInactive: [] };
    expect(toConfigResponse(tenant, "fa").servicesActive).toEqual(["flight", "train", "flightRtrip"]);
  });

  it("uses the real Parvaz Sabz footer logo, distinct from the main logo", () => {
    const response = toConfigResponse(bySlug("parvaz-sabz"), "fa");
    expect(response.imgLogoFooter).toBe("/tenants/parvaz-sabz/logo-footer.svg");
    expect(response.logoFooter).toBe("/tenants/parvaz-sabz/logo-footer.svg");
    expect(response.img).toBe("/tenants/parvaz-sabz/logo.svg");
  });

  it("falls back to the main logo for missing header and footer logos", () => {
    const tenant: Tenant = { ...bySlug("safar-nur"), logo: "/main.svg", logoHeader: null, logoFooter: null };
    const response = toConfigResponse(tenant, "fa");
    expect(response.imgLogoHeader).toBe("/main.svg");
    expect(response.logoHeader).toBe("/main.svg");
    expect(response.imgLogoFooter).toBe("/main.svg");
    expect(response.logoFooter).toBe("/main.svg");
    expect(response.logoSite).toBe("/main.svg");
  });

  it("uses the first phone as the support line when none is stored", () => {
    const tenant: Tenant = { ...bySlug("hamsafar"), telCompany: ["0211", "0212"], telSupportCmp: null };
    expect(toConfigResponse(tenant, "fa").telSupportCmp).toBe("0211");
    const noPhones: Tenant = { ...tenant, telCompany: [] };
    expect(toConfigResponse(noPhones, "fa").telSupportCmp).toBeNull();
  });

  it("answers the fallback configuration with every field too", () => {
    const response = toConfigResponse(FALLBACK_TENANT, "ar");
    const missing = [...SPEC_FIELDS, ...ALIAS_FIELDS].filter((field) => response[field] === undefined);
    expect(missing).toEqual([]);
    expect(response.blogUrl).toBe("/blog");
    expect(response.ActiveTheme).toBe("theme-1");
  });
});
