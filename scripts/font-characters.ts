/**
 * Issue 24 §1: the characters the storefront's font must draw. Everything the product itself
 * writes (the message catalogs, the seeds' names and content, the pages' own text), plus whole
 * alphabets an agency may type into its configuration or content: Basic Latin and Latin-1, the
 * Persian and Arabic letters with their diacritics, the three digit sets, and the punctuation
 * the catalogs use. Anything else falls back to the system's font.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

export const PROJECT_ROOT = resolve(import.meta.dirname, "..");
/** Where the product's own texts live. */
const TEXT_FOLDERS = ["core", "app", "seed"];

const ALPHABETS: readonly (readonly [number, number])[] = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0xff], // Latin-1: « » × ÷ and Western accented letters
  [0x60c, 0x60c], // Arabic comma
  [0x61b, 0x61f], // Arabic semicolon and question mark
  [0x621, 0x655], // Arabic letters and diacritics (harakat)
  [0x660, 0x66d], // Arabic-Indic digits, percent, decimal and thousands separators
  [0x670, 0x670],
  [0x67e, 0x67e], // پ
  [0x686, 0x686], // چ
  [0x698, 0x698], // ژ
  [0x6a9, 0x6a9], // ک
  [0x6af, 0x6af], // گ
  [0x6c0, 0x6c1],
  [0x6cc, 0x6cc], // ی
  [0x6d4, 0x6d4],
  [0x6f0, 0x6f9], // Persian digits
  [0x200c, 0x200f], // ZWNJ, ZWJ, direction marks
  [0x2010, 0x2027], // dashes, quotes, bullet, ellipsis
  [0x2030, 0x203a],
  [0x2190, 0x2193], // arrows of routes
];

function textFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return textFiles(path);
    return /\.(ts|tsx|json)$/.test(name) && !name.endsWith(".test.ts") ? [path] : [];
  });
}

/** Every code point the font subset keeps, sorted. */
export function storefrontCodePoints(root = PROJECT_ROOT): number[] {
  const points = new Set<number>();
  for (const [first, last] of ALPHABETS) for (let point = first; point <= last; point += 1) points.add(point);
  for (const folder of TEXT_FOLDERS)
    for (const file of textFiles(join(root, folder)))
      for (const char of readFileSync(file, "utf8")) {
        const point = char.codePointAt(0)!;
        if (point >= 0x20) points.add(point);
      }
  return [...points].sort((a, b) => a - b);
}
