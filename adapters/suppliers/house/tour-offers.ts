import type { RefundRule } from "#core/flights/flight.ts";
import type { Locale } from "#core/i18n/locales.ts";
import type {
  BoardBasis,
  OccupancyPrices,
  TourDetails,
  TourHotelOption,
  TourInclusion,
  TourOffer,
  TourPackage,
  TourRoom,
  TourScope,
  TourTransport,
  TourVisa,
  TransferMode,
  VisaKind,
} from "#core/tours/tour.ts";
import { tourOfferId } from "#core/tours/tour.ts";
import type { tourDepartures, tourPackageHotels, tourPackages, tourRefundRules } from "#adapters/db/schema.ts";
import { localIso } from "./international-flight-supplier.ts";

/**
 * The house tour supplier's pure parts: offer ids, prices in a departure's season, and how its
 * rows read as cards, pages and offers in the asked language.
 */
export type PackageRow = typeof tourPackages.$inferSelect;
export type PackageHotelRow = typeof tourPackageHotels.$inferSelect;
export type DepartureRow = typeof tourDepartures.$inferSelect;
export type TourRuleRow = typeof tourRefundRules.$inferSelect;
/** What a card reads of its package: none of the page's long texts. */
export type PackageCardRow = Omit<PackageRow, "descriptions" | "itinerary" | "exclusions" | "fromAirports" | "toAirports" | "refundRuleId">;
/** A package's hotels as a card sums them up. */
export interface HotelStats {
  count: number;
  cheapestDouble: number;
  minStars: number;
  maxStars: number;
}

export function hotelStatsOf(hotels: readonly PackageHotelRow[]): HotelStats | null {
  if (hotels.length === 0) return null;
  const stars = hotels.map((hotel) => hotel.stars);
  return {
    count: hotels.length,
    cheapestDouble: Math.min(...hotels.map((hotel) => hotel.double)),
    minStars: Math.min(...stars),
    maxStars: Math.max(...stars),
  };
}

/** A package price in a departure's season, in round tens of thousands of toman. */
export function inSeason(price: number, percent: number): number {
  return Math.max(10_000, Math.round((price * percent) / 100 / 10_000) * 10_000);
}

export function hotelOptionOf(hotel: PackageHotelRow, percent: number, locale: Locale): TourHotelOption {
  const base: OccupancyPrices = {
    single: hotel.single,
    double: hotel.double,
    triple: hotel.triple,
    childWithBed: hotel.childWithBed,
    childNoBed: hotel.childNoBed,
    infant: hotel.infant,
  };
  return {
    hotelId: hotel.hotelId,
    name: hotel.names[locale],
    stars: hotel.stars,
    board: hotel.board as BoardBasis,
    address: hotel.addresses[locale],
    rating: hotel.rating,
    prices: Object.fromEntries(Object.entries(base).map(([occupancy, price]) => [occupancy, inSeason(price, percent)])) as OccupancyPrices,
  };
}

function visaOf(tour: PackageCardRow, locale: Locale): TourVisa | null {
  const visa = tour.visa;
  if (!visa) return null;
  return {
    kind: visa.kind as VisaKind,
    message: visa.message[locale],
    available: visa.available,
    processingDays: visa.processingDays,
    fee: visa.fee,
  };
}

export const seatsLeftOn = (departure: DepartureRow) => departure.capacity - departure.seatsSold;

/** What a card, a page and an offer share: the departure as it leaves and comes back. */
function departureOf(departure: DepartureRow, tour: PackageCardRow, locale: Locale) {
  return {
    tourId: departure.id,
    packageId: tour.id,
    scope: tour.scope as TourScope,
    title: tour.titles[locale],
    from: tour.fromCity,
    to: tour.toCity,
    countryCode: tour.countryCode,
    transport: tour.transport as TourTransport,
    carrier: { code: tour.carrierCode, name: tour.carrierNames[locale] },
    departureDate: departure.departureDate,
    returnDate: departure.returnDate,
    departAt: localIso(departure.departAt, tour.fromUtcOffset),
    returnAt: localIso(departure.returnAt, tour.toUtcOffset),
    nights: tour.nights,
    seatsLeft: seatsLeftOn(departure),
    inclusions: tour.inclusions as TourInclusion[],
    transfer: tour.transfer as TransferMode,
    visa: visaOf(tour, locale),
    image: tour.image,
  };
}

