import { z } from "zod";
import type { AutoReserveItem } from "#core/alerts/auto-reserve.ts";
import type { DesiredPriceOrder } from "#core/alerts/desired-price.ts";
import type { WatchEvent } from "#core/alerts/purchase-watch.ts";
import { WATCH_SERVICES } from "#core/alerts/watch.ts";
import { formatNumber } from "#core/i18n/messages.ts";
import type { Locale } from "#core/i18n/locales.ts";
import { apiSchemas } from "../openapi.ts";
import type { MessageKey } from "../i18n.ts";
import type { FieldProblem } from "../problem.ts";
import type { RouteContext } from "../route.ts";
import { MAX_RANGE_DAYS, type DesiredPriceFieldError } from "#core/alerts/desired-price.ts";

/**
 * The shapes of the traveller's auto-reserve items and orders at a desired price (issue 22 §6), and
 * the messages of their refusals. Nothing here decides: core/alerts does; this is the wire.
 */

export const AUTO_RESERVES_PATH = "/api/v1/me/auto-reserves";
export const DESIRED_PRICE_ORDERS_PATH = "/api/v1/me/desired-price-orders";

const code = (max: number) => z.string().max(max);
const isoDate = z.string().max(32).describe("ISO (YYYY-MM-DD).");

export const routeSchema = z
  .object({
    service: code(32).describe(`One of ${WATCH_SERVICES.join(", ")}; a bus's seats are chosen for the travellers by the seat rules.`),
    from: code(64).describe("The origin as the service names it: an IATA code for flights, a station slug for trains."),
    to: code(64),
  })
  .strict();

export const autoReserveInputSchema = z
  .object({
    route: routeSchema,
    date: isoDate,
    offerId: code(128).nullish().describe("One departure's offer id (a sold-out flight); absent watches the whole day or window."),
    timeFrom: code(5).nullish().describe("HH:MM, the departure window's start (local time)."),
    timeTo: code(5).nullish().describe("HH:MM, the window's end."),
    passengerIds: z.array(code(64)).max(9).describe("Ids of the account's saved passengers (GET /api/v1/me/passengers)."),
    cap: z.number().int().describe("The most the whole party's tickets may cost, in tomans; the wallet's available money must cover it."),
  })
  .strict();

export const desiredPriceInputSchema = z
  .object({
    route: routeSchema,
    dateFrom: isoDate,
    dateTo: isoDate,
    price: z
      .number()
      .int()
      .describe("The whole party's total the traveller will pay, in tomans; reserved from the wallet until the order ends."),
    adults: z.number().int(),
    children: z.number().int().optional(),
    infants: z.number().int().optional(),
    latestAttempt: isoDate.describe("The last day (Tehran) a purchase is tried; the reservation is released after it."),
    passengerIds: z
      .array(code(64))
      .max(9)
      .nullish()
      .describe("Saved passengers to book; absent: the most recently updated saved passengers of each type for the counts."),
  })
  .strict();

const eventSchema = z.object({ kind: z.string(), at: z.string(), detail: z.record(z.string(), z.unknown()) }).strict();
const partySchema = z.object({ adults: z.number().int(), children: z.number().int(), infants: z.number().int() }).strict();
const travellerSchema = z.object({ firstName: z.string(), lastName: z.string() }).strict();
const bookingRefSchema = z.object({ reference: z.string() }).strict().nullable();

export const autoReserveSchema = z
  .object({
    id: z.string(),
    route: z.object({ service: z.string(), from: z.string(), to: z.string() }).strict(),
    date: z.string(),
    offerId: z.string().nullable(),
    timeFrom: z.string().nullable(),
    timeTo: z.string().nullable(),
    party: partySchema,
    passengers: z.array(travellerSchema),
    cap: z.number().int(),
    status: z.enum(["waiting", "booking", "booked", "ended", "removed"]),
    endedReason: z.string().nullable().describe("date-passed, cap-below-fares, wallet or passengers."),
    booking: bookingRefSchema,
    createdAt: z.string(),
    history: z.array(eventSchema),
  })
  .strict();
autoReserveSchema.register(apiSchemas, { id: "AutoReserve" });

export const desiredPriceOrderSchema = z
  .object({
    id: z.string(),
    route: z.object({ service: z.string(), from: z.string(), to: z.string() }).strict(),
    dateFrom: z.string(),
    dateTo: z.string(),
    price: z.number().int(),
    party: partySchema,
    passengers: z.array(travellerSchema),
    latestAttempt: z.string(),
    status: z.enum(["open", "buying", "bought", "expired", "cancelled"]),
    endedReason: z.string().nullable(),
    booking: bookingRefSchema,
    createdAt: z.string(),
    history: z.array(eventSchema),
  })
  .strict();
desiredPriceOrderSchema.register(apiSchemas, { id: "DesiredPriceOrder" });

