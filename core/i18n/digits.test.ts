import { describe, expect, it } from "vitest";
import { latinDigits } from "./digits.ts";

describe("latinDigits", () => {
  it("reads Persian and Arabic-Indic digits as Latin and leaves everything else", () => {
    expect(latinDigits("۱۴۰۵/۰۹/۱۵")).toBe("1405/09/15");
    expect(latinDigits("٢٠٢٦-١٢-٠١")).toBe("2026-12-01");
    expect(latinDigits("THR ۹ a٣")).toBe("THR 9 a3");
    expect(latinDigits("")).toBe("");
  });
});
