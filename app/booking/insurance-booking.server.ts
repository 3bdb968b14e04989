import type { Booking } from "#core/booking/booking.ts";
import { latinDigits } from "#core/i18n/digits.ts";
import { localizePath, type Locale } from "#core/i18n/locales.ts";
import { localizeDigits, translate } from "#core/i18n/messages.ts";
import type { HeldInsuranceOffer, InsuranceChoicesInput } from "#core/insurance/insurance.ts";
import { insuranceSelection } from "#core/insurance/insurance-selection.ts";
import { INSURANCE_SERVICE } from "#core/insurance/insurance-service.ts";
import { ageOn, parseInsuranceOfferId } from "#core/insurance/rules.ts";
import { passengerTypeOn, type PassengerType } from "#core/passengers/passenger-rules.ts";
import { dateText, isIsoDate, parseDateText } from "#core/search/dates.ts";
import { MAX_INSURED_TRAVELLERS, type Passengers } from "#core/search/search-forms.ts";
import type { DescribeContext } from "#core/services/service-module.ts";
import { INSURED_FIELD, START_FIELD, type InsuranceChoicesView } from "#app/components/insurance/purchase-form.ts";
import type { FormValues } from "./booking-form.ts";
import type { FactorOptions } from "./factor.server.ts";
import type { PurchasePages } from "./flight-booking.server.ts";
import type { PriceGroup, PurchaseChoices } from "./purchase-choices.ts";

/**
 * Travel insurance's purchase pages (issue 21 §3) on the shared passengers page, pre-invoice and
 * invoice: `/insurance/reserve?offer={offerId}&birth=…&birth=…[&start=…]`. The plans page sends
 * one plan and each traveller's birth date; every insured traveller is a passenger (Latin name,
 * passport, national code for Iranians, birth date prefilled from the query), one item holds the
 * policy of each. The first day of cover is the page's own field (tomorrow unless chosen); the
 * insurance selection (core/insurance/insurance-selection.ts) judges it and each insured's age.
 */

/** Longer than any insurer's offer id: anything longer is no choice. */
const MAX_OFFER_ID = 200;
const TYPE_ORDER: readonly PassengerType[] = ["adult", "child", "infant"];

const parse = (offer: unknown): HeldInsuranceOffer => INSURANCE_SERVICE.parseOffer(offer);

function offerIdsOf(query: URLSearchParams): string[] {
  const id = query.get("offer");
  return id && id.length <= MAX_OFFER_ID ? [id] : [];
}

/** The query's birth dates as ISO dates, in order; a text that is no date is left out (the form asks for it). */
function birthDatesOf(query: URLSearchParams): string[] {
  return query
    .getAll("birth")
    .slice(0, MAX_INSURED_TRAVELLERS)
    .map((text) => parseDateText(latinDigits(text.slice(0, 20))))
    .filter((iso): iso is string => iso !== null);
}

/** The first day of cover the query asks for, else the one the plans were priced from (in the offer id). */
function startOf(query: URLSearchParams): string | null {
  const asked = query.get("start");
  if (asked && isIsoDate(asked)) return asked;
  const id = offerIdsOf(query)[0];
  return (id && parseInsuranceOfferId(id)?.startDate) || null;
}

/** A birth date's passenger type on the first day of cover; a newborn under ten days is an infant the form refuses. */
function typeOn(birthDate: string, start: string): PassengerType {
  const type = passengerTypeOn(birthDate, start);
  return type === "too-young" ? "infant" : type;
}

/**
 * The birth dates in passenger order: the shared form lists adults, then children, then infants,
 * so the query's dates are grouped the same way (each group in the query's order).
 */
function birthsInPassengerOrder(query: URLSearchParams): string[] {
  const births = birthDatesOf(query);
  const start = startOf(query);
  if (!start) return births;
  return TYPE_ORDER.flatMap((type) => births.filter((birth) => typeOn(birth, start) === type));
}

function partyOf(query: URLSearchParams): Passengers {
  const births = birthDatesOf(query);
  const start = startOf(query);
  const count = (type: PassengerType) => (start ? births.filter((birth) => typeOn(birth, start) === type).length : 0);
  // Without a birth date the page still shows one traveller to fill in (the plans page always sends them).
  if (!start || births.length === 0) return { adults: 1, children: 0, infants: 0 };
  return { adults: count("adult"), children: count("child"), infants: count("infant") };
}

function dayText(iso: string, describe: Pick<DescribeContext, "locale" | "calendar">): string {
  return localizeDigits(describe.locale, dateText(iso, describe.calendar));
}

