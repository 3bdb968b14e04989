import { z } from "zod";
import { formatNumber, localizeDigits, translate } from "../i18n/messages.ts";
import type { Locale } from "../i18n/locales.ts";
import { dateText } from "../search/dates.ts";
import { readableInstant, storedMoney } from "../services/describe.ts";
import type { DescribeContext, DetailLine, ItemFacts, ItemTickets, ServiceModule } from "../services/service-module.ts";
import {
  AGE_BANDS,
  DURATION_BANDS,
  INSURANCE_ZONES,
  type AgeBandId,
  type DurationBandId,
  type HeldInsuranceOffer,
  type InsuranceCover,
  type InsurancePlacement,
  type InsuranceZone,
  type InsuredQuote,
} from "./insurance.ts";
import { coverEndsAt, coverStartsAt } from "./rules.ts";

/**
 * Travel insurance as one service module (issue 21). One booking item is one plan for the whole
 * party, each passenger insured under it with their own price; issue gives one policy per insured
 * traveller, its number as the ticket number. A policy has no route: it covers a destination
 * country (`to`, looked up as an insurance place) from 00:00 Tehran time on its first day to the
 * end of its last.
 */

const ageBand = z.enum(AGE_BANDS.map((band) => band.id) as [AgeBandId, ...AgeBandId[]]);
const durationBand = z.enum(DURATION_BANDS.map((band) => band.id) as [DurationBandId, ...DurationBandId[]]);
const euros = z.number().int().min(0);

const coverSchema = z.object({
  medical: euros,
  evacuation: euros.nullable(),
  baggageLoss: euros.nullable(),
  flightDelay: euros.nullable(),
  covid: z.boolean(),
}) satisfies z.ZodType<InsuranceCover>;

const quoteSchema = z.discriminatedUnion("accepted", [
  z.object({ accepted: z.literal(true), ageBand, age: z.number().int().min(0), price: storedMoney }),
  z.object({ accepted: z.literal(false), age: z.number().int().min(0), reason: z.literal("TOO_OLD") }),
]) satisfies z.ZodType<InsuredQuote>;

/** The stored offer (booking_items.offer jsonb): the plan as revalidated and each insured traveller's price. */
export const storedInsuranceOfferSchema = z.object({
  planId: z.string().min(1),
  insurer: z.object({ code: z.string().min(1), name: z.string().min(1) }),
  name: z.string().min(1),
  zone: z.enum(INSURANCE_ZONES),
  cover: coverSchema,
  maxAge: z.number().int().min(0),
  maxDays: z.number().int().min(1),
  offerId: z.string().min(1),
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  days: z.number().int().min(1),
  durationBand,
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  quotes: z.array(quoteSchema),
  total: storedMoney,
  acceptsAll: z.boolean(),
  insured: z.array(z.object({ birthDate: z.iso.date(), ageBand, price: storedMoney })).min(1),
  price: storedMoney,
}) satisfies z.ZodType<HeldInsuranceOffer>;

/** A policy's placement as the insurer wrote it; anything else prints the ticket number alone. */
const placementSchema = z.object({
  policy: z.string().min(1),
  from: z.iso.date(),
  to: z.iso.date(),
}) satisfies z.ZodType<InsurancePlacement>;

/** An insurance item in the bookings API: the plan, where and when it covers, and each insured's band and price. */
export interface InsuranceApiItem {
  planId: string;
  insurer: { code: string; name: string };
  planName: string;
  zone: InsuranceZone;
  countryCode: string;
  days: number;
  durationBand: DurationBandId;
  startDate: string;
  endDate: string;
  cover: InsuranceCover;
  /** Each insured traveller in passenger order: their age band on the start of cover and their price. */
  insured: { passenger: number; ageBand: AgeBandId; price: number }[];
  refundable: true;
}

function countryName(offer: HeldInsuranceOffer, context: DescribeContext): string {
  return context.placeName?.(offer.countryCode) ?? offer.countryCode;
}

