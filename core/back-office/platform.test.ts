import { describe, expect, it } from "vitest";
import { FALLBACK_TENANT, type Tenant } from "#core/tenants/site-config.ts";
import { actingTenant, mayChooseTenant, type TenantDirectory } from "./platform.ts";

const tenant = (slug: string): Tenant => ({ ...FALLBACK_TENANT, id: `id-${slug}`, slug });
const HOST = tenant("platform");
const OTHER = tenant("parvaz-sabz");
const directory: TenantDirectory = {
  list: async () => [{ slug: OTHER.slug, name: OTHER.nameCompany }],
  findBySlug: async (slug) => (slug === OTHER.slug ? OTHER : null),
};

describe("a platform operator's tenant", () => {
  it("is another tenant only for the platform role on the platform host", async () => {
    const ask = (role: "platform" | "owner", onPlatformHost: boolean) =>
      actingTenant({ member: { role }, onPlatformHost, hostTenant: HOST, chosenSlug: OTHER.slug, directory });
    expect(await ask("platform", true)).toEqual({ ok: true, tenant: OTHER, switched: true });
    expect(await ask("platform", false)).toEqual({ ok: true, tenant: HOST, switched: false });
    expect(await ask("owner", true)).toEqual({ ok: true, tenant: HOST, switched: false });
    expect(mayChooseTenant({ role: "owner" }, true)).toBe(false);
    expect(mayChooseTenant({ role: "platform" }, false)).toBe(false);
  });

  it("is the host's when none or the host's own is named, and an unknown or malformed name is refused", async () => {
    const ask = (chosenSlug: string | null) =>
      actingTenant({ member: { role: "platform" }, onPlatformHost: true, hostTenant: HOST, chosenSlug, directory });
    expect(await ask(null)).toEqual({ ok: true, tenant: HOST, switched: false });
    expect(await ask("platform")).toEqual({ ok: true, tenant: HOST, switched: false });
    expect(await ask("nobody")).toEqual({ ok: false, reason: "UNKNOWN_TENANT" });
    expect(await ask("Robert'); DROP TABLE tenants;--")).toEqual({ ok: false, reason: "UNKNOWN_TENANT" });
  });
});
