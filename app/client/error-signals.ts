/**
 * What a browser error event or rejection is about, as pure functions over the thrown value:
 * a failed chunk load (reload, spec §4), a React Router redirect (ignored), or a DOM
 * appendChild failure (reported, spec §7).
 */

/** The message of whatever was thrown or rejected: an Error, a string, or an object with a message. */
export function errorMessageOf(reason: unknown): string {
  if (typeof reason === "string") return reason;
  if (reason instanceof Error) return reason.message;
  if (typeof reason === "object" && reason !== null && "message" in reason && typeof reason.message === "string") return reason.message;
  return "";
}

/** What a report says about an error: its name and message ("HierarchyRequestError: …"), else its message. */
export function errorTextOf(reason: unknown): string {
  const message = errorMessageOf(reason);
  if (typeof reason !== "object" || reason === null || !("name" in reason) || typeof reason.name !== "string" || reason.name === "")
    return message;
  return message ? `${reason.name}: ${message}` : reason.name;
}

/** The stack of an Error (DOMExceptions included), if the browser gives one. */
export function errorStackOf(reason: unknown): string | undefined {
  if (typeof reason !== "object" || reason === null || !("stack" in reason)) return undefined;
  return typeof reason.stack === "string" && reason.stack.trim() !== "" ? reason.stack : undefined;
}

/** A thrown Response (or response-like value) with a 3xx status: React Router's redirects. */
export function isRedirectResponse(reason: unknown): boolean {
  if (typeof reason !== "object" || reason === null || !("status" in reason)) return false;
  const status = reason.status;
  return typeof status === "number" && status >= 300 && status < 400;
}

/**
 * Messages browsers and bundlers give a module or chunk that could not be fetched: Chromium,
 * Firefox and Safari for dynamic imports, Vite for preloaded CSS, webpack-style ChunkLoadError.
 */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading (?:CSS )?chunk [\w-]+ failed/i;

export function isChunkLoadFailure(reason: unknown): boolean {
  if (isRedirectResponse(reason)) return false;
  if (reason instanceof Error && reason.name === "ChunkLoadError") return true;
  return CHUNK_FAILURE.test(errorMessageOf(reason));
}

/** "Failed to execute 'appendChild' on 'Node': …" and the like (spec §7 reports these). */
export function isAppendChildFailure(message: string): boolean {
  return /appendChild/i.test(message);
}
