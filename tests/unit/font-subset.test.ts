/**
 * Issue 24 §1: the committed Vazirmatn subset draws every character the storefront writes that
 * the full font can draw. A new text in a script the subset lacks fails here: run `npm run fonts`.
 */
import { readFileSync } from "node:fs";
import fontverter from "fontverter";
import { Blob, Face } from "harfbuzzjs";
import { describe, expect, it } from "vitest";
import { storefrontCodePoints } from "../../scripts/font-characters.ts";
import { FULL_FONT, SUBSET_FONT } from "../../scripts/subset-font.ts";

async function codePointsOf(path: string): Promise<Set<number>> {
  const sfnt = await fontverter.convert(readFileSync(path), "sfnt");
  return new Set(new Face(new Blob(sfnt)).collectUnicodes());
}

describe("the storefront's font subset", () => {
  it("keeps every character of the catalogs, seeds and pages that Vazirmatn has, and is smaller than the full font", async () => {
    const [full, subset] = await Promise.all([codePointsOf(FULL_FONT), codePointsOf(SUBSET_FONT)]);
    const needed = storefrontCodePoints().filter((point) => full.has(point));
    const missing = needed.filter((point) => !subset.has(point)).map((point) => `U+${point.toString(16).toUpperCase()}`);
    expect(missing).toEqual([]);
    for (const letter of "پچژگکی۰۹٠٩«»") expect(subset.has(letter.codePointAt(0)!), letter).toBe(true);
    expect(readFileSync(SUBSET_FONT).length).toBeLessThan(readFileSync(FULL_FONT).length * 0.75);
  });
});
