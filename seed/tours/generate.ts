import type { BoardBasis, OccupancyPrices, TourInclusion, TourTransport } from "#core/tours/tour.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { addDays } from "#core/search/dates.ts";
import { AIRLINES } from "../flights/airlines.ts";
import { INTERNATIONAL_AIRLINES } from "../international-flights/airlines.ts";
import { TRAIN_OPERATORS } from "../trains/operators.ts";
import { TRAIN_ROUTES } from "../trains/routes.ts";
import { BUS_COMPANIES } from "../buses/companies.ts";
import { houseHotels } from "../hotels/generate.ts";
import type { HotelSeed } from "../hotels/types.ts";
import { hash, prng } from "../seeded-random.ts";
import { TOUR_DESTINATIONS, TOUR_ORIGINS } from "./destinations.ts";
import { TOUR_ROUTES } from "./routes.ts";
import { trio } from "../hotels/types.ts";
import type { TourDepartureSeed, TourDestinationSeed, TourHotelSeed, TourPackageSeed, TourRouteSeed, Trio } from "./types.ts";

/** Departures are on sale this many days ahead; the daily roll adds the day that comes into the window. */
export const TOUR_WINDOW_DAYS = 120;

type Random = () => number;
const whole = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
/** Package prices are quoted in round tens of thousands of toman. */
const roundPrice = (toman: number) => Math.max(10_000, Math.round(toman / 10_000) * 10_000);
const digits = (text: Trio): Trio => trio(localizeDigits("fa", text.fa), text.en, localizeDigits("ar", text.ar));

/** The agency's contract rate on hotel rooms, as a share of the hotel's own price. */
const CONTRACT_RATE = 0.8;
/** Meals beyond breakfast, per person per night (toman): at home and abroad. */
const BOARD_PER_NIGHT: Record<BoardBasis, [number, number]> = {
  roomOnly: [0, 0],
  breakfast: [0, 0],
  halfBoard: [450_000, 900_000],
  fullBoard: [850_000, 1_600_000],
  allInclusive: [1_300_000, 2_200_000],
};
/** Transfers, insurance and the guide's day, per adult. */
const SERVICES = { domestic: 650_000, international: 1_900_000 };
/** A child's and an infant's share of the adult transport fare (Iranian domestic flights: half; abroad: three quarters). */
const CHILD_FARE: Record<TourTransport | "abroad", number> = { flight: 0.5, train: 0.6, bus: 0.8, abroad: 0.75 };
const INFANT_FARE: Record<TourTransport | "abroad", number> = { flight: 0.1, train: 0.1, bus: 0, abroad: 0.1 };

const TRANSPORT_WORDS: Record<TourTransport | "ownFlight", Trio> = {
  flight: trio("با هواپیما", "by air", "بالطائرة"),
  train: trio("با قطار", "by train", "بالقطار"),
  bus: trio("با اتوبوس", "by coach", "بالحافلة"),
  ownFlight: trio("بدون بلیت رفت و برگشت", "land only", "بدون تذاكر السفر"),
};
const OWN_FLIGHT_CARRIER = trio("پرواز به انتخاب مسافر", "Your own flight", "رحلة يختارها المسافر");

function carrierOf(route: TourRouteSeed): { code: string; names: Trio } {
  if (route.ownFlight) return { code: "", names: OWN_FLIGHT_CARRIER };
  const abroad = destinationOf(route.to).scope === "international";
  const found =
    route.transport === "flight"
      ? (abroad ? INTERNATIONAL_AIRLINES : AIRLINES).find((airline) => airline.code === route.carrier)
      : route.transport === "train"
        ? TRAIN_OPERATORS.find((operator) => operator.code === route.carrier)
        : BUS_COMPANIES.find((company) => company.code === route.carrier);
  if (!found) throw new Error(`tour seed: no ${route.transport} carrier ${route.carrier}`);
  if (
    route.transport === "train" &&
    !TRAIN_ROUTES.some((line) => (line.from === route.from && line.to === route.to) || (line.from === route.to && line.to === route.from))
  )
    throw new Error(`tour seed: no railway between ${route.from} and ${route.to}`);
  return {
    code: found.code,
    names: trio(found.names.fa, found.names.en ?? found.names.fa, found.names.ar ?? found.names.en ?? found.names.fa),
  };
}

