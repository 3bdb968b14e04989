import { z } from "zod";
import { parseHotelSearch, roomTexts } from "#core/hotels/search-hotels.ts";
import { tehranToday } from "#core/search/dates.ts";
import { isServiceEnabled } from "#core/tenants/site-config.ts";
import { firstParam } from "#core/search/trip-params.ts";
import { defineRoute, json } from "../route.ts";
import { HOTEL_NOT_FOUND_MESSAGE, HOTEL_QUERY_CODES, HOTEL_SEARCH_MESSAGE as MESSAGE, refusedParams, regionOfCity } from "./messages.ts";
import { hotelDetailsSchema, presentDetails } from "./schemas.ts";

const text = z.string();

/**
 * `GET /api/v1/hotels/{hotelId}`: a hotel's page (description, gallery, rules, distances, rating)
 * with its room types free on every night of the stay, each with the offerId a booking takes. The
 * query is the search's (`city`, `checkIn`, `checkOut`, `rooms`), checked the same way; an
 * unknown hotel in that city is a 404.
 */
export const hotelDetailsRoute = defineRoute({
  operationId: "hotelDetails",
  method: "get",
  path: "/api/v1/hotels/{hotelId}",
  summary: "A hotel and its rooms for a stay",
  tags: ["hotels"],
  auth: "none",
  params: z.object({ hotelId: z.string().max(100).describe("A hotelId of GET /api/v1/hotels/search.") }),
  query: z.object({
    city: text.optional().describe("The hotel's city slug."),
    checkIn: text.optional().describe("YYYY-MM-DD, any digit set."),
    checkOut: text.optional().describe("YYYY-MM-DD after checkIn: at most 30 nights, 9 abroad."),
    rooms: text.optional().describe("As in the search: 2-1,1-0."),
  }),
  responses: {
    200: { description: "The hotel, its rooms cheapest first (none when every room is taken).", schema: hotelDetailsSchema },
    404: {
      description: "No such hotel in that city, or this agency does not sell hotels of that region.",
      codes: ["HOTEL_NOT_FOUND", "SERVICE_UNAVAILABLE"],
    },
    422: { description: "A parameter the hotel's page cannot take; fields name each.", codes: HOTEL_QUERY_CODES },
    503: { description: "This deployment has no hotel inventory.", codes: ["UNAVAILABLE"] },
  },
  async handler({ req, params, deps, now, locale, problem, field, tenant }) {
    const query = new URL(req.originalUrl, "http://localhost").searchParams;
    const city = firstParam(query, "city");
    const region = await regionOfCity(deps.places, city, locale);
    if (!isServiceEnabled(tenant, region === "abroad" ? "intHotel" : "hotel"))
      return problem(404, "SERVICE_UNAVAILABLE", "api.error.SERVICE_UNAVAILABLE");
    const parsed = parseHotelSearch(
      { city, region, checkIn: firstParam(query, "checkIn"), checkOut: firstParam(query, "checkOut"), rooms: roomTexts(query, "rooms") },
      tehranToday(now),
    );
    if (!parsed.ok) {
      const refused = refusedParams(parsed.errors, {});
      const [, code] = refused[0]!;
      return problem(
        422,
        code,
        MESSAGE[code],
        refused.map(([param, error]) => field(param, error, MESSAGE[error])),
      );
    }
    if (!deps.hotels) return problem(503, "UNAVAILABLE", MESSAGE.UNAVAILABLE);
    const { city: slug, checkIn, checkOut } = parsed.query;
    const hotel = await deps.hotels.hotel(slug, params.hotelId, locale);
    if (!hotel) return problem(404, "HOTEL_NOT_FOUND", HOTEL_NOT_FOUND_MESSAGE);
    const rooms = await deps.hotels.rooms(slug, params.hotelId, { checkIn, checkOut }, locale);
    return json(presentDetails(hotel, rooms));
  },
});
