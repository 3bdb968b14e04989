import { describe, expect, it } from "vitest";
import { toConfigResponse } from "./config-response.ts";
import { hiddenByGdsPro } from "./gds-pro.ts";
import { FALLBACK_TENANT, tenantServices, type Tenant } from "./site-config.ts";

const tenant = (flags: Pick<Tenant, "gdsPro" | "showComponentsForGdsPro">): Tenant => ({
  ...FALLBACK_TENANT,
  servicesActive: ["flight", "train", "insurance"],
  serviceInactive: ["insurance"],
  ...flags,
});

describe("a GDS-pro host (spec §4)", () => {
  const hidden = tenant({ gdsPro: true, showComponentsForGdsPro: false });
  const shown = tenant({ gdsPro: true, showComponentsForGdsPro: true });
  const ordinary = tenant({ gdsPro: false, showComponentsForGdsPro: false });

  it("offers no service while hidden, and its saved ones (less the inactive) once shown", () => {
    expect(tenantServices(hidden)).toEqual([]);
    expect(tenantServices(shown)).toEqual(["flight", "train", "flightRtrip"]);
    expect(tenantServices(ordinary)).toEqual(["flight", "train", "flightRtrip"]);
  });

  it("refuses every storefront path while hidden, in any language, but keeps the diagnostics and the configuration call", () => {
    for (const path of ["/", "/en", "/flight", "/ar/train/THR-MHD", "/api/v1/flights/search", "/follow", "/_root.data", "/flight.data"])
      expect(hiddenByGdsPro(hidden, path), path).toBe(true);
    for (const path of ["/test", "/en/testLang", "/test/", "/test.data", "/main/getConfigItems/nuxt", "/__manifest"])
      expect(hiddenByGdsPro(hidden, path), path).toBe(false);
    expect(hiddenByGdsPro(shown, "/flight")).toBe(false);
    expect(hiddenByGdsPro(ordinary, "/")).toBe(false);
  });

  it("tells a client through the configuration call whether the components are shown", () => {
    expect(toConfigResponse(hidden, "fa")).toMatchObject({ servicesActive: [], showComponentsForGdsPro: false });
    expect(toConfigResponse(shown, "fa")).toMatchObject({
      servicesActive: ["flight", "train", "flightRtrip"],
      showComponentsForGdsPro: true,
    });
    expect(toConfigResponse(ordinary, "en").showComponentsForGdsPro).toBe(true);
  });
});