function destinationOf(city: string): TourDestinationSeed {
  const destination = TOUR_DESTINATIONS.find((candidate) => candidate.city === city);
  if (!destination) throw new Error(`tour seed: no destination ${city}`);
  return destination;
}

/** "4 nights in Kish, by air" in the three languages (Arabic: two nights is a dual, three to ten a plural). */
const arabicNights = (nights: number) => (nights === 2 ? "ليلتان" : `${nights} ليالٍ`);

function titleOf(nights: number, destination: TourDestinationSeed, transport: Trio): Trio {
  return digits(
    trio(
      `${nights} شب ${destination.names.fa}، ${transport.fa}`,
      `${nights} nights in ${destination.names.en}, ${transport.en}`,
      `${arabicNights(nights)} في ${destination.names.ar}، ${transport.ar}`,
    ),
  );
}

/** One line per day: the journey out, the days there, the journey back (and the overnight arrival home). */
function itineraryOf(route: TourRouteSeed, destination: TourDestinationSeed, nights: number, travelNights: number): Trio[] {
  const origin = TOUR_ORIGINS[route.from]!.names;
  const place = destination.names;
  const by = TRANSPORT_WORDS[route.transport];
  const lines: Trio[] = [];
  if (route.ownFlight)
    lines.push(
      trio(
        `استقبال در فرودگاه ${place.fa} هنگام رسیدن پرواز شما و انتقال به هتل`,
        `Met at ${place.en} airport off your flight and taken to the hotel`,
        `الاستقبال في مطار ${place.ar} عند وصول رحلتكم والنقل إلى الفندق`,
      ),
    );
  else if (travelNights > 0)
    lines.push(
      trio(`حرکت شبانه از ${origin.fa} ${by.fa}`, `Overnight departure from ${origin.en} ${by.en}`, `انطلاق ليلي من ${origin.ar} ${by.ar}`),
      trio(
        `رسیدن صبحگاهی به ${place.fa} و انتقال به هتل`,
        `Morning arrival in ${place.en}, transfer to the hotel`,
        `الوصول صباحًا إلى ${place.ar} والنقل إلى الفندق`,
      ),
    );
  else
    lines.push(
      trio(
        `حرکت از ${origin.fa} ${by.fa} به ${place.fa} و انتقال به هتل`,
        `From ${origin.en} to ${place.en} ${by.en}, transfer to the hotel`,
        `من ${origin.ar} إلى ${place.ar} ${by.ar} والنقل إلى الفندق`,
      ),
    );
  for (let day = 0; day < nights - 1; day += 1) lines.push(destination.days[day % destination.days.length]!);
  if (route.ownFlight)
    lines.push(
      trio(
        "تخلیهٔ اتاق و انتقال به فرودگاه برای پرواز شما",
        "Check-out and transfer to the airport for your flight",
        "تسليم الغرفة والنقل إلى المطار لرحلتكم",
      ),
    );
  else
    lines.push(
      trio(
        `تخلیهٔ اتاق و بازگشت به ${origin.fa} ${by.fa}`,
        `Check-out and the journey back to ${origin.en} ${by.en}`,
        `تسليم الغرفة والعودة إلى ${origin.ar} ${by.ar}`,
      ),
    );
  if (travelNights > 0 && !route.ownFlight)
    lines.push(trio(`رسیدن صبحگاهی به ${origin.fa}`, `Morning arrival in ${origin.en}`, `الوصول صباحًا إلى ${origin.ar}`));
  return lines;
}

const EXCLUSION_WORDS = {
  meals: trio(
    "ناهار و شام (مگر آنچه در نوع پذیرایی هتل آمده)",
    "Lunches and dinners (unless the hotel's board includes them)",
    "الغداء والعشاء (ما لم يشملهما نظام الإقامة)",
  ),
  trips: trio("گشت‌های اختیاری و بلیت ورودی اماکن", "Optional trips and entry tickets", "الرحلات الاختيارية وتذاكر الدخول"),
  flight: trio("بلیت پرواز رفت و برگشت", "The flight there and back", "تذاكر الطيران ذهابًا وإيابًا"),
  visa: trio("هزینهٔ ویزا", "The visa fee", "رسوم التأشيرة"),
  cityTax: trio(
    "عوارض گردشگری شهر که در هتل پرداخت می‌شود",
    "The city's tourism tax, paid at the hotel",
    "ضريبة السياحة في المدينة، تُدفع في الفندق",
  ),
};

