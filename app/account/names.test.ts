import { describe, expect, it } from "vitest";
import { MAX_NAME_LENGTH, optionalPersianName } from "./names.ts";

describe("optionalPersianName", () => {
  it("is empty when nothing was given", () => {
    expect(optionalPersianName("")).toBe("");
    expect(optionalPersianName("   ")).toBe("");
  });

  it("keeps Persian names, tidied, with Arabic yeh and kaf made Persian", () => {
    expect(optionalPersianName("  علی   رضا ")).toBe("علی رضا");
    expect(optionalPersianName("علي")).toBe("علی");
    expect(optionalPersianName("كريمي")).toBe("کریمی");
    expect(optionalPersianName("عبدالله\u200Cزاده")).toBe("عبدالله\u200Cزاده");
  });

  it("refuses other scripts, digits and overlong names", () => {
    expect(optionalPersianName("Ali")).toBeNull();
    expect(optionalPersianName("علی2")).toBeNull();
    expect(optionalPersianName("ن".repeat(MAX_NAME_LENGTH + 1))).toBeNull();
  });
});
