import { digitsArToEn, digitsFaToEn } from "@persian-tools/persian-tools";

/**
 * Folds text so that the ways people type a place name meet: Arabic yeh and kaf become Persian,
 * alef forms and teh marbuta fold, zero-width non-joiners, tatweel and diacritics go, Persian and
 * Arabic-Indic digits become Latin, Latin letters lose case and accents, and runs of spaces and
 * punctuation become one space.
 */
export function normalizeSearchText(input: string): string {
  let text = input.normalize("NFKC");
  text = digitsArToEn(digitsFaToEn(text));
  text = text
    .replace(/[\u064A\u0649]/g, "\u06CC") // Arabic yeh, alef maksura → Persian yeh
    .replace(/\u0643/g, "\u06A9") // Arabic kaf → Persian keheh
    .replace(/[\u0622\u0623\u0625\u0671]/g, "\u0627") // alef with madda/hamza/wasla → alef
    .replace(/\u0629/g, "\u0647") // teh marbuta → heh
    .replace(/\u0624/g, "\u0648") // waw with hamza → waw
    .replace(/\u0626/g, "\u06CC") // yeh with hamza → yeh
    .replace(/[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g, "") // harakat, superscript alef, Quranic marks, tatweel
    .replace(/[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g, " "); // ZWNJ, ZWJ, direction marks → space
  text = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  text = text.replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  return text;
}

/** Search keys for one name: the whole name and the rest of it from each later word, so "bandar abbas" is found by "abbas" too. */
export function searchKeys(name: string): string[] {
  const normalized = normalizeSearchText(name);
  if (!normalized) return [];
  const words = normalized.split(" ");
  const keys = new Set<string>([normalized, normalized.replace(/ /g, "")]);
  for (let index = 1; index < words.length; index += 1) keys.add(words.slice(index).join(" "));
  return [...keys].filter(Boolean);
}

/** Longest query worth looking up; anything longer is cut (place names are short). */
export const MAX_QUERY_LENGTH = 64;

/** The normalised prefix to search for, or null when nothing searchable is left. */
export function searchPrefix(query: string | null | undefined): string | null {
  // A replacement character means the text arrived broken (bad percent-encoding): not a name anyone typed.
  if (typeof query !== "string" || query.includes("\uFFFD")) return null;
  const normalized = normalizeSearchText(query.slice(0, MAX_QUERY_LENGTH * 2)).slice(0, MAX_QUERY_LENGTH);
  return normalized.length === 0 ? null : normalized;
}
