import { z } from "zod";
import { localizeDigits, translate } from "../i18n/messages.ts";
import type { Locale } from "../i18n/locales.ts";
import { dateText } from "../search/dates.ts";
import { clockOf, readableInstant, storedInstant, storedMoney, latestDay, tripRequirements } from "../services/describe.ts";
import type { DescribeContext, DetailLine, ItemFacts, ServiceModule } from "../services/service-module.ts";
import { ROOM_TYPES, type HeldHotelOffer, type HotelPlacement, type HotelRegion, type RoomGuests, type RoomType } from "./hotel.ts";

/**
 * Hotels at home and abroad as one service module (issue 20): `hotel` and `intHotel` are the same
 * kind of item, a room for a stay, with different traveller rules abroad (passports, Latin names).
 * One booking item is one room; its lead guest is one of the booking's passengers. A hotel has no
 * route: the city slug is looked up as a hotel place for its name, the stored name kept otherwise.
 */

const guestsSchema = z.object({ adults: z.number().int().min(1), children: z.number().int().min(0) }) satisfies z.ZodType<RoomGuests>;

/** The stored offer (booking_items.offer jsonb): the room as revalidated, who stays in it and what it cost. */
export const storedHotelOfferSchema = z.object({
  offerId: z.string().min(1),
  hotelId: z.string().min(1),
  hotelName: z.string().min(1),
  city: z.string().min(1),
  countryCode: z.string().length(2),
  region: z.enum(["iran", "abroad"]),
  stars: z.number().int().min(0).max(5),
  address: z.string(),
  roomType: z.enum(ROOM_TYPES),
  roomName: z.string().min(1),
  capacity: z.number().int().min(1),
  extraBeds: z.number().int().min(0),
  breakfast: z.boolean(),
  checkIn: z.iso.date(),
  checkOut: z.iso.date(),
  nights: z.number().int().min(1),
  nightPrices: z.array(storedMoney),
  foreignNightPrices: z.array(storedMoney).nullable(),
  extraBedPerNight: storedMoney,
  total: storedMoney,
  roomsLeft: z.number().int(),
  refundable: z.boolean(),
  cancellationPolicy: z.string(),
  checkInAt: storedInstant,
  checkOutAt: storedInstant,
  guests: guestsSchema,
  extraBed: z.boolean(),
  leadPassenger: z.number().int().min(0),
  foreignRate: z.boolean(),
  price: storedMoney,
}) satisfies z.ZodType<HeldHotelOffer>;

/** The voucher's placement as the supplier wrote it; anything else prints no confirmation number. */
const placementSchema = z.object({ confirmation: z.string().min(1), room: z.string() }) satisfies z.ZodType<HotelPlacement>;

/** A hotel item (one room) in the bookings API. */
export interface HotelApiItem {
  hotelId: string;
  hotelName: string;
  city: string;
  countryCode: string;
  region: HotelRegion;
  stars: number;
  roomType: RoomType;
  roomName: string;
  checkIn: string;
  checkOut: string;
  checkInAt: string;
  checkOutAt: string;
  nights: number;
  breakfast: boolean;
  guests: RoomGuests;
  extraBed: boolean;
  /** The lead guest's position among the booking's passengers. */
  leadPassenger: number;
  foreignRate: boolean;
  refundable: boolean;
  cancellationPolicy: string;
}

function cityName(offer: HeldHotelOffer, context: DescribeContext): string {
  return context.placeName?.(offer.city) ?? offer.city;
}

function separatorOf(locale: Locale): string {
  return locale === "en" ? ", " : "، ";
}

/** "2 adults, 1 child" in the language's words and digits. */
function guestsText(guests: RoomGuests, locale: Locale): string {
  const parts = [translate(locale, "search.pax.adultsCount", { count: guests.adults })];
  if (guests.children > 0) parts.push(translate(locale, "search.pax.childrenCount", { count: guests.children }));
  return localizeDigits(locale, parts.join(separatorOf(locale)));
}

/** The room as booked: its name, who sleeps in it, an extra bed, breakfast. */
function roomLines(offer: HeldHotelOffer, context: DescribeContext): DetailLine[] {
  const { locale } = context;
  return [
    { label: translate(locale, "hotelService.detail.room"), value: offer.roomName },
    {
      label: translate(locale, "hotelService.detail.guests"),
      value: offer.extraBed
        ? `${guestsText(offer.guests, locale)} (${translate(locale, "hotelService.extraBed")})`
        : guestsText(offer.guests, locale),
    },
    {
      label: translate(locale, "hotelService.detail.breakfast"),
      value: translate(locale, offer.breakfast ? "hotelService.breakfast.included" : "hotelService.breakfast.notIncluded"),
    },
  ];
}

function factsOf(offer: HeldHotelOffer): ItemFacts {
  return {
    // Refund lines and SMS tell rooms apart by the hotel and the room booked.
    code: `${offer.hotelName} – ${offer.roomName}`,
    from: null,
    to: null,
    startsAt: offer.checkInAt,
    endsAt: offer.checkOutAt,
  };
}

/** `room=2-1` per room, in item order, as the search and the passengers page write a party. */
function roomParams(offers: readonly HeldHotelOffer[]): URLSearchParams {
  const query = new URLSearchParams();
  for (const offer of offers) query.append("offer", offer.offerId);
  for (const offer of offers) query.append("room", `${offer.guests.adults}-${offer.guests.children}`);
  return query;
}

