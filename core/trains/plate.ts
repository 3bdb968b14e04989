import { latinDigits } from "../i18n/digits.ts";

/**
 * Identifying a car a train carries (issue 18, spec §3): an Iranian plate or a chassis number
 * (VIN), as travellers type them. Pure and free of heavy imports: the passengers page runs the same
 * checks in the browser.
 *
 * An Iranian private plate reads "۱۲ ب ۳۴۵ | ایران ۶۷": two digits, one Persian letter, three
 * digits and the two-digit region code. It is stored as "12ب345-67" (Latin digits, the letter as
 * written in Persian), whatever digits, separators and letter forms were typed.
 */

/** Letters found on Iranian plates ("الف" is written out on government plates). */
const PLATE_LETTERS = [
  "الف",
  "ب",
  "پ",
  "ت",
  "ث",
  "ج",
  "د",
  "ز",
  "ژ",
  "س",
  "ش",
  "ص",
  "ط",
  "ع",
  "ف",
  "ق",
  "ک",
  "گ",
  "ل",
  "م",
  "ن",
  "و",
  "ه",
  "ی",
] as const;

/**
 * Latin letters travellers type for a plate letter on an English keyboard ("12B345-67"). Only
 * letters with one obvious reading are taken: "S" is س (not ص), "T" ت (not ط), "Z" ز, "H" ه.
 */
const LATIN_LETTERS: Readonly<Record<string, string>> = {
  A: "الف",
  B: "ب",
  P: "پ",
  T: "ت",
  J: "ج",
  D: "د",
  Z: "ز",
  S: "س",
  F: "ف",
  Q: "ق",
  K: "ک",
  G: "گ",
  L: "ل",
  M: "م",
  N: "ن",
  V: "و",
  H: "ه",
  Y: "ی",
};

/** Arabic letter forms keyboards produce for the Persian ones. */
function persianLetters(text: string): string {
  return text
    .replace(/[\u064A\u0649]/g, "\u06CC")
    .replace(/\u0643/g, "\u06A9")
    .replace(/[\u06C0\u06D5\u0629]/g, "\u0647")
    .replace(/\u0623|\u0625|\u0622/g, "\u0627");
}

const LETTER = `(${PLATE_LETTERS.join("|")}|[${Object.keys(LATIN_LETTERS).join("")}])`;
/** The word "Iran" printed before the region code, in either script. */
const IRAN_WORD = /(?:ایران|iran|ir)/giu;
const MAIN = new RegExp(`^(\\d{2})${LETTER}(\\d{3})$`, "u");
const WITH_REGION = new RegExp(`^(\\d{2})${LETTER}(\\d{3})(\\d{2})$`, "u");

/** What may stand between the parts: spaces (any width), dashes, slashes, bars, dots, joiners and direction marks. */
const SEPARATORS = /[\s\-_/|.,\u060C\u200B-\u200F\u2066-\u2069\u2010-\u2015\u2212]+/gu;

/**
 * The canonical form of an Iranian plate ("12ب345-67"), or null when `input` is not one. Accepts
 * Persian, Arabic-Indic and Latin digits, any separators, the word "ایران"/"Iran" before the
 * region code (typed first or last), and a Latin letter for the plate letter.
 */
export function normalizePlate(input: string): string | null {
  const text = persianLetters(latinDigits(input.normalize("NFC"))).toUpperCase();
  // "ایران ۶۷" names the region wherever it was typed; without the word, the region comes last.
  const marked = /(?:ایران|IRAN|IR)[\s\-_/|.:\u200C-\u200F]*(\d{2})(?!\d)/u.exec(text);
  let main: string;
  let region: string;
  if (marked) {
    region = marked[1]!;
    main = (text.slice(0, marked.index) + text.slice(marked.index + marked[0].length)).replace(SEPARATORS, "");
    const parts = MAIN.exec(main);
    if (!parts) return null;
    return canonical(parts[1]!, parts[2]!, parts[3]!, region);
  }
  main = text.replace(IRAN_WORD, "").replace(SEPARATORS, "");
  const parts = WITH_REGION.exec(main);
  if (!parts) return null;
  return canonical(parts[1]!, parts[2]!, parts[3]!, parts[4]!);
}

function canonical(first: string, letter: string, middle: string, region: string): string {
  return `${first}${LATIN_LETTERS[letter] ?? letter}${middle}-${region}`;
}

/** A vehicle identification number: 17 characters of A–Z and 0–9 without I, O and Q (ISO 3779). */
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

/** A chassis number (VIN) in upper case without spaces or dashes, or null when it is not 17 valid characters. */
export function normalizeChassis(input: string): string | null {
  const vin = latinDigits(input).replace(/[\s-]/g, "").toUpperCase();
  return VIN.test(vin) ? vin : null;
}

/** Left-to-right mark: zero-width, in the PDF font too (unlike the isolates U+2066–2069). */
const LRM = "\u200e";

/**
 * A canonical plate as text for any page or ticket, in the language's digits: left-to-right marks
 * before it and after its letter keep "12ب345-67" in that order inside a sentence of either
 * direction (the bidi algorithm would otherwise move the digits around the Persian letter).
 */
export function plateText(plate: string, toDigits: (text: string) => string): string {
  return `${LRM}${toDigits(plate).replace(/([^\p{Nd}-])/u, `$1${LRM}`)}`;
}