function inclusionsOf(random: Random, route: TourRouteSeed, destination: TourDestinationSeed): TourInclusion[] {
  const abroad = destination.scope === "international";
  const has: Record<TourInclusion, boolean> = {
    transfer: true,
    insurance: true,
    cityTour: abroad || random() < 0.6,
    guide: abroad ? random() < 0.7 : destination.city === "mashhad" || random() < 0.3,
    entryTickets: random() < (abroad ? 0.4 : 0.2),
    simCard: abroad && random() < 0.5,
  };
  // A land-only package meets the traveller's flight: its transfer is the point of it.
  if (route.ownFlight) has.guide = false;
  return (Object.keys(has) as TourInclusion[]).filter((inclusion) => has[inclusion]);
}

/** Per-person prices of a package at one hotel, for the whole trip: transport, services, the room as shared, the board. */
export function occupancyPrices(input: {
  fare: number;
  transport: TourTransport;
  abroad: boolean;
  nights: number;
  board: BoardBasis;
  /** The hotel's own prices per room per night. */
  rooms: { single: number; double: number; triple: number };
}): OccupancyPrices {
  const { fare, nights } = input;
  const kind = input.abroad ? "abroad" : input.transport;
  const services = SERVICES[input.abroad ? "international" : "domestic"];
  const board = BOARD_PER_NIGHT[input.board][input.abroad ? 1 : 0] * nights;
  const room = (perNight: number, sharedBy: number) => (perNight * CONTRACT_RATE * nights) / sharedBy;
  const adult = fare + services + board;
  const childBase = fare * CHILD_FARE[kind] + services * 0.7;
  return {
    single: roundPrice(adult + room(input.rooms.single, 1)),
    double: roundPrice(adult + room(input.rooms.double, 2)),
    triple: roundPrice(adult + room(input.rooms.triple, 3)),
    // An extra bed costs about 30% of the double room; a child sharing a bed eats at half the board.
    childWithBed: roundPrice(childBase + room(input.rooms.double, 1) * 0.3 + board * 0.7),
    childNoBed: roundPrice(childBase + board * 0.5),
    infant: roundPrice(fare * INFANT_FARE[kind] + services * 0.2),
  };
}

/** 2–5 hotels of the destination from the hotel service's own, so names and stars agree across services. */
function hotelsOf(
  random: Random,
  route: TourRouteSeed,
  destination: TourDestinationSeed,
  nights: number,
  hotels: readonly HotelSeed[],
): TourHotelSeed[] {
  const candidates = hotels.filter((hotel) => hotel.city === destination.city && hotel.kind === "hotel" && hotel.stars >= 2);
  if (candidates.length < 2) throw new Error(`tour seed: ${destination.city} has too few hotels`);
  const count = Math.min(candidates.length, whole(random, 2, 5));
  const chosen = [...candidates]
    .map((hotel) => ({ hotel, order: random() }))
    .sort((a, b) => a.order - b.order)
    .slice(0, count)
    .map(({ hotel }) => hotel)
    .sort((a, b) => a.stars - b.stars || a.hotelId.localeCompare(b.hotelId));
  const abroad = destination.scope === "international";
  return chosen.map((hotel) => {
    const price = (type: string) => hotel.roomTypes.find((room) => room.type === type)?.perNight ?? null;
    const double = price("double")!;
    // The best hotels of a beach resort sell all-inclusive; the rest the destination's usual board.
    const board: BoardBasis =
      destination.boards.includes("allInclusive") && hotel.stars >= 4
        ? "allInclusive"
        : hotel.stars >= 4
          ? destination.boards[0]!
          : pick(random, destination.boards);
    return {
      hotelId: hotel.hotelId,
      names: hotel.names,
      stars: hotel.stars,
      board,
      addresses: hotel.addresses,
      rating: hotel.rating.total,
      prices: occupancyPrices({
        fare: route.fare,
        transport: route.transport,
        abroad,
        nights,
        board,
        rooms: { single: price("single") ?? double * 0.75, double, triple: price("triple") ?? double * 1.35 },
      }),
    };
  });
}

