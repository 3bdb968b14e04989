import { describe, expect, it } from "vitest";
import { amountsFor, detectOperator, OPERATOR_FACTS, pinDialFor } from "./operators.ts";
import { checkChargeOrder } from "./order.ts";

describe("operator detection", () => {
  it("suggests the operator its prefix was issued to, from every prefix of the facts", () => {
    const expected: [string, string][] = [
      ...["0910", "0915", "0919", "0990", "0994"].map((prefix) => [prefix, "mci"] as [string, string]),
      ...["0901", "0905", "0930", "0933", "0939"].map((prefix) => [prefix, "irancell"] as [string, string]),
      ...["0920", "0921", "0922"].map((prefix) => [prefix, "rightel"] as [string, string]),
    ];
    for (const [prefix, operator] of expected) expect(detectOperator(`${prefix}1234567`), prefix).toBe(operator);
    expect(OPERATOR_FACTS.flatMap((facts) => facts.prefixes)).toHaveLength(10 + 5 + 5 + 1 + 7 + 3);
  });

  it("reads a number as typed: Persian digits, spaces, +98 and 0098, and four digits are enough", () => {
    expect(detectOperator("۰۹۳۵ ۱۲۳ ۴۵۶۷")).toBe("irancell");
    expect(detectOperator("+98 912 123 4567")).toBe("mci");
    expect(detectOperator("00989211234567")).toBe("rightel");
    expect(detectOperator("9121234567")).toBe("mci");
    expect(detectOperator("0912")).toBe("mci");
  });

  it("suggests nothing for an unknown prefix, too few digits or not a mobile", () => {
    expect(detectOperator("0923 123 4567")).toBeNull();
    expect(detectOperator("0931 123 4567")).toBeNull();
    expect(detectOperator("091")).toBeNull();
    expect(detectOperator("02191001234")).toBeNull();
    expect(detectOperator("0912123456789")).toBeNull();
    expect(detectOperator("abc")).toBeNull();
  });
});

describe("amounts", () => {
  it("offers fixed direct amounts from 10,000 to 200,000 tomans, ascending, for every operator", () => {
    for (const facts of OPERATOR_FACTS) {
      const direct = amountsFor(facts.id, "direct");
      expect(direct[0]).toBe(10_000);
      expect(direct.at(-1)).toBe(200_000);
      expect([...direct].sort((a, b) => a - b)).toEqual(direct);
    }
    expect(amountsFor("rightel", "pin")).not.toContain(200_000);
  });

  it("says what to dial for a voucher on each operator", () => {
    expect(pinDialFor("mci", "1234")).toBe("*140*#1234#");
    expect(pinDialFor("irancell", "1234")).toBe("*141*1234#");
  });
});

describe("a top-up order", () => {
  it("accepts a ported number under another operator than its prefix, normalised", () => {
    expect(checkChargeOrder({ mobile: "+989121234567", operator: "irancell", kind: "direct", amount: 20_000 })).toEqual({
      ok: true,
      order: { mobile: "09121234567", operator: "irancell", kind: "direct", amount: 20_000 },
    });
  });

  it("refuses every field it does not sell, each by name", () => {
    expect(checkChargeOrder({ mobile: "0912", operator: "mtn", kind: "gift", amount: 20_000 })).toEqual({
      ok: false,
      errors: { mobile: "MOBILE_INVALID", operator: "OPERATOR_INVALID", kind: "KIND_INVALID", amount: "AMOUNT_INVALID" },
    });
    for (const amount of [15_000, 0, -10_000, 20_000.5, 1_000_000]) {
      const refused = checkChargeOrder({ mobile: "09121234567", operator: "mci", kind: "direct", amount });
      expect(refused, String(amount)).toEqual({ ok: false, errors: { amount: "AMOUNT_INVALID" } });
    }
    expect(checkChargeOrder({ mobile: "09211234567", operator: "rightel", kind: "pin", amount: 200_000 })).toEqual({
      ok: false,
      errors: { amount: "AMOUNT_INVALID" },
    });
    expect(checkChargeOrder({ mobile: "09121234567", operator: "mci", kind: "direct", amount: "20000" })).toMatchObject({ ok: false });
  });
});
