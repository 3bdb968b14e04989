import { z } from "zod";
import { applyHotelFilters, hotelFacets, readHotelFilters } from "#core/hotels/filters.ts";
import { parseHotelSearch, roomTexts, searchHotels } from "#core/hotels/search-hotels.ts";
import { isHotelSort, readHotelSort, sortHotels } from "#core/hotels/sorting.ts";
import { tehranToday } from "#core/search/dates.ts";
import { isServiceEnabled } from "#core/tenants/site-config.ts";
import { firstParam } from "#core/search/trip-params.ts";
import { defineRoute, json } from "../route.ts";
import { HOTEL_QUERY_CODES, HOTEL_SEARCH_MESSAGE as MESSAGE, refusedParams, regionOfCity } from "./messages.ts";
import { hotelFacetsSchema, hotelListingSchema, presentFacets, presentListing } from "./schemas.ts";

const text = z.string();

/**
 * `GET /api/v1/hotels/search`: the hotels of a city with a room for each room asked for the whole
 * stay, filtered and sorted as the results page does, names in the request's language. A foreign
 * city (one the places list for foreign hotels) searches hotels abroad, where a stay is at most
 * 9 nights. Every refused input is a 422 naming its parameter; a deployment without hotel
 * inventory answers 503.
 */
export const searchHotelsRoute = defineRoute({
  operationId: "searchHotels",
  method: "get",
  path: "/api/v1/hotels/search",
  summary: "Hotels of a city with rooms for a stay, filtered and sorted",
  tags: ["hotels"],
  auth: "none",
  query: z.object({
    city: text.optional().describe("City slug, e.g. mashhad or istanbul (abroad)."),
    checkIn: text.optional().describe("YYYY-MM-DD, any digit set; today up to a year ahead."),
    checkOut: text.optional().describe("YYYY-MM-DD after checkIn: at most 30 nights, 9 abroad."),
    rooms: text
      .optional()
      .describe("Each room as adults-children, comma-separated: 2-1,1-0 (1–4 rooms, 1–4 adults and 0–3 children each); default 2-0."),
    stars: text.optional().describe("under3, 4, 5; comma-separated choices are alternatives."),
    priceBand: text.optional().describe("0-1.5m, 1.5m-3m, 3m-4.5m, 4.5m-6m, 6m+ (toman per room-night); alternatives."),
    beds: text.optional().describe("1, 2, 3, 4+ (a room type of that capacity); alternatives."),
    facilities: text.optional().describe("Facilities every hotel shown must have, comma-separated (wifi, parking, pool …)."),
    name: text.optional().describe("Part of the hotel's name, in any script."),
    sort: text.optional().describe("price (default), stars, rating or distance."),
  }),
  responses: {
    200: {
      description: "Hotels in the order asked, and the filter panel's counts (an empty list when no hotel has rooms).",
      schema: z.object({ hotels: z.array(hotelListingSchema), facets: hotelFacetsSchema }).strict(),
    },
    404: { description: "This agency does not sell hotels of that region.", codes: ["SERVICE_UNAVAILABLE"] },
    422: { description: "A parameter the search cannot take; fields name each.", codes: HOTEL_QUERY_CODES },
    503: { description: "This deployment has no hotel inventory.", codes: ["UNAVAILABLE"] },
  },
  async handler({ req, deps, now, locale, problem, field, tenant }) {
    const params = new URL(req.originalUrl, "http://localhost").searchParams;
    const city = firstParam(params, "city");
    const region = await regionOfCity(deps.places, city, locale);
    if (!isServiceEnabled(tenant, region === "abroad" ? "intHotel" : "hotel"))
      return problem(404, "SERVICE_UNAVAILABLE", "api.error.SERVICE_UNAVAILABLE");
    const parsed = parseHotelSearch(
      { city, region, checkIn: firstParam(params, "checkIn"), checkOut: firstParam(params, "checkOut"), rooms: roomTexts(params, "rooms") },
      tehranToday(now),
    );
    const { filters, errors: filterErrors } = readHotelFilters(params);
    const refused = refusedParams(parsed.ok ? {} : parsed.errors, filterErrors);
    if (!isHotelSort(firstParam(params, "sort"))) refused.push(["sort", "FILTER_INVALID"]);
    if (refused.length > 0 || !parsed.ok) {
      const [, code] = refused[0]!;
      return problem(
        422,
        code,
        MESSAGE[code],
        refused.map(([param, error]) => field(param, error, MESSAGE[error])),
      );
    }
    const found = await searchHotels(deps.hotels, { ...parsed.query, locale });
    if (!found.ok) return problem(503, "UNAVAILABLE", MESSAGE.UNAVAILABLE);
    const shown = sortHotels(applyHotelFilters(found.hotels, filters), readHotelSort(firstParam(params, "sort")));
    return json({ hotels: shown.map(presentListing), facets: presentFacets(hotelFacets(found.hotels, filters)) });
  },
});
