import type { ReactNode } from "react";
import { Link } from "react-router";
import type { BusOffer } from "#core/buses/bus.ts";
import { daysBetween } from "#core/search/dates.ts";
import type { Passengers } from "#core/search/search-forms.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { Duration, clockTime, useMoney } from "../flights/result-parts.tsx";
import { BUS_TYPE_LABELS, BUS_TYPE_SEATS } from "./labels.ts";

/** The coach as a traveller reads it: "VIP 2+1 · 25 seats". */
export function useBusTypeText() {
  const { t } = useI18n();
  return (offer: Pick<BusOffer, "busType">) => t(BUS_TYPE_LABELS[offer.busType], { seats: BUS_TYPE_SEATS[offer.busType] });
}

/**
 * One departure: company and coach, the terminals with their clocks and the time on the road, seats
 * left, the price of a seat and of the party. "Choose seats" is a link (it works without
 * JavaScript) that opens the bus's seat map under the card; `seatMap` is that map when open.
 */
export function BusOfferCard({
  offer,
  party,
  chooseHref,
  closeHref,
  seatMap,
}: {
  offer: BusOffer;
  party: Passengers;
  chooseHref: string;
  closeHref: string;
  seatMap: ReactNode;
}) {
  const { t, digits, number } = useI18n();
  const money = useMoney();
  const busType = useBusTypeText();
  const seated = party.adults + party.children;
  const travellers = seated + party.infants;
  const shift = daysBetween(offer.departAt.slice(0, 10), offer.arriveAt.slice(0, 10));
  const open = seatMap !== null;
  const fits = offer.seatsLeft >= seated;
  const time = digits(clockTime(offer.departAt));
  return (
    <li className={`offer-card bus-offer${open ? " offer-card-chosen" : ""}`}>
      <div className="offer-airline">
        <span className="offer-airline-code bus-company-mark" aria-hidden="true">
          {offer.company.name.slice(0, 2)}
        </span>
        <div>
          <p className="offer-airline-name">{offer.company.name}</p>
          <p className="offer-meta">{busType(offer)}</p>
        </div>
      </div>
      <div className="offer-times">
        <p>
          <time dateTime={offer.departAt} className="offer-time">
            {time}
          </time>
          <span className="offer-code">{offer.originTerminal.name}</span>
        </p>
        <p className="offer-duration">
          <Duration minutes={offer.durationMinutes} />
        </p>
        <p>
          <time dateTime={offer.arriveAt} className="offer-time">
            {digits(clockTime(offer.arriveAt))}
            {shift > 0 ? (
              <sup className="intl-day-shift" title={t("intlFlights.arrivesLater", { count: shift })}>
                +{number(shift)}
                <span className="sr-only"> {t("intlFlights.arrivesLater", { count: shift })}</span>
              </sup>
            ) : null}
          </time>
          <span className="offer-code">{offer.destinationTerminal.name}</span>
        </p>
      </div>
      <ul className="offer-facts">
        <li className={offer.seatsLeft < 10 ? "offer-warning" : ""}>{t("flights.seatsLeft", { count: offer.seatsLeft })}</li>
        {fits ? null : <li className="offer-warning">{t("bus.notEnoughSeats")}</li>}
        <li className={offer.refundable ? "" : "offer-warning"}>
          {offer.refundable ? t("flights.refundable") : t("flights.nonRefundable")}
        </li>
      </ul>
      <div className="offer-price">
        <p className="offer-price-adult">{money(offer.price.adult)}</p>
        <p className="offer-price-note">{t("bus.perSeat")}</p>
        <p className="offer-price-total">{t("flights.total", { count: travellers, amount: money(offer.price.total) })}</p>
        {open ? (
          <Link to={closeHref} className="bus-seats-close" preventScrollReset replace>
            {t("bus.hideSeats")}
          </Link>
        ) : fits ? (
          <Link
            to={chooseHref}
            className="offer-select"
            aria-label={t("bus.chooseSeatsFor", { company: offer.company.name, time, price: money(offer.price.adult) })}
          >
            {t("bus.chooseSeats")}
          </Link>
        ) : null}
      </div>
      {seatMap}
    </li>
  );
}
