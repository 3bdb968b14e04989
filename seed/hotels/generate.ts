import { HOTEL_FACILITIES, type HotelFacility, type HotelKind, type HotelRating, type RoomType } from "#core/hotels/hotel.ts";
import { hash, prng } from "../seeded-random.ts";
import { FOREIGN_HOTEL_CITIES } from "./foreign-cities.ts";
import { IRAN_HOTEL_CITIES } from "./iran-cities.ts";
import { ABROAD_WORDS, BASE_RULES, IRAN_RULES, IRAN_WORDS, OTHER_RULES, ROOM_NAMES, ROOM_VIEWS, kindName } from "./words.ts";
import { trio, type HotelCitySeed, type HotelSeed, type RoomTypeSeed, type Trio } from "./types.ts";

export const HOTEL_CITIES: readonly HotelCitySeed[] = [...IRAN_HOTEL_CITIES, ...FOREIGN_HOTEL_CITIES];

type Random = () => number;
const between = (random: Random, min: number, max: number) => min + (max - min) * random();
const whole = (random: Random, min: number, max: number) => Math.floor(between(random, min, max + 1));
const chance = (random: Random, probability: number) => random() < probability;
/** Prices are quoted in round tens of thousands of toman. */
const roundPrice = (toman: number) => Math.max(10_000, Math.round(toman / 10_000) * 10_000);
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

const PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹";
const ARABIC_DIGITS = "٠١٢٣٤٥٦٧٨٩";

/** A number as each language writes it: Persian and Arabic-Indic digits, their decimal separator. */
function numerals(value: number): Trio {
  const en = String(value);
  const as = (digits: string) => en.replace(/\d/g, (digit) => digits[Number(digit)]!).replace(".", "٫");
  return trio(as(PERSIAN_DIGITS), en, as(ARABIC_DIGITS));
}

/** Great-circle distance in kilometres, one decimal, at least 0.1. */
export function kmBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return Math.max(0.1, oneDecimal(2 * 6371 * Math.asin(Math.sqrt(h))));
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function starsOf(random: Random, kind: HotelKind): number {
  if (kind === "traditional") return 0;
  if (kind === "apartment") return chance(random, 0.5) ? 0 : whole(random, 2, 3);
  const roll = random();
  return roll < 0.05 ? 1 : roll < 0.2 ? 2 : roll < 0.55 ? 3 : roll < 0.85 ? 4 : 5;
}

/** A double room's weeknight price range by stars (toman, an average Iranian city). */
const DOUBLE_PRICE: Record<string, [number, number]> = {
  apartment: [1_300_000, 3_000_000],
  traditional: [1_800_000, 4_500_000],
  "1": [700_000, 1_200_000],
  "2": [1_000_000, 1_800_000],
  "3": [1_600_000, 3_200_000],
  "4": [2_800_000, 5_200_000],
  "5": [4_800_000, 9_000_000],
};
const TYPE_FACTOR: Record<RoomType, number> = { single: 0.7, double: 1, twin: 0.97, triple: 1.35, suite: 2.1 };
const ROOMS_RANGE: Record<RoomType, [number, number]> = { single: [2, 5], double: [6, 18], twin: [4, 12], triple: [2, 8], suite: [1, 3] };

function roomTypesOf(random: Random, hotelId: string, kind: HotelKind, stars: number, doublePrice: number, foreignRates: boolean) {
  const wanted: RoomType[] = ["double"];
  if (stars <= 3 || chance(random, 0.6)) wanted.unshift("single");
  if (chance(random, 0.7)) wanted.push("twin");
  if (chance(random, 0.7)) wanted.push("triple");
  if (stars >= 4 || (stars === 3 && chance(random, 0.4)) || (kind === "traditional" && chance(random, 0.5))) wanted.push("suite");
  const breakfast = kind === "traditional" || stars >= 3 || chance(random, kind === "apartment" ? 0.3 : 0.6);
  const view = chance(random, 0.4) ? ROOM_VIEWS[whole(random, 0, ROOM_VIEWS.length - 1)]! : null;
  return wanted.map((type): RoomTypeSeed => {
    const perNight = roundPrice(doublePrice * TYPE_FACTOR[type]);
    const [fewest, most] = ROOMS_RANGE[type];
    const names =
      view && type !== "single"
        ? trio(ROOM_NAMES[type].fa + view.fa, ROOM_NAMES[type].en + view.en, ROOM_NAMES[type].ar + view.ar)
        : ROOM_NAMES[type];
    const extraBeds = (type === "double" || type === "twin" || type === "suite") && chance(random, 0.5) ? 1 : 0;
    return {
      id: `${hotelId}:${type}`,
      type,
      names,
      capacity: { single: 1, double: 2, twin: 2, triple: 3, suite: stars === 5 ? 4 : 3 }[type],
      extraBeds,
      breakfast,
      perNight,
      foreignPerNight: foreignRates ? roundPrice(perNight * 1.5) : null,
      extraBedPerNight: extraBeds ? roundPrice(perNight * 0.3) : 0,
      rooms: Math.round(between(random, fewest, most) * (stars >= 4 ? 1.5 : 1)),
    };
  });
}

