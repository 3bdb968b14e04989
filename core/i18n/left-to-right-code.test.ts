import { describe, expect, it } from "vitest";
import { leftToRightCode } from "./messages.ts";

describe("leftToRightCode", () => {
  it("holds the stars between Arabic-Indic groups with left-to-right marks, so the groups keep their order", () => {
    expect(leftToRightCode("ar", "603799******5872")).toBe("٦٠٣٧٩٩\u200E******\u200E٥٨٧٢");
    expect(leftToRightCode("ar", "****5872")).toBe("\u200E****\u200E٥٨٧٢");
  });

  it("leaves Persian and English as their digits alone: Persian digits already run left to right", () => {
    expect(leftToRightCode("fa", "603799******5872")).toBe("۶۰۳۷۹۹******۵۸۷۲");
    expect(leftToRightCode("en", "603799******5872")).toBe("603799******5872");
  });
});
