/** What every admin command shares: its shape, its input/output, and terminal-safe text. */
import type { DatabaseHandle } from "#adapters/db/client.ts";

export interface AdminIo {
  out(text: string): void;
  err(text: string): void;
}

export interface AdminContext {
  io: AdminIo;
  /** Opens the database of the environment; only commands that need it call it. */
  openDatabase(): Promise<DatabaseHandle>;
  /**
   * CREDENTIALS_KEY of the environment (undefined when unset), for commands that store or read
   * tenants' encrypted credentials; read only when called, like the database.
   */
  credentialsKey?(): string | undefined;
}

export interface AdminCommand {
  name: string;
  summary: string;
  /** Full help of the command, printed for `<command> --help`. */
  usage: string;
  /** Returns the exit code. */
  run(args: string[], context: AdminContext): Promise<number>;
}

/**
 * Text from the database or the command line made safe for a terminal: control characters
 * (escape sequences included) and bidirectional overrides become spaces, runs of space one.
 */
export function printable(text: string): string {
  let safe = "";
  for (const char of text) safe += isUnsafeForTerminal(char.codePointAt(0) ?? 0) ? " " : char;
  return safe.replace(/\s+/g, " ").trim();
}

function isUnsafeForTerminal(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}
