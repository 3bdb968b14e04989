import { z } from "zod";
import { localizeDigits, translate } from "../i18n/messages.ts";
import type { Locale } from "../i18n/locales.ts";
import { dateText } from "../search/dates.ts";
import { clockOf, readableInstant, storedInstant, storedMoney, latestDay, tripRequirements } from "../services/describe.ts";
import type { DescribeContext, DetailLine, ItemFacts, ItemTickets, ServiceModule } from "../services/service-module.ts";
import {
  BOARD_BASES,
  TOUR_INCLUSIONS,
  TOUR_TRANSPORTS,
  VISA_KINDS,
  type BoardBasis,
  type HeldTourOffer,
  type OwnFlight,
  type PricedTourRoom,
  type TourPlacement,
  type TourScope,
  type TourTransport,
} from "./tour.ts";

/**
 * Package tours at home and abroad as one service module (issue 21): `tour` and `intTour` are the
 * same kind of item, one departure at one hotel for the rooms of the whole party, with different
 * traveller rules abroad (passports valid six months after the return, Latin names). Its cities
 * are `tour` places; each traveller, infants too, gets a voucher naming their room.
 */

const count = z.number().int().min(0);
const pricesSchema = z.object({
  single: storedMoney,
  double: storedMoney,
  triple: storedMoney,
  childWithBed: storedMoney,
  childNoBed: storedMoney,
  infant: storedMoney,
});

const roomSchema = z.object({
  adults: z.number().int().min(1),
  childrenWithBed: count,
  childrenNoBed: count,
  infants: count,
  price: storedMoney,
}) satisfies z.ZodType<PricedTourRoom>;

const ownFlightSchema = z.object({
  airline: z.string().min(1),
  flightNumber: z.string().min(1),
  arrivesAt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
}) satisfies z.ZodType<OwnFlight>;

/** The stored offer (booking_items.offer jsonb): the departure at its hotel as revalidated, the rooms as charged, the own flight. */
export const storedTourOfferSchema = z.object({
  offerId: z.string().min(1),
  tourId: z.string().min(1),
  packageId: z.string().min(1),
  scope: z.enum(["domestic", "international"]),
  title: z.string().min(1),
  from: z.string().min(1),
  to: z.string().min(1),
  countryCode: z.string().length(2),
  transport: z.enum(TOUR_TRANSPORTS),
  carrier: z.object({ code: z.string(), name: z.string() }),
  departureDate: z.iso.date(),
  returnDate: z.iso.date(),
  departAt: storedInstant,
  returnAt: storedInstant,
  nights: z.number().int().min(1),
  seatsLeft: z.number().int(),
  inclusions: z.array(z.enum(TOUR_INCLUSIONS)),
  transfer: z.enum(["withPackage", "ownFlight"]),
  visa: z
    .object({
      kind: z.enum(VISA_KINDS),
      message: z.string(),
      available: z.boolean(),
      processingDays: z.number().int().min(0).nullable(),
      fee: storedMoney.nullable(),
    })
    .nullable(),
  image: z.string(),
  description: z.string(),
  itinerary: z.array(z.string()),
  exclusions: z.array(z.string()),
  fromAirports: z.array(z.string()),
  toAirports: z.array(z.string()),
  refundable: z.boolean(),
  cancellationPolicy: z.string(),
  hotel: z.object({
    hotelId: z.string().min(1),
    name: z.string().min(1),
    stars: z.number().int().min(0).max(5),
    board: z.enum(BOARD_BASES),
    address: z.string(),
    rating: z.number().nullable(),
    prices: pricesSchema,
  }),
  rooms: z.array(roomSchema).min(1),
  ownFlight: ownFlightSchema.nullable(),
  seats: z.number().int().min(1),
  price: storedMoney,
}) satisfies z.ZodType<HeldTourOffer>;

/** A voucher's placement as the supplier wrote it; anything else prints no room. */
const placementSchema = z.object({ confirmation: z.string().min(1), room: z.string() }) satisfies z.ZodType<TourPlacement>;

/** A tour item (the departure at its hotel, for every room of the party) in the bookings API. */
export interface TourApiItem {
  tourId: string;
  packageId: string;
  scope: TourScope;
  title: string;
  from: string;
  to: string;
  countryCode: string;
  transport: TourTransport;
  carrier: { code: string; name: string };
  departAt: string;
  returnAt: string;
  nights: number;
  hotel: { hotelId: string; name: string; stars: number; board: BoardBasis };
  rooms: PricedTourRoom[];
  transfer: "withPackage" | "ownFlight";
  ownFlight: OwnFlight | null;
  visa: { kind: string; message: string } | null;
  refundable: boolean;
  cancellationPolicy: string;
}

function separatorOf(locale: Locale): string {
  return locale === "en" ? ", " : "، ";
}

function cityName(code: string, context: DescribeContext): string {
  return context.placeName?.(code) ?? code;
}

