/**
 * Issue 24 §1: the committed Vazirmatn subset draws every character the storefront writes that
 * the full font can draw. A new text in a script the subset lacks fails here: run `npm run fonts`.
 */
import { readFileSync } from "node:fs";
import fontverter from "fontverter";
import { Blob, Face } from "harfbuzzjs";
import { describe, expect, it } from "vitest";
import { storefrontCodePoints } from "../../scripts/font-characters.ts";
import { FONT_WEIGHTS, FULL_FONT, SUBSET_FONT } from "../../scripts/subset-font.ts";

async function faceOf(path: string): Promise<Face> {
  const sfnt = await fontverter.convert(readFileSync(path), "sfnt");
  return new Face(new Blob(sfnt));
}

async function codePointsOf(path: string): Promise<Set<number>> {
  return new Set((await faceOf(path)).collectUnicodes());
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

  it("keeps the weights the styles use and the @font-face declares, no more", async () => {
    const weight = (await faceOf(SUBSET_FONT)).getAxisInfos().wght;
    expect({ min: weight?.min, max: weight?.max }).toEqual(FONT_WEIGHTS);
    const css = readFileSync(new URL("../../app/app.css", import.meta.url), "utf8");
    expect(css).toContain(`font-weight: ${FONT_WEIGHTS.min} ${FONT_WEIGHTS.max};`);
  });
});
