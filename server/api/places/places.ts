import { z } from "zod";
import { PLACE_KINDS, PLACE_SERVICES } from "#core/places/place.ts";
import { placeOfferedBy, placeServiceId } from "#core/places/place-services.ts";
import { isPlaceService, suggestPlaces } from "#core/places/suggest.ts";
import { isServiceEnabled } from "#core/tenants/site-config.ts";
import { apiSchemas } from "../openapi.ts";
import { defineRoute, json } from "../route.ts";

export const placeSuggestionSchema = z
  .object({
    id: z.string().describe('Stable, e.g. "city:mashhad", "airport:MHD", "country:TR".'),
    kind: z.enum(PLACE_KINDS),
    name: z.string().describe("In the request's language."),
    detail: z.string().nullable().describe("Where it is: the city of an airport, the province of a city, the country abroad."),
    iata: z.string().nullable().describe("The code a search of the asked service uses: for a city, its main airport for that service."),
    countryCode: z.string(),
    cityId: z.string().nullable().describe("The city the place is in (itself for a city); null for provinces and countries."),
  })
  .strict();
placeSuggestionSchema.register(apiSchemas, { id: "PlaceSuggestion" });

/**
 * `GET /api/v1/places?service=…&q=…`: suggestions for a search form's place field, in the
 * request's language. Whatever is typed, the answer is a list: empty when nothing matches, the
 * input is unusable, or the agency does not sell the service.
 */
export const suggestPlacesRoute = defineRoute({
  operationId: "suggestPlaces",
  method: "get",
  path: "/api/v1/places",
  summary: "Place suggestions for a search form's place field, most popular first",
  description:
    "Never refuses its input: an unknown service, an empty or unusable query, or a service this agency does not sell is an empty list.",
  tags: ["places"],
  auth: "none",
  // Reference data changes with releases, not by the minute.
  cache: "public, max-age=300",
  query: z.object({
    service: z
      .string()
      .optional()
      .describe(`The search form: ${PLACE_SERVICES.join(", ")}.`),
    q: z
      .string()
      .optional()
      .describe("What was typed: any prefix of a name, alias or code, in any script and digit set (the first 64 characters count)."),
  }),
  responses: {
    200: {
      description: "Matches, best first (an empty list for an empty or unusable query).",
      schema: z.object({ places: z.array(placeSuggestionSchema) }).strict(),
    },
  },
  async handler({ query, tenant, locale, deps }) {
    const { service, q } = query;
    // A service this agency does not sell has no places to offer.
    const serviceId = placeServiceId(service);
    if (serviceId && !isServiceEnabled(tenant, serviceId)) return json({ places: [] });
    const found = await suggestPlaces({ service, query: q, locale }, { places: deps.places });
    const places = isPlaceService(service)
      ? found.filter((place) => placeOfferedBy(service, place, (id) => isServiceEnabled(tenant, id)))
      : found;
    return json({ places });
  },
});
