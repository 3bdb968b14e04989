import type { DiscountListStatus } from "#core/booking/discount-codes.ts";

/** The discount screen's "show" filter, for its loader and its select: the CLI's current codes by default. */
export const DISCOUNT_SCREEN_STATUSES = ["live", "all", "ended", "disabled"] as const satisfies readonly DiscountListStatus[];
export type DiscountScreenStatus = (typeof DISCOUNT_SCREEN_STATUSES)[number];
