import { z } from "zod";
import { AGE_BANDS, DURATION_BANDS, INSURANCE_ZONES, type InsuranceOffer } from "#core/insurance/insurance.ts";
import { parseInsuranceQuery, type InsuranceQueryError } from "#core/insurance/insurance-query.ts";
import { ageBandOf, ageOn, coverEndDate, durationBandOf, plansAccepting } from "#core/insurance/rules.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { firstParam } from "#core/search/trip-params.ts";
import { isServiceEnabled } from "#core/tenants/site-config.ts";
import { apiSchemas } from "../openapi.ts";
import { defineRoute, json } from "../route.ts";

/** The message of each refusal: the query's own, a country no insurer covers, no insurer to ask. */
const MESSAGE: Record<InsuranceQueryError | "UNAVAILABLE", MessageKey> = {
  COUNTRY_INVALID: "api.insurance.COUNTRY_INVALID",
  DAYS_INVALID: "api.insurance.DAYS_INVALID",
  BIRTH_REQUIRED: "api.insurance.BIRTH_REQUIRED",
  BIRTH_INVALID: "api.insurance.BIRTH_INVALID",
  TRAVELLERS_TOO_MANY: "api.insurance.TRAVELLERS_TOO_MANY",
  START_INVALID: "api.insurance.START_INVALID",
  UNAVAILABLE: "api.insurance.UNAVAILABLE",
};
const QUERY_CODES = Object.keys(MESSAGE).filter((code) => code !== "UNAVAILABLE");

const money = z.number().int().min(0);
const euros = z.number().int().min(0);
const ageBand = z.enum(AGE_BANDS.map((band) => band.id) as [string, ...string[]]);
const zone = z.enum(INSURANCE_ZONES);

const quoteSchema = z.union([
  z.object({ accepted: z.literal(true), age: z.number().int(), ageBand, price: money }).strict(),
  z
    .object({ accepted: z.literal(false), age: z.number().int(), reason: z.literal("TOO_OLD") })
    .strict()
    .describe("The plan does not take a traveller this old."),
]);

const planSchema = z
  .object({
    offerId: z
      .string()
      .describe("Book it with POST /api/v1/bookings, service insurance; the passengers are the insured, in the order of `birth`."),
    planId: z.string(),
    insurer: z.object({ code: z.string(), name: z.string() }).strict(),
    name: z.string(),
    zone,
    cover: z
      .object({
        medical: euros,
        evacuation: euros.nullable(),
        baggageLoss: euros.nullable(),
        flightDelay: euros.nullable(),
        covid: z.boolean(),
      })
      .strict()
      .describe("In euros; null: not covered."),
    maxAge: z.number().int().describe("Oldest age taken, in whole years on the first day of cover."),
    maxDays: z.number().int(),
    quotes: z.array(quoteSchema).describe("One per traveller, in the order of `birth`."),
    total: money.describe("Tomans: the accepted travellers' prices."),
    acceptsAll: z.boolean().describe("Whether the plan takes every traveller; only such a plan can be booked for the party."),
  })
  .strict();
planSchema.register(apiSchemas, { id: "InsurancePlan" });

const plansAnswerSchema = z
  .object({
    country: z
      .object({
        code: z.string(),
        zone,
        schengen: z.boolean().describe("A Schengen destination lists only plans with medical cover of at least EUR 30,000."),
      })
      .strict(),
    days: z.number().int(),
    durationBand: z.enum(DURATION_BANDS.map((band) => band.id) as [string, ...string[]]),
    startDate: z.string().describe("First day of cover, YYYY-MM-DD."),
    endDate: z.string().describe("Last day of cover, YYYY-MM-DD."),
    travellers: z.array(
      z
        .object({
          birthDate: z.string(),
          age: z.number().int().describe("Whole years on the first day of cover."),
          ageBand,
          plansAccepting: z.array(z.string()).describe("planId of every plan listed that takes this traveller; empty when none does."),
        })
        .strict(),
    ),
    plans: z.array(planSchema).describe("Plans taking every traveller first, then cheapest."),
  })
  .strict();