function facilitiesOf(random: Random, city: HotelCitySeed, stars: number): HotelFacility[] {
  const iran = city.region === "iran";
  const has: Record<HotelFacility, boolean> = {
    wifi: chance(random, 0.97),
    parking: chance(random, 0.7),
    restaurant: stars >= 3 || chance(random, 0.5),
    coffeeShop: stars >= 3 && chance(random, 0.6),
    roomService: stars >= 3,
    pool: stars >= 4 && chance(random, 0.6),
    gym: stars >= 4 && chance(random, 0.7),
    spa: stars === 5 && chance(random, 0.6),
    laundry: chance(random, 0.6),
    elevator: stars >= 2,
    airportShuttle: chance(random, 0.4),
    meetingRoom: stars >= 4,
    prayerRoom: chance(random, iran || city.countryCode === "IQ" ? 0.8 : 0.2),
    disabledAccess: stars >= 4 && chance(random, 0.5),
    kidsClub: stars === 5 && chance(random, 0.3),
    currencyExchange: !iran && chance(random, 0.4),
  };
  return HOTEL_FACILITIES.filter((facility) => has[facility]);
}

function ratingOf(random: Random, kind: HotelKind, stars: number): HotelRating {
  const base = kind === "traditional" ? 8.3 : kind === "apartment" ? 7.2 : 5.8 + stars * 0.65;
  const part = () => oneDecimal(Math.min(9.9, Math.max(4, base + between(random, -0.8, 0.8))));
  const parts = {
    quality: part(),
    facilities: part(),
    location: part(),
    price: part(),
    food: part(),
    relaxation: part(),
    staff: part(),
    cleaning: part(),
  };
  const values = Object.values(parts);
  const total = oneDecimal(values.reduce((sum, value) => sum + value, 0) / values.length);
  return { ...parts, total, count: whole(random, 15, 150 + stars * 150) };
}

function descriptionOf(
  names: Trio,
  kind: HotelKind,
  stars: number,
  city: HotelCitySeed,
  near: { landmark: Trio; km: number },
  breakfast: boolean,
): Trio {
  const km = numerals(near.km);
  const starsText = numerals(stars);
  const what =
    kind === "traditional"
      ? trio("اقامتگاهی سنتی در خانه‌ای قدیمی و مرمت‌شده", "a traditional house in a restored old home", "بيت تقليدي في منزل قديم مرمم")
      : kind === "apartment"
        ? trio("هتل آپارتمانی با سوئیت‌های آشپزخانه‌دار", "an apartment hotel with kitchen suites", "شقق فندقية بمطابخ")
        : trio(`هتلی ${starsText.fa} ستاره`, `a ${stars}-star hotel`, `فندق من فئة ${starsText.ar} نجوم`);
  return trio(
    `${names.fa} ${what.fa} در ${city.names.fa} است، ${km.fa} کیلومتر تا ${near.landmark.fa}.${breakfast ? " صبحانه در قیمت اتاق است." : ""}`,
    `${names.en} is ${what.en} in ${city.names.en}, ${km.en} km from ${near.landmark.en}.${breakfast ? " Breakfast comes with the room." : ""}`,
    `${names.ar} ${what.ar} في ${city.names.ar}، على بعد ${km.ar} كم من ${near.landmark.ar}.${breakfast ? " الإفطار مشمول في سعر الغرفة." : ""}`,
  );
}

