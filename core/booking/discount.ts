import { typedCode } from "../i18n/digits.ts";
import type { ServiceId } from "../services/service-ids.ts";

/**
 * Discount codes (spec §5 "The entered code is invalid."): a percentage, optionally capped, or a
 * fixed amount, valid in a window, limited in uses overall and per mobile. Every way a code can
 * fail gives the traveller the same answer, so codes cannot be probed one rule at a time.
 */
export const DISCOUNT_KINDS = ["percent", "fixed"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export interface DiscountCode {
  id: string;
  code: string;
  kind: DiscountKind;
  /** Percent (1–100) or tomans. */
  amount: number;
  /** Largest discount in tomans, for percentages; null for no cap. */
  maxDiscount: number | null;
  /** Smallest order total (before the discount) the code applies to. */
  minTotal: number;
  /** Empty: every service. */
  services: ServiceId[];
  validFrom: Date;
  validUntil: Date;
  maxUses: number | null;
  maxUsesPerMobile: number | null;
  uses: number;
  active: boolean;
}

/** Codes are typed by hand: case, spaces and Persian digits do not matter. */
export function normalizeDiscountCode(input: string): string {
  return typedCode(input);
}

/** A code an operator may create: 3–32 Latin letters and digits. */
export function isWellFormedDiscountCode(code: string): boolean {
  return /^[A-Z0-9]{3,32}$/.test(code);
}

/** The discount in tomans for an order total: whole tomans, never more than the total. */
export function discountAmount(code: Pick<DiscountCode, "kind" | "amount" | "maxDiscount">, total: number): number {
  const raw = code.kind === "percent" ? Math.floor((total * code.amount) / 100) : code.amount;
  const capped = code.maxDiscount === null ? raw : Math.min(raw, code.maxDiscount);
  return Math.max(0, Math.min(capped, total));
}

/**
 * Whether a code applies now to this order; `mobileUses` counts the live bookings of this contact
 * mobile that already use it.
 */
export function applyDiscount(
  code: DiscountCode | null,
  order: { service: ServiceId; total: number; now: Date; mobileUses: number },
): { ok: true; discount: number } | { ok: false; error: "DISCOUNT_INVALID" } {
  const invalid = { ok: false, error: "DISCOUNT_INVALID" } as const;
  if (!code || !code.active) return invalid;
  if (order.now < code.validFrom || order.now >= code.validUntil) return invalid;
  if (code.services.length > 0 && !code.services.includes(order.service)) return invalid;
  if (order.total < code.minTotal) return invalid;
  if (code.maxUses !== null && code.uses >= code.maxUses) return invalid;
  if (code.maxUsesPerMobile !== null && order.mobileUses >= code.maxUsesPerMobile) return invalid;
  const discount = discountAmount(code, order.total);
  return discount > 0 ? { ok: true, discount } : invalid;
}