function presentPlan(offer: InsuranceOffer) {
  return {
    offerId: offer.offerId,
    planId: offer.planId,
    insurer: { code: offer.insurer.code, name: offer.insurer.name },
    name: offer.name,
    zone: offer.zone,
    cover: {
      medical: offer.cover.medical,
      evacuation: offer.cover.evacuation,
      baggageLoss: offer.cover.baggageLoss,
      flightDelay: offer.cover.flightDelay,
      covid: offer.cover.covid,
    },
    maxAge: offer.maxAge,
    maxDays: offer.maxDays,
    quotes: offer.quotes.map((quote) =>
      quote.accepted
        ? { accepted: true as const, age: quote.age, ageBand: quote.ageBand, price: quote.price }
        : { accepted: false as const, age: quote.age, reason: quote.reason },
    ),
    total: offer.total,
    acceptsAll: offer.acceptsAll,
  };
}

/**
 * `GET /api/v1/insurance/plans`: every plan covering a destination for a trip's length, each
 * traveller priced by their age on the first day of cover, names in the request's language. A
 * traveller over a plan's oldest age is refused by it, and told which plans still take them.
 * Every refused input is a 422 naming its parameter (`birth.{k}` for traveller k); a deployment
 * without an insurer answers 503.
 */
export const insurancePlansRoute = defineRoute({
  operationId: "listInsurancePlans",
  method: "get",
  path: "/api/v1/insurance/plans",
  summary: "Travel insurance plans for a destination, a trip length and the travellers' ages",
  tags: ["insurance"],
  auth: "none",
  query: z.object({
    country: z.string().optional().describe("ISO 3166-1 alpha-2 of the destination, e.g. TR or DE (not IR)."),
    days: z.string().optional().describe("Length of the trip in days, 1–365."),
    birth: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .describe("Each traveller's birth date, YYYY-MM-DD (a Persian year reads as the Persian calendar), repeated: birth=…&birth=… (1–9)."),
    start: z.string().optional().describe("First day of cover, YYYY-MM-DD, today up to a year ahead; tomorrow when absent."),
  }),
  responses: {
    200: {
      description: "The plans, and each traveller's age and the plans taking them (an empty list when none covers the trip).",
      schema: plansAnswerSchema,
    },
    404: { description: "This agency does not sell travel insurance.", codes: ["SERVICE_UNAVAILABLE"] },
    422: { description: "A parameter the search cannot take; fields name each.", codes: QUERY_CODES },
    503: { description: "This deployment has no insurer.", codes: ["UNAVAILABLE"] },
  },
  async handler({ req, deps, now, locale, problem, field, tenant }) {
    if (!isServiceEnabled(tenant, "insurance")) return problem(404, "SERVICE_UNAVAILABLE", "api.error.SERVICE_UNAVAILABLE");
    const params = new URL(req.originalUrl, "http://localhost").searchParams;
    const parsed = parseInsuranceQuery(
      {
        country: firstParam(params, "country"),
        days: firstParam(params, "days"),
        births: params.getAll("birth"),
        start: firstParam(params, "start"),
      },
      now,
    );
    const insurance = deps.insurance;
    const destination = parsed.ok && insurance ? await insurance.zoneOf(parsed.query.countryCode) : null;
    const errors: [string, InsuranceQueryError][] = parsed.ok ? [] : Object.entries(parsed.errors);
    // A well-formed code no insurer covers is refused like a malformed one.
    if (parsed.ok && insurance && destination === null) errors.push(["country", "COUNTRY_INVALID"]);
    if (errors.length > 0) {
      const [, code] = errors[0]!;
      return problem(
        422,
        code,
        MESSAGE[code],
        errors.map(([param, error]) => field(param, error, MESSAGE[error])),
      );
    }
    if (!parsed.ok || !insurance || destination === null) return problem(503, "UNAVAILABLE", MESSAGE.UNAVAILABLE);
    const { query } = parsed;
    const offers = await insurance.plans({ ...query, locale });
    return json({
      country: { code: query.countryCode, zone: destination, schengen: destination === "schengen" },
      days: query.days,
      durationBand: durationBandOf(query.days),
      startDate: query.startDate,
      endDate: coverEndDate(query.startDate, query.days),
      travellers: query.birthDates.map((birthDate, index) => {
        const age = Math.max(0, ageOn(birthDate, query.startDate));
        return { birthDate, age, ageBand: ageBandOf(age), plansAccepting: plansAccepting(offers, index).map((offer) => offer.planId) };
      }),
      plans: offers.map(presentPlan),
    });
  },
});