function refundRuleOf(random: Random, route: TourRouteSeed, destination: TourDestinationSeed): string {
  if (route.ownFlight) return "tour-land-only";
  if (destination.scope === "domestic") return "tour-domestic";
  // Charter seats abroad are paid to the airline up front: a third of those packages are not refundable.
  return destination.city === "antalya" || random() < 0.3 ? "tour-nonref" : "tour-abroad";
}

function clockTimes(random: Random, route: TourRouteSeed, overnight: boolean): { departTime: string; returnTime: string } {
  if (route.ownFlight) return { departTime: "12:00", returnTime: "12:00" };
  if (route.transport === "flight")
    return {
      departTime: pick(random, ["06:30", "07:45", "09:10", "11:20", "14:05"]),
      returnTime: pick(random, ["15:40", "17:25", "19:50", "21:30"]),
    };
  if (overnight)
    return { departTime: pick(random, ["18:40", "19:30", "20:15", "21:00"]), returnTime: pick(random, ["18:30", "19:45", "20:30"]) };
  return { departTime: pick(random, ["06:30", "07:00", "08:00"]), returnTime: pick(random, ["14:00", "15:30", "16:00"]) };
}

function packageOf(route: TourRouteSeed, nights: number, hotels: readonly HotelSeed[]): TourPackageSeed {
  const destination = destinationOf(route.to);
  const origin = TOUR_ORIGINS[route.from];
  if (!origin) throw new Error(`tour seed: no origin ${route.from}`);
  const carrier = carrierOf(route);
  const abroad = destination.scope === "international";
  const packageId = `${route.to}-${route.from}-${route.transport}-${(carrier.code || "own").toLowerCase()}-${nights}n`;
  const random = prng(hash(`tour-${packageId}`));
  // A journey of more than eight hours runs overnight: the group leaves in the evening, the first hotel night is the next day's.
  const travelNights = !route.ownFlight && route.transport !== "flight" && route.minutes > 480 ? 1 : 0;
  const transportWords = TRANSPORT_WORDS[route.ownFlight ? "ownFlight" : route.transport];
  const tourHotels = hotelsOf(random, route, destination, nights, hotels);
  const visa = destination.visa;
  const exclusions = [
    ...(route.ownFlight ? [EXCLUSION_WORDS.flight] : []),
    EXCLUSION_WORDS.meals,
    EXCLUSION_WORDS.trips,
    ...(visa?.fee ? [EXCLUSION_WORDS.visa] : []),
    ...(destination.city === "dubai" || destination.city === "antalya" ? [EXCLUSION_WORDS.cityTax] : []),
  ];
  const places = destination.names;
  const originNames = origin.names;
  const descriptions = digits(
    route.ownFlight
      ? trio(
          `${nights} شب اقامت در ${places.fa} بدون بلیت: با پرواز دلخواه خود بیایید، ترانسفر شما را در فرودگاه می‌بیند. ${tourHotels.length} هتل به انتخاب شما.`,
          `${nights} nights in ${places.en} without tickets: fly in on the flight of your choice and the transfer meets you at the airport. A choice of ${tourHotels.length} hotels.`,
          `${arabicNights(nights)} في ${places.ar} بدون تذاكر: تعالوا على الرحلة التي تختارونها وسيستقبلكم النقل في المطار. ${tourHotels.length} فنادق للاختيار.`,
        )
      : trio(
          `${nights} شب اقامت در ${places.fa}، ${transportWords.fa} از ${originNames.fa} با ${carrier.names.fa}؛ ${tourHotels.length} هتل به انتخاب شما، ترانسفر و بیمهٔ مسافرتی.`,
          `${nights} nights in ${places.en}, ${transportWords.en} from ${originNames.en} with ${carrier.names.en}; a choice of ${tourHotels.length} hotels, transfers and travel insurance.`,
          `${arabicNights(nights)} في ${places.ar}، ${transportWords.ar} من ${originNames.ar} مع ${carrier.names.ar}؛ ${tourHotels.length} فنادق للاختيار والنقل والتأمين.`,
        ),
  );
  const transportCapacity: Record<TourTransport, [number, number]> = { flight: [20, 45], train: [16, 40], bus: [16, 30] };
  const [fewest, most] = transportCapacity[route.transport];
  return {
    packageId,
    scope: destination.scope,
    from: route.from,
    to: route.to,
    countryCode: destination.countryCode,
    transport: route.transport,
    carrier,
    nights,
    travelNights,
    weekdays: route.weekdays,
    ...clockTimes(random, route, travelNights > 0),
    fromUtcOffset: route.ownFlight ? destination.utcOffset : "+03:30",
    toUtcOffset: destination.utcOffset,
    titles: titleOf(nights, destination, transportWords),
    descriptions,
    itinerary: itineraryOf(route, destination, nights, travelNights).map(digits),
    inclusions: inclusionsOf(random, route, destination),
    exclusions,
    transfer: route.ownFlight ? "ownFlight" : "withPackage",
    visa,
    fromAirports: abroad ? origin.abroadAirports : origin.domesticAirports,
    toAirports: destination.airports,
    refundRuleId: refundRuleOf(random, route, destination),
    image: `/tour-images/${destination.city}.svg`,
    capacity: whole(random, fewest, most),
    seasons: destination.seasons,
    hotels: tourHotels,
  };
}

