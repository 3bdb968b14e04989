import { Link } from "react-router";
import { hotelPath } from "#core/hotels/hotel-paths.ts";
import type { HotelListing } from "#core/hotels/hotel.ts";
import { localizePath, type Locale } from "#core/i18n/locales.ts";
import { daysBetween } from "#core/search/dates.ts";
import type { Room } from "#core/search/search-forms.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { useMoney } from "../flights/result-parts.tsx";
import { FACILITY_LABELS, HOTEL_KIND_LABELS } from "./results-labels.ts";

/** The stay a hotel page is asked for: the results' dates and rooms, so it opens on the same search. */
export interface Stay {
  checkIn: string;
  checkOut: string;
  rooms: readonly Room[];
}

/** How many facilities a card names; the hotel page lists them all. */
const CARD_FACILITIES = 6;
const THUMBNAIL = { width: 160, height: 120 };

/** The hotel's page (`/hotel/{city}/{id}` or `/internationalhotel/search/{cc}/{city}/{id}`), with the stay when there is one. */
export function hotelPageHref(
  hotel: Pick<HotelListing, "hotelId" | "city" | "countryCode" | "region">,
  locale: Locale,
  stay: Stay | null,
): string {
  return localizePath(locale, hotelPath(hotel, stay));
}

/** Stars as a screen reader and a glance both read them: the text is the message, the icons are decoration. */
export function HotelStars({ hotel }: { hotel: Pick<HotelListing, "stars" | "kind"> }) {
  const { t } = useI18n();
  const kind = HOTEL_KIND_LABELS[hotel.kind];
  return (
    <p className="hotel-card-stars">
      {hotel.stars > 0 ? (
        <>
          <span className="hotel-card-stars-icons" aria-hidden="true">
            {"★".repeat(hotel.stars)}
          </span>
          <span>{t("hotelResults.starsText", { count: hotel.stars })}</span>
        </>
      ) : (
        <span>{t("hotelResults.unrated")}</span>
      )}
      {kind ? <span className="hotel-kind">{t(kind)}</span> : null}
    </p>
  );
}

/** The guests' score out of ten (one decimal) and how many rated; nothing before the first rating. */
export function HotelScore({ rating }: { rating: HotelListing["rating"] }) {
  const { t, number } = useI18n();
  if (rating.count === 0) return null;
  return (
    <p className="hotel-score">
      <span className="hotel-score-value">{t("hotelResults.score", { score: number(rating.total, { maximumFractionDigits: 1 }) })}</span>
      <span className="hotel-score-count">{t("hotelResults.ratings", { count: rating.count })}</span>
    </p>
  );
}

/**
 * One hotel of the list: thumbnail, name, stars, the guests' score, address and distance,
 * facilities, breakfast, and the cheapest rooms for the whole party: per room-night and for the
 * stay. The name and "See rooms" lead to the hotel's page for the same stay and rooms.
 */
export function HotelCard({ hotel, stay, position }: { hotel: HotelListing; stay: Stay; position: number }) {
  const { t, number, locale } = useI18n();
  const money = useMoney();
  const href = hotelPageHref(hotel, locale, stay);
  const nights = daysBetween(stay.checkIn, stay.checkOut);
  return (
    <li id={`hotel-${hotel.hotelId}`} className="offer-card hotel-card">
      <img
        className="hotel-card-image"
        src={hotel.thumbnail.src}
        alt={hotel.thumbnail.alt}
        width={THUMBNAIL.width}
        height={THUMBNAIL.height}
        loading={position < 3 ? "eager" : "lazy"}
        decoding="async"
      />
      <div className="hotel-card-body">
        <h3 className="hotel-card-name">
          <span className="hotel-card-number" aria-hidden="true">
            {number(position + 1)}
          </span>
          <Link to={href}>{hotel.name}</Link>
        </h3>
        <HotelStars hotel={hotel} />
        <HotelScore rating={hotel.rating} />
        <p className="hotel-card-address">{hotel.address}</p>
        <p className="offer-meta">{t("hotelResults.distance", { km: number(hotel.distanceKm, { maximumFractionDigits: 1 }) })}</p>
        {hotel.facilities.length > 0 ? (
          <ul className="hotel-card-facilities" aria-label={t("hotelResults.facilitiesTitle")}>
            {hotel.facilities.slice(0, CARD_FACILITIES).map((facility) => (
              <li key={facility}>{t(FACILITY_LABELS[facility])}</li>
            ))}
          </ul>
        ) : null}
        {hotel.breakfast ? <p className="hotel-breakfast">{t("hotelResults.breakfast")}</p> : null}
      </div>
      <div className="offer-price">
        <p className="offer-price-adult">{money(hotel.cheapestPerNight)}</p>
        <p className="offer-price-note">{t("hotelResults.perNight")}</p>
        <p className="offer-price-total">
          {t("hotelResults.stayTotal", {
            nights: t("search.nights", { count: nights }),
            rooms: t("hotelResults.rooms", { count: stay.rooms.length }),
            amount: money(hotel.cheapestTotal),
          })}
        </p>
        <Link
          to={href}
          className="offer-select"
          aria-label={t("hotelResults.chooseFor", { hotel: hotel.name, price: money(hotel.cheapestPerNight) })}
        >
          {t("hotelResults.choose")}
        </Link>
      </div>
    </li>
  );
}
