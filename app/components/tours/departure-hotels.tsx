import { Link } from "react-router";
import { OCCUPANCIES, type TourHotelOption } from "#core/tours/tour.ts";
import { useToman } from "#app/components/booking/trip-summary.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { TourHotelsPage } from "./departure-data.ts";
import { DepartureBreadcrumb, DepartureDetails, DepartureFacts, VisaFacts } from "./departure-summary.tsx";

/**
 * `/tour/searchHotels/{tourId}` (issue 21): the departure at a glance, then each of its hotels with
 * its stars, board, address and rating, and what one person pays for the whole tour by how the
 * room is shared; "choose rooms" goes on to that hotel's rooms page with the travellers searched for.
 */

/** Stars for the eye, their count for a screen reader. */
export function TourHotelStars({ stars }: { stars: number }) {
  const { t } = useI18n();
  if (stars <= 0) return null;
  return (
    <span className="tour-hotel-stars">
      <span aria-hidden="true">{"★".repeat(stars)}</span>
      <span className="sr-only">{t("hotelPage.stars", { count: stars })}</span>
    </span>
  );
}

/** The board, the address and the guests' rating, on one line under the hotel's name. */
export function TourHotelFacts({ hotel }: { hotel: TourHotelOption }) {
  const { t, number } = useI18n();
  return (
    <p className="tour-hotel-facts">
      <TourHotelStars stars={hotel.stars} /> <span>{t(`tourPurchase.board.${hotel.board}`)}</span> · <span>{hotel.address}</span>
      {hotel.rating !== null ? (
        <>
          {" · "}
          <span>{t("hotelPage.rating.outOf", { score: number(hotel.rating, { maximumFractionDigits: 1 }) })}</span>
        </>
      ) : null}
    </p>
  );
}

/** Per-person prices by occupancy, as a table a screen reader reads row by row. */
function OccupancyPrices({ hotel }: { hotel: TourHotelOption }) {
  const { t } = useI18n();
  const toman = useToman();
  return (
    <table className="tour-prices">
      <caption>{t("tourPurchase.prices.caption", { hotel: hotel.name })}</caption>
      <thead>
        <tr>
          <th scope="col">{t("tourPurchase.prices.who")}</th>
          <th scope="col">{t("tourPurchase.prices.price")}</th>
        </tr>
      </thead>
      <tbody>
        {OCCUPANCIES.map((occupancy) => (
          <tr key={occupancy}>
            <th scope="row">{t(`tourPurchase.occupancy.${occupancy}`)}</th>
            <td>{toman(hotel.prices[occupancy])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TourHotelsScreen({ page }: { page: TourHotelsPage }) {
  const { t } = useI18n();
  const { departure } = page;
  const full = departure.seatsLeft <= 0;
  return (
    <article className="tour-page">
      <DepartureBreadcrumb view={page} current={departure.title} />
      <header className="tour-header">
        <h1 className="tour-title">{departure.title}</h1>
        <p className="tour-route">{t("tourPurchase.route", { from: page.fromName, to: page.toName })}</p>
      </header>
      <section className="tour-summary" aria-labelledby="tour-summary-heading">
        <h2 id="tour-summary-heading" className="tour-section-title">
          {t("tourPurchase.summary.heading")}
        </h2>
        <DepartureFacts view={page} />
        {departure.transfer === "ownFlight" ? <p className="tour-note">{t("tourPurchase.ownFlightTransfer")}</p> : null}
      </section>
      <VisaFacts departure={departure} />
      <section className="tour-hotels" aria-labelledby="tour-hotels-heading">
        <h2 id="tour-hotels-heading" className="tour-section-title">
          {t("tourPurchase.hotels.heading")}
        </h2>
        {page.hotels.length === 0 ? (
          <p className="hotel-notice" role="note">
            {t("tourPurchase.hotels.none")}
          </p>
        ) : (
          <ul className="tour-hotel-list">
            {page.hotels.map(({ option, roomsHref }) => (
              <li key={option.hotelId} className="tour-hotel">
                <h3 className="tour-hotel-name">{option.name}</h3>
                <TourHotelFacts hotel={option} />
                <OccupancyPrices hotel={option} />
                {full ? null : (
                  <Link to={roomsHref} className="tour-button" aria-label={t("tourPurchase.chooseRoomsAt", { hotel: option.name })}>
                    {t("tourPurchase.chooseRooms")}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <DepartureDetails departure={departure} />
    </article>
  );
}