/** Every package of the house tours, the same on every run. */
export function generateTourPackages(hotels: readonly HotelSeed[] = houseHotels()): TourPackageSeed[] {
  return TOUR_ROUTES.flatMap((route) => route.nights.map((nights) => packageOf(route, nights, hotels)));
}

let generated: TourPackageSeed[] | null = null;
/** The release's packages, generated once per process. */
export function houseTourPackages(): TourPackageSeed[] {
  generated ??= generateTourPackages();
  return generated;
}

/** Nowruz (the Iranian new year's fortnight, about 20 March – 3 April) and the summer school holidays. */
export function seasonOf(date: string): "nowruz" | "summer" | null {
  const monthDay = date.slice(5);
  if (monthDay >= "03-15" && monthDay <= "04-03") return "nowruz";
  if (monthDay >= "06-22" && monthDay <= "09-05") return "summer";
  return null;
}

/** The season's factor on a departure's prices, in percent. */
export function seasonPercent(date: string, seasons: TourPackageSeed["seasons"]): number {
  const season = seasonOf(date);
  return Math.round((season ? seasons[season] : 1) * 100);
}

/**
 * The departures of the packages on their weekdays from `firstDate` for `days` days, each named by
 * package and day (the stable key the roll inserts by). Its seats and the seats the operator sold
 * elsewhere are seeded by that key, so a day generated again is the same day.
 */
export function generateTourDepartures(
  options: { firstDate: string; days: number },
  packages: readonly TourPackageSeed[] = houseTourPackages(),
): TourDepartureSeed[] {
  const departures: TourDepartureSeed[] = [];
  for (let offset = 0; offset < options.days; offset += 1) {
    const date = addDays(options.firstDate, offset);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    for (const tour of packages) {
      if (!tour.weekdays.includes(weekday)) continue;
      const tourId = `${tour.packageId}.${date}`;
      const random = prng(hash(`tour-departure-${tourId}`));
      const returnDate = addDays(date, tour.travelNights + tour.nights);
      const roll = random();
      // A few departures are already full (a holiday weekend); the rest keep seats, fewer the sooner they leave.
      const soldElsewhere = roll < 0.03 ? tour.capacity : Math.floor(tour.capacity * 0.6 * roll * roll);
      departures.push({
        tourId,
        packageId: tour.packageId,
        departureDate: date,
        returnDate,
        departAt: new Date(`${date}T${tour.departTime}:00${tour.fromUtcOffset}`),
        returnAt: new Date(`${returnDate}T${tour.returnTime}:00${tour.toUtcOffset}`),
        capacity: tour.capacity,
        soldElsewhere,
        pricePercent: seasonPercent(date, tour.seasons),
      });
    }
  }
  return departures;
}
