import { Link } from "react-router";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { HotelLandingData } from "#app/search/hotel-results.server.ts";
import { HotelScore, HotelStars, hotelPageHref } from "./hotel-card.tsx";
import { HotelMap } from "./hotel-map.tsx";

/**
 * A city asked for without a stay (`/hotel/mashhad`, as links and search engines ask for it): its
 * hotels best rated first, without prices (they depend on the dates), each a link to its page;
 * the form above asks for the dates and rooms.
 */
export function HotelCityLanding({ data, city }: { data: HotelLandingData; city: string }) {
  const { t, locale, number } = useI18n();
  if (data.unavailable)
    return (
      <p className="flight-empty" role="status">
        {t("hotelResults.landing.unavailable")}
      </p>
    );
  if (data.hotels.length === 0)
    return (
      <p className="flight-empty" role="status">
        {t("hotelResults.landing.none")}
      </p>
    );
  return (
    <section aria-labelledby="hotel-landing" className="hotel-landing">
      <h2 id="hotel-landing" className="flight-leg-title">
        {t("hotelResults.landing.title", { city })}
      </h2>
      <p className="offer-meta">{t("hotelResults.landing.hint")}</p>
      <ol className="offer-list hotel-list">
        {data.hotels.map((hotel, index) => (
          <li key={hotel.hotelId} id={`hotel-${hotel.hotelId}`} className="offer-card hotel-card hotel-card-landing">
            <img
              className="hotel-card-image"
              src={hotel.thumbnail.src}
              alt={hotel.thumbnail.alt}
              width={160}
              height={120}
              loading={index < 3 ? "eager" : "lazy"}
              decoding="async"
            />
            <div className="hotel-card-body">
              <h3 className="hotel-card-name">
                <span className="hotel-card-number" aria-hidden="true">
                  {number(index + 1)}
                </span>
                <Link to={hotelPageHref(hotel, locale, null)} aria-label={t("hotelResults.landing.see", { hotel: hotel.name })}>
                  {hotel.name}
                </Link>
              </h3>
              <HotelStars hotel={hotel} />
              <HotelScore rating={hotel.rating} />
              <p className="hotel-card-address">{hotel.address}</p>
            </div>
          </li>
        ))}
      </ol>
      <HotelMap hotels={data.hotels} mapped={data.mapped} />
    </section>
  );
}
