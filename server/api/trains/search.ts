import { z } from "zod";
import { tehranToday } from "#core/search/dates.ts";
import { bedsToPay, parseTrainSearch, searchTrains, type TrainSearchError } from "#core/trains/search-trains.ts";
import { TRAIN_TICKET_TYPES, VEHICLE_TYPES, WAGON_KINDS, type TrainOffer } from "#core/trains/train.ts";
import { apiSchemas } from "../openapi.ts";
import { defineRoute, json } from "../route.ts";
import { TRAIN_SEARCH_MESSAGE as MESSAGE } from "./messages.ts";

const QUERY_CODES = Object.keys(MESSAGE).filter(
  (code) => !["UNKNOWN_STATION", "TRAIN_CAPACITY", "STATIONS_UNAVAILABLE", "UNAVAILABLE"].includes(code),
) as TrainSearchError[];

const money = z.number().int().min(0);

export const trainOfferSchema = z
  .object({
    offerId: z.string().describe("Opaque; revalidate and hold by it."),
    operator: z
      .object({ code: z.string(), name: z.string() })
      .strict()
      .describe('The operator\'s brand, e.g. {code: "raja", name: "Raja"}.'),
    trainNumber: z.string(),
    trainName: z.string(),
    from: z.string().describe("Station slug, e.g. tehran."),
    to: z.string(),
    departAt: z.string().describe("Tehran time with its offset, e.g. 2026-11-22T21:30:00+03:30."),
    arriveAt: z.string(),
    durationMinutes: z.number().int(),
    wagon: z.object({ kind: z.enum(WAGON_KINDS), bedsPerCompartment: z.number().int().min(1).describe("1 for a salon seat.") }).strict(),
    ticketType: z.enum(TRAIN_TICKET_TYPES),
    coupe: z.boolean().describe("Whole compartments: every bed of them is paid."),
    seatsLeft: z.number().int().describe("Free beds; on a coupe offer, free beds in wholly free compartments."),
    foreignersAllowed: z.boolean(),
    carTransport: z
      .object(Object.fromEntries(VEHICLE_TYPES.map((type) => [type, money])) as Record<(typeof VEHICLE_TYPES)[number], typeof money>)
      .strict()
      .nullable()
      .describe("The rate of each vehicle type (tomans) on a train that carries cars; null when it does not."),
    extras: z
      .array(z.object({ code: z.string(), kind: z.enum(["meal", "service"]), name: z.string(), price: money }).strict())
      .describe("Meals and services a passenger may add, with their prices per passenger."),
    bedsPaid: z.number().int().min(0).describe("Beds the party pays for: one per adult and child, or every bed of a coupe's compartments."),
    price: z
      .object({ adult: money, child: money, infant: money, total: money })
      .strict()
      .describe("Integer tomans per bed (an infant on a lap); total is for the party searched, every bed on a coupe."),
    refundable: z.boolean(),
  })
  .strict();
trainOfferSchema.register(apiSchemas, { id: "TrainOffer" });

/** The offer as the API shows it: named fields only, so a supplier's own additions never leak. */
function present(offer: TrainOffer, party: { adults: number; children: number; infants: number }): z.infer<typeof trainOfferSchema> {
  return {
    offerId: offer.offerId,
    operator: { code: offer.operator.code, name: offer.operator.name },
    trainNumber: offer.trainNumber,
    trainName: offer.trainName,
    from: offer.from,
    to: offer.to,
    departAt: offer.departAt,
    arriveAt: offer.arriveAt,
    durationMinutes: offer.durationMinutes,
    wagon: { kind: offer.wagon.kind, bedsPerCompartment: offer.wagon.bedsPerCompartment },
    ticketType: offer.ticketType,
    coupe: offer.coupe,
    seatsLeft: offer.seatsLeft,
    foreignersAllowed: offer.foreignersAllowed,
    carTransport: offer.carTransport
      ? { sedan: offer.carTransport.sedan, suv: offer.carTransport.suv, motorcycle: offer.carTransport.motorcycle }
      : null,
    extras: offer.extras.map((extra) => ({ code: extra.code, kind: extra.kind, name: extra.name, price: extra.price })),
    bedsPaid: bedsToPay(offer, party),
    price: { adult: offer.price.adult, child: offer.price.child, infant: offer.price.infant, total: offer.price.total },
    refundable: offer.refundable,
  };
}