/** "2 adults, 1 child with a bed, 1 infant" in the language's words and digits. */
function occupantsText(room: PricedTourRoom, locale: Locale): string {
  const parts = [translate(locale, "search.pax.adultsCount", { count: room.adults })];
  if (room.childrenWithBed > 0) parts.push(translate(locale, "tourService.childrenWithBed", { count: room.childrenWithBed }));
  if (room.childrenNoBed > 0) parts.push(translate(locale, "tourService.childrenNoBed", { count: room.childrenNoBed }));
  if (room.infants > 0) parts.push(translate(locale, "search.pax.infantsCount", { count: room.infants }));
  return parts.join(separatorOf(locale));
}

/** "Iran Air, by air"; a land-only package says the traveller flies on their own. */
function transportText(offer: HeldTourOffer, context: DescribeContext): string {
  const { locale } = context;
  if (offer.transfer === "ownFlight") return translate(locale, "tourService.transport.landOnly");
  const carrier = (offer.carrier.code && context.carrierName?.(offer.carrier.code)) || offer.carrier.name;
  return translate(locale, "tourService.transportWith", {
    transport: translate(locale, `tourService.transport.${offer.transport}`),
    carrier,
  });
}

/** "IR 451, Iran Air, arriving 1405/09/19 14:30"; the flight number kept left to right. */
function ownFlightText(flight: OwnFlight, context: DescribeContext): string {
  return translate(context.locale, "tourService.ownFlight", {
    flightNumber: `\u2066${flight.flightNumber}\u2069`,
    airline: flight.airline,
    arrival: `${dateText(flight.arrivesAt.slice(0, 10), context.calendar)} ${flight.arrivesAt.slice(11, 16)}`,
  });
}

/** What the package is: its title, hotel and board, transport, length, the own flight when the transfer meets one. */
function packageLines(offer: HeldTourOffer, context: DescribeContext): DetailLine[] {
  const { locale } = context;
  return [
    { label: translate(locale, "tourService.detail.package"), value: offer.title },
    {
      label: translate(locale, "tourService.detail.hotel"),
      value: translate(locale, "tourService.hotelBoard", {
        hotel: offer.hotel.name,
        board: translate(locale, `tourService.board.${offer.hotel.board}`),
      }),
    },
    { label: translate(locale, "tourService.detail.transport"), value: transportText(offer, context) },
    { label: translate(locale, "tourService.detail.nights"), value: translate(locale, "search.nights", { count: offer.nights }) },
    ...(offer.ownFlight
      ? [{ label: translate(locale, "tourService.detail.ownFlight"), value: ownFlightText(offer.ownFlight, context) }]
      : []),
  ];
}

function factsOf(offer: HeldTourOffer): ItemFacts {
  return {
    // Refund lines, SMS and the invoice tell a tour apart by its package's title and the hotel chosen, in the booking's language.
    code: `${offer.title} – ${offer.hotel.name}`,
    from: offer.from,
    to: offer.to,
    startsAt: offer.departAt,
    endsAt: offer.returnAt,
  };
}

/** `offer=…&room=2-1-0-1&room=…`: the departure at its hotel and each room as adults-withBed-noBed-infants. */
function roomParams(offer: HeldTourOffer): URLSearchParams {
  const query = new URLSearchParams();
  query.append("offer", offer.offerId);
  for (const room of offer.rooms) query.append("room", `${room.adults}-${room.childrenWithBed}-${room.childrenNoBed}-${room.infants}`);
  return query;
}

/** One box of the voucher: for one traveller's voucher, or the tour alone before it is issued. */
function voucherBox(offer: HeldTourOffer, ticket: ItemTickets[number] | undefined, context: DescribeContext) {
  const { locale } = context;
  const placement = ticket ? placementSchema.safeParse(ticket.placement) : undefined;
  const traveller: DetailLine[] = ticket
    ? [
        {
          label: translate(locale, "tourService.detail.traveller"),
          value: translate(locale, "tourService.passenger", { passenger: ticket.passengerPosition + 1 }),
        },
        ...(placement?.success && placement.data.room
          ? [
              {
                label: translate(locale, "tourService.detail.room"),
                value: translate(locale, "tourService.roomNumber", { n: placement.data.room }),
              },
            ]
          : []),
      ]
    : [];
  return {
    kind: translate(locale, "tourService.kind"),
    operator: offer.hotel.name,
    code: ticket?.ticketNumber ?? "",
    from: cityName(offer.from, context),
    to: cityName(offer.to, context),
    departure: readableInstant(offer.departAt, context),
    arrival: readableInstant(offer.returnAt, context),
    details: [...traveller, ...packageLines(offer, context)].map((line) => ({ ...line, value: localizeDigits(locale, line.value) })),
    pnr: (placement?.success ? placement.data.confirmation : ticket?.pnr) ?? "",
  };
}

