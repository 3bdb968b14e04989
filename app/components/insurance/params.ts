/**
 * The insurance plans page's own URL parameters, shared by its loader and its components: the
 * sorts (`sort=cover`; price when absent) and the insurer filter (`insurer=saman&insurer=sina`).
 */
export const INSURANCE_SORTS = ["price", "cover"] as const;
export type InsuranceSort = (typeof INSURANCE_SORTS)[number];
export const DEFAULT_INSURANCE_SORT: InsuranceSort = "price";
export const INSURER_PARAM = "insurer";

export function readInsuranceSort(value: string | null): InsuranceSort {
  return (INSURANCE_SORTS as readonly string[]).includes(value ?? "") ? (value as InsuranceSort) : DEFAULT_INSURANCE_SORT;
}
