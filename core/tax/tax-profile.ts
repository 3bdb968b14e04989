/** The seller's side of a tenant's official invoices (tenants.tax_profile); absent: the tenant files none. */
export interface TaxProfile {
  /** Which registry files them: "sandbox" or "moadian". */
  registry: string;
  /** The fiscal memory id the registry gave the seller: the first 6 characters of every tax id. */
  memoryId: string;
  economicCode: string;
  nationalId: string;
  postalCode: string;
  /** Every paid booking gets one, not only companies' purchases. */
  invoiceEveryBooking: boolean;
}

/** The registries a profile may name. */
export const TAX_REGISTRIES = ["sandbox", "moadian"] as const;

/** Whether a stored profile is one the product can use (the column is free-form JSON). */
export function isTaxProfile(value: unknown): value is TaxProfile {
  if (typeof value !== "object" || value === null) return false;
  const profile = value as Record<string, unknown>;
  return (
    typeof profile.registry === "string" &&
    typeof profile.memoryId === "string" &&
    typeof profile.economicCode === "string" &&
    typeof profile.nationalId === "string" &&
    typeof profile.postalCode === "string" &&
    typeof profile.invoiceEveryBooking === "boolean"
  );
}
