import { z } from "zod";
import { isWatchService } from "#core/alerts/watch.ts";
import { fareTrend } from "#core/fares/fare-trend.ts";
import type { FareHint } from "#core/fares/fare-history.ts";
import { latinDigits } from "#core/i18n/digits.ts";
import type { Locale } from "#core/i18n/locales.ts";
import { addYears, isIsoDate, tehranToday } from "#core/search/dates.ts";
import { isServiceEnabled } from "#core/tenants/site-config.ts";
import { apiSchemas } from "../openapi.ts";
import { translate, type MessageKey } from "../i18n.ts";
import { defineRoute, json } from "../route.ts";

/** Codes the trend refuses a query with, each with its message. */
const MESSAGE = {
  SERVICE_INVALID: "api.fares.SERVICE_INVALID",
  FROM_INVALID: "api.fares.FROM_INVALID",
  TO_INVALID: "api.fares.TO_INVALID",
  SAME_ROUTE: "api.flights.SAME_ROUTE",
  DATE_INVALID: "api.flights.DATE_INVALID",
  DATE_PAST: "api.flights.DATE_PAST",
  DATE_TOO_FAR: "api.fares.DATE_TOO_FAR",
} as const satisfies Record<string, MessageKey>;
type TrendRefusal = keyof typeof MESSAGE;

/** A route end as services name them: an IATA code, or a station or city slug. */
const ROUTE_CODE = /^[A-Za-z0-9][A-Za-z0-9-]{1,63}$/;

const money = z.number().int().min(0);

export const fareTrendSchema = z
  .object({
    service: z.string(),
    from: z.string(),
    to: z.string(),
    date: z.string().describe("The departure day judged, YYYY-MM-DD."),
    hint: z
      .object({
        kind: z
          .enum(["rising", "falling", "steady"])
          .describe("rising: buying now is likely cheaper; falling: waiting (with an alert) likely pays."),
        todayPrice: money.describe("This departure day's cheapest adult fare as seen today, integer tomans."),
        usualPrice: money.describe("The route's usual cheapest fare that many days before a departure."),
        percentVsUsual: z.number().int().describe("Today's price against the usual one, in percent (negative: below)."),
        usualChangePercent: z.number().int().describe("How the route's fares usually move from here to departure, in percent."),
        message: z.string().describe("The hint in the request's language; a guide, never a promise."),
      })
      .strict()
      .nullable()
      .describe("Null when the history is too thin to say (fewer than 14 departures or 10 days behind it)."),
    evidence: z
      .object({
        daysBefore: z.number().int(),
        departures: z.number().int().describe("Departures seen around this distance and again in their last days."),
        historyDays: z.number().int().describe("Days the route was observed on."),
        lastDays: z
          .array(z.object({ seenOn: z.string(), cheapest: money }).strict())
          .describe("This departure day's cheapest fare as seen on each of the last 30 days, oldest first."),
      })
      .strict(),
  })
  .strict();
fareTrendSchema.register(apiSchemas, { id: "FareTrend" });

const HINT_MESSAGE: Record<FareHint["kind"], MessageKey> = {
  rising: "fares.hint.rising",
  falling: "fares.hint.falling",
  steady: "fares.hint.steady",
};

function presentHint(hint: FareHint | null, locale: Locale) {
  return hint ? { ...hint, message: translate(locale, HINT_MESSAGE[hint.kind]) } : null;
}

/** The query as the trend takes it, or the refusal of each bad parameter. */
function parseTrendQuery(params: URLSearchParams, today: string) {
  const errors: Partial<Record<"service" | "from" | "to" | "date", TrendRefusal>> = {};
  const service = params.get("service") ?? "";
  if (!isWatchService(service)) errors.service = "SERVICE_INVALID";
  const from = latinDigits(params.get("from") ?? "").trim();
  const to = latinDigits(params.get("to") ?? "").trim();
  if (!ROUTE_CODE.test(from)) errors.from = "FROM_INVALID";
  if (!ROUTE_CODE.test(to)) errors.to = "TO_INVALID";
  else if (from.toLowerCase() === to.toLowerCase()) errors.to = "SAME_ROUTE";
  const date = latinDigits(params.get("date") ?? "").trim();
  if (!isIsoDate(date)) errors.date = "DATE_INVALID";
  else if (date < today) errors.date = "DATE_PAST";
  else if (date > addYears(today, 1)) errors.date = "DATE_TOO_FAR";
  if (!isWatchService(service) || Object.keys(errors).length > 0) return { ok: false as const, errors };
  return { ok: true as const, query: { service, from, to, date } };
}

/**
 * `GET /api/v1/fares/trend`: the buy-or-wait hint of a route's departure day: today's cheapest
 * fare against the route's usual price that many days ahead, whether fares usually rise or fall
 * from there, and the evidence (this day's last 30 days, the counts behind it). Every refused
 * parameter is a 422 naming it; a service the site does not sell is a 404.
 */
export const fareTrendRoute = defineRoute({
  operationId: "fareTrend",
  method: "get",
  path: "/api/v1/fares/trend",
  summary: "Buy now or wait: a route's usual fare movement and today's price against it",
  tags: ["fares"],
  auth: "none",
  query: z.object({
    service: z.string().optional().describe("flight, internationalflight, train or bus."),
    from: z.string().optional().describe("Origin as the service names it: THR, tehran…"),
    to: z.string().optional().describe("Destination as the service names it."),
    date: z.string().optional().describe("Departure day YYYY-MM-DD (Tehran), any digit set; today up to a year ahead."),
  }),
  responses: {
    200: { description: "The analysis; `hint` is null when the evidence is thin.", schema: fareTrendSchema },
    404: { description: "This site does not sell that service.", codes: ["SERVICE_UNAVAILABLE"] },
    422: { description: "A parameter the trend cannot take; fields name each.", codes: Object.keys(MESSAGE) },
    503: { description: "This deployment keeps no fare history.", codes: ["UNAVAILABLE"] },
  },
  async handler({ req, deps, now, locale, tenant, problem, field }) {
    const today = tehranToday(now);
    const parsed = parseTrendQuery(new URL(req.originalUrl, "http://localhost").searchParams, today);
    if (!parsed.ok) {
      const refused = Object.entries(parsed.errors);
      const [, code] = refused[0]!;
      return problem(
        422,
        code,
        MESSAGE[code],
        refused.map(([param, error]) => field(param, error, MESSAGE[error])),
      );
    }
    const { query } = parsed;
    if (!isServiceEnabled(tenant, query.service)) return problem(404, "SERVICE_UNAVAILABLE", "api.error.SERVICE_UNAVAILABLE");
    if (!deps.fareHistory) return problem(503, "UNAVAILABLE", "api.fares.UNAVAILABLE");
    const trend = (await fareTrend(deps.fareHistory, query, today, query.date))!;
    return json({ ...query, hint: presentHint(trend.hint, locale), evidence: trend.evidence });
  },
});
