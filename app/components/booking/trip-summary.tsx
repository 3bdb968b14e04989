import type { OfferSummary } from "#app/booking/flight-booking.server.ts";
import type { PriceGroup } from "#app/booking/purchase-choices.ts";
import type { ReactNode } from "react";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { BookingState } from "#core/booking/booking-state.ts";
import type { ItemSummary } from "#core/services/service-module.ts";
import { BOOKING_STATUS_MESSAGE } from "#core/i18n/code-messages.ts";
import type { Passengers } from "#core/search/search-forms.ts";

function clock(iso: string): string {
  return iso.slice(11, 16);
}

export function useToman() {
  const { t, number } = useI18n();
  return (tomans: number) => t("booking.price.amount", { amount: number(tomans) });
}

/** The flights being bought, as the traveller chose them. */
export function TripLegs({ offers }: { offers: OfferSummary[] }) {
  const { t, digits, dir } = useI18n();
  return (
    <ul className="trip-legs">
      {offers.map((offer, index) => (
        <li key={`${offer.flightNumber}-${offer.departAt}`} className="trip-leg">
          <p className="trip-leg-title">
            {offers.length > 1 ? <strong>{t(index === 0 ? "booking.summary.outbound" : "booking.summary.return")}: </strong> : null}
            <bdi>{offer.date}</bdi>
          </p>
          <p className="trip-leg-times">
            {/* Each end is isolated, so a Latin airport code beside Persian digits keeps its place in a right-to-left line. */}
            <bdi>
              <time dateTime={offer.departAt}>{digits(clock(offer.departAt))}</time> <span className="offer-code">{offer.from}</span>
            </bdi>
            <span aria-hidden="true"> {dir === "rtl" ? "←" : "→"} </span>
            <bdi>
              <time dateTime={offer.arriveAt}>{digits(clock(offer.arriveAt))}</time> <span className="offer-code">{offer.to}</span>
            </bdi>
          </p>
          <p className="trip-leg-meta">
            {t("booking.prefactor.flightLine", { airline: offer.airline, flightNumber: offer.flightNumber, fareClass: offer.fareClass })} ·{" "}
            {t("booking.prefactor.baggage", { kg: offer.baggageKg })} ·{" "}
            {offer.refundable ? t("flights.refundable") : t("flights.nonRefundable")}
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * Whether a place code is one travellers read (an airport's IATA code, "IKA"); a station's slug
 * ("tehran") is not, and the item's title already names the place.
 */
function isPrintedCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code);
}

/**
 * What was bought, as each item's service module describes it (the invoice page): any service's
 * items, with the headline, the day and clock at each end, and the module's labelled lines.
 */
export function ItemSummaries({ items }: { items: ItemSummary[] }) {
  const { dir } = useI18n();
  return (
    <ul className="trip-legs">
      {items.map((item, index) => (
        <li key={`${item.code}-${index}`} className="trip-leg">
          <p className="trip-leg-title">
            <strong>
              <bdi>{item.title}</bdi>
            </strong>{" "}
            · <bdi>{item.date}</bdi>
          </p>
          <p className="trip-leg-times">
            {/* Each end is isolated, so a Latin code beside Persian digits keeps its place in a right-to-left line. */}
            <bdi>
              <time dateTime={item.startsAt}>{item.startTime}</time>
              {item.from && isPrintedCode(item.from) ? <span className="offer-code"> {item.from}</span> : null}
            </bdi>
            {item.endsAt && item.endTime ? (
              <>
                <span aria-hidden="true"> {dir === "rtl" ? "←" : "→"} </span>
                <bdi>
                  <time dateTime={item.endsAt}>{item.endTime}</time>
                  {item.to && isPrintedCode(item.to) ? <span className="offer-code"> {item.to}</span> : null}
                </bdi>
              </>
            ) : null}
          </p>
          <dl className="trip-leg-meta item-details">
            {item.details.map((line) => (
              <div key={line.label}>
                <dt>{line.label}</dt> <dd>{line.value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** Services whose passengers are not the party that travels: a hotel's are its rooms' lead guests, and each room says who sleeps in it. */
const PARTY_NOT_SHOWN: ReadonlySet<string> = new Set(["hotel", "intHotel"]);

/** The party a price summary names, or none when the service's passengers would tell it wrong. */
export function shownParty(service: string, party: Passengers): Passengers | undefined {
  return PARTY_NOT_SHOWN.has(service) ? undefined : party;
}

/** Base fare, airport charges, discount and total: every toman of the price, computed on the server. */
export function PriceBreakdown({
  price,
  party,
}: {
  price: { base: number; taxes: number; discount: number; total: number };
  party?: Passengers;
}) {
  const { t } = useI18n();
  const toman = useToman();
  // The party is said before the list: a definition list holds only its terms and values.
  return (
    <>
      {party ? (
        <p className="price-party">
          {t("booking.summary.passengers", { adults: party.adults, children: party.children, infants: party.infants })}
        </p>
      ) : null}
      <dl className="price-breakdown">
        {/* Without charges or a discount the base is the total: said once. */}
        {price.taxes !== 0 || price.discount > 0 ? (
          <div>
            <dt>{t("booking.price.base")}</dt>
            <dd>{toman(price.base)}</dd>
          </div>
        ) : null}
        {/* A service without charges of its own (a train) has no such line. */}
        {price.taxes !== 0 ? (
          <div>
            <dt>{t("booking.price.taxes")}</dt>
            <dd>{toman(price.taxes)}</dd>
          </div>
        ) : null}
        {price.discount > 0 ? (
          <div className="price-discount">
            <dt>{t("booking.price.discount")}</dt>
            <dd>−{toman(price.discount)}</dd>
          </div>
        ) : null}
        <div className="price-total">
          <dt>{t("booking.price.total")}</dt>
          <dd>{toman(price.total)}</dd>
        </div>
      </dl>
    </>
  );
}

/**
 * The price part by part, as the service's pages compute it from the held items (a train's beds,
 * each traveller's meals and services, the car): one table per item, its lines adding up to it.
 */
export function PriceGroups({ groups, labelId }: { groups: PriceGroup[]; labelId: string }) {
  const { t } = useI18n();
  const toman = useToman();
  return (
    <div className="price-groups">
      {groups.map((group, index) => (
        <table key={index} className="price-group" aria-describedby={labelId}>
          <caption>
            <bdi>{group.title}</bdi>
          </caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">{t("booking.breakdown.item")}</th>
              <th scope="col">{t("booking.breakdown.amount")}</th>
            </tr>
          </thead>
          <tbody>
            {group.lines.map((line, position) => (
              <tr key={position}>
                <th scope="row">
                  {line.label}
                  {line.detail ? (
                    <span className="price-line-detail">
                      {" "}
                      · <bdi>{line.detail}</bdi>
                    </span>
                  ) : null}
                </th>
                <td>{line.amount === 0 ? t("booking.breakdown.included") : toman(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}

/** The booking's reference and status, the first facts of its pages; `labelId` names the section they head. */
export function ReferenceFacts({
  labelId,
  reference,
  status,
  children,
}: {
  labelId: string;
  reference: string;
  status: BookingState;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <dl className="prefactor-facts">
      <div>
        <dt id={labelId}>{t("booking.prefactor.reference")}</dt>
        <dd>
          <bdi dir="ltr" className="prefactor-reference">
            {reference}
          </bdi>
        </dd>
      </div>
      <div>
        <dt>{t("booking.prefactor.status")}</dt>
        <dd>{t(BOOKING_STATUS_MESSAGE[status])}</dd>
      </div>
      {children}
    </dl>
  );
}
