import { Link } from "react-router";
import { daysBetween } from "#core/search/dates.ts";
import type { Passengers } from "#core/search/search-forms.ts";
import { bedsToPay, compartmentsNeeded } from "#core/trains/search-trains.ts";
import type { TrainOffer } from "#core/trains/train.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { Duration, clockTime, useMoney } from "../flights/result-parts.tsx";
import { TICKET_TYPE_LABELS, WAGON_LABELS } from "./labels.ts";

export interface TrainChoice {
  /** The field of the pair form: `out` or `back`. */
  name: "out" | "back";
  chosen: boolean;
  onChoose: () => void;
}

/** Calendar days between departure and arrival on Tehran's clock (an overnight train is +1). */
function dayShift(offer: TrainOffer): number {
  return daysBetween(offer.departAt.slice(0, 10), offer.arriveAt.slice(0, 10));
}

/** The wagon as a traveller reads it: "4-bed compartment", "VIP 4-bed compartment", "Salon (seats)". */
export function useWagonText() {
  const { t } = useI18n();
  return (wagon: TrainOffer["wagon"]) => t(WAGON_LABELS[wagon.kind], { beds: wagon.bedsPerCompartment });
}

/** What the party pays for one offer: per bed, the total, and on a coupe how many beds that is. */
function Price({ offer, party }: { offer: TrainOffer; party: Passengers }) {
  const { t } = useI18n();
  const money = useMoney();
  const travellers = party.adults + party.children + party.infants;
  const salon = offer.wagon.kind === "salon";
  return (
    <>
      <p className="offer-price-adult">{money(offer.price.adult)}</p>
      <p className="offer-price-note">{t(salon ? "trains.perSeat" : "trains.perBed")}</p>
      {offer.coupe ? (
        <p className="offer-price-total train-coupe-note">
          {t("trains.coupeBeds", { count: bedsToPay(offer, party), compartments: compartmentsNeeded(offer, party) })}
        </p>
      ) : null}
      <p className="offer-price-total">{t("flights.total", { count: travellers, amount: money(offer.price.total) })}</p>
    </>
  );
}

/**
 * One train's fare: operator, train number and name, clocks and duration, the wagon and ticket
 * type, beds left, who may travel, car transport, and the party's price. On a one-way search it
 * links to the passengers step; on a round trip it is one choice of the pair.
 */
export function TrainOfferCard({
  offer,
  party,
  stations,
  choice,
  selectHref,
}: {
  offer: TrainOffer;
  party: Passengers;
  stations: Record<string, string>;
  choice?: TrainChoice;
  selectHref?: string;
}) {
  const { t, digits, number } = useI18n();
  const money = useMoney();
  const wagonText = useWagonText();
  const shift = dayShift(offer);
  const salon = offer.wagon.kind === "salon";
  const trainLabel = t("trains.trainNumber", { number: digits(offer.trainNumber), name: offer.trainName });
  return (
    <li className={`offer-card train-offer${choice?.chosen ? " offer-card-chosen" : ""}`}>
      <div className="offer-airline">
        <span className="offer-airline-code train-operator-mark" aria-hidden="true">
          {offer.operator.name.slice(0, 2)}
        </span>
        <div>
          <p className="offer-airline-name">{offer.operator.name}</p>
          <p className="offer-meta">{trainLabel}</p>
        </div>
      </div>
      <div className="offer-times">
        <p>
          <time dateTime={offer.departAt} className="offer-time">
            {digits(clockTime(offer.departAt))}
          </time>
          <span className="offer-code">{stations[offer.from] ?? offer.from}</span>
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
          <span className="offer-code">{stations[offer.to] ?? offer.to}</span>
        </p>
      </div>
      <ul className="offer-facts">
        <li>{wagonText(offer.wagon)}</li>
        <li>{t(TICKET_TYPE_LABELS[offer.ticketType])}</li>
        <li className={offer.seatsLeft < 10 ? "offer-warning" : ""}>
          {t(salon ? "flights.seatsLeft" : "trains.bedsLeft", { count: offer.seatsLeft })}
        </li>
        {offer.foreignersAllowed ? null : <li className="offer-warning">{t("trains.noForeigners")}</li>}
        {offer.carTransport ? (
          <li className="train-car-badge">{t("trains.carTransport", { price: money(Math.min(...Object.values(offer.carTransport))) })}</li>
        ) : null}
        <li className={offer.refundable ? "" : "offer-warning"}>
          {offer.refundable ? t("flights.refundable") : t("flights.nonRefundable")}
        </li>
      </ul>
      <div className="offer-price">
        <Price offer={offer} party={party} />
        {choice ? (
          <label className="offer-choose">
            <input type="radio" name={choice.name} value={offer.offerId} checked={choice.chosen} onChange={choice.onChoose} required />
            {t(choice.name === "out" ? "trains.chooseOutbound" : "trains.chooseInbound")}
            <span className="sr-only">: {trainLabel}</span>
          </label>
        ) : null}
        {selectHref ? (
          <Link
            to={selectHref}
            className="offer-select"
            aria-label={t("trains.selectTrain", {
              train: trainLabel,
              time: digits(clockTime(offer.departAt)),
              price: money(offer.price.total),
            })}
          >
            {t("flights.select")}
          </Link>
        ) : null}
      </div>
    </li>
  );
}
