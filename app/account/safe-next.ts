/**
 * Where a visitor may be sent after signing in: only a path on this site. Anything else (another
 * origin, a scheme, a protocol-relative `//host`, `/\host`, which browsers read as `//host`, or
 * control characters the URL parser would drop to make one of those) is refused, so a link to our
 * sign-in page cannot carry a traveller off to a look-alike site (an open redirect).
 */
export const MAX_NEXT_LENGTH = 1000;

export function safeNext(next: string | null | undefined): string | null {
  if (typeof next !== "string" || next.length === 0 || next.length > MAX_NEXT_LENGTH) return null;
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  // Tabs and newlines are removed by URL parsing ("/\t/evil" becomes "//evil"); backslashes are slashes to it.
  for (const char of next) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === "\\") return null;
  }
  // Belt and braces: resolved against a placeholder origin, it must stay on that origin.
  try {
    const base = "http://placeholder.invalid";
    const resolved = new URL(next, base);
    if (resolved.origin !== base) return null;
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return null;
  }
}