/** A departure as lists show it; null when none of its hotels is known (a package without hotels is not sold). */
export function tourCardOf(
  departure: DepartureRow,
  tour: PackageCardRow,
  hotels: HotelStats | null | undefined,
  locale: Locale,
): TourPackage | null {
  if (!hotels) return null;
  return {
    ...departureOf(departure, tour, locale),
    hotelCount: hotels.count,
    fromPrice: inSeason(hotels.cheapestDouble, departure.pricePercent),
    stars: { min: hotels.minStars, max: hotels.maxStars },
  };
}

/** What the departure's page adds to its card, and an offer keeps. */
function pageOf(tour: PackageRow, rule: TourRuleRow, locale: Locale) {
  return {
    description: tour.descriptions[locale],
    itinerary: tour.itinerary.map((line) => line[locale]),
    exclusions: tour.exclusions.map((line) => line[locale]),
    fromAirports: tour.fromAirports,
    toAirports: tour.toAirports,
    refundable: rule.refundable,
    cancellationPolicy: rule.policy[locale],
  };
}

export function tourDetailsOf(
  departure: DepartureRow,
  tour: PackageRow,
  hotels: readonly PackageHotelRow[],
  rule: TourRuleRow,
  locale: Locale,
): TourDetails | null {
  const card = tourCardOf(departure, tour, hotelStatsOf(hotels), locale);
  if (!card) return null;
  return {
    ...card,
    ...pageOf(tour, rule, locale),
    hotelOptions: hotels.map((hotel) => hotelOptionOf(hotel, departure.pricePercent, locale)),
  };
}

export function tourOfferOf(
  departure: DepartureRow,
  tour: PackageRow,
  hotel: PackageHotelRow,
  rule: TourRuleRow,
  locale: Locale,
): TourOffer {
  return {
    ...departureOf(departure, tour, locale),
    ...pageOf(tour, rule, locale),
    offerId: tourOfferId(departure.id, hotel.hotelId),
    hotel: hotelOptionOf(hotel, departure.pricePercent, locale),
  };
}

/** The rule as refunds read it; the package stands where an airline would. */
export function tourRefundRuleOf(rule: TourRuleRow, packageId: string): RefundRule {
  return {
    id: rule.id,
    airlineCode: packageId,
    fareClasses: [],
    charter: false,
    refundable: rule.refundable,
    windows: rule.windows,
    afterDeparturePercent: rule.afterDeparturePercent,
  };
}

const count = (value: unknown, most: number) => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= most;

/**
 * The rooms a hold's chosen offer names, when they are rooms and seat exactly the seats held;
 * otherwise none (the vouchers then name no room but the first).
 */
export function roomsOf(chosen: unknown, seats: number): TourRoom[] {
  const rooms = (chosen as { rooms?: unknown } | undefined)?.rooms;
  if (!Array.isArray(rooms) || rooms.length === 0 || rooms.length > 9) return [];
  const valid = rooms.every(
    (room: Partial<TourRoom>) =>
      count(room?.adults, 9) && count(room?.childrenWithBed, 9) && count(room?.childrenNoBed, 9) && count(room?.infants, 9),
  );
  if (!valid) return [];
  const parsed = (rooms as TourRoom[]).map(({ adults, childrenWithBed, childrenNoBed, infants }) => ({
    adults,
    childrenWithBed,
    childrenNoBed,
    infants,
  }));
  const seated = parsed.reduce((sum, room) => sum + room.adults + room.childrenWithBed + room.childrenNoBed, 0);
  return seated === seats ? parsed : [];
}
