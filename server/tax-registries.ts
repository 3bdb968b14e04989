import { createMoadianRegistry, MOADIAN_CREDENTIAL_KIND } from "#adapters/tax/moadian/moadian-registry.ts";
import { createSandboxTaxRegistry } from "#adapters/tax/sandbox/sandbox-registry.ts";
import type { TaxRegistry, TaxSeller } from "#core/tax/ports.ts";
import type { TaxProfile } from "#core/tax/tax-profile.ts";

/**
 * The registry each tenant files its official invoices with (issue 23 §1), by its tax profile:
 * the built-in sandbox, or Moadian with the tenant's client id and private key from the encrypted
 * credential store (kind "tax:moadian") at the base URL of the environment (MOADIAN_BASE_URL).
 * A Moadian tenant without readable credentials has no registry: its invoices wait, and the
 * overdue alarm says so.
 */
export interface TaxRegistries {
  registryFor(seller: TaxSeller & { profile: TaxProfile }): Promise<TaxRegistry | null>;
}

export function createTaxRegistries(input: {
  credentials: { get(tenantId: string, kind: string): Promise<Record<string, string> | null> };
  moadianBaseUrl?: string | undefined;
  fetch?: typeof fetch;
  log?: { warn(obj: object, msg: string): void };
}): TaxRegistries {
  const sandbox = createSandboxTaxRegistry();
  return {
    async registryFor(seller) {
      if (seller.profile.registry === "sandbox") return sandbox;
      if (seller.profile.registry !== "moadian") return null;
      const stored = await input.credentials.get(seller.tenantId, MOADIAN_CREDENTIAL_KIND);
      if (!stored?.clientId || !stored.privateKey) return null;
      try {
        return createMoadianRegistry({
          clientId: stored.clientId,
          privateKey: stored.privateKey,
          ...(input.moadianBaseUrl ? { baseUrl: input.moadianBaseUrl } : {}),
          ...(input.fetch ? { fetch: input.fetch } : {}),
        });
      } catch (error) {
        // An unreadable key: said once per try, without the key.
        input.log?.warn(
          { tenant: seller.slug, err: error instanceof Error ? error.message : "unreadable" },
          "Moadian credentials unusable",
        );
        return null;
      }
    },
  };
}
