/**
 * Spec §4: a failed chunk load reloads the page, at most once per 60 seconds (§9). The guard is
 * the time of the last such reload, kept in sessionStorage so it survives the reload itself; a
 * second failure within the minute leaves the page alone (the error boundary shows the error)
 * instead of reloading in a loop.
 */

export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const CHUNK_RELOAD_STORAGE_KEY = "hamsafar:chunk-reload-at";

/** The part of Storage the guard uses. */
export interface GuardStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Whether a chunk failure may reload the page now; when it may, the reload is recorded. Without
 * working storage the answer is no: a reload that cannot be remembered could repeat forever.
 */
export function claimChunkReload({ storage, now }: { storage: GuardStorage | null; now: () => number }): boolean {
  if (!storage) return false;
  const at = now();
  try {
    const previous = storage.getItem(CHUNK_RELOAD_STORAGE_KEY);
    if (previous !== null) {
      const last = Number(previous);
      // Either side of the last reload: a clock set back must not open the guard early.
      if (Number.isFinite(last) && Math.abs(at - last) < CHUNK_RELOAD_GUARD_MS) return false;
    }
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(at));
    return storage.getItem(CHUNK_RELOAD_STORAGE_KEY) === String(at);
  } catch {
    return false;
  }
}

/** sessionStorage, or null where the browser refuses it (privacy settings, sandboxed frames). */
export function sessionStorageOrNull(): GuardStorage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
