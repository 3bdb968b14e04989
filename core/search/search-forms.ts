import { latinDigits } from "../i18n/digits.ts";
import { PLACE_SERVICES, type PlaceService, type PlaceSuggestion } from "../places/place.ts";
import { TRAIN_TICKET_TYPES, type TrainTicketType } from "../trains/train.ts";
import { addYears, daysBetween, parseDateText } from "./dates.ts";

/**
 * The search forms of every service (spec §2, §3, §5, §9): which fields each has, and the rules
 * they obey. The same functions run in the browser, for instant messages, and on the server,
 * which decides. A form is a flat record of strings, as a form or a query string carries it.
 */
export const SEARCH_SERVICES = PLACE_SERVICES;
export type SearchService = PlaceService;
export type SearchFields = Record<string, string>;

export function isSearchService(value: unknown): value is SearchService {
  return typeof value === "string" && (SEARCH_SERVICES as readonly string[]).includes(value);
}

/** Spec §5 and §9: adults plus children at most 9, infants no more than adults, one adult at least. */
export const MAX_SEATED_PASSENGERS = 9;
export const MAX_ROOMS = 4;
export const MAX_ADULTS_PER_ROOM = 4;
export const MAX_CHILDREN_PER_ROOM = 3;
export const MAX_INSURED_TRAVELLERS = 9;
/** Spec §5: 'International hotel: maximum stay 9 days'. */
export const MAX_NIGHTS_ABROAD = 9;
export const MAX_NIGHTS_DOMESTIC = 30;
/** How far ahead anything is sold. */
export const BOOKING_HORIZON_DAYS = 365;
/** Trip lengths travel insurers price by, in days. */
export const INSURANCE_DURATIONS = [7, 15, 23, 31, 45, 62, 92, 180, 365] as const;
export const OLDEST_INSURED_AGE = 100;

export const CABINS = { flight: ["economy", "business"], internationalflight: ["economy", "premium", "business", "first"] } as const;
export type Cabin = (typeof CABINS)["internationalflight"][number];
/** Iranian trains sell compartments for everyone, for brothers (men) only or for sisters (women) only: the train module's list. */
export { TRAIN_TICKET_TYPES, type TrainTicketType };
/** Names older links used for the one-gender compartments, still read as their train module names. */
const TICKET_TYPE_ALIASES: Readonly<Record<string, TrainTicketType>> = { men: "brothers", women: "sisters" };

/** A ticket type as a form or URL gives it (an old alias included); null when it names none. */
export function readTrainTicketType(value: string | null | undefined): TrainTicketType | null {
  if (typeof value !== "string") return null;
  const text = value.trim().toLowerCase();
  if ((TRAIN_TICKET_TYPES as readonly string[]).includes(text)) return text as TrainTicketType;
  return Object.hasOwn(TICKET_TYPE_ALIASES, text) ? TICKET_TYPE_ALIASES[text]! : null;
}

export const PLACE_FIELDS: Record<SearchService, readonly string[]> = {
  flight: ["from", "to"],
  internationalflight: ["from", "to"],
  train: ["from", "to"],
  bus: ["from", "to"],
  hotel: ["city"],
  outHotel: ["city"],
  tour: ["from", "to"],
  insurance: ["country"],
};

/** Services with a one-way / round-trip choice. */
export const HAS_TRIP_TYPE: readonly SearchService[] = ["flight", "internationalflight", "train"];
/** Services whose form counts adults, children and infants. */
/** Buses count them too: every seated traveller chooses a seat, so the results need the party. */
export const HAS_PASSENGERS: readonly SearchService[] = ["flight", "internationalflight", "train", "bus", "tour"];

export type SearchError =
  | "PLACE_REQUIRED"
  | "PLACE_UNKNOWN"
  | "SAME_PLACE"
  | "DATE_REQUIRED"
  | "DATE_INVALID"
  | "DATE_PAST"
  | "DATE_TOO_FAR"
  | "RETURN_REQUIRED"
  | "RETURN_BEFORE_DEPARTURE"
  | "CHECKOUT_NOT_AFTER_CHECKIN"
  | "STAY_TOO_LONG"
  | "STAY_TOO_LONG_ABROAD"
  | "COUNT_INVALID"
  | "ADULT_REQUIRED"
  | "INFANTS_EXCEED_ADULTS"
  | "TOO_MANY_PASSENGERS"
  | "ROOM_ADULT_REQUIRED"
  | "ROOM_TOO_MANY_GUESTS"
  | "CHOICE_INVALID"
  | "DURATION_REQUIRED"
  | "BIRTH_DATE_REQUIRED"
  | "BIRTH_DATE_INVALID"
  | "BIRTH_DATE_FUTURE";

export type SearchErrors = Partial<Record<string, SearchError>>;

