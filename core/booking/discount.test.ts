import { describe, expect, it } from "vitest";
import { applyDiscount, discountAmount, isWellFormedDiscountCode, normalizeDiscountCode, type DiscountCode } from "./discount.ts";

const now = new Date("2026-11-22T10:00:00Z");
const code = (overrides: Partial<DiscountCode> = {}): DiscountCode => ({
  id: "c1",
  code: "NOWRUZ",
  kind: "percent",
  amount: 10,
  maxDiscount: null,
  minTotal: 0,
  services: [],
  validFrom: new Date("2026-11-01T00:00:00Z"),
  validUntil: new Date("2026-12-01T00:00:00Z"),
  maxUses: null,
  maxUsesPerMobile: null,
  uses: 0,
  active: true,
  ...overrides,
});
const order = { service: "flight" as const, total: 2_345_000, now, mobileUses: 0 };

describe("discount codes", () => {
  it("take a percentage in whole tomans, capped, or a fixed amount never above the total", () => {
    expect(discountAmount({ kind: "percent", amount: 10, maxDiscount: null }, 2_345_678)).toBe(234_567);
    expect(discountAmount({ kind: "percent", amount: 10, maxDiscount: 100_000 }, 2_345_678)).toBe(100_000);
    expect(discountAmount({ kind: "fixed", amount: 50_000, maxDiscount: null }, 2_345_678)).toBe(50_000);
    expect(discountAmount({ kind: "fixed", amount: 5_000_000, maxDiscount: null }, 2_345_678)).toBe(2_345_678);
    expect(discountAmount({ kind: "percent", amount: 100, maxDiscount: null }, 1_000)).toBe(1_000);
  });

  it("apply only when active, in their window, for their services, above the minimum and within both limits", () => {
    expect(applyDiscount(code(), order)).toEqual({ ok: true, discount: 234_500 });
    const refused = { ok: false, error: "DISCOUNT_INVALID" };
    expect(applyDiscount(null, order)).toEqual(refused);
    expect(applyDiscount(code({ active: false }), order)).toEqual(refused);
    expect(applyDiscount(code({ validFrom: new Date("2026-11-23T00:00:00Z") }), order)).toEqual(refused);
    expect(applyDiscount(code({ validUntil: now }), order)).toEqual(refused);
    expect(applyDiscount(code({ services: ["train"] }), order)).toEqual(refused);
    expect(applyDiscount(code({ services: ["train", "flight"] }), order).ok).toBe(true);
    expect(applyDiscount(code({ minTotal: 3_000_000 }), order)).toEqual(refused);
    expect(applyDiscount(code({ maxUses: 5, uses: 5 }), order)).toEqual(refused);
    expect(applyDiscount(code({ maxUses: 5, uses: 4 }), order).ok).toBe(true);
    expect(applyDiscount(code({ maxUsesPerMobile: 1 }), { ...order, mobileUses: 1 })).toEqual(refused);
    expect(applyDiscount(code({ maxUsesPerMobile: 2 }), { ...order, mobileUses: 1 }).ok).toBe(true);
  });

  it("are read the way people type them", () => {
    expect(normalizeDiscountCode(" nowruz-۱۴۰۵ ")).toBe("NOWRUZ1405");
    expect(normalizeDiscountCode("yalda ٢٠")).toBe("YALDA20");
    expect(isWellFormedDiscountCode("NOWRUZ1405")).toBe(true);
    expect(isWellFormedDiscountCode("AB")).toBe(false);
    expect(isWellFormedDiscountCode("نوروز")).toBe(false);
  });
});
