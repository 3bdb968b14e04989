import type { ReactNode } from "react";
import { Link } from "react-router";
import type { MessageKey } from "#core/i18n/messages.ts";
import type { CalendarKind } from "#core/search/dates.ts";
import type { BoardBasis, TourTransport } from "#core/tours/tour.ts";
import { href } from "#app/links.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type {
  InternationalTourLanding,
  TourCarriageGroup,
  TourCityLanding,
  TourDestination,
  TourFailure,
  TourMainLanding,
  TourTripEnd,
  TourTripFacts,
} from "#app/search/tour-results.server.ts";
import { useMoney } from "../flights/result-parts.tsx";
import { TourCards, VISA_LABELS, tourHotelsHref, type TourCardView } from "./tour-card.tsx";
import { TourFailureNotice } from "./tour-results.tsx";

export const CARRIAGE_TITLES: Record<TourTransport, MessageKey> = {
  flight: "tourLanding.transport.flight",
  train: "tourLanding.transport.train",
  bus: "tourLanding.transport.bus",
};

const BOARD_LABELS: Record<BoardBasis, MessageKey> = {
  roomOnly: "tourResults.board.roomOnly",
  breakfast: "tourResults.board.breakfast",
  halfBoard: "tourResults.board.halfBoard",
  fullBoard: "tourResults.board.fullBoard",
  allInclusive: "tourResults.board.allInclusive",
};

/** A titled part of a landing; its heading names the region for screen readers. */
function Section({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="tour-section">
      <h2 id={id} className="flight-leg-title">
        {title}
      </h2>
      {hint ? <p className="offer-meta">{hint}</p> : null}
      {children}
    </section>
  );
}