export interface Passengers {
  adults: number;
  children: number;
  infants: number;
}

export interface Room {
  adults: number;
  children: number;
}

/** A search that passed every rule, with its places resolved. */
export interface ValidSearch {
  service: SearchService;
  places: Record<string, PlaceSuggestion>;
  trip?: "oneway" | "round";
  date?: string;
  returnDate?: string;
  checkIn?: string;
  checkOut?: string;
  passengers?: Passengers;
  cabin?: Cabin;
  wholeCompartment?: boolean;
  ticketType?: TrainTicketType;
  rooms?: Room[];
  days?: number;
  birthDates?: string[];
}

/** Reads a count typed in any digit set, of at most `maxDigits` digits; null when it is not a whole number. */
export function readCount(value: string | undefined, fallback: number, maxDigits = 2): number | null {
  if (value === undefined || value.trim() === "") return fallback;
  const text = latinDigits(value.trim());
  return /^\d+$/.test(text) && text.length <= maxDigits ? Number(text) : null;
}

/** Spec §5 on counts, each error on the field that breaks it. */
export function passengerErrors(passengers: Passengers): SearchErrors {
  const errors: SearchErrors = {};
  if (passengers.adults < 1) errors.adults = "ADULT_REQUIRED";
  if (passengers.adults + passengers.children > MAX_SEATED_PASSENGERS)
    errors[passengers.children > 0 ? "children" : "adults"] = "TOO_MANY_PASSENGERS";
  if (passengers.infants > passengers.adults && passengers.adults >= 1) errors.infants = "INFANTS_EXCEED_ADULTS";
  return errors;
}

/** What a stepper may still add without breaking a rule: the picker disables its + button at the limit. */
export function passengerLimits(passengers: Passengers): { adults: number; children: number; infants: number } {
  const seatsLeft = MAX_SEATED_PASSENGERS - passengers.adults - passengers.children;
  return { adults: Math.max(0, seatsLeft), children: Math.max(0, seatsLeft), infants: Math.max(0, passengers.adults - passengers.infants) };
}

/** How many rooms, or insured travellers, the form asks for; out-of-range counts are clamped. */
export function listCount(value: string | undefined, max: number): number {
  const count = readCount(value, 1);
  return count === null ? 1 : Math.min(max, Math.max(1, count));
}

export interface ValidationContext {
  /** Today in Tehran, ISO. */
  today: string;
  /**
   * The place chosen for each place field: resolved (server), null when the text matched nothing,
   * undefined when not looked up yet (the browser, before the server has answered).
   */
  places: Record<string, PlaceSuggestion | null | undefined>;
}

type Checker = (fields: SearchFields, context: ValidationContext, errors: SearchErrors, search: ValidSearch) => void;

function checkPlaces(service: SearchService): Checker {
  return (fields, context, errors, search) => {
    for (const field of PLACE_FIELDS[service]) {
      const typed = (fields[`${field}Text`] ?? "").trim();
      const chosen = context.places[field];
      if (!fields[field] && typed === "") errors[field] = "PLACE_REQUIRED";
      else if (chosen === null) errors[field] = "PLACE_UNKNOWN";
      else if (chosen) search.places[field] = chosen;
    }
    const [from, to] = [search.places.from, search.places.to];
    if (from && to && !errors.to && samePlace(from, to)) errors.to = "SAME_PLACE";
  };
}

function samePlace(a: PlaceSuggestion, b: PlaceSuggestion): boolean {
  if (a.id === b.id) return true;
  if (a.iata !== null && a.iata === b.iata) return true;
  // A city and one of its airports, stations or terminals are the same end of a trip by land.
  return a.cityId !== null && a.cityId === b.cityId && a.kind !== "airport" && b.kind !== "airport";
}

/** A travel date: required, a real date, not past, within the booking horizon. */
function travelDate(value: string | undefined, today: string): { iso: string } | { error: SearchError } {
  if (!value || value.trim() === "") return { error: "DATE_REQUIRED" };
  const iso = parseDateText(value);
  if (!iso) return { error: "DATE_INVALID" };
  if (daysBetween(today, iso) < 0) return { error: "DATE_PAST" };
  if (daysBetween(today, iso) > BOOKING_HORIZON_DAYS) return { error: "DATE_TOO_FAR" };
  return { iso };
}