const text = z.string();

/**
 * `GET /api/v1/trains/search`: the trains of a day between two stations that can carry the party,
 * earliest first; with `returnDate`, the trains back too (`returnOffers`), for the client to pair.
 * Every refused input is a 422 naming its parameter (any digit set is read; a repeated parameter
 * counts by its first value). Trains that run but cannot carry the party are TRAIN_CAPACITY (422);
 * a station list or supplier that cannot answer is a 503.
 */
export const searchTrainsRoute = defineRoute({
  operationId: "searchTrains",
  method: "get",
  path: "/api/v1/trains/search",
  summary: "Trains of a day between two stations that can carry the party, one way or both",
  tags: ["trains"],
  auth: "none",
  service: "train",
  query: z.object({
    from: text.optional().describe("Origin station slug, e.g. tehran."),
    to: text.optional().describe("Destination station slug, e.g. mashhad."),
    date: text.optional().describe("YYYY-MM-DD (Tehran), any digit set."),
    returnDate: text.optional().describe("YYYY-MM-DD; with it the trains back are answered as returnOffers."),
    adults: text.optional().describe("1–9, default 1."),
    children: text.optional().describe("0–8, default 0; adults and children together at most 9."),
    infants: text.optional().describe("0–adults, default 0 (on a lap)."),
    ticketType: text.optional().describe("general (default), brothers or sisters: compartments for everyone, men or women."),
    coupe: text.optional().describe("1 to buy whole compartments (every bed paid), 0 (default) to buy beds."),
  }),
  responses: {
    200: {
      description: "Offers (an empty list when no train runs that day), and on a round trip the offers back.",
      schema: z.object({ offers: z.array(trainOfferSchema), returnOffers: z.array(trainOfferSchema).optional() }).strict(),
    },
    422: {
      description:
        "A parameter the search cannot take (fields name each), a station the network does not serve (UNKNOWN_STATION), or trains that run but cannot carry the party (TRAIN_CAPACITY; the field names the day).",
      codes: [...QUERY_CODES, "UNKNOWN_STATION", "TRAIN_CAPACITY"],
    },
    503: { description: "The station list or the train supplier cannot answer right now.", codes: ["STATIONS_UNAVAILABLE", "UNAVAILABLE"] },
  },
  async handler({ req, deps, now, locale, problem, field }) {
    const params = new URL(req.originalUrl, "http://localhost").searchParams;
    const parsed = parseTrainSearch(params, tehranToday(now));
    if (!parsed.ok) {
      const first = parsed.errors[0]!;
      const fields = parsed.errors.map((error) => field(error.param, error.code, MESSAGE[error.code]));
      return problem(422, first.code, MESSAGE[first.code], fields);
    }
    if (!deps.trains) return problem(503, "UNAVAILABLE", MESSAGE.UNAVAILABLE);
    const found = await searchTrains({ ...parsed.query, locale }, { trains: deps.trains, places: deps.places });
    if (!found.ok) {
      switch (found.error) {
        case "UNKNOWN_STATION":
          return problem(422, found.error, MESSAGE.UNKNOWN_STATION, [field(found.field, found.error, MESSAGE.UNKNOWN_STATION)]);
        case "TRAIN_CAPACITY": {
          const day = found.leg === "outbound" ? "date" : "returnDate";
          return problem(422, found.error, MESSAGE.TRAIN_CAPACITY, [field(day, found.error, MESSAGE.TRAIN_CAPACITY)]);
        }
        case "STATIONS_UNAVAILABLE":
          return problem(503, found.error, MESSAGE.STATIONS_UNAVAILABLE);
      }
    }
    const party = { adults: parsed.query.adults, children: parsed.query.children, infants: parsed.query.infants };
    return json({
      offers: found.outbound.map((offer) => present(offer, party)),
      ...(found.inbound ? { returnOffers: found.inbound.map((offer) => present(offer, party)) } : {}),
    });
  },
});