function refundRuleOf(random: Random, city: HotelCitySeed, kind: HotelKind): string {
  const roll = random();
  if (city.region === "abroad") return roll < 0.3 ? "hotel-nonref" : roll < 0.7 ? "hotel-free-72h" : "hotel-free-48h";
  if (kind === "traditional" && roll < 0.6) return "hotel-free-7d";
  return roll < 0.65 ? "hotel-free-72h" : "hotel-free-48h";
}

/** The names a city's hotels take, in order: its own words and the shared ones, then their "Grand" forms. */
function nameWords(city: HotelCitySeed): { word: Trio; grand: boolean }[] {
  const random = prng(hash(`hotel-words-${city.city}`));
  const shared = [...(city.region === "iran" ? IRAN_WORDS : ABROAD_WORDS)].sort(() => random() - 0.5);
  const words = [...city.words, ...shared];
  return [...words.map((word) => ({ word, grand: false })), ...words.map((word) => ({ word, grand: true }))];
}

function hotelsOf(city: HotelCitySeed): HotelSeed[] {
  const names = nameWords(city);
  if (names.length < city.hotels) throw new Error(`hotel seed: ${city.city} has too few names for ${city.hotels} hotels`);
  return names.slice(0, city.hotels).map(({ word, grand }, index): HotelSeed => {
    const hotelId = `${grand ? "grand-" : ""}${slug(word.en)}-${city.city}`;
    const random = prng(hash(`hotel-${hotelId}`));
    const roll = random();
    const kind: HotelKind = city.traditional && !grand && roll < 0.3 ? "traditional" : roll > 0.9 && index > 0 ? "apartment" : "hotel";
    const stars = starsOf(random, kind);
    const hotelNames = kindName(kind, word, grand);
    const centre = city.landmarks[0]!;
    const radius = 0.15 + 5 * random() ** 2;
    const angle = between(random, 0, 2 * Math.PI);
    const location = {
      lat: Number((centre.lat + (radius / 111) * Math.cos(angle)).toFixed(4)),
      lng: Number((centre.lng + (radius / (111 * Math.cos((centre.lat * Math.PI) / 180))) * Math.sin(angle)).toFixed(4)),
    };
    const distances = city.landmarks.map((landmark) => ({ landmark: landmark.names, km: kmBetween(location, landmark) }));
    const [low, high] = DOUBLE_PRICE[kind === "hotel" ? String(stars) : kind]!;
    const doublePrice = between(random, low, high) * city.priceLevel * (city.region === "abroad" ? 1.6 : 1);
    const foreignRates = city.region === "iran" && stars >= 3 && chance(random, 0.4);
    const roomTypes = roomTypesOf(random, hotelId, kind, stars, doublePrice, foreignRates);
    const street = city.streets[whole(random, 0, city.streets.length - 1)]!;
    const number = numerals(whole(random, 2, 180));
    const other = OTHER_RULES.filter(() => chance(random, 0.6));
    return {
      hotelId,
      city: city.city,
      countryCode: city.countryCode,
      region: city.region,
      utcOffset: city.utcOffset,
      kind,
      stars,
      names: hotelNames,
      addresses: trio(`${street.fa}، پلاک ${number.fa}`, `No. ${number.en}, ${street.en}`, `${street.ar}، رقم ${number.ar}`),
      descriptions: descriptionOf(hotelNames, kind, stars, city, distances[0]!, roomTypes[0]!.breakfast),
      location,
      facilities: facilitiesOf(random, city, stars),
      rules: { base: city.region === "iran" ? [...BASE_RULES, ...IRAN_RULES] : BASE_RULES, other },
      distances,
      rating: ratingOf(random, kind, stars),
      images: whole(random, 4, 7),
      refundRuleId: refundRuleOf(random, city, kind),
      roomTypes,
    };
  });
}

/** Every hotel of the house supplier, the same on every run. */
export function generateHotels(cities: readonly HotelCitySeed[] = HOTEL_CITIES): HotelSeed[] {
  return cities.flatMap(hotelsOf);
}

let generated: HotelSeed[] | null = null;
/** The release's hotels, generated once per process. */
export function houseHotels(): HotelSeed[] {
  generated ??= generateHotels();
  return generated;
}
