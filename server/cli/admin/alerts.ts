/** `npm run admin -- alerts stats [--tenant <slug>]`: how many alerts, auto-reserve items and desired-price orders each agency has, by state. */
import { asc, eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "#adapters/db/client.ts";
import { autoReserves, desiredPriceOrders, tenants, watchAlerts } from "#adapters/db/schema.ts";
import {
  parseSubcommand,
  printable,
  unknownTenant,
  withDatabase,
  type AdminCommand,
  type AdminContext,
  type SubcommandShape,
} from "./shared.ts";

const STATS_USAGE = [
  "Usage: npm run admin -- alerts stats [--tenant <slug>]",
  "",
  "Counts the watchers of issue 22 per agency and state, read from their tables:",
  "alerts (notify-me: pending, active, ended, removed), auto-reserve items (waiting, booking,",
  "booked, ended, removed) and desired-price orders (open, buying, bought, expired, cancelled).",
  "",
  "Options:",
  "  --tenant <slug>  only this agency (its slug, e.g. parvaz-sabz)",
  "  -h, --help       this help",
  "",
].join("\n");

const ALERTS_USAGE = ["Usage: npm run admin -- alerts <stats> [options]", "", "  stats  counts per agency and state", ""].join("\n");

/** One line of the table: an agency, a kind of watcher, a state and how many. */
export interface WatcherCount {
  tenant: string;
  kind: "alert" | "auto-reserve" | "desired-price";
  status: string;
  count: number;
}

/** The counts of the three tables, grouped by agency and state, in a stable order. */
export async function watcherCounts(database: DatabaseHandle, tenantId?: string): Promise<WatcherCount[]> {
  const { db } = database;
  const count = sql<number>`count(*)::int`;
  const grouped = async (
    kind: WatcherCount["kind"],
    table: typeof watchAlerts | typeof autoReserves | typeof desiredPriceOrders,
  ): Promise<WatcherCount[]> => {
    const rows = await db
      .select({ tenant: tenants.slug, status: table.status, count })
      .from(table)
      .innerJoin(tenants, eq(tenants.id, table.tenantId))
      .where(tenantId ? eq(table.tenantId, tenantId) : undefined)
      .groupBy(tenants.slug, table.status)
      .orderBy(asc(tenants.slug), asc(table.status));
    return rows.map((row) => ({ tenant: row.tenant, kind, status: row.status, count: Number(row.count) }));
  };
  const all = [
    ...(await grouped("alert", watchAlerts)),
    ...(await grouped("auto-reserve", autoReserves)),
    ...(await grouped("desired-price", desiredPriceOrders)),
  ];
  return all.sort((a, b) => a.tenant.localeCompare(b.tenant) || a.kind.localeCompare(b.kind) || a.status.localeCompare(b.status));
}

/** The counts as a plain-text table; an empty table says so. */
export function formatWatcherCounts(counts: readonly WatcherCount[]): string {
  if (counts.length === 0) return "No alerts, auto-reserve items or desired-price orders.\n";
  const header = ["tenant", "kind", "state", "count"];
  const rows = counts.map((entry) => [printable(entry.tenant), entry.kind, printable(entry.status), String(entry.count)]);
  const widths = header.map((title, index) => Math.max(title.length, ...rows.map((row) => row[index]!.length)));
  const line = (values: string[]) =>
    values
      .map((value, index) => (index === values.length - 1 ? value.padStart(widths[index]!) : value.padEnd(widths[index]!)))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line), ""].join("\n");
}

interface Subcommand extends SubcommandShape {
  run(values: Record<string, string | boolean | undefined>, context: AdminContext): Promise<number>;
}

const SUBCOMMANDS: Record<"stats", Subcommand> = {
  stats: {
    usage: STATS_USAGE,
    options: { tenant: { type: "string" } },
    run: (values, context) =>
      withDatabase(context, "count the watchers", async (database) => {
        const slug = typeof values.tenant === "string" ? values.tenant.trim() : undefined;
        let tenantId: string | undefined;
        if (slug !== undefined) {
          const known = await database.db.select({ id: tenants.id, slug: tenants.slug }).from(tenants);
          tenantId = known.find((tenant) => tenant.slug === slug)?.id;
          if (!tenantId)
            return unknownTenant(
              context,
              slug,
              known.map((tenant) => tenant.slug),
            );
        }
        context.io.out(formatWatcherCounts(await watcherCounts(database, tenantId)));
        return 0;
      }),
  },
};

export const alertsCommand: AdminCommand = {
  name: "alerts",
  summary: "counts of alerts, auto-reserve items and desired-price orders per tenant and state (stats)",
  usage: ALERTS_USAGE,
  async run(args, context) {
    const chosen = parseSubcommand(args, context, { name: "alerts", usage: ALERTS_USAGE, subcommands: SUBCOMMANDS });
    return typeof chosen === "number" ? chosen : chosen.subcommand.run(chosen.values, context);
  },
};
