/** What ranking needs to know of a place that matched a typed prefix. */
export interface PlaceMatch {
  id: string;
  /** The place's own code in lower case (an airport's IATA code), if any. */
  codeKey: string | null;
  popularity: number;
  /** True when one of its search keys is the whole prefix, not just longer than it. */
  exact: boolean;
}

/**
 * The order of suggestions: a place whose own code is what was typed ("mhd" → Mashhad's airport
 * code), then whole-word matches before longer names ("مشهد" before "مشهدسر"), then the more
 * popular, then by id so the order never changes between requests.
 */
export function compareMatches(prefix: string, a: PlaceMatch, b: PlaceMatch): number {
  const ownCode = (match: PlaceMatch) => (match.codeKey === prefix ? 0 : 1);
  return (
    ownCode(a) - ownCode(b) ||
    Number(!a.exact) - Number(!b.exact) ||
    b.popularity - a.popularity ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}
