import { z } from "zod";
import type { FlightSearchError } from "#core/flights/search-params.ts";
import { FLIGHT_SEARCH_ERROR_MESSAGE as SEARCH_ERROR_MESSAGE } from "#core/i18n/code-messages.ts";
import {
  UNPROCESSABLE_SEARCH_ERRORS,
  parseInternationalFlightSearch,
  searchInternationalFlights,
} from "#core/international-flights/search-international-flights.ts";
import { tehranToday } from "#core/search/dates.ts";
import { apiSchemas } from "../openapi.ts";
import { defineRoute, json } from "../route.ts";

const ALL_CODES = Object.keys(SEARCH_ERROR_MESSAGE) as FlightSearchError[];
const UNPROCESSABLE_CODES = ALL_CODES.filter((code) => UNPROCESSABLE_SEARCH_ERRORS.has(code));
const MALFORMED_CODES = ALL_CODES.filter((code) => !UNPROCESSABLE_SEARCH_ERRORS.has(code));

const money = z.number().int().min(0);
const airline = z.object({ code: z.string(), name: z.string() }).strict();

const segmentSchema = z
  .object({
    airline,
    flightNumber: z.string().describe('Designator and number, e.g. "TK 879".'),
    from: z.string(),
    to: z.string(),
    departAt: z.string().describe("Local time with the offset of the departure airport, e.g. 2026-11-22T07:30:00+03:30."),
    arriveAt: z.string().describe("Local time with the offset of the arrival airport."),
    durationMinutes: z.number().int(),
    aircraft: z.string(),
  })
  .strict();

export const internationalFlightOfferSchema = z
  .object({
    offerId: z.string().describe("Opaque; revalidate and hold by it."),
    validatingAirline: airline,
    legs: z
      .array(
        z
          .object({
            segments: z.array(segmentSchema).min(1),
            layoverMinutes: z.array(z.number().int()).describe("Minutes on the ground between one segment and the next."),
            durationMinutes: z.number().int(),
          })
          .strict(),
      )
      .min(1)
      .max(2)
      .describe("The way out and, on a round trip, the way back."),
    stops: z.number().int().min(0),
    cabin: z.enum(["economy", "business"]),
    fareClass: z.string(),
    baggage: z
      .object({ kg: z.number().int().optional(), pieces: z.number().int().optional(), cabinKg: z.number().int() })
      .strict()
      .describe("Checked baggage by weight or by pieces (0 kg: a cabin bag only), and the cabin bag."),
    seatsLeft: z.number().int(),
    refundable: z.boolean(),
    price: z
      .object({ adult: money, child: money, infant: money, total: money })
      .strict()
      .describe("Integer tomans for the whole trip; total is for the party searched."),
    taxesPerSeat: money,
  })
  .strict();
internationalFlightOfferSchema.register(apiSchemas, { id: "InternationalFlightOffer" });

const text = z.string().max(64);

/**
 * `GET /api/v1/internationalflights/search`: the offers of a trip abroad, one way or round trip,
 * cheapest first. The query is read like the domestic one (any digit set, a repeated parameter by
 * its first value); a malformed request or an unknown place is a 400, a well-formed one the search
 * cannot serve (a past date, a party that cannot travel) a 422. International paths are exempt
 * from the request time-out: a real supplier may take up to 120 s (spec §9).
 */
export const searchInternationalFlightsRoute = defineRoute({
  operationId: "searchInternationalFlights",
  method: "get",
  path: "/api/v1/internationalflights/search",
  summary: "International flight offers of a trip, one way or round trip, cheapest first",
  tags: ["internationalflights"],
  auth: "none",
  service: "internationalflight",
  query: z.object({
    from: text.optional().describe("Origin airport or city code; IKA when absent."),
    to: text.optional().describe("Destination code, e.g. IST."),
    date: text.optional().describe("YYYY-MM-DD on the origin's calendar, any digit set."),
    returnDate: text.optional().describe("YYYY-MM-DD; with it every offer is a round trip."),
    adults: text.optional().describe("1–9, default 1."),
    children: text.optional().describe("0–8, default 0."),
    infants: text.optional().describe("0–adults, default 0."),
    cabin: text.optional().describe("economy, premium, business or first."),
  }),
  responses: {
    200: {
      description: "Offers (an empty list when nothing flies that day).",
      schema: z.object({ offers: z.array(internationalFlightOfferSchema) }).strict(),
    },
    400: { description: "A parameter is missing or malformed, or names an unknown place; fields name each.", codes: MALFORMED_CODES },
    422: { description: "Dates or a party the search cannot serve; fields name each.", codes: UNPROCESSABLE_CODES },
  },
  async handler({ req, deps, now, locale, problem, field }) {
    const params = new URL(req.originalUrl, "http://localhost").searchParams;
    const parsed = parseInternationalFlightSearch(params, tehranToday(now));
    if (!parsed.ok) {
      const fields = parsed.errors.map((error) => field(error.param, error.code, SEARCH_ERROR_MESSAGE[error.code]));
      const malformed = parsed.errors.find((error) => !UNPROCESSABLE_SEARCH_ERRORS.has(error.code));
      const first = malformed ?? parsed.errors[0]!;
      return problem(malformed ? 400 : 422, first.code, SEARCH_ERROR_MESSAGE[first.code], fields);
    }
    const found = await searchInternationalFlights({ ...parsed.query, locale }, deps);
    if (!found.ok) {
      const message = SEARCH_ERROR_MESSAGE.UNKNOWN_PLACE;
      return problem(400, found.error, message, [field(found.field, found.error, message)]);
    }
    return json({ offers: found.offers });
  },
});
