import type { ServiceId } from "../services/service-ids.ts";
import type { BookingSupplier, SupplierHold, SupplierRegistry } from "./ports.ts";

/** The supplier a booking item names and the hold it made there. */
export interface HeldItem {
  service: ServiceId;
  supplier: string;
  offerId: string;
  holdId: string;
  seats: number;
}

/**
 * A registry of a fixed list: each entry serves one service under the supplier's name. One
 * supplier may serve several services (the house flights serve one-way and round-trip flights).
 */
export function createSupplierRegistry(entries: readonly { service: ServiceId; supplier: BookingSupplier }[]): SupplierRegistry {
  const byKey = new Map<string, BookingSupplier>();
  for (const { service, supplier } of entries) {
    const key = keyOf(service, supplier.name);
    // Two systems under one key would make "the supplier that made the hold" ambiguous.
    if (byKey.has(key) && byKey.get(key) !== supplier) throw new Error(`two suppliers registered as ${key}`);
    byKey.set(key, supplier);
  }
  return { find: (service, name) => byKey.get(keyOf(service, name)) ?? null };
}

function keyOf(service: ServiceId, name: string): string {
  return `${service}\u0000${name}`;
}

/** The supplier that made an item's hold, or null when this deployment does not have it. */
export function supplierOf(registry: SupplierRegistry, item: Pick<HeldItem, "service" | "supplier">): BookingSupplier | null {
  return registry.find(item.service, item.supplier);
}

/** An item's hold as its supplier knows it, ending at `expiresAt`. */
export function holdOf(item: Pick<HeldItem, "holdId" | "offerId" | "seats">, expiresAt: Date): SupplierHold {
  return { holdId: item.holdId, offerId: item.offerId, seats: item.seats, expiresAt: expiresAt.toISOString() };
}
