import { z } from "zod";
import { localizeDigits, translate } from "../i18n/messages.ts";
import { directionOf, type Locale } from "../i18n/locales.ts";
import { dateText } from "../search/dates.ts";
import { cabinText, clockOf, placeLabel, readableInstant, storedInstant, storedMoney } from "../services/describe.ts";
import type { DescribeContext, DetailLine, ItemFacts, ServiceModule, TicketLine } from "../services/service-module.ts";
import type { Baggage, FlightLeg, FlightSegment, InternationalFlightOffer } from "./international-flight.ts";

/**
 * International flights as one service module (issue 17). One booking item is the whole trip:
 * one leg out and, on a round trip, one back, each of one or more segments. The supplier issues
 * one ticket per traveller per leg under one PNR; pages, the PDF and the SMS show every segment
 * and layover.
 */

/** Months a passport must stay valid after the last flight abroad (airlines' and border controls' common rule). */
export const INTERNATIONAL_PASSPORT_VALID_MONTHS = 6;

const minutes = z.number().int().min(0);
const airline = z.object({ code: z.string().min(1), name: z.string() });

const segmentSchema = z.object({
  airline,
  flightNumber: z.string().min(1),
  from: z.string().min(1),
  to: z.string().min(1),
  departAt: storedInstant,
  arriveAt: storedInstant,
  durationMinutes: minutes,
  aircraft: z.string(),
}) satisfies z.ZodType<FlightSegment>;

const legSchema = z
  .object({ segments: z.array(segmentSchema).min(1), layoverMinutes: z.array(minutes), durationMinutes: minutes })
  .refine(
    (leg) => leg.layoverMinutes.length === leg.segments.length - 1,
    "a layover between each two segments",
  ) satisfies z.ZodType<FlightLeg>;

/** The stored offer (booking_items.offer jsonb): only what an InternationalFlightOffer has. */
export const storedInternationalOfferSchema = z.object({
  offerId: z.string().min(1),
  validatingAirline: airline,
  legs: z.array(legSchema).min(1).max(2),
  stops: z.number().int().min(0),
  cabin: z.enum(["economy", "business"]),
  fareClass: z.string(),
  baggage: z.object({ kg: z.number().min(0).optional(), pieces: z.number().int().min(0).optional(), cabinKg: z.number().min(0) }),
  seatsLeft: z.number().int(),
  refundable: z.boolean(),
  price: z.object({ adult: storedMoney, child: storedMoney, infant: storedMoney, total: storedMoney }),
  taxesPerSeat: storedMoney,
}) satisfies z.ZodType<InternationalFlightOffer>;

/** An international item in the bookings API: the whole trip with every segment. */
export interface InternationalFlightApiItem {
  validatingAirline: { code: string; name: string };
  legs: {
    segments: {
      airline: { code: string; name: string };
      flightNumber: string;
      from: string;
      to: string;
      departAt: string;
      arriveAt: string;
    }[];
    layoverMinutes: number[];
  }[];
  fareClass: string;
  cabin: InternationalFlightOffer["cabin"];
  baggage: Baggage;
  refundable: boolean;
}

function firstOf(leg: FlightLeg): FlightSegment {
  return leg.segments[0]!;
}

function lastOf(leg: FlightLeg): FlightSegment {
  return leg.segments[leg.segments.length - 1]!;
}

function nameOf(code: string, context: DescribeContext): string {
  return context.placeName?.(code) ?? code;
}

function carrierOf(segment: FlightSegment, context: DescribeContext): string {
  return context.carrierName?.(segment.airline.code) ?? segment.airline.name;
}

function baggageText(locale: Locale, baggage: Baggage): string {
  if (baggage.pieces !== undefined) return translate(locale, "ticket.baggagePieces", { pieces: baggage.pieces, kg: baggage.kg ?? 23 });
  return translate(locale, "ticket.baggageKg", { kg: baggage.kg ?? 0 });
}

