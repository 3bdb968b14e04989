/**
 * Keeping codes and numbers readable inside right-to-left lines.
 *
 * react-pdf runs the Unicode bidi algorithm on every Text, which is right for words but puts the
 * parts of some codes in right-to-left order: "IR 451" in a Persian sentence shows as "451 IR",
 * a masked card "۶۰۳۷-****-****-۱۲۳۴" and an Arabic-digit phone "٠٢١-٩١٠٠٤٥٦٧" show their groups
 * reversed. A browser does the same; the page avoids it with markup, the PDF with explicit
 * left-to-right overrides (U+202D … U+202C), which Vazirmatn maps to empty glyphs. Vazirmatn has
 * no glyphs for the isolates (U+2066–2069), so those are not used.
 */

const LRO = "\u202D";
const PDF = "\u202C";

/** Any decimal digit a ticket uses: ASCII, Arabic-Indic (٠–٩), Extended Arabic-Indic (۰–۹). */
const DIGIT = "0-9\u0660-\u0669\u06F0-\u06F9";
const ATOM = `A-Za-z${DIGIT}`;
/** Characters that hold the parts of a code together. */
const JOIN = "\\-\u2010\u2013+*#_/.:@\u066B\u066C";

/**
 * A code-like run: starting with a Latin letter or a digit, made of letters, digits and joining
 * characters, with single spaces allowed only before a Latin letter or ASCII digit ("IR 451",
 * "W5 1064"), never before a Persian digit (a number followed by a number is two values).
 */
const CODE_RUN = new RegExp(`[${ATOM}](?:[${ATOM}${JOIN}]|[ ](?=[A-Za-z0-9]))*[${ATOM}*]|[${ATOM}]`, "gu");

const ARABIC_LETTER = /[\u0600-\u065F\u066E-\u06EF\u06FA-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/u;
const NEEDS_HELP_LTR = new RegExp(`[\u0660-\u0669\u06F0-\u06F9\u066B\u066C]`, "u");

/** Whether a run is more than one number or word: only those can be reordered. */
function isCompound(run: string): boolean {
  return /[A-Za-z]/.test(run) ? /[^A-Za-z]/.test(run) || run.includes(" ") : new RegExp(`[^${DIGIT}]`, "u").test(run);
}

/**
 * Text of a right-to-left line with every compound code (Latin with digits, digits with
 * separators) held left to right. Plain words and single numbers are left to the bidi algorithm.
 */
export function holdCodesLeftToRight(text: string): string {
  return text.replace(CODE_RUN, (run) => (isCompound(run) ? `${LRO}${run}${PDF}` : run));
}

/**
 * A code shown on its own (flight number, phone, PNR): laid out strictly left to right. Only a
 * code with Arabic-script digits or separators needs it; one with Arabic letters is left alone,
 * since an override would lay its letters out backwards.
 */
export function strictlyLeftToRight(code: string): string {
  if (ARABIC_LETTER.test(code) || !NEEDS_HELP_LTR.test(code)) return code;
  return `${LRO}${code}${PDF}`;
}

/** Text without the bidi controls added here, as a reader would copy it. */
export function withoutBidiControls(text: string): string {
  return text.replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu, "");
}
