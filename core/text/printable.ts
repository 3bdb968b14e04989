/**
 * Text typed by an operator or read from the database made safe to print or store: control
 * characters (escape sequences included) and bidirectional overrides become spaces, runs of space
 * one. The command line, the back-office and the admin API keep notes and reasons this way.
 */
export function printable(text: string): string {
  let safe = "";
  for (const char of text) safe += isUnsafeForTerminal(char.codePointAt(0) ?? 0) ? " " : char;
  return safe.replace(/\s+/g, " ").trim();
}

function isUnsafeForTerminal(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}
