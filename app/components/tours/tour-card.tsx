import { Link } from "react-router";
import { localizePath, type Locale } from "#core/i18n/locales.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { readableDate, type CalendarKind } from "#core/search/dates.ts";
import type { Passengers } from "#core/search/search-forms.ts";
import type { TourInclusion, TourPackage, TourTransport, VisaKind } from "#core/tours/tour.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { useMoney } from "../flights/result-parts.tsx";

/** Names of the tour codes: every key a real catalog key, none built at run time. */
export const TRANSPORT_LABELS: Record<TourTransport, MessageKey> = {
  flight: "tourResults.transport.flight",
  train: "tourResults.transport.train",
  bus: "tourResults.transport.bus",
};

export const INCLUSION_LABELS: Record<TourInclusion, MessageKey> = {
  transfer: "tourResults.inclusion.transfer",
  insurance: "tourResults.inclusion.insurance",
  cityTour: "tourResults.inclusion.cityTour",
  guide: "tourResults.inclusion.guide",
  entryTickets: "tourResults.inclusion.entryTickets",
  simCard: "tourResults.inclusion.simCard",
};

export const VISA_LABELS: Record<VisaKind, MessageKey> = {
  none: "tourResults.visa.none",
  onArrival: "tourResults.visa.onArrival",
  eVisa: "tourResults.visa.eVisa",
  required: "tourResults.visa.required",
};

/** Seats left at or under this count are shown on the card: the traveller should know to hurry. */
export const FEW_SEATS = 5;

/** What every card of a page shares: city names in the page's language, the calendar dates are shown in, the party when searched. */
export interface TourCardView {
  names: Record<string, string>;
  calendar: CalendarKind;
  party: Passengers | null;
}

/** The departure's hotels page (tourC2's /tour/searchHotels/{tourId}), with the party when the page has one. */
export function tourHotelsHref(tourId: string, party: Passengers | null, locale: Locale): string {
  const path = `/tour/searchHotels/${encodeURIComponent(tourId)}`;
  if (!party) return localizePath(locale, path);
  const query = new URLSearchParams({ adults: String(party.adults), children: String(party.children), infants: String(party.infants) });
  return localizePath(locale, `${path}?${query.toString()}`);
}

/** Stars of the package's hotels: one count, or the range. */
function starsText(t: ReturnType<typeof useI18n>["t"], number: ReturnType<typeof useI18n>["number"], stars: TourPackage["stars"]): string {
  return stars.min === stars.max
    ? t("tourResults.card.stars", { count: stars.max })
    : t("tourResults.card.starRange", { min: number(stars.min), max: number(stars.max) });
}

/**
 * One departure of a package: its picture, title, route, transport and carrier, dates and nights
 * in the page's calendar and digits, hotels and their stars, what is included, seats when few,
 * the visa abroad and the per-person "from" price. The title and "See hotels" lead to its hotels.
 */
export function TourCard({ pkg, view, position }: { pkg: TourPackage; view: TourCardView; position: number }) {
  const { t, number, locale } = useI18n();
  const money = useMoney();
  const href = tourHotelsHref(pkg.tourId, view.party, locale);
  const name = (city: string) => view.names[city] ?? city;
  const date = (iso: string) => readableDate(iso, locale, view.calendar, false);
  const price = money(pkg.fromPrice);
  return (
    <li className="offer-card tour-card" data-tour={pkg.tourId}>
      <img
        className="tour-card-image"
        src={pkg.image}
        alt=""
        width={320}
        height={180}
        loading={position < 3 ? "eager" : "lazy"}
        decoding="async"
      />
      <div className="tour-card-body">
        <h3 className="tour-card-title">
          <Link to={href}>{pkg.title}</Link>
        </h3>
        <p className="tour-card-route">{t("tourResults.card.route", { from: name(pkg.from), to: name(pkg.to) })}</p>
        <p className="offer-meta">
          {t(TRANSPORT_LABELS[pkg.transport])}
          {t("search.listSeparator")}
          {pkg.carrier.name}
        </p>
        <p className="tour-card-dates">
          <span>{t("tourResults.card.dates", { depart: date(pkg.departureDate), back: date(pkg.returnDate) })}</span>
          <span className="tour-card-nights">{t("search.nights", { count: pkg.nights })}</span>
        </p>
        <p className="offer-meta">
          {t("tourResults.card.hotels", { count: pkg.hotelCount })}
          {t("search.listSeparator")}
          {starsText(t, number, pkg.stars)}
        </p>
        {pkg.inclusions.length > 0 ? (
          <ul className="tour-card-inclusions" aria-label={t("tourResults.card.included")}>
            {pkg.inclusions.map((inclusion) => (
              <li key={inclusion}>{t(INCLUSION_LABELS[inclusion])}</li>
            ))}
          </ul>
        ) : null}
        {pkg.transfer === "ownFlight" ? <p className="offer-meta">{t("tourResults.card.ownFlight")}</p> : null}
        <p className="tour-card-badges">
          {pkg.visa ? <span className={`tour-visa tour-visa-${pkg.visa.kind}`}>{t(VISA_LABELS[pkg.visa.kind])}</span> : null}
          {pkg.seatsLeft <= FEW_SEATS ? <span className="tour-seats">{t("flights.seatsLeft", { count: pkg.seatsLeft })}</span> : null}
        </p>
      </div>
      <div className="tour-card-price">
        <p className="offer-price-adult">{t("tourResults.card.from", { amount: price })}</p>
        <p className="offer-price-note">{t("tourResults.card.perPerson")}</p>
        <Link to={href} className="offer-select" aria-label={t("tourResults.card.chooseFor", { tour: pkg.title, price })}>
          {t("tourResults.card.choose")}
        </Link>
      </div>
    </li>
  );
}

/** A list of cards, numbered for screen readers by the list itself. */
export function TourCards({ packages, view, label }: { packages: readonly TourPackage[]; view: TourCardView; label?: string }) {
  return (
    <ol className="tour-cards" aria-label={label}>
      {packages.map((pkg, index) => (
        <TourCard key={pkg.tourId} pkg={pkg} view={view} position={index} />
      ))}
    </ol>
  );
}
