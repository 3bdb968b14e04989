import { describe, expect, it } from "vitest";
import { fixGlyphCodePoints } from "./fonts.ts";

/** fontkit's behaviour: one cached glyph per id, with the code points of its first request. */
function fakeFont() {
  const cache = new Map<number, { id: number; codePoints: number[]; advanceWidth: number }>();
  return {
    getGlyph: (id: number, characters: number[] = []) => {
      if (!cache.has(id)) cache.set(id, { id, codePoints: characters, advanceWidth: 500 + id });
      return cache.get(id)!;
    },
  };
}

describe("fixGlyphCodePoints", () => {
  it("gives each request a glyph carrying the code points it asked for", () => {
    const font = fakeFont();
    fixGlyphCodePoints(font);
    // A composite glyph's component is first fetched without characters…
    expect(font.getGlyph(7).codePoints).toEqual([]);
    // …then asked for as a letter: unfixed, it would come back with no code points.
    const letter = font.getGlyph(7, [0x0662]);
    expect(letter.codePoints).toEqual([0x0662]);
    expect(letter.advanceWidth).toBe(507);
    // A glyph shared by two letters keeps each letter's code point.
    expect(font.getGlyph(7, [0x06f2]).codePoints).toEqual([0x06f2]);
    expect(font.getGlyph(7, [0x0662])).toBe(letter);
  });

  it("returns the cached glyph itself when its code points match, and patches a font once", () => {
    const font = fakeFont();
    fixGlyphCodePoints(font);
    const glyph = font.getGlyph(3, [0x41]);
    expect(font.getGlyph(3, [0x41])).toBe(glyph);
    const patched = font.getGlyph;
    fixGlyphCodePoints(font);
    expect(font.getGlyph).toBe(patched);
  });
});
