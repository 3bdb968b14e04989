import { z } from "zod";
import { localizeDigits, translate } from "../i18n/messages.ts";
import type { Locale } from "../i18n/locales.ts";
import { GENDERS } from "../passengers/passenger-rules.ts";
import { dateText } from "../search/dates.ts";
import { clockOf, readableInstant, storedInstant, storedMoney } from "../services/describe.ts";
import type { DescribeContext, DetailLine, ItemFacts, ItemTickets, ServiceModule } from "../services/service-module.ts";
import { BUS_TYPES, busClassOf, type BusPlacement, type BusType, type ChosenSeat, type HeldBusOffer } from "./bus.ts";

/**
 * Buses as one service module (issue 19). One booking item is one departure with the seats chosen
 * for its seated travellers (infants ride on a lap). Its ends are the terminals, not the cities:
 * a traveller must know which of Tehran's four terminals to go to, so facts name terminal slugs
 * and the pages, tickets and SMS look them up as bus places (a terminal slug, or a city's slug for
 * a city with one terminal, resolves to its name), falling back to the names stored with the offer.
 */

const place = z.object({ code: z.string().min(1), name: z.string() });

const chosenSeat = z.object({
  number: z.number().int().min(1),
  passenger: z.number().int().min(0),
  gender: z.enum(GENDERS),
}) satisfies z.ZodType<ChosenSeat>;

/** The stored offer (booking_items.offer jsonb): the departure as revalidated and the seats held for it. */
export const storedBusOfferSchema = z.object({
  offerId: z.string().min(1),
  company: place,
  busType: z.enum(BUS_TYPES),
  from: z.string().min(1),
  to: z.string().min(1),
  originTerminal: place,
  destinationTerminal: place,
  departAt: storedInstant,
  arriveAt: storedInstant,
  durationMinutes: z.number().int().min(0),
  seatsLeft: z.number().int(),
  price: z.object({ adult: storedMoney, child: storedMoney, infant: storedMoney, total: storedMoney }),
  refundable: z.boolean(),
  seats: z.array(chosenSeat),
}) satisfies z.ZodType<HeldBusOffer>;

/** Where a ticket sits, as the supplier wrote it; anything else prints no seat. */
const placementSchema = z.object({ seat: z.number().int().min(1) }) satisfies z.ZodType<BusPlacement>;

/** A bus item in the bookings API: the departure, its terminals and the seat of each seated passenger. */
export interface BusApiItem {
  company: { code: string; name: string };
  busType: BusType;
  /** City slugs. */
  from: string;
  to: string;
  originTerminal: { code: string; name: string };
  destinationTerminal: { code: string; name: string };
  departAt: string;
  arriveAt: string;
  /** Each seat with its passenger's position in the booking. */
  chosenSeats: { number: number; passenger: number }[];
  refundable: boolean;
}

const TYPE_MESSAGE = { vip: "busService.type.vip", ordinary: "busService.type.ordinary" } as const;
/** Seats of each coach, printed with its layout. */
const SEATS_OF: Record<BusType, number> = { vip25: 25, vip29: 29, ordinary40: 40, ordinary44: 44 };

function originName(offer: HeldBusOffer, context: DescribeContext): string {
  return context.placeName?.(offer.originTerminal.code) ?? offer.originTerminal.name;
}

function destinationName(offer: HeldBusOffer, context: DescribeContext): string {
  return context.placeName?.(offer.destinationTerminal.code) ?? offer.destinationTerminal.name;
}

function companyOf(offer: HeldBusOffer, context: DescribeContext): string {
  return context.carrierName?.(offer.company.code) ?? offer.company.name;
}

function separatorOf(locale: Locale): string {
  return locale === "en" ? ", " : "، ";
}

/** "12, 13" in the language's digits, in the travellers' order. */
function seatList(seats: readonly number[], locale: Locale): string {
  return seats.map((seat) => localizeDigits(locale, String(seat))).join(separatorOf(locale));
}

function heldSeats(offer: HeldBusOffer): number[] {
  return [...offer.seats].sort((a, b) => a.passenger - b.passenger).map((seat) => seat.number);
}

/** The departure's own lines: company and coach. */
function busLines(offer: HeldBusOffer, context: DescribeContext): DetailLine[] {
  const { locale } = context;
  return [
    { label: translate(locale, "busService.detail.company"), value: companyOf(offer, context) },
    {
      label: translate(locale, "busService.detail.bus"),
      value: translate(locale, TYPE_MESSAGE[busClassOf(offer.busType)], { seats: SEATS_OF[offer.busType] }),
    },
  ];
}

/** "Seat of passenger 2: 13" for each issued ticket with its seat; before issue, the seats held. */
function seatLines(offer: HeldBusOffer, tickets: ItemTickets, context: DescribeContext): DetailLine[] {
  const { locale } = context;
  const issued = [...tickets]
    .sort((a, b) => a.passengerPosition - b.passengerPosition)
    .flatMap((ticket) => {
      const placement = placementSchema.safeParse(ticket.placement);
      return placement.success ? [{ passenger: ticket.passengerPosition, number: placement.data.seat }] : [];
    });
  const seats = issued.length > 0 ? issued : [...offer.seats].sort((a, b) => a.passenger - b.passenger);
  return seats.map(({ passenger, number }) => ({
    label: translate(locale, "busService.detail.seatOf", { passenger: passenger + 1 }),
    value: localizeDigits(locale, String(number)),
  }));
}

