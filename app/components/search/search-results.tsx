import type { ReactNode } from "react";
import { useLocation } from "react-router";
import type { PlaceSuggestion } from "#core/places/place.ts";
import { daysBetween, readableDate } from "#core/search/dates.ts";
import type { ValidSearch } from "#core/search/search-forms.ts";
import type { ResultsNotice } from "#core/services/capabilities.ts";
import type { ServiceId } from "#core/services/service-ids.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { Locale } from "#core/i18n/locales.ts";
import { translate, type MessageKey } from "#core/i18n/messages.ts";
import { pageMeta } from "#app/page-meta.ts";
import { rootDataOf } from "#app/route-meta.ts";
import type { SearchFormState } from "#app/search/search-state.ts";
import { SearchFormIsland } from "./search-form-island.tsx";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** Title of a results page; searches stay out of search engines, a route's landing page does not. */
export function resultsMeta(
  matches: readonly MatchLike[],
  data: ResultsData | undefined,
  heading: (locale: Locale, places: Record<string, PlaceSuggestion>) => string = resultsHeading,
) {
  const root = rootDataOf(matches);
  const title = data ? heading(root?.locale ?? "fa", data.places) : "";
  // A route's landing is what search engines should find; a results page with a search is not (noindex).
  // It still describes itself (the service's line), for link previews when a traveller shares it.
  if (!data?.landing) {
    const locale = root?.locale ?? "fa";
    const serviceLine = data ? translate(locale, `service.${data.serviceId}.description`, { name: root?.site.name ?? "" }) : undefined;
    return [...pageMeta(root, title, serviceLine), { name: "robots", content: "noindex" }];
  }
  const description = "description" in data.landing && typeof data.landing.description === "string" ? data.landing.description : undefined;
  return pageMeta(root, title, description);
}

export interface ResultsData {
  form: SearchFormState;
  places: Record<string, PlaceSuggestion>;
  search: ValidSearch | null;
  ready: boolean;
  /** What the page says about buying online later, from the service's capability flags. */
  notice: ResultsNotice;
  serviceId: ServiceId;
  /** A route's landing page, when the route was asked for without a search; its meta description when it has one. */
  landing?: object | null;
}

/** The heading of a results page: the route, the city or the country it is about. */
export function resultsHeading(locale: Locale, places: Record<string, PlaceSuggestion>): string {
  const t = (key: MessageKey, params?: Record<string, string>) => translate(locale, key, params);
  if (places.city) return t("results.heading.city", { city: places.city.name });
  if (places.country) return t("results.heading.country", { country: places.country.name });
  if (places.from && places.to) return t("results.heading.route", { from: places.from.name, to: places.to.name });
  return places.to?.name ?? "";
}

function SearchSummary({ search, calendar }: { search: ValidSearch; calendar: SearchFormState["calendar"] }) {
  const { t, locale, number } = useI18n();
  const items: { label: string; value: string }[] = [];
  const date = (iso: string) => readableDate(iso, locale, calendar);
  if (search.date) items.push({ label: t("search.departure"), value: date(search.date) });
  if (search.returnDate) items.push({ label: t("search.return"), value: date(search.returnDate) });
  if (search.checkIn) items.push({ label: t("search.checkIn"), value: date(search.checkIn) });
  if (search.checkOut && search.checkIn)
    items.push({
      label: t("search.checkOut"),
      value: `${date(search.checkOut)} (${t("search.nights", { count: daysBetween(search.checkIn, search.checkOut) })})`,
    });
  if (search.passengers) {
    const { adults, children, infants } = search.passengers;
    const parts = [t("search.pax.adultsCount", { count: adults })];
    if (children) parts.push(t("search.pax.childrenCount", { count: children }));
    if (infants) parts.push(t("search.pax.infantsCount", { count: infants }));
    items.push({ label: t("search.pax.label"), value: parts.join(t("search.listSeparator")) });
  }
  if (search.rooms) {
    const guests = search.rooms.reduce((sum, room) => sum + room.adults + room.children, 0);
    items.push({ label: t("search.rooms.label"), value: t("search.rooms.summary", { rooms: search.rooms.length, guests }) });
  }
  if (search.days) items.push({ label: t("search.days"), value: t("search.daysUpTo", { count: search.days }) });
  if (search.birthDates) items.push({ label: t("search.travellers.count"), value: number(search.birthDates.length) });
  if (search.cabin) items.push({ label: t("search.cabin"), value: t(`search.cabin.${search.cabin}`) });
  if (search.ticketType)
    items.push({
      label: t("search.ticketType"),
      value: t(`search.ticketType.${search.ticketType}`) + (search.wholeCompartment ? ` · ${t("search.coupe")}` : ""),
    });
  return (
    <dl className="search-summary">
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A results page. Until the service's results exist it says so plainly, shows the search as the
 * server understood it and keeps the form at hand to change it.
 */
export function SearchResultsPage({
  data,
  matches,
  heading: ownHeading,
  children,
}: {
  data: ResultsData;
  matches: readonly MatchLike[];
  /** A heading of the page's own (a tour city's "Tours to Kish"); the route's by default. */
  heading?: string;
  children?: ReactNode;
}) {
  const { t, digits, locale } = useI18n();
  const { pathname } = useLocation();
  const heading = ownHeading ?? resultsHeading(locale, data.places);
  const site = rootDataOf(matches)?.site;
  return (
    <article className="results-page">
      <h1 className="mb-3 text-2xl font-bold">{heading}</h1>
      {data.search ? <SearchSummary search={data.search} calendar={data.form.calendar} /> : null}
      {data.ready ? (
        // With results on the page, the form waits folded above them.
        <details className="results-change" open={data.search === null || undefined}>
          <summary className="results-change-summary">{t("results.change")}</summary>
          <div className="search-card">
            <SearchFormIsland
              key={JSON.stringify(data.form.fields) + JSON.stringify(data.form.errors)}
              state={data.form}
              action={pathname}
            />
          </div>
        </details>
      ) : null}
      {data.notice === "bookingSoon" ? (
        <p className="results-compare-note" role="note">
          {t("results.bookingSoon", { service: t(`nav.${data.serviceId}`) })}
        </p>
      ) : null}
      {children}
      {!data.ready ? (
        <section aria-labelledby="results-soon" className="results-soon">
          <h2 id="results-soon" className="mb-2 text-lg font-bold">
            {t("results.soon.title", { service: t(`nav.${data.serviceId}`) })}
          </h2>
          <p>{t("results.soon.body")}</p>
          {site?.supportPhone ? (
            <p className="mt-2">
              <a href={`tel:${site.supportPhone}`} className="font-bold">
                {t("results.soon.call", { phone: digits(site.supportPhone) })}
              </a>
            </p>
          ) : null}
        </section>
      ) : null}
      {!data.ready ? (
        <section aria-labelledby="results-change" className="mt-6">
          <h2 id="results-change" className="mb-2 text-lg font-bold">
            {t("results.change")}
          </h2>
          <div className="search-card">
            <SearchFormIsland
              key={JSON.stringify(data.form.fields) + JSON.stringify(data.form.errors)}
              state={data.form}
              action={pathname}
            />
          </div>
        </section>
      ) : null}
    </article>
  );
}
