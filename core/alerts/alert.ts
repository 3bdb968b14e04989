import { normalizeMobile } from "../passengers/passenger-rules.ts";
import { BOOKING_HORIZON_DAYS, MAX_SEATED_PASSENGERS, type Passengers } from "../search/search-forms.ts";
import { daysBetween, isIsoDate, tehranToday } from "../search/dates.ts";
import { isWatchService, seatsFor, type WatchOffer, type WatchService } from "./watch.ts";

/**
 * Notify-me alerts (issue 22 §1): an SMS when a route's (or one departure's) price drops by at
 * least a chosen percentage, or when seats open on a sold-out departure. The rules here are pure:
 * the job feeds them the offers of one search and stores what they decide.
 */

export const ALERT_KINDS = ["price-drop", "seats"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const isAlertKind = (value: unknown): value is AlertKind =>
  typeof value === "string" && (ALERT_KINDS as readonly string[]).includes(value);

/** The drops offered in the form; any whole percent from 1 to 90 is accepted. */
export const PRICE_DROP_PERCENTS = [5, 10, 15, 20, 30] as const;
export const DEFAULT_PRICE_DROP_PERCENT = 10;
export const MIN_PRICE_DROP_PERCENT = 1;
export const MAX_PRICE_DROP_PERCENT = 90;

/** How often an alert is checked; a route's search is shared by every alert due at the same time. */
export const ALERT_INTERVALS_MINUTES = [30, 60, 180, 360, 720, 1440] as const;
export const DEFAULT_ALERT_INTERVAL_MINUTES = 60;

export type AlertStatus = "pending" | "active" | "ended" | "removed";
export type AlertEndReason = "date-passed" | "departed";

export interface Alert {
  id: string;
  tenantId: string;
  userId: string | null;
  mobile: string;
  locale: string;
  kind: AlertKind;
  service: WatchService;
  from: string;
  to: string;
  travelDate: string;
  offerId: string | null;
  party: Passengers;
  percent: number | null;
  intervalMinutes: number;
  status: AlertStatus;
  baselinePrice: number | null;
  lastPrice: number | null;
  lastSeats: number | null;
  firedCount: number;
  lastFiredAt: Date | null;
  nextCheckAt: Date;
  lastCheckedAt: Date | null;
  removeToken: string;
  endedReason: string | null;
  createdAt: Date;
}

/** What a visitor asks for, as typed (the API's body, the page's form). */
export interface AlertRequest {
  kind: string;
  service: string;
  from: string;
  to: string;
  date: string;
  offerId?: string | null;
  percent?: number | null;
  intervalMinutes?: number | null;
  mobile: string;
  adults?: number | null;
  children?: number | null;
  infants?: number | null;
}

export type AlertFieldError =
  | "KIND_UNKNOWN"
  | "SERVICE_UNKNOWN"
  | "PLACE_INVALID"
  | "DATE_INVALID"
  | "DATE_PAST"
  | "DATE_TOO_FAR"
  | "OFFER_INVALID"
  | "PERCENT_INVALID"
  | "INTERVAL_INVALID"
  | "MOBILE_INVALID"
  | "ADULT_REQUIRED"
  | "TOO_MANY_PASSENGERS"
  | "INFANTS_EXCEED_ADULTS";

export interface CheckedAlertRequest {
  kind: AlertKind;
  service: WatchService;
  from: string;
  to: string;
  travelDate: string;
  offerId: string | null;
  party: Passengers;
  percent: number | null;
  intervalMinutes: number;
  mobile: string;
}

export type AlertRequestCheck = { ok: true; alert: CheckedAlertRequest } | { ok: false; errors: Partial<Record<string, AlertFieldError>> };

/** A route end as services name them: IATA codes, city slugs. */
const PLACE_CODE = /^[A-Za-z0-9][A-Za-z0-9-]{1,63}$/;
/** Offer ids of every house supplier are opaque tokens of letters, digits and a few separators. */
const OFFER_ID = /^[A-Za-z0-9:._~-]{1,200}$/;

const isWhole = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value);

