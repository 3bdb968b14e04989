import { describe, expect, it } from "vitest";
import "../i18n/catalogs.ts";
import { chargeSms, refundedChargeSms } from "./charge-sms.ts";

describe("top-up SMS", () => {
  const base = { mobile: "09121234567", operator: "mci" as const, amount: 50_000, providerReference: "SBX-1", pin: null, pinSerial: null };

  it("confirms a direct top-up in the language it was bought in", () => {
    const text = chargeSms({ ...base, locale: "fa", kind: "direct" });
    expect(text).toContain("همراه اول");
    expect(text).toContain("۵۰٬۰۰۰");
    expect(text).toContain("SBX-1");
    expect(chargeSms({ ...base, locale: "en", kind: "direct" })).toContain("50,000 tomans");
  });

  it("gives a voucher's PIN, serial and what to dial, in digits that can be dialled as read", () => {
    const text = chargeSms({ ...base, locale: "ar", kind: "pin", pin: "1234567890123456", pinSerial: "987654321012" });
    expect(text).toContain("1234567890123456");
    expect(text).toContain("987654321012");
    expect(text).toContain("*140*#1234567890123456#");
  });

  it("tells the number of a top-up that could not be made that its money went back, with the order's tracking code", () => {
    const refunded = { mobile: "09121234567", operator: "irancell" as const, amount: 20_000, hashId: "TP7K2M" };
    const persian = refundedChargeSms({ ...refunded, locale: "fa" });
    expect(persian).toContain("ایرانسل");
    expect(persian).toContain("۲۰٬۰۰۰");
    expect(persian).toContain("بازگردانده");
    expect(persian).toContain("TP7K2M");
    expect(refundedChargeSms({ ...refunded, locale: "en" })).toMatch(/20,000-toman .* returned[\s\S]*TP7K2M/);
    expect(refundedChargeSms({ ...refunded, locale: "de" })).toBe(persian);
  });
});
