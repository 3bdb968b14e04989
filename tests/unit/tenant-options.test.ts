import { describe, expect, it } from "vitest";
import { isTenantOption, tenantOffers } from "#core/tenants/options.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";

describe("the demo tenants' options", () => {
  it("are all options the product knows, spelled as the configuration spells them", () => {
    for (const { tenant } of DEMO_TENANTS)
      for (const option of tenant.optionActive) expect(isTenantOption(option), `${tenant.slug}: ${option}`).toBe(true);
  });

  it("offer company purchase on hamsafar and safar-nur (the journeys that use it), not on parvaz-sabz", () => {
    const offers = Object.fromEntries(DEMO_TENANTS.map(({ tenant }) => [tenant.slug, tenantOffers(tenant, "companyPurchase")]));
    expect(offers).toEqual({ hamsafar: true, "parvaz-sabz": false, "safar-nur": true });
  });
});
