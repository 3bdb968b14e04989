/**
 * Issue 24 §2: a page tells the web process, never the world, that its render may serve other
 * visitors for a few seconds (server/page-cache.ts): search results, which are no one's but carry
 * the browser's CSRF token in their forms, so no CDN may share them. The header is removed before
 * the answer leaves.
 */
export const PROCESS_CACHE_HEADER = "x-process-cache";

/** Seconds a search's results page serves the same search again: seats and fares are this fresh at worst. */
export const RESULTS_PROCESS_CACHE_SECONDS = 15;

/** Headers of a results page that is neither refused nor unavailable. */
export function resultsPageHeaders(): Record<string, string> {
  return { "Cache-Control": "private, no-cache", "X-Robots-Tag": "noindex", [PROCESS_CACHE_HEADER]: String(RESULTS_PROCESS_CACHE_SECONDS) };
}

/**
 * A route landing's Cache-Control: the same for everyone, kept by shared caches (a CDN, the page
 * cache) for five minutes and served while stale for ten more as it is fetched again; a browser
 * asks each time (its copy is revalidated by ETag).
 */
export const LANDING_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=600";
