import { createChargeResellerProvider } from "#adapters/topup/chargereseller/chargereseller-provider.ts";
import { createSandboxTopupProvider } from "#adapters/topup/sandbox/sandbox-topup-provider.ts";
import type { TopupProvider, TopupProviders } from "#core/topup/ports.ts";

/**
 * Which top-up provider a tenant's mobile top-ups go through (issue 23 §3), by configuration: a
 * tenant with Charge Reseller credentials (kind `topup:chargereseller`: `webserviceId`, and
 * `baseUrl` for its test server) orders from it; any other orders from the built-in sandbox.
 * A charge keeps the name of the provider it was ordered from, so it is inquired and finished
 * there even after the tenant switches.
 */
export function createTopupProviders(input: {
  credentials: { get(tenantId: string, kind: string): Promise<Record<string, string> | null> };
  sandbox?: TopupProvider;
  fetch?: typeof fetch;
}): TopupProviders {
  const sandbox = input.sandbox ?? createSandboxTopupProvider();
  return {
    async forTenant(tenantId) {
      const available = new Map<string, TopupProvider>([[sandbox.name, sandbox]]);
      const reseller = await input.credentials.get(tenantId, "topup:chargereseller");
      let current = sandbox;
      if (reseller?.webserviceId) {
        current = createChargeResellerProvider({
          webserviceId: reseller.webserviceId,
          ...(reseller.baseUrl ? { baseUrl: reseller.baseUrl } : {}),
          ...(input.fetch ? { fetch: input.fetch } : {}),
        });
        available.set(current.name, current);
      }
      return { current, byName: (name) => available.get(name) ?? null };
    },
  };
}