/** The plans page of the offer's search (locale-free), with the travellers' birth dates. */
function plansPath(offer: Pick<HeldInsuranceOffer, "countryCode" | "days">, birthDates: readonly string[]): string {
  const query = new URLSearchParams({ days: String(offer.days) });
  for (const birth of birthDates) query.append("birth", birth);
  return `/insurance/services/${offer.countryCode}?${query.toString()}`;
}

/** "Schengen Gold by Pasargad Insurance". */
function planTitle(locale: Locale, offer: Pick<HeldInsuranceOffer, "name" | "insurer">): string {
  return translate(locale, "insurancePages.plan", { plan: offer.name, insurer: offer.insurer.name });
}

export const INSURANCE_CHOICES: PurchaseChoices<InsuranceChoicesView> = {
  // Before the form is sent the plan is priced for the query's travellers, from its first day of cover.
  fromQuery: (query): InsuranceChoicesInput => ({ startDate: startOf(query) ?? undefined, birthDates: birthsInPassengerOrder(query) }),

  fromForm(form) {
    const typed = form.get(START_FIELD);
    const text = typeof typed === "string" ? typed.slice(0, 40) : "";
    // The selection judges the date; a text that is no date goes as typed, to be refused on its field.
    const input: InsuranceChoicesInput = { startDate: parseDateText(text) ?? text };
    return { input, values: { [START_FIELD]: text }, fields: { startDate: START_FIELD, birthDates: INSURED_FIELD } };
  },

  view(stored, describe, query) {
    const offer = parse(stored[0]);
    const births = query ? birthsInPassengerOrder(query) : offer.insured.map((insured) => insured.birthDate);
    const values: FormValues = { [START_FIELD]: dayText(offer.startDate, describe) };
    // A new purchase's birth dates come from the plans page; a held one's are the booking's own.
    if (query) births.forEach((birth, index) => (values[`passengers.${index}.birthDate`] = dayText(birth, describe)));
    return {
      data: {
        plan: planTitle(describe.locale, offer),
        days: offer.days,
        insured: births.map((birth, index) => ({
          age: ageOn(birth, offer.startDate),
          price: offer.insured[index]?.price ?? (offer.quotes[index]?.accepted ? offer.quotes[index].price : null),
        })),
        plansHref: query ? localizePath(describe.locale, plansPath(offer, births)) : null,
        example: localizeDigits(describe.locale, dateText(offer.startDate, describe.calendar)),
      },
      values,
    };
  },

  // The whole price is the plan's for the insured: nothing is added beside the fare.
  price: () => 0,

  breakdown(items, travellers, describe): PriceGroup[] {
    const { locale } = describe;
    return items.map((item) => {
      const offer = parse(item.offer);
      return {
        title: `${planTitle(locale, offer)} · ${translate(locale, "insurancePages.coverDates", {
          from: dayText(offer.startDate, describe),
          to: dayText(offer.endDate, describe),
        })}`,
        lines: offer.insured.map((insured, index) => ({
          label: travellers.names[index] ?? translate(locale, "insurancePages.insured", { n: index + 1 }),
          detail: translate(locale, "insurancePages.line.premium", { age: ageOn(insured.birthDate, offer.startDate) }),
          amount: insured.price,
        })),
      };
    });
  },
};

export const INSURANCE_PAGES: PurchasePages<InsuranceChoicesView> = {
  service: "insurance",
  offerIds: (_routeKey, query) => offerIdsOf(query),
  partyOf,
  selection(context) {
    // No insurer configured: nothing can be priced, so the plan is as good as gone.
    if (!context.insurance) return { prepare: () => Promise.resolve({ ok: false, error: "OFFER_NOT_FOUND" }) };
    return insuranceSelection(context.insurance, { now: () => context.now() });
  },
  searchPath(stored, _routeKey, _party, _today, query) {
    if (stored[0] === undefined) return "/insurance";
    const offer = parse(stored[0]);
    return plansPath(offer, query ? birthDatesOf(query) : offer.insured.map((insured) => insured.birthDate));
  },
  editPath: (booking: Booking) => `/insurance/reserve?edit=${booking.hashId}`,
  choices: INSURANCE_CHOICES,
};

/**
 * The invoice's insurance parts: each insured's premium and the policies' boxes. The policy number
 * is the ticket number of the passengers' table, so no placement repeats it there.
 */
export const INSURANCE_FACTOR: FactorOptions = {
  breakdown: (items, travellers, describe) => INSURANCE_CHOICES.breakdown(items, travellers, describe),
  ticketLines: true,
};
