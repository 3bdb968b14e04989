/**
 * Vazirmatn for react-pdf: registered once from the vazirmatn package, loaded, and with the
 * fontkit glyph-cache fix below applied to each weight.
 *
 * fontkit caches one Glyph object per glyph id, carrying the code points of whichever text first
 * asked for it. Drawing a composite glyph caches its components with no code points at all
 * (foliojs/fontkit#154, diegomura/react-pdf#3404), and glyphs shared between letters (Persian ی
 * and Arabic ي have the same initial form; many Persian and Arabic-Indic digits share outlines)
 * keep the other letter's code points. react-pdf's textkit maps glyphs back to the string by
 * those code points, so a later text silently loses or shifts characters: an Arabic ticket
 * rendered after a Persian one in the same process lost the first digit of every price and two
 * letters of a note. The fix hands textkit a glyph carrying the code points it asked for.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Font } from "@react-pdf/renderer";

export const FONT_FAMILY = "Vazirmatn";
const WEIGHTS = [
  { name: "Regular", weight: 400 },
  { name: "Bold", weight: 700 },
] as const;

interface GlyphLike {
  id: number;
  codePoints: number[];
}
interface GlyphSource {
  getGlyph(id: number, characters?: number[]): GlyphLike | null;
}

const FIXED = Symbol("hamsafar.glyph-code-points");

function sameCodePoints(one: readonly number[], other: readonly number[]): boolean {
  return one.length === other.length && one.every((codePoint, index) => codePoint === other[index]);
}

/**
 * Make `getGlyph(id, characters)` return a glyph whose codePoints are `characters`: the cached
 * glyph itself when they match, otherwise a view of it (same outlines and metrics, through the
 * prototype) with its own codePoints. The views are kept per id and code points.
 */
export function fixGlyphCodePoints(font: GlyphSource): void {
  const marked = font as GlyphSource & { [FIXED]?: true };
  if (marked[FIXED]) return;
  const getGlyph = font.getGlyph.bind(font);
  const views = new Map<string, GlyphLike>();
  font.getGlyph = (id, characters = []) => {
    const glyph = getGlyph(id, characters);
    if (!glyph || characters.length === 0 || sameCodePoints(glyph.codePoints ?? [], characters)) return glyph;
    const key = `${id}:${characters.join(",")}`;
    let view = views.get(key);
    if (!view) {
      view = Object.create(glyph) as GlyphLike;
      Object.defineProperty(view, "codePoints", { value: [...characters], enumerable: true });
      views.set(key, view);
    }
    return view;
  };
  marked[FIXED] = true;
}

let ready: Promise<void> | null = null;

/** Registers and loads Vazirmatn once per process; every render awaits it. */
export function loadFonts(): Promise<void> {
  ready ??= (async () => {
    const root = dirname(createRequire(import.meta.url).resolve("vazirmatn/package.json"));
    Font.register({
      family: FONT_FAMILY,
      fonts: WEIGHTS.map(({ name, weight }) => ({ src: join(root, "fonts", "ttf", `Vazirmatn-${name}.ttf`), fontWeight: weight })),
    });
    // react-pdf's default hyphenation is English; it would cut Persian words and codes.
    Font.registerHyphenationCallback((word) => [word]);
    for (const { weight } of WEIGHTS) {
      const source = Font.getFont({ fontFamily: FONT_FAMILY, fontWeight: weight });
      await source.load();
      if (!source.data) throw new Error(`Vazirmatn ${weight} did not load`);
      fixGlyphCodePoints(source.data as unknown as GlyphSource);
    }
  })();
  ready.catch(() => {
    ready = null;
  });
  return ready;
}
