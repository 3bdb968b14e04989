import { describe, expect, it } from "vitest";
import { LAYOUTS, layoutOfMatches, resolveLayout } from "./layout-names.ts";

describe("layouts", () => {
  it("knows the ten layouts of the specification", () => {
    expect([...LAYOUTS].sort()).toEqual([
      "default",
      "factor",
      "flight",
      "front",
      "home",
      "hotel",
      "index",
      "insurance",
      "outFlight",
      "train",
    ]);
    for (const layout of LAYOUTS) expect(resolveLayout(layout)).toBe(layout);
  });

  it("falls back to default for unknown or malformed names", () => {
    for (const name of ["", "Home", "outflight", "print", undefined, null, 7, { layout: "home" }])
      expect(resolveLayout(name)).toBe("default");
  });

  it("takes the deepest route that names a layout", () => {
    expect(layoutOfMatches([{ handle: undefined }, { handle: { layout: "flight" } }])).toBe("flight");
    expect(layoutOfMatches([{ handle: { layout: "home" } }, { handle: {} }])).toBe("home");
    expect(layoutOfMatches([{ handle: { layout: "home" } }, { handle: { layout: "factor" } }])).toBe("factor");
    expect(layoutOfMatches([{ handle: { layout: "nonsense" } }])).toBe("default");
    expect(layoutOfMatches([])).toBe("default");
  });
});
