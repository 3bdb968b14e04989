import { Router, type Request, type Response } from "express";
import { FLIGHT_SEARCH_ERROR_MESSAGE } from "#core/i18n/code-messages.ts";
import { translate } from "#core/i18n/messages.ts";
import "#core/i18n/catalogs.ts";
import type { FlightOffer, FlightSearchQuery } from "#core/flights/flight.ts";
import { parseFlightSearch } from "#core/flights/search-params.ts";
import { decideLocale, isLocale, type Locale } from "#core/i18n/locales.ts";
import type { Clock, FlightSupplier } from "#core/ports.ts";
import { tehranToday } from "#core/search/dates.ts";
import { isServiceEnabled, type Tenant } from "#core/tenants/site-config.ts";
import { readCookie } from "./net.ts";

/** An offer as the API document describes it. */
function apiOffer({ baggageKg, ...offer }: FlightOffer) {
  return { ...offer, baggage: { kg: baggageKg } };
}

/** The language of an API answer: `?lang=`, else the `language` header, else the locale cookie, else Persian. */
export function requestLocale(req: Request): Locale {
  const lang = Array.isArray(req.query.lang) ? req.query.lang[0] : req.query.lang;
  if (isLocale(lang)) return lang;
  const header = req.headers.language;
  return decideLocale({ pathname: null, cookie: typeof header === "string" ? header : readCookie(req.headers.cookie, "locale") }).locale;
}

/**
 * `GET /api/v1/flights/search?from=THR&to=MHD&date=…&adults=1&children=0&infants=0[&returnDate=…]`:
 * the offers of the house inventory (or whichever supplier is configured), cheapest first. Bad
 * parameters are a 400 with a stable code and a message in the request's language, never a 500.
 */
export function flightsRoutes(deps: { flights: Pick<FlightSupplier, "search">; clock: Clock }): Router {
  const router = Router();
  router.get("/api/v1/flights/search", async (req: Request, res: Response) => {
    const locale = requestLocale(req);
    res.setHeader("Vary", "Host, language, Cookie");
    res.setHeader("Cache-Control", "no-store");
    const tenant = (res.locals as { site?: { tenant: Tenant } }).site?.tenant;
    if (tenant && !isServiceEnabled(tenant, "flight")) {
      res.status(404).json({ error: { code: "SERVICE_UNAVAILABLE", message: translate(locale, "error.notFound.title") } });
      return;
    }
    const params = new URL(req.originalUrl, "http://localhost").searchParams;
    const parsed = parseFlightSearch(params, tehranToday(deps.clock.now()));
    if (!parsed.ok) {
      const errors = parsed.errors.map((error) => ({ ...error, message: translate(locale, FLIGHT_SEARCH_ERROR_MESSAGE[error.code]) }));
      res.status(400).json({ error: { ...errors[0], errors } });
      return;
    }
    const { returnDate, ...outbound } = parsed.query;
    const query: FlightSearchQuery = { ...outbound, locale };
    try {
      const offers = await deps.flights.search(query);
      const returnOffers = returnDate ? await deps.flights.search({ ...query, from: query.to, to: query.from, date: returnDate }) : undefined;
      res.json(returnOffers ? { offers: offers.map(apiOffer), returnOffers: returnOffers.map(apiOffer) } : { offers: offers.map(apiOffer) });
    } catch (error) {
      (res.locals as { log?: { error(o: object, m: string): void } }).log?.error({ err: error }, "flight search failed");
      res.status(503).json({ error: { code: "UNAVAILABLE", message: translate(locale, "error.tryLater") } });
    }
  });
  return router;
}