/** Checks a request against the rules (spec §3, §5), each error on the field it concerns. */
export function checkAlertRequest(request: AlertRequest, now: Date): AlertRequestCheck {
  const errors: Partial<Record<string, AlertFieldError>> = {};
  if (!isAlertKind(request.kind)) errors.kind = "KIND_UNKNOWN";
  if (!isWatchService(request.service)) errors["route.service"] = "SERVICE_UNKNOWN";
  if (!PLACE_CODE.test(request.from)) errors["route.from"] = "PLACE_INVALID";
  if (!PLACE_CODE.test(request.to) || request.to.toLowerCase() === request.from.toLowerCase()) errors["route.to"] = "PLACE_INVALID";
  const today = tehranToday(now);
  if (!isIsoDate(request.date)) errors.date = "DATE_INVALID";
  else if (daysBetween(today, request.date) < 0) errors.date = "DATE_PAST";
  else if (daysBetween(today, request.date) > BOOKING_HORIZON_DAYS) errors.date = "DATE_TOO_FAR";
  const offerId = request.offerId?.trim() || null;
  if (offerId !== null && !OFFER_ID.test(offerId)) errors.offerId = "OFFER_INVALID";
  const percent = request.kind === "price-drop" ? (request.percent ?? DEFAULT_PRICE_DROP_PERCENT) : null;
  if (percent !== null && (!isWhole(percent) || percent < MIN_PRICE_DROP_PERCENT || percent > MAX_PRICE_DROP_PERCENT))
    errors.percent = "PERCENT_INVALID";
  const intervalMinutes = request.intervalMinutes ?? DEFAULT_ALERT_INTERVAL_MINUTES;
  if (!(ALERT_INTERVALS_MINUTES as readonly number[]).includes(intervalMinutes)) errors.intervalMinutes = "INTERVAL_INVALID";
  const mobile = normalizeMobile(request.mobile);
  if (!mobile) errors.mobile = "MOBILE_INVALID";
  const party = { adults: request.adults ?? 1, children: request.children ?? 0, infants: request.infants ?? 0 };
  if (!isWhole(party.adults) || party.adults < 1) errors.adults = "ADULT_REQUIRED";
  else if (!isWhole(party.children) || party.children < 0 || party.adults + party.children > MAX_SEATED_PASSENGERS)
    errors[party.children > 0 ? "children" : "adults"] = "TOO_MANY_PASSENGERS";
  else if (!isWhole(party.infants) || party.infants < 0 || party.infants > party.adults) errors.infants = "INFANTS_EXCEED_ADULTS";
  if (Object.keys(errors).length > 0 || !mobile) return { ok: false, errors };
  return {
    ok: true,
    alert: {
      kind: request.kind as AlertKind,
      service: request.service as WatchService,
      // Flights are searched by upper-case IATA codes, trains and buses by lower-case city slugs.
      from:
        request.service === "flight" || request.service === "internationalflight" ? request.from.toUpperCase() : request.from.toLowerCase(),
      to: request.service === "flight" || request.service === "internationalflight" ? request.to.toUpperCase() : request.to.toLowerCase(),
      travelDate: request.date,
      offerId,
      party,
      percent,
      intervalMinutes,
      mobile,
    },
  };
}

/** What one search showed of an alert's departures: the cheapest party total and the free seats. */
export interface AlertSighting {
  cheapest: number | null;
  seats: number;
  /** The watched departure's time, when it was among the offers. */
  departAt: string | null;
}

/** The offers an alert is about: its departure's, or every departure of its route and day. */
export function sightingFor(alert: Pick<Alert, "offerId" | "party">, offers: readonly WatchOffer[]): AlertSighting {
  const needed = seatsFor(alert.party);
  const relevant = offers.filter((offer) => (alert.offerId === null || offer.offerId === alert.offerId) && offer.seatsLeft >= needed);
  return {
    cheapest: relevant.length ? Math.min(...relevant.map((offer) => offer.total)) : null,
    seats: relevant.length ? Math.max(...relevant.map((offer) => offer.seatsLeft)) : 0,
    departAt: alert.offerId === null ? null : (relevant[0]?.departAt ?? null),
  };
}

