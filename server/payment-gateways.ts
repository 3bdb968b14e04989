import { createZarinpalGateway } from "#adapters/payments/zarinpal/zarinpal-gateway.ts";
import type { PaymentGateway } from "#core/payments/ports.ts";
import type { Tenant } from "#core/tenants/site-config.ts";

/**
 * Which gateways a tenant's travellers pay through, with that tenant's credentials (issue 7). The
 * sandbox bank is built in and needs none; a vendor gateway is built from the tenant's stored,
 * encrypted credentials, and is simply absent when they are missing or cannot be read.
 */
export interface PaymentGateways {
  /**
   * Every gateway the server can reach for this tenant, by name. Starting a payment is limited to
   * the tenant's enabled list by the core; verifying is not, so a payment started before a gateway
   * was switched off is still verified (or returned) through it.
   */
  forTenant(tenantId: Tenant["id"]): Promise<(name: string) => PaymentGateway | null>;
}

/** Gateways this server knows how to build. */
export const KNOWN_GATEWAYS = ["sandbox", "zarinpal"] as const;

export function createPaymentGateways(input: {
  sandbox: PaymentGateway;
  credentials: { get(tenantId: string, kind: string): Promise<Record<string, string> | null> };
  fetch?: typeof fetch;
}): PaymentGateways {
  return {
    async forTenant(tenantId) {
      const available = new Map<string, PaymentGateway>([["sandbox", input.sandbox]]);
      const zarinpal = await input.credentials.get(tenantId, "payment:zarinpal");
      if (zarinpal?.merchantId)
        available.set(
          "zarinpal",
          createZarinpalGateway({
            merchantId: zarinpal.merchantId,
            ...(zarinpal.baseUrl ? { baseUrl: zarinpal.baseUrl } : {}),
            ...(input.fetch ? { fetch: input.fetch } : {}),
          }),
        );
      return (name) => available.get(name) ?? null;
    },
  };
}
