/**
 * The `user_name` display cookie (server/auth.ts), read by the header in the browser. It holds the
 * name (or the masked number) URL-encoded, and Express encodes cookie values once more on the way
 * out, so the value may come encoded twice.
 */
export const DISPLAY_NAME_COOKIE = "user_name";

const MAX_NAME_LENGTH = 120;

function decodeOnce(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The display name in a `document.cookie` string, or null when there is none (or it is garbage). */
export function readDisplayName(cookieHeader: string): string | null {
  const entry = cookieHeader
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${DISPLAY_NAME_COOKIE}=`));
  if (!entry) return null;
  let value = decodeOnce(entry.slice(DISPLAY_NAME_COOKIE.length + 1));
  // The second layer of encoding, when present, still looks like %XX.
  if (value !== null && /%[0-9A-Fa-f]{2}/.test(value)) value = decodeOnce(value);
  const name = [...(value ?? "")]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join("")
    .trim();
  return name === "" ? null : name.slice(0, MAX_NAME_LENGTH);
}