function durationText(locale: Locale, total: number): string {
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return hours > 0
    ? translate(locale, "flights.duration", { hours, minutes: rest })
    : translate(locale, "flights.durationMinutes", { minutes: rest });
}

function legLabel(locale: Locale, index: number): string {
  return translate(locale, index === 0 ? "services.detail.outbound" : "services.detail.return");
}

/** A leg in one line: "TK 879 08:00 → 10:30, TK 1821 13:05 → 15:40". */
function legLine(leg: FlightLeg, context: DescribeContext): string {
  const { locale } = context;
  const separator = locale === "en" ? ", " : "، ";
  // In a right-to-left line a Latin flight number would pull the digits around it into its own
  // left-to-right run ("EK ۱۴۰۵/۰۹/۰۹"); isolated (LRI … PDI), it stays one word in its place.
  const flight = (code: string) => (directionOf(locale) === "rtl" ? `\u2066${code}\u2069` : code);
  return leg.segments
    .map((segment) =>
      localizeDigits(
        locale,
        `${flight(segment.flightNumber)} ${translate(locale, "services.route", { from: clockOf(segment.departAt), to: clockOf(segment.arriveAt) })}`,
      ),
    )
    .join(separator);
}

/** "2 h 15 min in Istanbul" after each segment but the last. */
function layoverLines(leg: FlightLeg, context: DescribeContext): DetailLine[] {
  const { locale } = context;
  return leg.layoverMinutes.map((layover, index) => ({
    label: translate(locale, "services.detail.layover"),
    value: translate(locale, "services.layoverAt", {
      duration: durationText(locale, layover),
      place: nameOf(leg.segments[index]!.to, context),
    }),
  }));
}

function factsOf(offer: InternationalFlightOffer): ItemFacts {
  const out = offer.legs[0]!;
  const last = offer.legs[offer.legs.length - 1]!;
  return {
    // Every leg's first flight: the code refunds and SMS quote for the whole trip.
    code: offer.legs.map((leg) => firstOf(leg).flightNumber).join(" / "),
    from: firstOf(out).from,
    to: lastOf(out).to,
    startsAt: firstOf(out).departAt,
    endsAt: lastOf(last).arriveAt,
  };
}