/** "€30,000" in the language's digits and grouping. */
function eurosText(locale: Locale, amount: number): string {
  return translate(locale, "insuranceService.euros", { amount: formatNumber(locale, amount) });
}

function daysText(locale: Locale, days: number): string {
  return localizeDigits(locale, translate(locale, "insuranceService.days", { count: days }));
}

function factsOf(offer: HeldInsuranceOffer): ItemFacts {
  return {
    // Refund lines and SMS tell policies apart by insurer and plan.
    code: `${offer.insurer.name} – ${offer.name}`,
    from: null,
    to: offer.countryCode,
    startsAt: coverStartsAt(offer.startDate),
    endsAt: coverEndsAt(offer.endDate),
  };
}

/** The plan's lines: insurer, plan, medical cover (and what else it covers), the cover's dates and length. */
function planLines(
  offer: HeldInsuranceOffer,
  context: DescribeContext,
  cover = { from: offer.startDate, to: offer.endDate },
): DetailLine[] {
  const { locale } = context;
  const date = (iso: string) => localizeDigits(locale, dateText(iso, context.calendar));
  const extras: DetailLine[] = [];
  if (offer.cover.evacuation !== null)
    extras.push({ label: translate(locale, "insuranceService.detail.evacuation"), value: eurosText(locale, offer.cover.evacuation) });
  return [
    { label: translate(locale, "insuranceService.detail.insurer"), value: offer.insurer.name },
    { label: translate(locale, "insuranceService.detail.plan"), value: offer.name },
    { label: translate(locale, "insuranceService.detail.medical"), value: eurosText(locale, offer.cover.medical) },
    ...extras,
    { label: translate(locale, "insuranceService.detail.coverFrom"), value: date(cover.from) },
    { label: translate(locale, "insuranceService.detail.coverTo"), value: date(cover.to) },
    { label: translate(locale, "insuranceService.detail.length"), value: daysText(locale, offer.days) },
  ];
}

/** The policies of an item by passenger position; before issue, none. */
function policiesByPassenger(tickets: ItemTickets): Map<number, { number: string; from?: string; to?: string }> {
  const policies = new Map<number, { number: string; from?: string; to?: string }>();
  for (const ticket of tickets) {
    const placement = placementSchema.safeParse(ticket.placement);
    policies.set(
      ticket.passengerPosition,
      placement.success
        ? { number: placement.data.policy, from: placement.data.from, to: placement.data.to }
        : { number: ticket.ticketNumber },
    );
  }
  return policies;
}