/** History as the traveller may see it: the SMS texts stay, the numbers they went to do not. */
const apiHistory = (events: readonly WatchEvent[] = []) =>
  events.map((event) => {
    const { mobile: _mobile, ...detail } = event.detail;
    return { kind: event.kind, at: event.at.toISOString(), detail };
  });

const travellersOf = (item: { travellers: { firstName: string; lastName: string }[] }) =>
  item.travellers.map((traveller) => ({ firstName: traveller.firstName, lastName: traveller.lastName }));

export function apiAutoReserve(item: AutoReserveItem, history?: readonly WatchEvent[]): z.output<typeof autoReserveSchema> {
  return {
    id: item.id,
    route: { service: item.service, from: item.from, to: item.to },
    date: item.travelDate,
    offerId: item.offerId,
    timeFrom: item.timeFrom,
    timeTo: item.timeTo,
    party: item.party,
    passengers: travellersOf(item),
    cap: item.cap,
    status: item.status,
    endedReason: item.endedReason,
    booking: item.bookingReference ? { reference: item.bookingReference } : null,
    createdAt: item.createdAt.toISOString(),
    history: apiHistory(history),
  };
}

export function apiDesiredPriceOrder(order: DesiredPriceOrder, history?: readonly WatchEvent[]): z.output<typeof desiredPriceOrderSchema> {
  return {
    id: order.id,
    route: { service: order.service, from: order.from, to: order.to },
    dateFrom: order.dateFrom,
    dateTo: order.dateTo,
    price: order.price,
    party: order.party,
    passengers: travellersOf(order),
    latestAttempt: order.latestAttempt,
    status: order.status,
    endedReason: order.endedReason,
    booking: order.bookingReference ? { reference: order.bookingReference } : null,
    createdAt: order.createdAt.toISOString(),
    history: apiHistory(history),
  };
}

export const WATCH_ORDER_FIELD_MESSAGE = {
  REQUIRED: "watchOrder.error.REQUIRED",
  SERVICE_INVALID: "watchOrder.error.SERVICE_INVALID",
  ROUTE_SAME: "watchOrder.error.ROUTE_SAME",
  DATE_INVALID: "watchOrder.error.DATE_INVALID",
  DATE_PAST: "watchOrder.error.DATE_PAST",
  DATE_ORDER: "watchOrder.error.DATE_ORDER",
  RANGE_TOO_LONG: "watchOrder.error.RANGE_TOO_LONG",
  LATEST_AFTER_DATES: "watchOrder.error.LATEST_AFTER_DATES",
  TIME_INVALID: "watchOrder.error.TIME_INVALID",
  TIME_ORDER: "watchOrder.error.TIME_ORDER",
  PASSENGER_UNKNOWN: "watchOrder.error.PASSENGER_UNKNOWN",
  PASSENGER_TOO_YOUNG: "watchOrder.error.PASSENGER_TOO_YOUNG",
  PASSENGERS_REQUIRED: "watchOrder.error.PASSENGERS_REQUIRED",
  ADULT_REQUIRED: "watchOrder.error.ADULT_REQUIRED",
  INFANTS_EXCEED_ADULTS: "watchOrder.error.INFANTS_EXCEED_ADULTS",
  TOO_MANY_PASSENGERS: "watchOrder.error.TOO_MANY_PASSENGERS",
  PASSENGERS_NOT_ENOUGH: "watchOrder.error.PASSENGERS_NOT_ENOUGH",
  PASSENGERS_MISMATCH: "watchOrder.error.PASSENGERS_MISMATCH",
  COUNT_INVALID: "watchOrder.error.COUNT_INVALID",
  CAP_INVALID: "watchOrder.error.CAP_INVALID",
  WALLET_BELOW_CAP: "watchOrder.error.WALLET_BELOW_CAP",
  PRICE_INVALID: "watchOrder.error.PRICE_INVALID",
  INSUFFICIENT_FUNDS: "watchOrder.error.INSUFFICIENT_FUNDS",
} as const satisfies Record<DesiredPriceFieldError, MessageKey>;

export const WATCH_ORDER_FIELD_CODES = Object.keys(WATCH_ORDER_FIELD_MESSAGE) as DesiredPriceFieldError[];

/** One field entry per refused field, its message in the request's language (amounts in its digits). */
export function watchOrderFieldProblems(
  field: RouteContext<unknown, unknown, unknown, "none">["field"],
  locale: Locale,
  errors: Partial<Record<string, DesiredPriceFieldError>>,
  available = 0,
): FieldProblem[] {
  const params = { available: formatNumber(locale, available), days: formatNumber(locale, MAX_RANGE_DAYS) };
  return Object.entries(errors).flatMap(([name, error]) => (error ? [field(name, error, WATCH_ORDER_FIELD_MESSAGE[error], params)] : []));
}
