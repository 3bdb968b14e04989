import { Router } from "express";

const PLACE = {
  type: "object",
  required: ["id", "kind", "name", "detail", "iata", "countryCode", "cityId"],
  properties: {
    id: { type: "string", example: "city:mashhad" },
    kind: { type: "string", enum: ["province", "city", "airport", "station", "terminal", "country"] },
    name: { type: "string", example: "مشهد" },
    detail: { type: ["string", "null"], description: "Where it is: the city of an airport, the province of a city, the country abroad." },
    iata: { type: ["string", "null"], description: "The code a search of the asked service uses (Tehran: THR for domestic flights, IKA abroad)." },
    countryCode: { type: "string", example: "IR" },
    cityId: { type: ["string", "null"] },
  },
};

const ERROR = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: { type: "string", description: "Stable, for programs." },
        message: { type: "string", description: "For people, in the request's language." },
        param: { type: "string" },
        errors: { type: "array", items: { type: "object", properties: { param: { type: "string" }, code: { type: "string" }, message: { type: "string" } } } },
      },
    },
  },
};

const OFFER = {
  type: "object",
  required: ["offerId", "airline", "flightNumber", "departAt", "arriveAt", "fareClass", "cabin", "seatsLeft", "charter", "baggage", "refundable", "price"],
  properties: {
    offerId: { type: "string", description: "Opaque; revalidate and hold by it." },
    airline: { type: "object", properties: { code: { type: "string", example: "IR" }, name: { type: "string" } } },
    flightNumber: { type: "string", example: "IR 451" },
    from: { type: "string", example: "THR" },
    to: { type: "string", example: "MHD" },
    departAt: { type: "string", format: "date-time", description: "Local time with Tehran's offset (+03:30)." },
    arriveAt: { type: "string", format: "date-time" },
    durationMinutes: { type: "integer" },
    aircraft: { type: "string" },
    fareClass: { type: "string", example: "Y" },
    cabin: { type: "string", enum: ["economy", "business"] },
    seatsLeft: { type: "integer" },
    charter: { type: "boolean" },
    baggage: { type: "object", properties: { kg: { type: "integer" } } },
    refundable: { type: "boolean" },
    price: {
      type: "object",
      description: "Integer tomans. total is for the party searched.",
      properties: { adult: { type: "integer" }, child: { type: "integer" }, infant: { type: "integer" }, total: { type: "integer" } },
    },
  },
};

const LANG = { name: "lang", in: "query", required: false, schema: { type: "string", enum: ["fa", "en", "ar"] }, description: "Language of names and messages; else the `language` header, else the locale cookie, else Persian." };

/**
 * The storefront's API, one OpenAPI 3.1 document that each issue extends with its endpoints
 * (`GET /api/v1/openapi.json`).
 */
export const OPENAPI_DOCUMENT = {
  openapi: "3.1.0",
  info: { title: "Hamsafar storefront API", version: "1", description: "Every answer is scoped to the agency of the request's host. Money is integer tomans." },
  paths: {
    "/api/v1/places": {
      get: {
        summary: "Place suggestions for a search form's place field, most popular first",
        parameters: [
          { name: "service", in: "query", required: true, schema: { type: "string", enum: ["flight", "internationalflight", "train", "bus", "hotel", "outHotel", "tour", "insurance"] } },
          { name: "q", in: "query", required: true, schema: { type: "string", maxLength: 64 }, description: "What was typed: any prefix of a name, alias or code, in any script and digit set." },
          LANG,
        ],
        responses: { "200": { description: "Matches (an empty list for an empty or unusable query).", content: { "application/json": { schema: { type: "object", properties: { places: { type: "array", items: PLACE } } } } } } },
      },
    },
    "/api/v1/flights/search": {
      get: {
        summary: "Domestic flight offers for a route and day, cheapest first",
        parameters: [
          { name: "from", in: "query", required: true, schema: { type: "string", pattern: "^[A-Za-z]{3}$" }, example: "THR" },
          { name: "to", in: "query", required: true, schema: { type: "string", pattern: "^[A-Za-z]{3}$" }, example: "MHD" },
          { name: "date", in: "query", required: true, schema: { type: "string", format: "date" }, description: "Departure day in Tehran." },
          { name: "returnDate", in: "query", required: false, schema: { type: "string", format: "date" }, description: "For a round trip: the answer adds returnOffers." },
          { name: "adults", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 9, default: 1 } },
          { name: "children", in: "query", required: false, schema: { type: "integer", minimum: 0, maximum: 8, default: 0 } },
          { name: "infants", in: "query", required: false, schema: { type: "integer", minimum: 0, maximum: 9, default: 0 }, description: "No more than adults (spec §5)." },
          { name: "cabin", in: "query", required: false, schema: { type: "string", enum: ["economy", "business"] } },
          LANG,
        ],
        responses: {
          "200": { description: "Offers with seats for the party.", content: { "application/json": { schema: { type: "object", properties: { offers: { type: "array", items: OFFER }, returnOffers: { type: "array", items: OFFER } } } } } },
          "400": {
            description:
              "A parameter is wrong. Codes: FROM_INVALID, TO_INVALID, SAME_ROUTE, DATE_INVALID, DATE_PAST, DATE_TOO_FAR, RETURN_INVALID, RETURN_BEFORE_DEPARTURE, COUNT_INVALID, ADULT_REQUIRED, INFANTS_EXCEED_ADULTS, TOO_MANY_PASSENGERS, CABIN_INVALID.",
            content: { "application/json": { schema: ERROR } },
          },
          "404": { description: "This agency does not sell domestic flights.", content: { "application/json": { schema: ERROR } } },
        },
      },
    },
  },
} as const;

export function openApiRoutes(): Router {
  const router = Router();
  router.get("/api/v1/openapi.json", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=300");
    res.json(OPENAPI_DOCUMENT);
  });
  return router;
}
