/**
 * The features a tenant may switch on in its configuration's `optionActive` list (spec §3), by
 * the identifiers the configuration uses. A feature whose option is off is neither shown to the
 * traveller nor accepted from a form or the API: the decision is made here, once.
 *
 * Enforced today: companyPurchase (the legal-entity purchase of the passengers page and the
 * booking API). notifyMe, autoReserve and desiredPrice are checked here as they are built.
 */
export const TENANT_OPTIONS = [
  "wallet",
  "chargemobile",
  "notifyMe",
  "autoReserve",
  "desiredPrice",
  "companyPurchase",
  "payByOthers",
] as const;
export type TenantOption = (typeof TENANT_OPTIONS)[number];

export function isTenantOption(value: string): value is TenantOption {
  return (TENANT_OPTIONS as readonly string[]).includes(value);
}

/** Whether the tenant offers the feature: its option is in the tenant's `optionActive`. */
export function tenantOffers(tenant: { readonly optionActive: readonly string[] }, option: TenantOption): boolean {
  return tenant.optionActive.includes(option);
}

/** The refusal of a feature the tenant does not offer, as use cases return it. */
export interface OptionNotActive {
  ok: false;
  error: "OPTION_NOT_ACTIVE";
  option: TenantOption;
  /** The form field the feature was asked for through, where the page shows the message. */
  field: string;
}