function factsOf(offer: HeldBusOffer): ItemFacts {
  return {
    // No bus number is printed on Iranian bus tickets: the company and its clock tell a departure apart.
    code: `${offer.company.code} ${clockOf(offer.departAt)}`,
    from: offer.originTerminal.code,
    to: offer.destinationTerminal.code,
    startsAt: offer.departAt,
    endsAt: offer.arriveAt,
  };
}

export const BUS_SERVICE: ServiceModule<HeldBusOffer, BusApiItem> = {
  services: ["bus"],
  places: "bus",

  parseOffer(stored) {
    return storedBusOfferSchema.parse(stored);
  },

  facts: factsOf,

  summary(offer, context) {
    const { locale } = context;
    const seats = heldSeats(offer);
    return {
      ...factsOf(offer),
      title: translate(locale, "services.route", { from: originName(offer, context), to: destinationName(offer, context) }),
      date: localizeDigits(locale, dateText(offer.departAt.slice(0, 10), context.calendar)),
      startTime: localizeDigits(locale, clockOf(offer.departAt)),
      endTime: localizeDigits(locale, clockOf(offer.arriveAt)),
      details: [
        ...busLines(offer, context),
        ...(seats.length > 0 ? [{ label: translate(locale, "busService.detail.seats"), value: seatList(seats, locale) }] : []),
        {
          label: translate(locale, "services.detail.refund"),
          value: translate(locale, offer.refundable ? "flights.refundable" : "flights.nonRefundable"),
        },
      ],
    };
  },

  ticketLines(offer, tickets, context) {
    const { locale } = context;
    return [
      {
        kind: translate(locale, "busService.kind"),
        operator: companyOf(offer, context),
        code: factsOf(offer).code,
        from: originName(offer, context),
        to: destinationName(offer, context),
        departure: readableInstant(offer.departAt, context),
        arrival: readableInstant(offer.arriveAt, context),
        details: [...busLines(offer, context), ...seatLines(offer, tickets, context)],
        // The company issues the departure's tickets under one record.
        pnr: tickets[0]?.pnr ?? "",
      },
    ];
  },

  smsLine(offer, pnr, context) {
    return translate(context.locale, "busService.sms", {
      company: companyOf(offer, context),
      from: originName(offer, context),
      to: destinationName(offer, context),
      date: dateText(offer.departAt.slice(0, 10), context.calendar),
      time: clockOf(offer.departAt),
      seats: heldSeats(offer).join(","),
      pnr,
    });
  },

  refundTerms(offer) {
    return {
      refundable: offer.refundable,
      countsFrom: offer.departAt,
      code: factsOf(offer).code,
      ruleKey: { company: offer.company.code },
    };
  },

  passengerRequirements(offers) {
    const last = offers[offers.length - 1];
    if (!last) throw new RangeError("passenger requirements of no offers");
    return {
      // Ages are judged on the day of the bus, in Tehran (its ISO text carries Tehran's offset).
      lastFlightDate: last.departAt.slice(0, 10),
      // Bus tickets carry the Persian name; foreigners give a passport and a Latin name by the usual rule.
      latinNamesRequired: false,
      passportForEveryone: false,
      passportValidMonths: 0,
      foreignersAllowed: true,
    };
  },

  apiItem(offer) {
    return {
      company: { code: offer.company.code, name: offer.company.name },
      busType: offer.busType,
      from: offer.from,
      to: offer.to,
      originTerminal: { code: offer.originTerminal.code, name: offer.originTerminal.name },
      destinationTerminal: { code: offer.destinationTerminal.code, name: offer.destinationTerminal.name },
      departAt: offer.departAt,
      arriveAt: offer.arriveAt,
      chosenSeats: [...offer.seats].sort((a, b) => a.passenger - b.passenger).map(({ number, passenger }) => ({ number, passenger })),
      refundable: offer.refundable,
    };
  },

  document: { title: "ticket.title.bus", reference: "document.bus.reference", note: "ticket.note.bus" },
  paths: {
    passengers(offers, party) {
      const [offer] = offers;
      if (!offer) throw new RangeError("a passengers page needs an offer");
      // The query the bus pages read (the seat map's form): the departure, its day, the party and the seats chosen.
      const query = new URLSearchParams({
        offer: offer.offerId,
        date: offer.departAt.slice(0, 10),
        adults: String(party.adults),
        children: String(party.children),
        infants: String(party.infants),
      });
      for (const seat of heldSeats(offer)) query.append("seat", String(seat));
      return `/bus/${encodeURIComponent(`${offer.from}-${offer.to}`)}/passengers?${query.toString()}`;
    },
    prefactor: (booking) => `/bus/prefactor/${booking.reference}/${booking.hashId}`,
    factor: (booking) => `/bus/factor/${booking.reference}/${booking.hashId}`,
  },
};
