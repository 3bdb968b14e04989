import { z } from "zod";
import type { FlightOffer } from "#core/flights/flight.ts";
import { searchFlights } from "#core/flights/search-flights.ts";
import type { FlightSearchError } from "#core/flights/search-params.ts";
import { FLIGHT_SEARCH_ERROR_MESSAGE as SEARCH_ERROR_MESSAGE } from "#core/i18n/code-messages.ts";
import { apiSchemas } from "../openapi.ts";
import { defineRoute, json } from "../route.ts";

const SEARCH_ERROR_CODES = Object.keys(SEARCH_ERROR_MESSAGE) as FlightSearchError[];

const money = z.number().int().min(0);

export const flightOfferSchema = z
  .object({
    offerId: z.string().describe("Opaque; revalidate and hold by it."),
    airline: z.object({ code: z.string(), name: z.string() }),
    flightNumber: z.string().describe('Designator and number, e.g. "IR 451".'),
    from: z.string(),
    to: z.string(),
    departAt: z.string().describe("Local time with Tehran's offset (+03:30)."),
    arriveAt: z.string(),
    durationMinutes: z.number().int(),
    aircraft: z.string(),
    fareClass: z.string(),
    cabin: z.enum(["economy", "business"]),
    seatsLeft: z.number().int(),
    charter: z.boolean(),
    baggage: z.object({ kg: z.number().int() }),
    refundable: z.boolean(),
    price: z
      .object({ adult: money, child: money, infant: money, total: money })
      .describe("Integer tomans; total is for the party searched."),
    taxesPerSeat: money,
    latinNamesRequired: z.boolean(),
  })
  .strict();
flightOfferSchema.register(apiSchemas, { id: "FlightOffer" });

function apiOffer({ baggageKg, ...offer }: FlightOffer): z.output<typeof flightOfferSchema> {
  return { ...offer, baggage: { kg: baggageKg } };
}

const text = z.string().max(64);

/**
 * `GET /api/v1/flights/search`: the offers of a domestic route and day, cheapest first. The core
 * reads the query (any digit set, a repeated parameter by its first value) and names each
 * parameter it refuses; a code that names no place the service flies to is refused too.
 */
export const searchFlightsRoute = defineRoute({
  operationId: "searchFlights",
  method: "get",
  path: "/api/v1/flights/search",
  summary: "Domestic flight offers of a route and day, cheapest first",
  tags: ["flights"],
  auth: "none",
  service: "flight",
  query: z.object({
    from: text.optional().describe("Origin: an airport or city code, e.g. THR."),
    to: text.optional().describe("Destination code, e.g. MHD."),
    date: text.optional().describe("YYYY-MM-DD, Tehran's calendar (Gregorian), any digit set."),
    returnDate: text.optional().describe("YYYY-MM-DD; with it, returnOffers are the flights back."),
    adults: text.optional().describe("1–9, default 1."),
    children: text.optional().describe("0–8, default 0."),
    infants: text.optional().describe("0–adults, default 0."),
    cabin: text.optional().describe("economy or business."),
  }),
  responses: {
    200: {
      description: "Offers (an empty list when nothing flies that day).",
      schema: z.object({ offers: z.array(flightOfferSchema), returnOffers: z.array(flightOfferSchema).optional() }).strict(),
    },
    400: { description: "A parameter is missing, malformed or names an unknown place; fields name each.", codes: SEARCH_ERROR_CODES },
  },
  async handler({ req, deps, now, locale, problem, field }) {
    const params = new URL(req.originalUrl, "http://localhost").searchParams;
    const found = await searchFlights(params, { now, locale }, deps);
    if (!found.ok) {
      const fields = found.errors.map((error) => field(error.param, error.code, SEARCH_ERROR_MESSAGE[error.code]));
      const first = found.errors[0]!;
      return problem(400, first.code, SEARCH_ERROR_MESSAGE[first.code], fields);
    }
    return json(
      found.returnOffers
        ? { offers: found.offers.map(apiOffer), returnOffers: found.returnOffers.map(apiOffer) }
        : { offers: found.offers.map(apiOffer) },
    );
  },
});
