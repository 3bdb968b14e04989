/**
 * Ports: everything the core needs from outside, as interfaces. Adapters implement them; only
 * server/ knows which implementation runs. Later verticals add their own ports here.
 */
import type { ServiceId } from "./services/service-ids.ts";
import type { Tenant } from "./tenants/site-config.ts";

export interface Clock {
  now(): Date;
}

export interface TenantRepository {
  /** The tenant that owns a normalised host name, or null. */
  findByHost(host: string): Promise<Tenant | null>;
  /** The tenant marked as default, used for unknown hosts in development. */
  findDefault(): Promise<Tenant | null>;
}

/** Reachability of the primary database, for readiness checks. */
export interface HealthProbe {
  ping(): Promise<void>;
}

/**
 * Inventory suppliers (house inventory, airline systems, …), one per service. The shapes of
 * queries and offers are each service's own; the life cycle is shared by all of them.
 */
export interface Supplier<Query, Offer, Hold, Ticket> {
  readonly service: ServiceId;
  search(query: Query): Promise<Offer[]>;
  /** Re-checks price and availability of an offer just before it is held. */
  revalidate(offerId: string): Promise<{ ok: true; offer: Offer } | { ok: false; error: "SOLD_OUT" | "FARE_CHANGED" | "NOT_FOUND" }>;
  hold(offerId: string, passengers: number, until: Date): Promise<{ ok: true; hold: Hold } | { ok: false; error: "SOLD_OUT" | "CAPACITY_FULL" }>;
  issue(hold: Hold): Promise<{ ok: true; tickets: Ticket[] } | { ok: false; error: "ISSUE_FAILED" }>;
  cancel(hold: Hold | Ticket[]): Promise<{ ok: true } | { ok: false; error: "CANCEL_FAILED" }>;
}

/** Amounts cross a gateway in rials; the core works in tomans and converts at the boundary. */
export interface PaymentGateway {
  readonly name: string;
  request(input: { orderId: string; amountRials: number; callbackUrl: string; mobile?: string; description: string }): Promise<
    { ok: true; token: string; redirect: { method: "GET" | "POST"; url: string; fields?: Record<string, string> } } | { ok: false; error: string }
  >;
  readCallback(input: { query: Record<string, string>; body: Record<string, string> }): { token: string; succeeded: boolean } | null;
  verify(input: { token: string; amountRials: number }): Promise<{ ok: true; referenceId: string; maskedPan?: string } | { ok: false; error: string }>;
  reverse(input: { token: string; amountRials: number }): Promise<{ ok: true } | { ok: false; error: string }>;
}

export interface SmsSender {
  readonly name: string;
  send(input: { mobile: string; text: string; template?: { name: string; tokens: string[] } }): Promise<{ ok: true; messageId: string } | { ok: false; error: string }>;
}
