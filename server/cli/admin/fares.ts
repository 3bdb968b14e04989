/**
 * `npm run admin -- fares <record|history-demo>`: the fare history behind the buy-or-wait hint
 * (issue 22 §4). `record` runs the daily recording once; `history-demo` invents a clearly
 * synthetic past for a development database, so the hint can be seen before weeks have passed.
 */
import { WATCH_SERVICES, type WatchService } from "#core/alerts/watch.ts";
import { demoFareHistory, demoTrendOf } from "#core/fares/demo-history.ts";
import { FARE_HISTORY_WINDOW_DAYS } from "#core/fares/record-fare-history.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { databaseAdapters, fareHistoryJob, SYSTEM_CLOCK } from "../../database-adapters.ts";
import { parseSubcommand, refuse, withDatabase, type AdminCommand, type AdminContext } from "./shared.ts";

const MIN_DEMO_DAYS = 10;
const MAX_DEMO_DAYS = 120;

const FARES_USAGE = [
  "Usage: npm run admin -- fares <record|history-demo> [options]",
  "",
  "The fare history behind the buy-or-wait hint of results pages and route landings.",
  "",
  "Subcommands:",
  "  record                      record today's cheapest fare of every route and departure day (what the daily job does)",
  `  history-demo --days <N>     DEMO ONLY: invent ${MIN_DEMO_DAYS}-${MAX_DEMO_DAYS} days of synthetic history before today`,
  "",
].join("\n");

const RECORD_USAGE = [
  "Usage: npm run admin -- fares record",
  "",
  "Records today's cheapest adult fare of every route and departure day of the next",
  `${FARE_HISTORY_WINDOW_DAYS} days, for flights, international flights, trains and buses. Running it again`,
  "the same day keeps the lower fare of each departure: nothing doubles.",
  "",
].join("\n");

const DEMO_USAGE = [
  `Usage: npm run admin -- fares history-demo [--days <${MIN_DEMO_DAYS}-${MAX_DEMO_DAYS}>] [--service <service>]`,
  "",
  "DEMO ONLY, for a development database: records today's real fares, then INVENTS the days",
  "before today from them, each route given one made-up trend (rising, falling or steady), so the",
  "buy-or-wait hint shows at once. The invented days are not what any route did; never run this",
  "against a production database (it refuses when NODE_ENV=production).",
  "",
  "Options:",
  "  --days <N>           days of invented history before today (default 45)",
  `  --service <service>  only this service: ${WATCH_SERVICES.join(", ")} (default: all)`,
  "  -h, --help           this help",
  "",
].join("\n");

type Values = Record<string, string | boolean | undefined>;

interface FaresSubcommand {
  usage: string;
  options: Record<string, { type: "string" | "boolean"; short?: string }>;
  run(values: Values, context: AdminContext): Promise<number>;
}

async function record(_values: Values, context: AdminContext): Promise<number> {
  return withDatabase(context, "record the fare history", async (database) => {
    const result = await fareHistoryJob(databaseAdapters(database))();
    context.io.out(
      `Recorded ${result.seenOn}: ${Object.entries(result.recorded)
        .map(([service, count]) => `${service} ${count}`)
        .join(", ")}\n`,
    );
    return 0;
  });
}

async function historyDemo(values: Values, context: AdminContext): Promise<number> {
  if (process.env.NODE_ENV === "production")
    return refuse(context, "history-demo invents fares: it does not run with NODE_ENV=production.", DEMO_USAGE);
  const daysText = typeof values.days === "string" ? values.days.trim() : "45";
  const days = /^\d+$/.test(daysText) ? Number(daysText) : NaN;
  if (!(days >= MIN_DEMO_DAYS && days <= MAX_DEMO_DAYS))
    return refuse(context, `--days must be a whole number from ${MIN_DEMO_DAYS} to ${MAX_DEMO_DAYS}`, DEMO_USAGE);
  const only = typeof values.service === "string" ? values.service.trim() : undefined;
  if (only !== undefined && !(WATCH_SERVICES as readonly string[]).includes(only))
    return refuse(context, `--service must be one of ${WATCH_SERVICES.join(", ")}`, DEMO_USAGE);
  const services = only ? [only as WatchService] : [...WATCH_SERVICES];
  return withDatabase(context, "write the demo fare history", async (database) => {
    const adapters = databaseAdapters(database);
    const today = tehranToday(SYSTEM_CLOCK.now());
    const calendars = {
      flight: adapters.flights,
      internationalflight: adapters.internationalFlights,
      train: adapters.trains,
      bus: adapters.buses,
    };
    for (const service of services) {
      const fares = await calendars[service].cheapestByRouteAndDay({
        firstDate: today,
        lastDate: addDays(today, FARE_HISTORY_WINDOW_DAYS - 1),
      });
      await adapters.fareHistory.record(service, today, fares);
      const invented = demoFareHistory(fares, today, days, FARE_HISTORY_WINDOW_DAYS);
      const bySeenOn = new Map<string, typeof invented>();
      for (const row of invented) bySeenOn.set(row.seenOn, [...(bySeenOn.get(row.seenOn) ?? []), row]);
      for (const [seenOn, rows] of bySeenOn) await adapters.fareHistory.record(service, seenOn, rows);
      const routes = new Map(fares.map((fare) => [`${fare.from}|${fare.to}`, demoTrendOf(fare.from, fare.to)]));
      const trends = { rising: 0, falling: 0, steady: 0 };
      for (const trend of routes.values()) trends[trend] += 1;
      context.io.out(
        `${service}: ${routes.size} routes, ${invented.length} SYNTHETIC observations over ${days - 1} days before ${today} ` +
          `(made-up trends: ${trends.rising} rising, ${trends.falling} falling, ${trends.steady} steady)\n`,
      );
    }
    return 0;
  });
}

const SUBCOMMANDS: Record<string, FaresSubcommand> = {
  record: { usage: RECORD_USAGE, options: {}, run: record },
  "history-demo": { usage: DEMO_USAGE, options: { days: { type: "string" }, service: { type: "string" } }, run: historyDemo },
};

export const faresCommand: AdminCommand = {
  name: "fares",
  summary: "the fare history of the buy-or-wait hint: record today's fares, or invent a demo history",
  usage: FARES_USAGE,
  async run(args, context) {
    const chosen = parseSubcommand(args, context, { name: "fares", usage: FARES_USAGE, subcommands: SUBCOMMANDS });
    return typeof chosen === "number" ? chosen : chosen.subcommand.run(chosen.values, context);
  },
};
