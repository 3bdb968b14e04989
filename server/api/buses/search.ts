import { z } from "zod";
import { BUS_TYPES, type BusOffer } from "#core/buses/bus.ts";
import { parseBusSearch, searchBuses, type BusSearchError } from "#core/buses/search-buses.ts";
import { tehranToday } from "#core/search/dates.ts";
import { apiSchemas } from "../openapi.ts";
import { defineRoute, json } from "../route.ts";
import { BUS_SEARCH_MESSAGE as MESSAGE } from "./messages.ts";

const QUERY_CODES = Object.keys(MESSAGE).filter((code) => code !== "UNAVAILABLE") as BusSearchError[];

const money = z.number().int().min(0);
const place = z.object({ code: z.string(), name: z.string() }).strict();

export const busOfferSchema = z
  .object({
    offerId: z.string().describe("Opaque; ask its seat map and book by it."),
    company: place.describe('The cooperative, e.g. {code: "seir-o-safar", name: "Seir-o-Safar"}.'),
    busType: z.enum(BUS_TYPES).describe("vip25 and vip29: VIP 2+1 coaches; ordinary40 and ordinary44: 2+2."),
    from: z.string().describe("City slug, e.g. tehran."),
    to: z.string().describe("City slug."),
    originTerminal: place.describe('The terminal it leaves from, e.g. {code: "tehran-south", name: "Tehran South Bus Terminal"}.'),
    destinationTerminal: place,
    departAt: z.string().describe("Tehran time with its offset, e.g. 2026-11-22T08:00:00+03:30."),
    arriveAt: z.string(),
    durationMinutes: z.number().int(),
    seatsLeft: z.number().int().describe("Free seats now; the seat map says which."),
    price: z
      .object({ adult: money, child: money, infant: money, total: money })
      .strict()
      .describe("Integer tomans per seat (an adult's or a child's) and per infant on a lap; total is for the party searched."),
    refundable: z.boolean(),
  })
  .strict();
busOfferSchema.register(apiSchemas, { id: "BusOffer" });

/** The offer as the API shows it: named fields only, so a supplier's own additions never leak. */
function present(offer: BusOffer): z.infer<typeof busOfferSchema> {
  return {
    offerId: offer.offerId,
    company: { code: offer.company.code, name: offer.company.name },
    busType: offer.busType,
    from: offer.from,
    to: offer.to,
    originTerminal: { code: offer.originTerminal.code, name: offer.originTerminal.name },
    destinationTerminal: { code: offer.destinationTerminal.code, name: offer.destinationTerminal.name },
    departAt: offer.departAt,
    arriveAt: offer.arriveAt,
    durationMinutes: offer.durationMinutes,
    seatsLeft: offer.seatsLeft,
    price: { adult: offer.price.adult, child: offer.price.child, infant: offer.price.infant, total: offer.price.total },
    refundable: offer.refundable,
  };
}

const text = z.string();

/**
 * `GET /api/v1/buses/search`: the buses of a day between two cities (any of their terminals) with
 * a seat for every adult and child, earliest first, names in the request's language. Every refused
 * input is a 422 naming its parameter (any digit set is read; a repeated parameter counts by its
 * first value); a deployment without bus inventory answers 503.
 */
export const searchBusesRoute = defineRoute({
  operationId: "searchBuses",
  method: "get",
  path: "/api/v1/buses/search",
  summary: "Buses of a day between two cities with a seat for each adult and child",
  tags: ["buses"],
  auth: "none",
  service: "bus",
  query: z.object({
    from: text.optional().describe("Origin city slug, e.g. tehran."),
    to: text.optional().describe("Destination city slug, e.g. isfahan."),
    date: text.optional().describe("YYYY-MM-DD (Tehran), any digit set; today up to a year ahead."),
    adults: text.optional().describe("1–9, default 1."),
    children: text.optional().describe("0–8, default 0; adults and children together at most 9, each on a seat."),
    infants: text.optional().describe("0–adults, default 0 (on a lap, no seat)."),
  }),
  responses: {
    200: {
      description: "Offers, earliest first (an empty list when no bus with room runs that day).",
      schema: z.object({ offers: z.array(busOfferSchema) }).strict(),
    },
    422: { description: "A parameter the search cannot take; fields name each.", codes: QUERY_CODES },
    503: { description: "This deployment has no bus inventory.", codes: ["UNAVAILABLE"] },
  },
  async handler({ req, deps, now, locale, problem, field }) {
    const params = new URL(req.originalUrl, "http://localhost").searchParams;
    const parsed = parseBusSearch(params, tehranToday(now));
    if (!parsed.ok) {
      const refused = Object.entries(parsed.errors);
      const [, code] = refused[0]!;
      const fields = refused.map(([param, error]) => field(param, error, MESSAGE[error]));
      return problem(422, code, MESSAGE[code], fields);
    }
    const found = await searchBuses(deps.buses, { ...parsed.query, locale });
    if (!found.ok) return problem(503, "UNAVAILABLE", MESSAGE.UNAVAILABLE);
    return json({ offers: found.offers.map(present) });
  },
});
