import { createChargeResellerProvider } from "#adapters/topup/chargereseller/chargereseller-provider.ts";
import { createSandboxTopupProvider } from "#adapters/topup/sandbox/sandbox-topup-provider.ts";
import type { TopupProvider, TopupProviders } from "#core/topup/ports.ts";

/** The kind Charge Reseller's credentials are stored under (`npm run admin -- topup set-chargereseller`). */
export const CHARGERESELLER_CREDENTIAL_KIND = "topup:chargereseller";

/**
 * Which top-up provider a tenant's mobile top-ups go through (issue 23 §3), by configuration: a
 * tenant with Charge Reseller credentials (kind `topup:chargereseller`: `webserviceId`, and
 * `baseUrl` for its test server; `active: "false"` switches it off) orders from it; any other
 * orders from the built-in sandbox.
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
      const reseller = await input.credentials.get(tenantId, CHARGERESELLER_CREDENTIAL_KIND);
      let current = sandbox;
      if (reseller?.webserviceId) {
        const provider = createChargeResellerProvider({
          webserviceId: reseller.webserviceId,
          ...(reseller.baseUrl ? { baseUrl: reseller.baseUrl } : {}),
          ...(input.fetch ? { fetch: input.fetch } : {}),
        });
        // Kept for charges ordered there even when switched off (`topup use --provider sandbox`).
        available.set(provider.name, provider);
        if (reseller.active !== "false") current = provider;
      }
      return { current, byName: (name) => available.get(name) ?? null };
    },
  };
}
