/** What every admin command shares: its shape, its input/output, and terminal-safe text. */
import { parseArgs } from "node:util";
import { asc, eq } from "drizzle-orm";
import type { DatabaseHandle } from "#adapters/db/client.ts";
import { tenants } from "#adapters/db/schema.ts";

export interface AdminIo {
  out(text: string): void;
  err(text: string): void;
}

export interface AdminContext {
  io: AdminIo;
  /** Opens the database of the environment; only commands that need it call it. */
  openDatabase: () => Promise<DatabaseHandle>;
  /**
   * CREDENTIALS_KEY of the environment (undefined when unset), for commands that store or read
   * tenants' encrypted credentials; read only when called, like the database.
   */
  credentialsKey?: () => string | undefined;
}

export interface AdminCommand {
  name: string;
  summary: string;
  /** Full help of the command, printed for `<command> --help`. */
  usage: string;
  /** Returns the exit code. */
  run(args: string[], context: AdminContext): Promise<number>;
}

// Terminal-safe text is the same rule the back-office stores notes with.
export { printable } from "#core/text/printable.ts";
import { printable } from "#core/text/printable.ts";

/** What a command with subcommands needs to know of each: its help and its options. */
export interface SubcommandShape {
  usage: string;
  /** Single-valued options only: each is a string or a flag. */
  options: Record<string, { type: "string" | "boolean"; short?: string }>;
}

const HELP_OPTION = { help: { type: "boolean", short: "h" } } as const;

/**
 * `<command> <subcommand> [options]`: picks the subcommand and parses its options strictly, or
 * answers help and mistakes itself (their exit code is returned instead).
 */
export function parseSubcommand<S extends SubcommandShape>(
  args: string[],
  context: AdminContext,
  command: { name: string; usage: string; subcommands: Record<string, S> },
): number | { subcommand: S; values: Record<string, string | boolean | undefined> } {
  const [name, ...rest] = args;
  const known = (candidate: string | undefined): candidate is string =>
    candidate !== undefined && Object.hasOwn(command.subcommands, candidate);
  if (name === undefined) {
    context.io.err(command.usage);
    return 1;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    context.io.out(name === "help" && known(rest[0]) ? command.subcommands[rest[0]]!.usage : command.usage);
    return 0;
  }
  if (!known(name)) {
    context.io.err(`Unknown ${command.name} subcommand: ${printable(name)}\n\n${command.usage}`);
    return 1;
  }
  const subcommand = command.subcommands[name]!;
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs<{
      args: string[];
      options: Record<string, { type: "string" | "boolean"; short?: string; multiple?: false }>;
      strict: true;
      allowPositionals: false;
    }>({ args: rest, options: { ...subcommand.options, ...HELP_OPTION }, strict: true, allowPositionals: false }));
  } catch (error) {
    context.io.err(`${printable((error as Error).message)}\n\n${subcommand.usage}`);
    return 1;
  }
  if (values.help) {
    context.io.out(subcommand.usage);
    return 0;
  }
  delete values.help;
  return { subcommand, values };
}

/** An option read from the command line: its value, or what is wrong with it. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

export function readTenant(text: string | undefined): Parsed<string> {
  const slug = text?.trim() ?? "";
  return slug === "" ? { ok: false, error: "--tenant is required: the tenant's slug, e.g. parvaz-sabz" } : { ok: true, value: slug };
}

/** A refused option: the problem, then the subcommand's usage, on stderr; exit code 1. */
export function refuse(context: AdminContext, error: string, usage: string): number {
  context.io.err(`${error}\n\n${usage}`);
  return 1;
}

/** A refusal that is not about the options: the problem alone, on stderr; exit code 1. */
export function fail(context: AdminContext, error: string): number {
  context.io.err(`${error}\n`);
  return 1;
}

/** A slug no tenant has: said with the slugs there are, so a typo is easy to see; exit code 1. */
export function unknownTenant(context: AdminContext, slug: string, known: readonly string[]): number {
  return fail(
    context,
    `Unknown tenant: "${printable(slug)}"${known.length > 0 ? ` (the tenants are ${known.map(printable).join(", ")})` : " (there are no tenants; run npm run db:seed)"}`,
  );
}

/** Opens the database for `work` and closes it after; a fault of the database exits 1 naming the `action`. */
export async function withDatabase(
  context: AdminContext,
  action: string,
  work: (database: DatabaseHandle) => Promise<number>,
): Promise<number> {
  const database = await context.openDatabase();
  try {
    return await work(database);
  } catch (error) {
    return fail(context, `Could not ${action}: ${printable((error as Error).message)}`);
  } finally {
    await database.close();
  }
}

/** Whether CREDENTIALS_KEY is set for this run. */
export function credentialsKeySet(key: string | undefined): boolean {
  return key !== undefined && key.trim() !== "";
}

/** Opens the database and finds the tenant by slug for `work`; an unknown slug exits 1 naming the slugs there are. */
export async function withTenantId(
  context: AdminContext,
  slug: string,
  action: string,
  work: (database: DatabaseHandle, tenantId: string) => Promise<number>,
): Promise<number> {
  return withDatabase(context, action, async (database) => {
    const [tenant] = await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
    if (!tenant) {
      const known = await database.db.select({ slug: tenants.slug }).from(tenants).orderBy(asc(tenants.slug));
      return unknownTenant(
        context,
        slug,
        known.map((row) => row.slug),
      );
    }
    return work(database, tenant.id);
  });
}