export const INSURANCE_SERVICE: ServiceModule<HeldInsuranceOffer, InsuranceApiItem> = {
  services: ["insurance"],
  places: "insurance",

  parseOffer(stored) {
    return storedInsuranceOfferSchema.parse(stored);
  },

  facts: factsOf,

  summary(offer, context) {
    const { locale } = context;
    const facts = factsOf(offer);
    return {
      ...facts,
      title: translate(locale, "insuranceService.title", { country: countryName(offer, context), days: daysText(locale, offer.days) }),
      date: localizeDigits(locale, dateText(offer.startDate, context.calendar)),
      // Cover runs whole days: its two ends are the first and last day, not the clocks of midnight.
      startTime: localizeDigits(locale, dateText(offer.startDate, context.calendar)),
      endTime: localizeDigits(locale, dateText(offer.endDate, context.calendar)),
      details: [
        ...planLines(offer, context),
        {
          label: translate(locale, "insuranceService.detail.insured"),
          value: localizeDigits(locale, translate(locale, "insuranceService.travellers", { count: offer.insured.length })),
        },
      ],
    };
  },

  ticketLines(offer, tickets, context) {
    const { locale } = context;
    const policies = policiesByPassenger(tickets);
    // One box per insured traveller: each holds their own policy.
    return offer.insured.map((insured, position) => {
      const policy = policies.get(position);
      const from = policy?.from ?? offer.startDate;
      const to = policy?.to ?? offer.endDate;
      return {
        kind: translate(locale, "insuranceService.kind"),
        operator: offer.insurer.name,
        // The plan names the box; its policy number is printed once, under the document's reference label (pnr).
        code: offer.name,
        from: translate(locale, "insuranceService.home"),
        to: countryName(offer, context),
        departure: readableInstant(coverStartsAt(from), context),
        arrival: readableInstant(coverEndsAt(to), context),
        details: [
          {
            label: translate(locale, "insuranceService.detail.traveller"),
            value: translate(locale, "insuranceService.passenger", { passenger: position + 1 }),
          },
          { label: translate(locale, "insuranceService.detail.birthDate"), value: dateText(insured.birthDate, context.calendar) },
          ...planLines(offer, context, { from, to }),
        ].map((line) => ({ ...line, value: localizeDigits(locale, line.value) })),
        pnr: policy?.number ?? "",
      };
    });
  },

  smsLine(offer, pnr, context) {
    return translate(context.locale, "insuranceService.sms", {
      insurer: offer.insurer.name,
      plan: offer.name,
      country: countryName(offer, context),
      // SMS keep Latin digits, as every service's do (some phones show Persian digits badly).
      from: dateText(offer.startDate, context.calendar),
      to: dateText(offer.endDate, context.calendar),
      travellers: String(offer.insured.length),
      pnr,
    });
  },

  refundTerms(offer) {
    return {
      // Every insurer refunds in full until cover starts; the supplier's rule says so too.
      refundable: true,
      countsFrom: coverStartsAt(offer.startDate),
      code: factsOf(offer).code,
      ruleKey: { insurer: offer.insurer.code, plan: offer.planId },
    };
  },

  passengerRequirements(offers) {
    if (offers.length === 0) throw new RangeError("passenger requirements of no offers");
    const firstStart = offers.map((offer) => offer.startDate).reduce((a, b) => (a < b ? a : b));
    return {
      // Ages are judged on the first day of cover, as the plan priced them; the passport must be valid then.
      lastFlightDate: firstStart,
      // A policy is written in the passport's Latin name; Iranians add their national code (the default rule).
      latinNamesRequired: true,
      passportForEveryone: true,
      passportValidMonths: 0,
      foreignersAllowed: true,
    };
  },

  apiItem(offer) {
    return {
      planId: offer.planId,
      insurer: { code: offer.insurer.code, name: offer.insurer.name },
      planName: offer.name,
      zone: offer.zone,
      countryCode: offer.countryCode,
      days: offer.days,
      durationBand: offer.durationBand,
      startDate: offer.startDate,
      endDate: offer.endDate,
      cover: { ...offer.cover },
      insured: offer.insured.map((insured, passenger) => ({ passenger, ageBand: insured.ageBand, price: insured.price })),
      refundable: true,
    };
  },

  // A policy per insured: its number is both the insurer's code and the traveller's number; a box runs from Iran to the destination.
  document: {
    title: "insuranceService.policy.title",
    ticketNumber: "insuranceService.policy.number",
    reference: "insuranceService.policy.number",
    download: "insuranceService.policy.download",
    issued: "insuranceService.policy.issued",
    from: "insuranceService.detail.origin",
    to: "insuranceService.detail.destination",
    starts: "insuranceService.detail.coverFrom",
    refundFrom: "refund.from.cover",
    ends: "insuranceService.detail.coverTo",
    note: "insuranceService.policy.note",
  },
  paths: {
    passengers(offers) {
      const [offer] = offers;
      if (!offer) throw new RangeError("a passengers page needs an offer");
      const query = new URLSearchParams({ offer: offer.offerId });
      for (const insured of offer.insured) query.append("birth", insured.birthDate);
      return `/insurance/reserve?${query.toString()}`;
    },
    prefactor: (booking) => `/insurance/prefactor/${booking.reference}/${booking.hashId}`,
    factor: (booking) => `/insurance/factor/${booking.reference}/${booking.hashId}`,
  },
};
