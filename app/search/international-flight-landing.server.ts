import { LANDING_CACHE_CONTROL } from "#core/web/process-cache.ts";
import { data, type AppLoadContext } from "react-router";
import type { PlaceSuggestion } from "#core/places/place.ts";
import { formatNumber, translate } from "#core/i18n/messages.ts";
import { routeKeySplits } from "#core/search/results-url.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { requireService } from "#app/service-guard.server.ts";
import { initialFormState, resultsFormState, submitSearch } from "./search-page.server.ts";
import type { SearchFormState } from "./search-state.ts";
import { buyOrWait, type BuyOrWaitData } from "./buy-or-wait.server.ts";

/** Four weeks of fares: what a traveller planning a trip abroad compares. */
const LANDING_DAYS = 28;

export interface InternationalAirlineOnRoute {
  code: string;
  name: string;
  /** Cheapest adult fare of the airline on the sample day. */
  from: number;
  direct: boolean;
  /** Checked baggage of its cheapest fare: kg, pieces, or none (cabin bag only). */
  baggage: { kg?: number; pieces?: number; cabinKg: number };
}

export interface InternationalLandingData {
  form: SearchFormState;
  places: Record<string, PlaceSuggestion>;
  unknownCodes: string[];
  days: { date: string; cheapest: number | null }[];
  airlines: InternationalAirlineOnRoute[];
  /** ISO date the airline list was taken from (the cheapest day), or null when nothing flies. */
  sampleDate: string | null;
  description: string;
  /** Buy now or wait, for the nearest day with a fare; null without enough fare history. */
  fareHint: BuyOrWaitData | null;
}

async function placesOfKey(context: AppLoadContext, key: string) {
  const locale = context.locale.locale;
  for (const [fromCode, toCode] of routeKeySplits(key)) {
    const [from, to] = await Promise.all([
      context.places.byRouteCode(fromCode.toUpperCase(), "internationalflight", locale),
      context.places.byRouteCode(toCode.toUpperCase(), "internationalflight", locale),
    ]);
    if (from && to) return { from, to };
  }
  return null;
}

/**
 * A route's landing page (`/internationalflight/IKA-IST`, spec §2 and the landing data of §3):
 * the cheapest fare of each of the next four weeks' days, the airlines flying it (taken from the
 * cheapest day's offers, with their baggage), the rules to know before flying abroad, and the
 * search form filled with the route. The same for everyone, so shared caches may keep it briefly.
 */
export async function internationalFlightLanding(request: Request, context: AppLoadContext, key: string) {
  requireService(context, "internationalflight");
  const refused = await submitSearch(request, context, "internationalflight");
  const locale = context.locale.locale;
  const places = await placesOfKey(context, key);
  const t = (name: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(locale, name, params);
  if (!places) {
    const page: InternationalLandingData = {
      form: refused ?? (await initialFormState(request, context, "internationalflight")),
      places: {},
      unknownCodes: [key],
      days: [],
      airlines: [],
      sampleDate: null,
      description: "",
      fareHint: null,
    };
    return data(page, { status: 404, headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } });
  }
  const form = refused ?? resultsFormState(request, context, "internationalflight", places).state;
  const today = tehranToday(context.now());
  const firstDate = addDays(today, 1);
  const lastDate = addDays(firstDate, LANDING_DAYS - 1);
  const from = places.from.iata ?? "";
  const to = places.to.iata ?? "";
  const supplier = context.internationalFlights;
  const fareHint = buyOrWait(context, { service: "internationalflight", from, to });
  let days: InternationalLandingData["days"] = [];
  let airlines: InternationalAirlineOnRoute[] = [];
  let sampleDate: string | null = null;
  if (supplier) {
    try {
      const cheapest = await supplier.cheapestPerDay({ from, to, firstDate, lastDate });
      days = Array.from({ length: LANDING_DAYS }, (_, index) => {
        const date = addDays(firstDate, index);
        return { date, cheapest: cheapest.get(date) ?? null };
      });
      const priced = days.filter((day): day is { date: string; cheapest: number } => day.cheapest !== null);
      sampleDate = priced.length > 0 ? priced.reduce((low, day) => (day.cheapest < low.cheapest ? day : low)).date : null;
      if (sampleDate) {
        const offers = await supplier.search({ from, to, date: sampleDate, adults: 1, children: 0, infants: 0, locale });
        const byAirline = new Map<string, InternationalAirlineOnRoute>();
        for (const offer of offers) {
          const known = byAirline.get(offer.validatingAirline.code);
          if (known && known.from <= offer.price.adult) {
            known.direct ||= offer.stops === 0;
            continue;
          }
          byAirline.set(offer.validatingAirline.code, {
            ...offer.validatingAirline,
            from: offer.price.adult,
            direct: (known?.direct ?? false) || offer.stops === 0,
            baggage: offer.baggage,
          });
        }
        airlines = [...byAirline.values()].sort((a, b) => a.from - b.from || a.name.localeCompare(b.name));
      }
    } catch (error) {
      // The page still helps without fares: the form, the rules and the route are worth showing.
      context.log.error({ err: error }, "international route landing: fares unavailable");
    }
  }
  const names = { from: places.from.name, to: places.to.name };
  const lowest = days.reduce<number | null>(
    (low, day) => (day.cheapest !== null && (low === null || day.cheapest < low) ? day.cheapest : low),
    null,
  );
  const description =
    lowest !== null
      ? t("intlLanding.description", {
          ...names,
          price: formatNumber(locale, lowest),
          airlines: airlines.map((airline) => airline.name).join(t("search.listSeparator")),
        })
      : t("intlLanding.descriptionNoFares", names);
  const page: InternationalLandingData = {
    form,
    places,
    unknownCodes: [],
    days,
    airlines,
    sampleDate,
    description,
    fareHint: await fareHint,
  };
  if (refused) return data(page, { status: 400, headers: { "Cache-Control": "no-store" } });
  // Dates show in the visitor's calendar (a cookie), so caches keep one copy per cookie.
  return data(page, { headers: { "Cache-Control": LANDING_CACHE_CONTROL, Vary: "Host, Accept-Encoding, Cookie" } });
}
