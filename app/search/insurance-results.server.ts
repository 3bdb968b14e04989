import type { AppLoadContext } from "react-router";
import { localizePath } from "#core/i18n/locales.ts";
import type { InsuranceOffer } from "#core/insurance/insurance.ts";
import { plansAccepting } from "#core/insurance/rules.ts";
import type { ValidSearch } from "#core/search/search-forms.ts";
import { INSURER_PARAM, readInsuranceSort, type InsuranceSort } from "#app/components/insurance/params.ts";
import { resultsPage } from "./results-page.server.ts";

/**
 * The plans of a travel insurance search (issue 21 §3): `/insurance/services/{countryCode}?days=…&birth=…`.
 * The insurer prices every plan for the destination, the length and each traveller's age; this page
 * filters them by insurer and sorts them on the server (so both work without JavaScript), and says
 * which plans still take a traveller some insurer finds too old.
 */

/**
 * Plans every traveller may take come first (the others are there to say who they refuse); then the
 * cheapest total, or the highest medical cover with the cheapest first among equals.
 */
export function sortInsuranceOffers(offers: readonly InsuranceOffer[], sort: InsuranceSort): InsuranceOffer[] {
  return [...offers].sort(
    (a, b) =>
      Number(b.acceptsAll) - Number(a.acceptsAll) ||
      (sort === "cover" ? b.cover.medical - a.cover.medical : 0) ||
      a.total - b.total ||
      a.planId.localeCompare(b.planId),
  );
}

/** A traveller some plan refuses for their age: the plans that still take them (none: the page says so). */
export interface OverAgeTraveller {
  /** Position in the query's birth dates (0 is the first traveller). */
  index: number;
  age: number;
  acceptedBy: { planId: string; insurer: string; name: string; maxAge: number }[];
}

/** Travellers refused by at least one plan, in order, with the plans that accept them. */
export function overAgeTravellers(offers: readonly InsuranceOffer[], travellers: number): OverAgeTraveller[] {
  const result: OverAgeTraveller[] = [];
  for (let index = 0; index < travellers; index += 1) {
    const refused = offers.map((offer) => offer.quotes[index]).find((quote) => quote?.accepted === false);
    if (!refused) continue;
    result.push({
      index,
      age: refused.age,
      acceptedBy: plansAccepting(offers, index).map((offer) => ({
        planId: offer.planId,
        insurer: offer.insurer.name,
        name: offer.name,
        maxAge: offer.maxAge,
      })),
    });
  }
  return result;
}

export interface InsurerChoice {
  value: string;
  text: string;
  count: number;
  checked: boolean;
}

export interface InsuranceResults {
  ok: true;
  /** After the insurer filter and the sort, each with its passengers page in the page's language (null: a traveller is refused). */
  offers: (InsuranceOffer & { reserveHref: string | null })[];
  /** Plans the insurers offered for the search, before the filter. */
  found: number;
  insurers: InsurerChoice[];
  sort: InsuranceSort;
  /** A Schengen destination: only plans with at least EUR 30,000 medical cover are listed. */
  schengen: boolean;
  overAge: OverAgeTraveller[];
  /** When the server searched: after 15 minutes the page says the prices may be stale. */
  searchedAt: string;
}

export type InsuranceResultsOutcome = InsuranceResults | { ok: false; error: "UNAVAILABLE" };

/** The passengers page of a plan bookable for every traveller (locale-free): the offer and each birth date. */
export function insuranceReservePath(offerId: string, birthDates: readonly string[]): string {
  const query = new URLSearchParams({ offer: offerId });
  for (const birth of birthDates) query.append("birth", birth);
  return `/insurance/reserve?${query.toString()}`;
}

/** The insurers of the plans found, each counted, marked when the URL chose it; in the plans' order of names. */
function insurerChoices(found: readonly InsuranceOffer[], chosen: readonly string[]): InsurerChoice[] {
  const byCode = new Map<string, InsurerChoice>();
  for (const offer of found) {
    const choice = byCode.get(offer.insurer.code);
    if (choice) choice.count += 1;
    else byCode.set(offer.insurer.code, { value: offer.insurer.code, text: offer.insurer.name, count: 1, checked: false });
  }
  const choices = [...byCode.values()].sort((a, b) => a.text.localeCompare(b.text));
  for (const choice of choices) choice.checked = chosen.includes(choice.value);
  return choices;
}

export async function insuranceResults(
  request: Request,
  context: AppLoadContext,
  search: ValidSearch,
): Promise<InsuranceResultsOutcome | null> {
  const country = search.places.country?.countryCode;
  if (!country || !search.days || !search.birthDates) return null;
  const supplier = context.insurance;
  if (!supplier) {
    context.log.warn({}, "no insurance supplier is configured");
    return { ok: false, error: "UNAVAILABLE" };
  }
  const birthDates = search.birthDates;
  let found: InsuranceOffer[];
  let schengen: boolean;
  try {
    const [plans, zone] = await Promise.all([
      supplier.plans({ countryCode: country, days: search.days, birthDates, locale: context.locale.locale }),
      supplier.zoneOf(country),
    ]);
    found = plans;
    schengen = zone === "schengen";
  } catch (error) {
    context.log.error({ err: error }, "insurance plans failed");
    return { ok: false, error: "UNAVAILABLE" };
  }
  const params = new URL(request.url).searchParams;
  // Codes the URL got wrong are simply not chosen: the page shows the rest, unlike the API, which refuses them.
  const codes = new Set(found.map((offer) => offer.insurer.code));
  const chosen = params.getAll(INSURER_PARAM).filter((code) => codes.has(code));
  const sort = readInsuranceSort(params.get("sort"));
  const shown = chosen.length > 0 ? found.filter((offer) => chosen.includes(offer.insurer.code)) : found;
  return {
    ok: true,
    offers: sortInsuranceOffers(shown, sort).map((offer) => ({
      ...offer,
      reserveHref: offer.acceptsAll ? localizePath(context.locale.locale, insuranceReservePath(offer.offerId, birthDates)) : null,
    })),
    found: found.length,
    insurers: insurerChoices(found, chosen),
    sort,
    schengen,
    overAge: overAgeTravellers(found, birthDates.length),
    searchedAt: context.now().toISOString(),
  };
}

/** `/insurance/services/{countryCode}?days=…&birth=…`: the plans; an invalid query is the form with its messages; an unknown country 404. */
export function insuranceResultsPage(request: Request, context: AppLoadContext, countryCode: string) {
  return resultsPage(request, context, {
    service: "insurance",
    serviceId: "insurance",
    codes: { country: countryCode },
    results: (search) => insuranceResults(request, context, search),
  });
}
