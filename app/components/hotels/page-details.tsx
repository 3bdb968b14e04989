import type { HotelDetails } from "#core/hotels/hotel.ts";
import { FACILITY_LABELS } from "./results-labels.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";

const MAP_ZOOM = 16;

/** A labelled part of the page with a heading the landmarks list can jump to. */
function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="hotel-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="hotel-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Where the hotel is. Every tenant gets the address and the coordinates; a tenant with a map token
 * also gets a link that opens the spot on a map (no map provider's script runs on our pages).
 */
function HotelLocation({ hotel, hasMap }: { hotel: HotelDetails; hasMap: boolean }) {
  const { t, number } = useI18n();
  const coordinate = (value: number) => number(value, { minimumFractionDigits: 4, maximumFractionDigits: 4, useGrouping: false });
  const { lat, lng } = hotel.location;
  return (
    <Section id="hotel-location" title={t("hotelPage.location.heading")}>
      <address className="hotel-address">{hotel.address}</address>
      <p>
        {t("hotelPage.location.coordinates", { lat: coordinate(lat), lng: coordinate(lng) })}{" "}
        <span className="hotel-distance-centre">{t("hotelPage.location.centre", { km: number(hotel.distanceKm) })}</span>
      </p>
      {hasMap ? (
        <p>
          <a
            href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${MAP_ZOOM}/${lat}/${lng}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t("hotelPage.location.map")}
          </a>
        </p>
      ) : null}
    </Section>
  );
}

/** What the hotel tells about itself: description, facilities, rules, times, landmarks and location. */
export function HotelFacts({ hotel, hasMap }: { hotel: HotelDetails; hasMap: boolean }) {
  const { t, number, digits } = useI18n();
  return (
    <>
      <Section id="hotel-about" title={t("hotelPage.about.heading")}>
        <p className="hotel-description">{hotel.description}</p>
        <dl className="hotel-times">
          <div>
            <dt>{t("hotelPage.about.checkIn")}</dt>
            <dd>{digits(hotel.checkInTime)}</dd>
          </div>
          <div>
            <dt>{t("hotelPage.about.checkOut")}</dt>
            <dd>{digits(hotel.checkOutTime)}</dd>
          </div>
        </dl>
      </Section>
      {hotel.facilities.length > 0 ? (
        <Section id="hotel-facilities" title={t("hotelPage.facilities.heading")}>
          <ul className="hotel-facilities">
            {hotel.facilities.map((facility) => (
              <li key={facility}>{t(FACILITY_LABELS[facility])}</li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section id="hotel-rules" title={t("hotelPage.rules.heading")}>
        {hotel.rules.base.length > 0 ? (
          <>
            <h3 className="hotel-subtitle">{t("hotelPage.rules.base")}</h3>
            <ul className="hotel-bullets">
              {hotel.rules.base.map((rule) => (
                <li key={rule}>{digits(rule)}</li>
              ))}
            </ul>
          </>
        ) : null}
        {hotel.rules.other.length > 0 ? (
          <>
            <h3 className="hotel-subtitle">{t("hotelPage.rules.other")}</h3>
            <ul className="hotel-bullets">
              {hotel.rules.other.map((rule) => (
                <li key={rule}>{digits(rule)}</li>
              ))}
            </ul>
          </>
        ) : null}
      </Section>
      {hotel.distances.length > 0 ? (
        <Section id="hotel-distances" title={t("hotelPage.distances.heading")}>
          <ul className="hotel-distances">
            {hotel.distances.map((distance) => (
              <li key={distance.landmark}>
                <span>{distance.landmark}</span>
                <span>{t("hotelPage.distances.km", { km: number(distance.km) })}</span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <HotelLocation hotel={hotel} hasMap={hasMap} />
    </>
  );
}
