import { describe, expect, it } from "vitest";
import { contrastRatio, relativeLuminance } from "#core/ui/contrast.ts";

describe("relativeLuminance", () => {
  it("is 0 for black and 1 for white", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#FFFFFF")).toBeCloseTo(1, 10);
  });

  it("uses the linear segment for very dark channels", () => {
    // 10/255 is below 0.04045, so it is divided by 12.92; only green counts here.
    expect(relativeLuminance("#000A00")).toBeCloseTo((0.7152 * (10 / 255)) / 12.92, 12);
  });

  it("reads nothing from a colour it cannot parse", () => {
    expect(relativeLuminance("red")).toBeNull();
  });
});

describe("contrastRatio", () => {
  it("is 21 for black on white and 1 for a colour on itself", () => {
    expect(contrastRatio("#000", "#fff")).toBeCloseTo(21, 10);
    expect(contrastRatio("#0059A8", "#0059A8")).toBeCloseTo(1, 10);
  });

  it("does not depend on the order of the colours", () => {
    expect(contrastRatio("#FFFFFF", "#767676")).toBeCloseTo(contrastRatio("#767676", "#FFFFFF")!, 12);
  });

  it("matches published values", () => {
    // #767676 on white is the classic smallest grey that passes AA (4.54:1).
    expect(contrastRatio("#767676", "#FFFFFF")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#FFFFFF")).toBeLessThan(4.5);
  });

  it("is null when a colour cannot be read", () => {
    expect(contrastRatio("#000", "transparent")).toBeNull();
  });
});