/** Destinations as links to their pages, each with how many departures and from what price. */
function DestinationLinks({ destinations, to }: { destinations: readonly TourDestination[]; to: (city: string) => string }) {
  const { t } = useI18n();
  const money = useMoney();
  return (
    <ul className="tour-destinations">
      {destinations.map((destination) => {
        const departures = t("tourLanding.departures", { count: destination.departures });
        const price = t("tourLanding.fromPrice", { amount: money(destination.fromPrice) });
        return (
          <li key={destination.city}>
            <Link to={to(destination.city)} aria-label={t("tourLanding.destinationLink", { city: destination.name, departures, price })}>
              <span className="tour-destination-name">{destination.name}</span>
              <span className="offer-meta">{departures}</span>
              <span className="tour-destination-price">{price}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Landings show no party: the hotels page asks for it. */
const viewOf = (names: Record<string, string>, calendar: CalendarKind): TourCardView => ({ names, calendar, party: null });

/** A landing whose supplier failed says so, the form above still at hand. */
function LandingFailure({ failure }: { failure: TourFailure }) {
  const { t } = useI18n();
  if (failure === "TIMEOUT") return <TourFailureNotice error={failure} />;
  return (
    <p className="flight-empty" role="status">
      {t("tourLanding.unavailable")}
    </p>
  );
}

/** Spec §3 main landing under the /tour form: leaving soon, the packages by destination, best tours, by transport, abroad. */
export function TourMainSections({ landing, calendar }: { landing: TourMainLanding; calendar: CalendarKind }) {
  const { t, locale } = useI18n();
  if (landing.failure) return <LandingFailure failure={landing.failure} />;
  const view = viewOf(landing.names, calendar);
  return (
    <div className="tour-landing">
      {landing.fast.length === 0 && landing.destinations.length === 0 ? (
        <p className="flight-empty" role="status">
          {t("tourLanding.none")}
        </p>
      ) : null}
      {landing.fast.length > 0 ? (
        <Section id="tour-fast" title={t("tourLanding.fast.title")} hint={t("tourLanding.fast.hint")}>
          <TourCards packages={landing.fast} view={view} />
        </Section>
      ) : null}
      {landing.destinations.length > 0 ? (
        <Section id="tour-packages" title={t("tourLanding.packages.title")}>
          <DestinationLinks destinations={landing.destinations} to={(city) => href(locale, "tour-results", { city })} />
        </Section>
      ) : null}
      {landing.best.length > 0 ? (
        <Section id="tour-best" title={t("tourLanding.best.title")} hint={t("tourLanding.best.hint")}>
          <TourCards packages={landing.best} view={view} />
        </Section>
      ) : null}
      {landing.transports.length > 0 ? (
        <Section id="tour-transports" title={t("tourLanding.transports.title")}>
          <ul className="tour-transport-links">
            {landing.transports.map((transport) => (
              <li key={transport}>
                <Link to={href(locale, "tour-searchCariage", { carriagesType: transport })}>{t(CARRIAGE_TITLES[transport])}</Link>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {landing.abroad ? (
        <Section
          id="tour-abroad"
          title={t("tourLanding.abroad.title")}
          hint={t("tourLanding.abroad.hint", { city: landing.names[landing.abroad.from] ?? "" })}
        >
          <DestinationLinks
            destinations={landing.abroad.destinations}
            to={(city) => href(locale, "internationaltour-search", { from: landing.abroad!.from, to: city })}
          />
        </Section>
      ) : null}
    </div>
  );
}

/** Spec §3 city landing: the cheapest tours, more tours, and the hotels the city's packages stay at. */
export function TourCityLandingView({ data, city, calendar }: { data: TourCityLanding; city: string; calendar: CalendarKind }) {
  const { t, locale } = useI18n();
  const money = useMoney();
  if (data.failure) return <LandingFailure failure={data.failure} />;
  if (data.cheapest.length === 0)
    return (
      <p className="flight-empty" role="status">
        {t("tourLanding.city.none", { city })}
      </p>
    );
  const view = viewOf(data.names, calendar);
  return (
    <div className="tour-landing">
      <p className="offer-meta">{t("tourLanding.city.hint")}</p>
      <Section id="tour-cheapest" title={t("tourLanding.city.cheapest", { city })}>
        <TourCards packages={data.cheapest} view={view} />
      </Section>
      {data.more.length > 0 ? (
        <Section id="tour-more" title={t("tourLanding.city.more", { city })}>
          <TourCards packages={data.more} view={view} />
        </Section>
      ) : null}
      {data.hotels.length > 0 ? (
        <Section id="tour-hotels" title={t("tourLanding.city.hotels", { city })} hint={t("tourLanding.city.hotelsHint")}>
          <ul className="tour-hotels">
            {data.hotels.map((hotel) => (
              <li key={hotel.hotelId} className="tour-hotel">
                <h3 className="tour-hotel-name">{hotel.name}</h3>
                <p className="offer-meta">
                  {hotel.stars > 0 ? t("hotelResults.starsText", { count: hotel.stars }) : t("hotelResults.unrated")}
                  {t("search.listSeparator")}
                  {t(BOARD_LABELS[hotel.board])}
                </p>
                <p className="hotel-card-address">{hotel.address}</p>
                <p className="tour-hotel-price">{t("tourResults.hotelPrice", { amount: money(hotel.fromPrice) })}</p>
                <Link to={tourHotelsHref(hotel.tourId, null, locale)} aria-label={t("tourLanding.city.hotelSee", { hotel: hotel.name })}>
                  {t("tourResults.card.choose")}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}

/** One destination of the transport page: its soonest departures and a link to all its tours. */
function CarriageGroup({ group, view }: { group: TourCarriageGroup; view: TourCardView }) {
  const { t, locale } = useI18n();
  const money = useMoney();
  return (
    <Section
      id={`tour-to-${group.city}`}
      title={group.name}
      hint={`${t("tourLanding.departures", { count: group.departures })}${t("search.listSeparator")}${t("tourLanding.fromPrice", { amount: money(group.fromPrice) })}`}
    >
      <TourCards packages={group.packages} view={view} />
      <p className="tour-more-link">
        <Link to={href(locale, "tour-results", { city: group.city })}>{t("tourLanding.carriage.all", { city: group.name })}</Link>
      </p>
    </Section>
  );
}

/** `/tour/searchCariage/{type}`: domestic packages by one transport, grouped by destination, and the other transports. */
export function TourCarriageView({
  transport,
  groups,
  names,
  calendar,
  others,
  failure,
}: {
  transport: TourTransport;
  groups: TourCarriageGroup[];
  names: Record<string, string>;
  calendar: CalendarKind;
  others: TourTransport[];
  failure: TourFailure | null;
}) {
  const { t, locale } = useI18n();
  const view = viewOf(names, calendar);
  return (
    <article className="results-page tour-carriage">
      <h1 className="mb-3 text-2xl font-bold">{t(CARRIAGE_TITLES[transport])}</h1>
      <p className="mb-4">{t("tourLanding.carriage.hint")}</p>
      {failure ? <LandingFailure failure={failure} /> : null}
      {!failure && groups.length === 0 ? (
        <p className="flight-empty" role="status">
          {t("tourLanding.carriage.none")}
        </p>
      ) : null}
      {groups.map((group) => (
        <CarriageGroup key={group.city} group={group} view={view} />
      ))}
      <nav aria-labelledby="tour-other-transports" className="tour-section">
        <h2 id="tour-other-transports" className="flight-leg-title">
          {t("tourLanding.carriage.others")}
        </h2>
        <ul className="tour-transport-links">
          {others.map((other) => (
            <li key={other}>
              <Link to={href(locale, "tour-searchCariage", { carriagesType: other })}>{t(CARRIAGE_TITLES[other])}</Link>
            </li>
          ))}
          <li>
            <Link to={href(locale, "tour")}>{t("tourLanding.title")}</Link>
          </li>
        </ul>
      </nav>
    </article>
  );
}

function TripEnd({ label, end }: { label: string; end: TourTripEnd }) {
  const { t } = useI18n();
  const airports = end.airports.map((airport) => t("tourResults.trip.airport", { name: airport.name, code: airport.code }));
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <span className="tour-trip-city">{end.name}</span>
        {airports.length > 0 ? (
          <span className="offer-meta"> {t("tourResults.trip.airports", { airports: airports.join(t("search.listSeparator")) })}</span>
        ) : null}
      </dd>
    </div>
  );
}

/**
 * Spec §3's search data of a trip abroad, shown before any departure is chosen: both cities with
 * their airports, and the visa an Iranian passport needs, whether the agency arranges it, how long
 * it takes and what it costs.
 */
export function TourTripFactsView({ trip }: { trip: TourTripFacts }) {
  const { t } = useI18n();
  const money = useMoney();
  const visa = trip.visa;
  return (
    <section aria-labelledby="tour-trip" className="tour-trip">
      <h2 id="tour-trip" className="flight-leg-title">
        {t("tourResults.trip.title")}
      </h2>
      <dl className="tour-trip-facts">
        {trip.from ? <TripEnd label={t("tourResults.trip.from")} end={trip.from} /> : null}
        <TripEnd label={t("tourResults.trip.to")} end={trip.to} />
        <div className="tour-visa-facts">
          <dt>{t("tourResults.trip.visa")}</dt>
          <dd>
            {visa ? (
              <>
                <span className={`tour-visa tour-visa-${visa.kind}`}>{t(VISA_LABELS[visa.kind])}</span>
                <p>{visa.message}</p>
                {visa.kind !== "none" ? <p>{t(visa.available ? "tourResults.trip.visaArranged" : "tourResults.trip.visaSelf")}</p> : null}
                {visa.available && visa.processingDays !== null ? (
                  <p>{t("tourResults.trip.visaDays", { count: visa.processingDays })}</p>
                ) : null}
                {visa.available && visa.fee !== null ? <p>{t("tourResults.trip.visaFee", { amount: money(visa.fee) })}</p> : null}
              </>
            ) : (
              <p>{t("tourResults.trip.visaUnknown")}</p>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** A trip abroad without a search: its facts and visa, then its coming departures. */
export function InternationalTourLandingView({ data, calendar }: { data: InternationalTourLanding; calendar: CalendarKind }) {
  const { t } = useI18n();
  const city = data.trip.to.name;
  return (
    <div className="tour-landing">
      <TourTripFactsView trip={data.trip} />
      {data.failure ? <LandingFailure failure={data.failure} /> : null}
      {!data.failure && data.departures.length === 0 ? (
        <p className="flight-empty" role="status">
          {t("tourResults.upcomingNone", { city })}
        </p>
      ) : null}
      {data.departures.length > 0 ? (
        <Section id="tour-upcoming" title={t("tourResults.upcoming", { city })} hint={t("tourLanding.city.hint")}>
          <TourCards packages={data.departures} view={viewOf(data.names, calendar)} />
        </Section>
      ) : null}
    </div>
  );
}
