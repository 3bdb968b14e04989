/**
 * `npm run fonts`: writes app/assets/fonts/vazirmatn-subset.woff2, the variable Vazirmatn cut to
 * the characters the storefront uses (scripts/font-characters.ts) and to the weights its styles
 * ask for (400 to 800; a third of the bytes are the outer masters' deltas). Run it after
 * adding texts in a new script; tests/unit/font-subset.test.ts fails when a text needs a glyph the
 * committed subset lacks.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import subsetFont from "subset-font";
import { PROJECT_ROOT, storefrontCodePoints } from "./font-characters.ts";

export const FULL_FONT = join(PROJECT_ROOT, "node_modules/vazirmatn/fonts/webfonts/Vazirmatn[wght].woff2");
export const SUBSET_FONT = join(PROJECT_ROOT, "app/assets/fonts/vazirmatn-subset.woff2");
/** The @font-face in app/app.css declares the same range; `bolder` on 700 asks for 900 and is drawn at 800. */
export const FONT_WEIGHTS = { min: 400, max: 800 } as const;

if (import.meta.url === `file://${process.argv[1]}`) {
  const full = readFileSync(FULL_FONT);
  const text = String.fromCodePoint(...storefrontCodePoints());
  const subset = await subsetFont(full, text, { targetFormat: "woff2", variationAxes: { wght: FONT_WEIGHTS } });
  writeFileSync(SUBSET_FONT, subset);
  process.stdout.write(`${SUBSET_FONT}: ${subset.length} bytes (the full font: ${full.length})\n`);
}