export const INTERNATIONAL_FLIGHT_SERVICE: ServiceModule<InternationalFlightOffer, InternationalFlightApiItem> = {
  services: ["internationalflight"],
  places: "internationalflight",

  parseOffer(stored) {
    return storedInternationalOfferSchema.parse(stored);
  },

  facts: factsOf,

  summary(offer, context) {
    const { locale } = context;
    const out = offer.legs[0]!;
    // The way out through every stop: "Tehran → Istanbul → Paris".
    const stops = [firstOf(out).from, ...out.segments.map((segment) => segment.to)].map((code) => nameOf(code, context));
    const title = stops.slice(1).reduce((route, to) => translate(locale, "services.route", { from: route, to }), stops[0]!);
    const details: DetailLine[] = [];
    for (const [index, leg] of offer.legs.entries()) {
      const date = localizeDigits(locale, dateText(firstOf(leg).departAt.slice(0, 10), context.calendar));
      details.push({ label: legLabel(locale, index), value: `${date} ${legLine(leg, context)}` }, ...layoverLines(leg, context));
    }
    details.push(
      {
        label: translate(locale, "ticket.airline"),
        value: context.carrierName?.(offer.validatingAirline.code) ?? offer.validatingAirline.name,
      },
      { label: translate(locale, "ticket.class"), value: cabinText(locale, offer) },
      { label: translate(locale, "ticket.baggage"), value: baggageText(locale, offer.baggage) },
      {
        label: translate(locale, "services.detail.refund"),
        value: translate(locale, offer.refundable ? "flights.refundable" : "flights.nonRefundable"),
      },
    );
    return {
      ...factsOf(offer),
      title,
      date: localizeDigits(locale, dateText(firstOf(out).departAt.slice(0, 10), context.calendar)),
      startTime: localizeDigits(locale, clockOf(firstOf(out).departAt)),
      endTime: localizeDigits(locale, clockOf(lastOf(out).arriveAt)),
      details,
    };
  },

  ticketLines(offer, tickets, context) {
    const { locale } = context;
    // One PNR for the whole trip: the supplier issues every leg under one record.
    const pnr = tickets[0]?.pnr ?? "";
    const lines: TicketLine[] = [];
    for (const [index, leg] of offer.legs.entries()) {
      for (const [position, segment] of leg.segments.entries()) {
        const layover = leg.layoverMinutes[position];
        lines.push({
          kind: translate(locale, "ticket.flight"),
          operator: carrierOf(segment, context),
          code: segment.flightNumber,
          from: placeLabel(segment.from, context),
          to: placeLabel(segment.to, context),
          departure: readableInstant(segment.departAt, context),
          arrival: readableInstant(segment.arriveAt, context),
          details: [
            { label: translate(locale, "services.detail.leg"), value: legLabel(locale, index) },
            { label: translate(locale, "ticket.class"), value: cabinText(locale, offer) },
            { label: translate(locale, "ticket.baggage"), value: baggageText(locale, offer.baggage) },
            ...(layover !== undefined ? layoverLines({ ...leg, layoverMinutes: [layover], segments: [segment] }, context) : []),
          ],
          pnr,
        });
      }
    }
    return lines;
  },

  smsLine(offer, pnr, context) {
    // One line per leg: its first flight, its ends, its date and time; the PNR covers the trip.
    return offer.legs
      .map((leg) =>
        translate(context.locale, "sms.ticketLeg", {
          flight: firstOf(leg).flightNumber,
          from: firstOf(leg).from,
          to: lastOf(leg).to,
          date: dateText(firstOf(leg).departAt.slice(0, 10), context.calendar),
          time: clockOf(firstOf(leg).departAt),
          pnr,
        }),
      )
      .join("\n");
  },

  refundTerms(offer) {
    return {
      refundable: offer.refundable,
      countsFrom: firstOf(offer.legs[0]!).departAt,
      code: factsOf(offer).code,
      // The validating airline's rule for the fare class decides the penalty of the whole ticket.
      ruleKey: { airline: offer.validatingAirline.code, fareClass: offer.fareClass, international: true },
    };
  },

  passengerRequirements(offers) {
    const legs = offers.flatMap((offer) => offer.legs);
    const last = legs[legs.length - 1];
    if (!last) throw new RangeError("passenger requirements of no offers");
    return {
      // Ages and passports are judged on the local day the last leg leaves.
      lastFlightDate: firstOf(last).departAt.slice(0, 10),
      // Abroad, every ticket carries the name as in the passport.
      latinNamesRequired: true,
      passportForEveryone: true,
      passportValidMonths: INTERNATIONAL_PASSPORT_VALID_MONTHS,
    };
  },

  apiItem(offer) {
    return {
      validatingAirline: offer.validatingAirline,
      legs: offer.legs.map((leg) => ({
        segments: leg.segments.map(({ airline: carrier, flightNumber, from, to, departAt, arriveAt }) => ({
          airline: carrier,
          flightNumber,
          from,
          to,
          departAt,
          arriveAt,
        })),
        layoverMinutes: leg.layoverMinutes,
      })),
      fareClass: offer.fareClass,
      cabin: offer.cabin,
      baggage: offer.baggage,
      refundable: offer.refundable,
    };
  },

  paths: {
    passengers(offers, party) {
      const [offer] = offers;
      if (!offer) throw new RangeError("a passengers page needs an offer");
      const query = new URLSearchParams({ adults: String(party.adults), children: String(party.children), infants: String(party.infants) });
      return `/internationalflight/${encodeURIComponent(offer.offerId)}/passengers?${query.toString()}`;
    },
    prefactor: (booking) => `/internationalflight/prefactor/${booking.reference}/${booking.hashId}`,
    factor: (booking) => `/internationalflight/factor/${booking.reference}/${booking.hashId}`,
  },
};