function checkDates(
  first: string,
  second: string | null,
  options: { secondRequired: boolean; sameDayAllowed: boolean; secondError: SearchError },
): Checker {
  return (fields, context, errors, search) => {
    const start = travelDate(fields[first], context.today);
    if ("error" in start) errors[first] = start.error;
    else (search as unknown as Record<string, string>)[first] = start.iso;
    if (second === null) return;
    const wanted = options.secondRequired || (fields[second] ?? "").trim() !== "";
    if (!wanted) return;
    const end = travelDate(fields[second], context.today);
    if ("error" in end) {
      errors[second] = end.error === "DATE_REQUIRED" && second === "returnDate" ? "RETURN_REQUIRED" : end.error;
      return;
    }
    (search as unknown as Record<string, string>)[second] = end.iso;
    if ("iso" in start) {
      const gap = daysBetween(start.iso, end.iso);
      if (gap < 0 || (gap === 0 && !options.sameDayAllowed)) errors[second] = options.secondError;
    }
  };
}

const checkPassengers: Checker = (fields, _context, errors, search) => {
  const adults = readCount(fields.adults, 1);
  const children = readCount(fields.children, 0);
  const infants = readCount(fields.infants, 0);
  if (adults === null) errors.adults = "COUNT_INVALID";
  if (children === null) errors.children = "COUNT_INVALID";
  if (infants === null) errors.infants = "COUNT_INVALID";
  if (adults === null || children === null || infants === null) return;
  const passengers = { adults, children, infants };
  const found = passengerErrors(passengers);
  Object.assign(errors, found);
  if (Object.keys(found).length === 0) search.passengers = passengers;
};

function checkTrip(service: SearchService): Checker {
  return (fields, context, errors, search) => {
    search.trip = fields.trip === "round" ? "round" : "oneway";
    const round = search.trip === "round";
    const sameDay = service !== "tour";
    // A one-way trip ignores the return date entirely: a stale one must not block the search.
    checkDates("date", round ? "returnDate" : null, {
      secondRequired: true,
      sameDayAllowed: sameDay,
      secondError: "RETURN_BEFORE_DEPARTURE",
    })(fields, context, errors, search);
  };
}

function checkChoice<T extends string>(field: string, allowed: readonly T[], assign: (search: ValidSearch, value: T) => void): Checker {
  return (fields, _context, errors, search) => {
    const value = fields[field] || allowed[0]!;
    if ((allowed as readonly string[]).includes(value)) assign(search, value as T);
    else errors[field] = "CHOICE_INVALID";
  };
}

function checkStay(abroad: boolean): Checker {
  return (fields, context, errors, search) => {
    checkDates("checkIn", "checkOut", { secondRequired: true, sameDayAllowed: false, secondError: "CHECKOUT_NOT_AFTER_CHECKIN" })(
      fields,
      context,
      errors,
      search,
    );
    if (search.checkIn && search.checkOut && !errors.checkOut) {
      const nights = daysBetween(search.checkIn, search.checkOut);
      if (abroad && nights > MAX_NIGHTS_ABROAD) errors.checkOut = "STAY_TOO_LONG_ABROAD";
      else if (!abroad && nights > MAX_NIGHTS_DOMESTIC) errors.checkOut = "STAY_TOO_LONG";
    }
  };
}

const checkRooms: Checker = (fields, _context, errors, search) => {
  const count = listCount(fields.rooms, MAX_ROOMS);
  const rooms: Room[] = [];
  for (let number = 1; number <= count; number += 1) {
    const adults = readCount(fields[`room${number}Adults`], 1);
    const children = readCount(fields[`room${number}Children`], 0);
    if (adults === null) errors[`room${number}Adults`] = "COUNT_INVALID";
    else if (adults < 1) errors[`room${number}Adults`] = "ROOM_ADULT_REQUIRED";
    else if (adults > MAX_ADULTS_PER_ROOM) errors[`room${number}Adults`] = "ROOM_TOO_MANY_GUESTS";
    if (children === null) errors[`room${number}Children`] = "COUNT_INVALID";
    else if (children > MAX_CHILDREN_PER_ROOM) errors[`room${number}Children`] = "ROOM_TOO_MANY_GUESTS";
    if (adults !== null && children !== null) rooms.push({ adults, children });
  }
  if (rooms.length === count) search.rooms = rooms;
};

const checkInsurance: Checker = (fields, context, errors, search) => {
  // Durations run to 365 days: three digits.
  const days = readCount(fields.days, 0, 3);
  if (!days) errors.days = "DURATION_REQUIRED";
  else if (!(INSURANCE_DURATIONS as readonly number[]).includes(days)) errors.days = "CHOICE_INVALID";
  else search.days = days;
  const count = listCount(fields.travellers, MAX_INSURED_TRAVELLERS);
  const oldest = addYears(context.today, -OLDEST_INSURED_AGE);
  const birthDates: string[] = [];
  for (let number = 1; number <= count; number += 1) {
    const field = `birth${number}`;
    const value = (fields[field] ?? "").trim();
    const iso = value === "" ? null : parseDateText(value);
    if (value === "") errors[field] = "BIRTH_DATE_REQUIRED";
    else if (!iso || daysBetween(oldest, iso) < 0) errors[field] = "BIRTH_DATE_INVALID";
    else if (daysBetween(context.today, iso) > 0) errors[field] = "BIRTH_DATE_FUTURE";
    else birthDates.push(iso);
  }
  if (birthDates.length === count) search.birthDates = birthDates;
};

