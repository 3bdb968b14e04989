import { z } from "zod";
import { ALERT_INTERVALS_MINUTES, type Alert, type AlertFieldError } from "#core/alerts/alert.ts";
import type { AlertWithHistory } from "#core/alerts/ports.ts";
import { WATCH_SERVICES } from "#core/alerts/watch.ts";
import { tenantOffers } from "#core/tenants/options.ts";
import type { Tenant } from "#core/tenants/site-config.ts";
import { optionalText, text } from "../accounts/schemas.ts";
import type { MessageKey } from "../i18n.ts";
import { apiSchemas } from "../openapi.ts";
import type { ApiProblem } from "../problem.ts";
import type { RouteContext } from "../route.ts";

/** The shapes of the alerts API (issue 22 §6); the rules are core/alerts. */

export const ALERT_ERROR_MESSAGE = {
  KIND_UNKNOWN: "alerts.error.KIND_UNKNOWN",
  SERVICE_UNKNOWN: "alerts.error.SERVICE_UNKNOWN",
  PLACE_INVALID: "alerts.error.PLACE_INVALID",
  DATE_INVALID: "alerts.error.DATE_INVALID",
  DATE_PAST: "alerts.error.DATE_PAST",
  DATE_TOO_FAR: "alerts.error.DATE_TOO_FAR",
  OFFER_INVALID: "alerts.error.OFFER_INVALID",
  PERCENT_INVALID: "alerts.error.PERCENT_INVALID",
  INTERVAL_INVALID: "alerts.error.INTERVAL_INVALID",
  MOBILE_INVALID: "alerts.error.MOBILE_INVALID",
  ADULT_REQUIRED: "alerts.error.ADULT_REQUIRED",
  TOO_MANY_PASSENGERS: "alerts.error.TOO_MANY_PASSENGERS",
  INFANTS_EXCEED_ADULTS: "alerts.error.INFANTS_EXCEED_ADULTS",
} as const satisfies Record<AlertFieldError, MessageKey>;

const count = z.number().int().min(0).max(9);

export const alertRequestSchema = z
  .object({
    kind: text(16).describe("price-drop or seats."),
    offerId: optionalText(200).describe("One departure's offer id (from a search); without it the whole route and day is watched."),
    route: z
      .object({
        service: text(32).describe(`One of ${WATCH_SERVICES.join(", ")}.`),
        from: text(64).describe("As the service searches: IATA codes for flights, city slugs for trains and buses."),
        to: text(64),
      })
      .strict(),
    date: text(10).describe("The travel day, ISO (YYYY-MM-DD): today up to a year ahead."),
    percent: z.number().int().min(-1000).max(1000).nullish().describe("price-drop only: the drop in whole percent, 1 to 90 (default 10)."),
    intervalMinutes: z
      .number()
      .int()
      .min(0)
      .max(100_000)
      .nullish()
      .describe(`How often it is checked: one of ${ALERT_INTERVALS_MINUTES.join(", ")} (default 60).`),
    mobile: text(64).describe(
      "Where the SMS goes. A signed-in traveller's own number needs no code; any other waits for the sign-in code.",
    ),
    adults: count.nullish(),
    children: count.nullish(),
    infants: count.nullish(),
  })
  .strict();

const eventSchema = z.object({ kind: z.string(), at: z.string(), detail: z.record(z.string(), z.unknown()) }).strict();

export const alertSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["price-drop", "seats"]),
    status: z.enum(["pending", "active", "ended", "removed"]),
    route: z.object({ service: z.enum(WATCH_SERVICES), from: z.string(), to: z.string() }).strict(),
    date: z.string(),
    offerId: z.string().nullable(),
    adults: z.number().int(),
    children: z.number().int(),
    infants: z.number().int(),
    percent: z.number().int().nullable(),
    intervalMinutes: z.number().int(),
    baselinePrice: z.number().int().nullable().describe("What a drop is measured from: the price when set, then the price last told."),
    lastPrice: z.number().int().nullable(),
    lastSeats: z.number().int().nullable(),
    firedCount: z.number().int(),
    lastFiredAt: z.string().nullable(),
    nextCheckAt: z.string(),
    endedReason: z.string().nullable(),
    createdAt: z.string(),
    history: z.array(eventSchema).optional(),
  })
  .strict();
alertSchema.register(apiSchemas, { id: "Alert" });

export function apiAlert(alert: Alert | AlertWithHistory) {
  return {
    id: alert.id,
    kind: alert.kind,
    status: alert.status,
    route: { service: alert.service, from: alert.from, to: alert.to },
    date: alert.travelDate,
    offerId: alert.offerId,
    adults: alert.party.adults,
    children: alert.party.children,
    infants: alert.party.infants,
    percent: alert.percent,
    intervalMinutes: alert.intervalMinutes,
    baselinePrice: alert.baselinePrice,
    lastPrice: alert.lastPrice,
    lastSeats: alert.lastSeats,
    firedCount: alert.firedCount,
    lastFiredAt: alert.lastFiredAt?.toISOString() ?? null,
    nextCheckAt: alert.nextCheckAt.toISOString(),
    endedReason: alert.endedReason,
    createdAt: alert.createdAt.toISOString(),
    ...("history" in alert
      ? { history: alert.history.map((entry) => ({ kind: entry.kind, at: entry.at.toISOString(), detail: entry.detail })) }
      : {}),
  };
}

/** The refusal of an agency that does not offer notify-me (its `notifyMe` option is off). */
export function alertsOffProblem(
  tenant: Tenant,
  problem: RouteContext<undefined, undefined, undefined, "none">["problem"],
): ApiProblem | null {
  return tenantOffers(tenant, "notifyMe") ? null : problem(404, "OPTION_NOT_ACTIVE", "alerts.error.OFF");
}