export const TOUR_SERVICE: ServiceModule<HeldTourOffer, TourApiItem> = {
  services: ["tour", "intTour"],
  places: "tour",

  parseOffer(stored) {
    return storedTourOfferSchema.parse(stored);
  },

  facts: factsOf,

  summary(offer, context) {
    const { locale } = context;
    const date = (iso: string) => localizeDigits(locale, dateText(iso, context.calendar));
    return {
      ...factsOf(offer),
      title: translate(locale, "services.route", { from: cityName(offer.from, context), to: cityName(offer.to, context) }),
      date: date(offer.departureDate),
      startTime: localizeDigits(locale, clockOf(offer.departAt)),
      endTime: localizeDigits(locale, clockOf(offer.returnAt)),
      details: [
        ...packageLines(offer, context),
        { label: translate(locale, "tourService.detail.return"), value: date(offer.returnDate) },
        {
          label: translate(locale, "tourService.detail.rooms"),
          value: offer.rooms
            .map((room, index) => translate(locale, "tourService.room", { n: index + 1, occupants: occupantsText(room, locale) }))
            .join(locale === "en" ? "; " : "؛ "),
        },
        ...(offer.visa ? [{ label: translate(locale, "tourService.detail.visa"), value: offer.visa.message }] : []),
        { label: translate(locale, "tourService.detail.cancellation"), value: offer.cancellationPolicy },
      ].map((line) => ({ ...line, value: localizeDigits(locale, line.value) })),
    };
  },

  // One voucher box per traveller (infants hold one too), naming their room, the hotel and the transport.
  ticketLines(offer, tickets, context) {
    if (tickets.length === 0) return [voucherBox(offer, undefined, context)];
    return [...tickets].sort((a, b) => a.passengerPosition - b.passengerPosition).map((ticket) => voucherBox(offer, ticket, context));
  },

  smsLine(offer, pnr, context) {
    return translate(context.locale, "tourService.sms", {
      from: cityName(offer.from, context),
      to: cityName(offer.to, context),
      date: dateText(offer.departureDate, context.calendar),
      // SMS keep Latin digits, as every service's do (some phones show Persian digits badly).
      nights: String(offer.nights),
      hotel: offer.hotel.name,
      pnr,
    });
  },

  refundTerms(offer) {
    return {
      refundable: offer.refundable,
      countsFrom: offer.departAt,
      code: factsOf(offer).code,
      ruleKey: { package: offer.packageId, scope: offer.scope },
    };
  },

  passengerRequirements(offers) {
    // Ages and passports are judged on the day the group comes back; abroad the operator books by passport.
    return tripRequirements(
      latestDay(offers.map((offer) => offer.returnDate)),
      offers.some((offer) => offer.scope === "international"),
    );
  },

  apiItem(offer) {
    return {
      tourId: offer.tourId,
      packageId: offer.packageId,
      scope: offer.scope,
      title: offer.title,
      from: offer.from,
      to: offer.to,
      countryCode: offer.countryCode,
      transport: offer.transport,
      carrier: { code: offer.carrier.code, name: offer.carrier.name },
      departAt: offer.departAt,
      returnAt: offer.returnAt,
      nights: offer.nights,
      hotel: { hotelId: offer.hotel.hotelId, name: offer.hotel.name, stars: offer.hotel.stars, board: offer.hotel.board },
      rooms: offer.rooms.map((room) => ({ ...room })),
      transfer: offer.transfer,
      ownFlight: offer.ownFlight ? { ...offer.ownFlight } : null,
      visa: offer.visa ? { kind: offer.visa.kind, message: offer.visa.message } : null,
      refundable: offer.refundable,
      cancellationPolicy: offer.cancellationPolicy,
    };
  },

  // A tour prints one voucher per traveller under the operator's confirmation, from departure to return.
  document: {
    title: "tourService.voucher.title",
    ticketNumber: "tourService.voucher.number",
    reference: "tourService.detail.confirmation",
    download: "tourService.voucher.download",
    issued: "tourService.voucher.issued",
    starts: "tourService.detail.departure",
    ends: "tourService.detail.return",
    note: "tourService.voucher.note",
  },
  paths: {
    passengers(offers) {
      const [first] = offers;
      if (!first) throw new RangeError("a passengers page needs an offer");
      const query = roomParams(first).toString();
      return first.scope === "international" ? `/internationaltour/reserve?${query}` : `/tour/reserve/passengers?${query}`;
    },
    // Both scopes share the pre-invoice page (spec §2), told apart by its last segment; the invoice is the scope's own.
    prefactor: (booking) =>
      `/tour/prefactor/${booking.reference}/${booking.hashId}/${booking.service === "intTour" ? "tourInternational" : "tourDomestic"}`,
    factor: (booking) => `${booking.service === "intTour" ? "/internationaltour" : "/tour"}/factor/${booking.reference}/${booking.hashId}`,
  },
};
