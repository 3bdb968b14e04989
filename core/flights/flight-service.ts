import { z } from "zod";
import { localizeDigits, translate } from "../i18n/messages.ts";
import { dateText } from "../search/dates.ts";
import { cabinText, clockOf, placeLabel, readableInstant, storedInstant, storedMoney } from "../services/describe.ts";
import type { DescribeContext, DetailLine, ItemFacts, ServiceModule } from "../services/service-module.ts";
import type { FlightOffer } from "./flight.ts";

/**
 * Domestic flights as one service module (issue 17): what the pipeline needs to know about a
 * booked `FlightOffer`, one-way (`flight`) or round trip (`flightRtrip`, one item per leg).
 * Texts are the ones the invoice, ticket and SMS used before the pipeline was shared.
 */

/** The stored offer (booking_items.offer jsonb). Unknown keys are kept out: only what a FlightOffer has. */
export const storedFlightOfferSchema = z.object({
  offerId: z.string().min(1),
  airline: z.object({ code: z.string().min(1), name: z.string() }),
  flightNumber: z.string().min(1),
  from: z.string().min(1),
  to: z.string().min(1),
  departAt: storedInstant,
  arriveAt: storedInstant,
  durationMinutes: z.number().int().min(0),
  aircraft: z.string(),
  fareClass: z.string(),
  cabin: z.enum(["economy", "business"]),
  seatsLeft: z.number().int(),
  charter: z.boolean(),
  baggageKg: z.number().min(0),
  refundable: z.boolean(),
  price: z.object({ adult: storedMoney, child: storedMoney, infant: storedMoney, total: storedMoney }),
  taxesPerSeat: storedMoney,
  latinNamesRequired: z.boolean(),
}) satisfies z.ZodType<FlightOffer>;

/** A flight item in the bookings API (v1): the shape the contract published before the pipeline was shared. */
export interface FlightApiItem {
  airline: { code: string; name: string };
  flightNumber: string;
  from: string;
  to: string;
  departAt: string;
  arriveAt: string;
  fareClass: string;
  cabin: FlightOffer["cabin"];
  baggage: { kg: number };
  refundable: boolean;
}

function airlineOf(offer: FlightOffer, context: DescribeContext): string {
  return context.carrierName?.(offer.airline.code) ?? offer.airline.name;
}

function flightDetails(offer: FlightOffer, context: DescribeContext): DetailLine[] {
  const { locale } = context;
  return [
    { label: translate(locale, "ticket.flight"), value: `${airlineOf(offer, context)} ${offer.flightNumber}` },
    { label: translate(locale, "ticket.class"), value: cabinText(locale, offer) },
    { label: translate(locale, "ticket.baggage"), value: translate(locale, "ticket.baggageKg", { kg: offer.baggageKg }) },
    {
      label: translate(locale, "services.detail.refund"),
      value: translate(locale, offer.refundable ? "flights.refundable" : "flights.nonRefundable"),
    },
  ];
}

function factsOf(offer: FlightOffer): ItemFacts {
  return { code: offer.flightNumber, from: offer.from, to: offer.to, startsAt: offer.departAt, endsAt: offer.arriveAt };
}

/** Round trips have their own pages under `/flightRtrip/…` (spec §2). */
function pageBase(service: string): string {
  return service === "flightRtrip" ? "flightRtrip" : "flight";
}

export const FLIGHT_SERVICE: ServiceModule<FlightOffer, FlightApiItem> = {
  services: ["flight", "flightRtrip"],
  places: "flight",

  parseOffer(stored) {
    return storedFlightOfferSchema.parse(stored);
  },

  facts: factsOf,

  summary(offer, context) {
    const { locale } = context;
    return {
      ...factsOf(offer),
      title: translate(locale, "services.route", {
        from: context.placeName?.(offer.from) ?? offer.from,
        to: context.placeName?.(offer.to) ?? offer.to,
      }),
      date: localizeDigits(locale, dateText(offer.departAt.slice(0, 10), context.calendar)),
      startTime: localizeDigits(locale, clockOf(offer.departAt)),
      endTime: localizeDigits(locale, clockOf(offer.arriveAt)),
      details: flightDetails(offer, context),
    };
  },

  ticketLines(offer, tickets, context) {
    const { locale } = context;
    return [
      {
        kind: translate(locale, "ticket.flight"),
        operator: airlineOf(offer, context),
        code: offer.flightNumber,
        from: placeLabel(offer.from, context),
        to: placeLabel(offer.to, context),
        departure: readableInstant(offer.departAt, context),
        arrival: readableInstant(offer.arriveAt, context),
        details: [
          { label: translate(locale, "ticket.class"), value: cabinText(locale, offer) },
          // The label says "baggage" already: the value is the weight alone.
          { label: translate(locale, "ticket.baggage"), value: translate(locale, "ticket.baggageKg", { kg: offer.baggageKg }) },
        ],
        // One PNR per flight: every passenger's ticket carries the same one.
        pnr: tickets[0]?.pnr ?? "",
      },
    ];
  },

  smsLine(offer, pnr, context) {
    return translate(context.locale, "sms.ticketLeg", {
      flight: offer.flightNumber,
      from: offer.from,
      to: offer.to,
      date: dateText(offer.departAt.slice(0, 10), context.calendar),
      time: clockOf(offer.departAt),
      pnr,
    });
  },

  refundTerms(offer) {
    return {
      refundable: offer.refundable,
      countsFrom: offer.departAt,
      code: offer.flightNumber,
      // The airline's rule for the fare class (iran-travel-facts.md: refund rules); charters have their own.
      ruleKey: { airline: offer.airline.code, fareClass: offer.fareClass, charter: offer.charter },
    };
  },

  passengerRequirements(offers) {
    const last = offers[offers.length - 1];
    if (!last) throw new RangeError("passenger requirements of no offers");
    return {
      // Ages and passports are judged on the day of the last leg, in Tehran (its ISO text carries Tehran's offset).
      lastFlightDate: last.departAt.slice(0, 10),
      latinNamesRequired: offers.some((offer) => offer.latinNamesRequired),
      // Within Iran: a national code for Iranians, a passport from foreigners only, valid on the day of travel.
      passportForEveryone: false,
      passportValidMonths: 0,
    };
  },

  apiItem(offer) {
    return {
      airline: offer.airline,
      flightNumber: offer.flightNumber,
      from: offer.from,
      to: offer.to,
      departAt: offer.departAt,
      arriveAt: offer.arriveAt,
      fareClass: offer.fareClass,
      cabin: offer.cabin,
      baggage: { kg: offer.baggageKg },
      refundable: offer.refundable,
    };
  },

  paths: {
    passengers(offers, party) {
      const [outbound, back] = offers;
      if (!outbound) throw new RangeError("a passengers page needs an offer");
      const query = new URLSearchParams({ outbound: outbound.offerId });
      if (back) {
        query.set("inbound", back.offerId);
        query.set("trip", "round");
      }
      query.set("adults", String(party.adults));
      query.set("children", String(party.children));
      query.set("infants", String(party.infants));
      return `/flight/${encodeURIComponent(`${outbound.from}-${outbound.to}`)}/passengers?${query.toString()}`;
    },
    prefactor: (booking) => `/${pageBase(booking.service)}/prefactor/${booking.reference}/${booking.hashId}`,
    factor: (booking) => `/${pageBase(booking.service)}/factor/${booking.reference}/${booking.hashId}`,
  },
};
