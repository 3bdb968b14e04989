import { describe, expect, it } from "vitest";
import { FALLBACK_TENANT } from "./site-config.ts";
import { TENANT_OPTIONS, isTenantOption, tenantOffers } from "./options.ts";

describe("tenantOffers", () => {
  it("offers a feature only when its option is in the tenant's optionActive", () => {
    expect(tenantOffers({ optionActive: ["companyPurchase"] }, "companyPurchase")).toBe(true);
    expect(tenantOffers({ optionActive: ["wallet", "notifyMe"] }, "companyPurchase")).toBe(false);
    expect(tenantOffers({ optionActive: [] }, "notifyMe")).toBe(false);
  });

  it("offers nothing on the fallback configuration", () => {
    for (const option of TENANT_OPTIONS) expect(tenantOffers(FALLBACK_TENANT, option), option).toBe(false);
  });

  it("knows the options by the configuration's spelling only", () => {
    expect(isTenantOption("companyPurchase")).toBe(true);
    expect(isTenantOption("company_purchase")).toBe(false);
    expect(tenantOffers({ optionActive: ["CompanyPurchase"] }, "companyPurchase")).toBe(false);
  });
});