/** The alert's fields a check may change. */
export interface AlertCheckUpdate {
  baselinePrice: number | null;
  lastPrice: number | null;
  lastSeats: number;
}

export type AlertVerdict =
  | { kind: "ended"; reason: AlertEndReason }
  | { kind: "quiet"; update: AlertCheckUpdate }
  /** Tell the traveller: a price-drop's old and new price, or a seats alert's free seats. */
  | { kind: "fire"; update: AlertCheckUpdate; oldPrice: number | null; newPrice: number | null; seats: number };

/** Whether an alert's day is over (Tehran's today is later than its travel date). */
export function datePassed(travelDate: string, now: Date): boolean {
  return daysBetween(tehranToday(now), travelDate) < 0;
}

/** Whether a price has dropped from the baseline by at least `percent` (whole tomans, no rounding of the threshold). */
export function droppedEnough(baseline: number, price: number, percent: number): boolean {
  return price * 100 <= baseline * (100 - percent);
}

/**
 * Judges one alert against what a search saw. A price-drop fires when the cheapest total is at
 * least `percent` below the baseline, which then becomes the price told: the baseline only moves
 * when the traveller is told, so a rise and a fall back never fires twice, and a slow slide fires
 * once it adds up to the percent. A seats alert fires when seats appear after a check that saw
 * none, and is re-armed when the departure sells out again.
 */
export function judgeAlert(
  alert: Pick<Alert, "kind" | "travelDate" | "offerId" | "party" | "percent" | "baselinePrice" | "lastSeats">,
  offers: readonly WatchOffer[],
  now: Date,
): AlertVerdict {
  if (datePassed(alert.travelDate, now)) return { kind: "ended", reason: "date-passed" };
  const sighting = sightingFor(alert, offers);
  if (sighting.departAt !== null && Date.parse(sighting.departAt) <= now.getTime()) return { kind: "ended", reason: "departed" };
  if (alert.kind === "seats") {
    const update = { baselinePrice: alert.baselinePrice, lastPrice: sighting.cheapest, lastSeats: sighting.seats };
    if ((alert.lastSeats ?? 0) === 0 && sighting.seats > 0)
      return { kind: "fire", update, oldPrice: null, newPrice: sighting.cheapest, seats: sighting.seats };
    return { kind: "quiet", update };
  }
  const percent = alert.percent ?? DEFAULT_PRICE_DROP_PERCENT;
  const price = sighting.cheapest;
  if (price === null) return { kind: "quiet", update: { baselinePrice: alert.baselinePrice, lastPrice: null, lastSeats: 0 } };
  // An alert set before any price was seen measures from the first price it sees.
  if (alert.baselinePrice === null) return { kind: "quiet", update: { baselinePrice: price, lastPrice: price, lastSeats: sighting.seats } };
  if (droppedEnough(alert.baselinePrice, price, percent))
    return {
      kind: "fire",
      update: { baselinePrice: price, lastPrice: price, lastSeats: sighting.seats },
      oldPrice: alert.baselinePrice,
      newPrice: price,
      seats: sighting.seats,
    };
  return { kind: "quiet", update: { baselinePrice: alert.baselinePrice, lastPrice: price, lastSeats: sighting.seats } };
}

/** The next check after one at `now`. */
export function nextCheckAfter(now: Date, intervalMinutes: number): Date {
  return new Date(now.getTime() + intervalMinutes * 60_000);
}

/** Rows sharing one search: the same service, route, day and party. */
export function alertGroupKey(alert: Pick<Alert, "service" | "from" | "to" | "travelDate" | "party">): string {
  const { adults, children, infants } = alert.party;
  return [alert.service, alert.from, alert.to, alert.travelDate, adults, children, infants].join("|");
}

/** An unguessable token for the remove link (128 random bits, URL-safe). */
export function newRemoveToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export const isRemoveToken = (value: string): boolean => /^[0-9a-f]{32}$/.test(value);