export const HOTEL_SERVICE: ServiceModule<HeldHotelOffer, HotelApiItem> = {
  services: ["hotel", "intHotel"],
  places: "hotel",

  parseOffer(stored) {
    return storedHotelOfferSchema.parse(stored);
  },

  facts: factsOf,

  // A stay has no route; its city is named on pages, vouchers and SMS.
  namedPlaces: (offer) => [offer.city],
  // A city abroad is a place of the foreign-hotel search, not of the Iranian one.
  placesOf: (offer) => (offer.region === "abroad" ? "outHotel" : "hotel"),

  summary(offer, context) {
    const { locale } = context;
    const date = (iso: string) => localizeDigits(locale, dateText(iso, context.calendar));
    return {
      ...factsOf(offer),
      title: translate(locale, "hotelService.title", { hotel: offer.hotelName, city: cityName(offer, context) }),
      date: date(offer.checkIn),
      startTime: localizeDigits(locale, clockOf(offer.checkInAt)),
      endTime: localizeDigits(locale, clockOf(offer.checkOutAt)),
      details: [
        { label: translate(locale, "hotelService.detail.checkIn"), value: date(offer.checkIn) },
        { label: translate(locale, "hotelService.detail.checkOut"), value: date(offer.checkOut) },
        {
          label: translate(locale, "hotelService.detail.nights"),
          value: localizeDigits(locale, translate(locale, "search.nights", { count: offer.nights })),
        },
        ...roomLines(offer, context),
        { label: translate(locale, "hotelService.detail.cancellation"), value: localizeDigits(locale, offer.cancellationPolicy) },
      ],
    };
  },

  ticketLines(offer, tickets, context) {
    const { locale } = context;
    const placement = tickets.map((ticket) => placementSchema.safeParse(ticket.placement)).find((parsed) => parsed.success)?.data;
    const confirmation = placement?.confirmation ?? tickets[0]?.pnr ?? "";
    return [
      {
        kind: translate(locale, "hotelService.kind"),
        operator: offer.hotelName,
        code: confirmation,
        from: offer.address,
        to: cityName(offer, context),
        departure: readableInstant(offer.checkInAt, context),
        arrival: readableInstant(offer.checkOutAt, context),
        // The address, check-in, check-out and confirmation number are the box's own fields, under the document's labels.
        details: [
          ...roomLines(offer, context),
          {
            label: translate(locale, "hotelService.detail.leadGuest"),
            value: translate(locale, "hotelService.passenger", { passenger: offer.leadPassenger + 1 }),
          },
        ].map((line) => ({ ...line, value: localizeDigits(locale, line.value) })),
        pnr: confirmation,
      },
    ];
  },

  smsLine(offer, pnr, context) {
    return translate(context.locale, "hotelService.sms", {
      hotel: offer.hotelName,
      city: cityName(offer, context),
      checkIn: dateText(offer.checkIn, context.calendar),
      // SMS keep Latin digits, as every service's do (some phones show Persian digits badly).
      nights: String(offer.nights),
      room: offer.roomName,
      pnr,
    });
  },

  refundTerms(offer) {
    return {
      refundable: offer.refundable,
      countsFrom: offer.checkInAt,
      code: factsOf(offer).code,
      ruleKey: { hotel: offer.hotelId, region: offer.region },
    };
  },

  passengerRequirements(offers) {
    // Ages and passports are judged on the last day of the stay; abroad the hotel books by passport.
    return tripRequirements(
      latestDay(offers.map((offer) => offer.checkOut)),
      offers.some((offer) => offer.region === "abroad"),
    );
  },

  apiItem(offer) {
    return {
      hotelId: offer.hotelId,
      hotelName: offer.hotelName,
      city: offer.city,
      countryCode: offer.countryCode,
      region: offer.region,
      stars: offer.stars,
      roomType: offer.roomType,
      roomName: offer.roomName,
      checkIn: offer.checkIn,
      checkOut: offer.checkOut,
      checkInAt: offer.checkInAt,
      checkOutAt: offer.checkOutAt,
      nights: offer.nights,
      breakfast: offer.breakfast,
      guests: { adults: offer.guests.adults, children: offer.guests.children },
      extraBed: offer.extraBed,
      leadPassenger: offer.leadPassenger,
      foreignRate: offer.foreignRate,
      refundable: offer.refundable,
      cancellationPolicy: offer.cancellationPolicy,
    };
  },

  // A stay prints vouchers, one per room, under the hotel's confirmation number, from check-in to check-out, with the reception's advice.
  document: {
    title: "hotelService.voucher.title",
    ticketNumber: "hotelService.voucher.number",
    reference: "hotelService.detail.confirmation",
    download: "document.hotel.download",
    issued: "hotelPurchase.factor.heading",
    from: "hotelService.detail.address",
    to: "document.city",
    starts: "hotelService.detail.checkIn",
    refundFrom: "refund.from.checkIn",
    ends: "hotelService.detail.checkOut",
    note: "hotelService.voucher.note",
  },
  paths: {
    passengers(offers) {
      const [first] = offers;
      if (!first) throw new RangeError("a passengers page needs an offer");
      const query = roomParams(offers).toString();
      return first.region === "abroad" ? `/internationalhotel/reserve?${query}` : `/hotel/reserve/passengers?${query}`;
    },
    // Both services share the pre-invoice page (spec §2); the invoice is the service's own.
    prefactor: (booking) => `/hotel/prefactor/${booking.reference}/${booking.hashId}`,
    factor: (booking) =>
      `${booking.service === "intHotel" ? "/internationalhotel" : "/hotel"}/factor/${booking.reference}/${booking.hashId}`,
  },
};