const CHECKS: Record<SearchService, Checker[]> = {
  flight: [checkPlaces("flight"), checkTrip("flight"), checkPassengers, checkChoice("cabin", CABINS.flight, (s, v) => (s.cabin = v))],
  internationalflight: [
    checkPlaces("internationalflight"),
    checkTrip("internationalflight"),
    checkPassengers,
    checkChoice("cabin", CABINS.internationalflight, (s, v) => (s.cabin = v)),
  ],
  train: [
    checkPlaces("train"),
    checkTrip("train"),
    checkPassengers,
    (fields, _c, errors, search) => {
      const type = fields.ticketType ? readTrainTicketType(fields.ticketType) : "general";
      if (type) search.ticketType = type;
      else errors.ticketType = "CHOICE_INVALID";
    },
    (fields, _c, _e, search) => (search.wholeCompartment = fields.coupe === "1" || fields.coupe === "on"),
  ],
  bus: [
    checkPlaces("bus"),
    checkDates("date", null, { secondRequired: false, sameDayAllowed: true, secondError: "RETURN_BEFORE_DEPARTURE" }),
    checkPassengers,
  ],
  hotel: [checkPlaces("hotel"), checkStay(false), checkRooms],
  outHotel: [checkPlaces("outHotel"), checkStay(true), checkRooms],
  tour: [
    checkPlaces("tour"),
    checkDates("date", "returnDate", { secondRequired: true, sameDayAllowed: false, secondError: "RETURN_BEFORE_DEPARTURE" }),
    checkPassengers,
  ],
  insurance: [checkPlaces("insurance"), checkInsurance],
};

/**
 * Checks a search form against every rule of its service. The errors are keyed by field name, so
 * each message shows on the field it concerns.
 */
export function validateSearch(
  service: SearchService,
  fields: SearchFields,
  context: ValidationContext,
): { ok: true; search: ValidSearch } | { ok: false; errors: SearchErrors } {
  const errors: SearchErrors = {};
  const search: ValidSearch = { service, places: {} };
  for (const check of CHECKS[service]) check(fields, context, errors, search);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, search };
}

/** Nights between check-in and check-out as typed, when both are real dates in order. */
export function nightsOf(checkIn: string | undefined, checkOut: string | undefined): number | null {
  const start = checkIn ? parseDateText(checkIn) : null;
  const end = checkOut ? parseDateText(checkOut) : null;
  if (!start || !end) return null;
  const nights = daysBetween(start, end);
  return nights > 0 ? nights : null;
}

/** The form fields a service reads, for copying a submission (and nothing else) into a draft. */
export function formFieldNames(service: SearchService): string[] {
  const names = PLACE_FIELDS[service].flatMap((field) => [field, `${field}Text`]);
  if (HAS_TRIP_TYPE.includes(service)) names.push("trip", "returnDate");
  if (HAS_PASSENGERS.includes(service)) names.push("adults", "children", "infants");
  switch (service) {
    case "flight":
    case "internationalflight":
      names.push("date", "cabin");
      break;
    case "train":
      names.push("date", "coupe", "ticketType");
      break;
    case "bus":
      names.push("date");
      break;
    case "tour":
      names.push("date", "returnDate");
      break;
    case "hotel":
    case "outHotel":
      names.push("checkIn", "checkOut", "rooms");
      for (let number = 1; number <= MAX_ROOMS; number += 1) names.push(`room${number}Adults`, `room${number}Children`);
      break;
    case "insurance":
      names.push("days", "travellers");
      for (let number = 1; number <= MAX_INSURED_TRAVELLERS; number += 1) names.push(`birth${number}`);
      break;
  }
  return [...new Set(names)];
}

/** Longest value kept of any one field: nothing a traveller types is longer. */
export const MAX_FIELD_LENGTH = 80;

/** Takes a service's fields out of a query string or form, bounded in length, ignoring everything else. */
export function readSearchFields(service: SearchService, source: { get(name: string): string | null }): SearchFields {
  const fields: SearchFields = {};
  for (const name of formFieldNames(service)) {
    const value = source.get(name);
    if (typeof value === "string" && value !== "") fields[name] = value.slice(0, MAX_FIELD_LENGTH);
  }
  return fields;
}

/** Keeps a remembered or posted date only while it can still be searched. */
export function isSearchableDate(value: string | undefined, today: string): boolean {
  if (!value) return false;
  const iso = parseDateText(value);
  return iso !== null && daysBetween(today, iso) >= 0;
}
