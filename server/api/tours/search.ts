import { z } from "zod";
import { tehranToday } from "#core/search/dates.ts";
import { isServiceEnabled } from "#core/tenants/site-config.ts";
import { parseTourSearch, searchTours } from "#core/tours/search-tours.ts";
import { defineRoute, json } from "../route.ts";
import { TOUR_QUERY_CODES, TOUR_SEARCH_MESSAGE as MESSAGE } from "./messages.ts";
import { presentPackage, tourPackageSchema } from "./schemas.ts";

const text = z.string();

/**
 * `GET /api/v1/tours/search`: package departures at home (`scope=domestic`, service tour) or
 * abroad (`scope=international`, service intTour) leaving between `date` and `lastDate`, with a
 * seat for every adult and child, soonest first, texts in the request's language. Every refused
 * input is a 422 naming its parameter; a deployment without tour inventory answers 503.
 */
export const searchToursRoute = defineRoute({
  operationId: "searchTours",
  method: "get",
  path: "/api/v1/tours/search",
  summary: "Package tour departures at home or abroad with a seat for each adult and child",
  tags: ["tours"],
  auth: "none",
  query: z.object({
    scope: text.optional().describe("domestic (default) or international."),
    from: text.optional().describe("Departure city slug, e.g. tehran; every city when absent."),
    to: text.optional().describe("Destination city slug, e.g. kish or istanbul; every destination when absent."),
    date: text.optional().describe("YYYY-MM-DD (Tehran), any digit set: departures on or after it; today when absent."),
    lastDate: text.optional().describe("YYYY-MM-DD: departures on or before it; 30 days after date when absent, at most 90."),
    transport: text.optional().describe("flight, train or bus."),
    adults: text.optional().describe("1–9, default 1."),
    children: text.optional().describe("0–8, default 0; adults and children together at most 9, each on a seat."),
    infants: text.optional().describe("0–adults, default 0 (on a lap, no seat)."),
  }),
  responses: {
    200: {
      description: "Departures, soonest first (an empty list when none has seats in those days).",
      schema: z.object({ tours: z.array(tourPackageSchema) }).strict(),
    },
    404: { description: "This agency does not sell tours of that scope.", codes: ["SERVICE_UNAVAILABLE"] },
    422: { description: "A parameter the search cannot take; fields name each.", codes: TOUR_QUERY_CODES },
    503: { description: "This deployment has no tour inventory.", codes: ["UNAVAILABLE"] },
  },
  async handler({ req, deps, now, locale, problem, field, tenant }) {
    const params = new URL(req.originalUrl, "http://localhost").searchParams;
    const parsed = parseTourSearch(params, tehranToday(now));
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
    if (!isServiceEnabled(tenant, parsed.query.scope === "international" ? "intTour" : "tour"))
      return problem(404, "SERVICE_UNAVAILABLE", "api.error.SERVICE_UNAVAILABLE");
    const found = await searchTours(deps.tours, { ...parsed.query, locale });
    if (!found.ok) return problem(503, "UNAVAILABLE", MESSAGE.UNAVAILABLE);
    return json({ tours: found.tours.map(presentPackage) });
  },
});
