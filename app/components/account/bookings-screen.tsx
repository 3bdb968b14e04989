import { Link } from "react-router";
import type { AccountBookingRow, AccountBookingsPage } from "#app/account/bookings.server.ts";
import { useToman } from "#app/components/booking/trip-summary.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { PanelFrame } from "./panel-frame.tsx";

/** How a status looks: a tone and a symbol beside its words, so colour is never the only sign. */
const STATUS_LOOK: Record<AccountBookingRow["status"], { tone: "good" | "wait" | "off"; symbol: string }> = {
  held: { tone: "wait", symbol: "◔" },
  awaiting_payment: { tone: "wait", symbol: "◔" },
  paid: { tone: "wait", symbol: "◑" },
  issued: { tone: "good", symbol: "✓" },
  expired: { tone: "off", symbol: "✕" },
  cancelled: { tone: "off", symbol: "✕" },
  refund_requested: { tone: "wait", symbol: "↺" },
  refunded: { tone: "off", symbol: "↺" },
};

function Place({ place }: { place: AccountBookingRow["from"] }) {
  // A city name with its code after it; the code alone when the places do not know it.
  return place.name ? (
    <>
      {place.name} <span className="offer-code">{place.code}</span>
    </>
  ) : (
    <span className="offer-code">{place.code}</span>
  );
}

function BookingCard({ booking }: { booking: AccountBookingRow }) {
  const { t, dir } = useI18n();
  const toman = useToman();
  const look = STATUS_LOOK[booking.status];
  const headingId = `booking-${booking.hashId}`;
  return (
    <li className="passenger-card account-booking">
      <div className="account-booking-top">
        <h2 id={headingId} className="account-booking-route">
          <bdi>
            <Place place={booking.from} />
          </bdi>
          <span className="account-booking-arrow" aria-hidden="true">
            {booking.roundTrip ? "⇄" : dir === "rtl" ? "←" : "→"}
          </span>
          <span className="sr-only"> {t("account.bookings.to")} </span>
          <bdi>
            <Place place={booking.to} />
          </bdi>
          {booking.roundTrip ? <span className="account-booking-kind">{t("account.bookings.roundTrip")}</span> : null}
        </h2>
        <p className={`account-status account-status-${look.tone}`}>
          <span aria-hidden="true">{look.symbol} </span>
          <span className="sr-only">{t("booking.prefactor.status")}: </span>
          {t(`booking.status.${booking.status}`)}
        </p>
      </div>
      <dl className="account-facts">
        <div>
          <dt>{t("follow.reference")}</dt>
          <dd>
            <bdi dir="ltr" className="account-reference">
              {booking.reference}
            </bdi>
          </dd>
        </div>
        {booking.departureDate ? (
          <div>
            <dt>{t(booking.document.starts)}</dt>
            <dd>
              {/* Day and clock apart, with no dot between: in Persian digits a dot reads as a zero. */}
              <time dateTime={booking.departAt} className="account-departure">
                <bdi dir="ltr">{booking.departureDate}</bdi>
                <bdi dir="ltr" className="account-departure-time">
                  {booking.departureTime}
                </bdi>
              </time>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t("account.bookings.total")}</dt>
          <dd>{toman(booking.total)}</dd>
        </div>
      </dl>
      {/* Each link names its booking for a screen reader's list of links, where "Invoice" alone is ambiguous. */}
      <ul className="account-booking-links" aria-label={t("account.bookings.linksFor", { reference: booking.reference })}>
        {booking.prefactorHref ? (
          <li>
            <Link to={booking.prefactorHref} className="offer-select" aria-describedby={headingId}>
              {t("account.bookings.pay")}
            </Link>
          </li>
        ) : (
          <li>
            <Link to={booking.factorHref} className="booking-secondary" aria-describedby={headingId}>
              {t("account.bookings.invoice")}
            </Link>
          </li>
        )}
        {booking.pdfHref ? (
          <li>
            <a href={booking.pdfHref} className="booking-secondary" download aria-describedby={headingId}>
              {t(booking.document.download)}
            </a>
          </li>
        ) : null}
        <li>
          <Link to={booking.followHref} className="booking-secondary" aria-describedby={headingId}>
            {t(booking.status === "issued" ? "account.bookings.followRefund" : "account.bookings.follow")}
          </Link>
        </li>
      </ul>
    </li>
  );
}

/** `/account/bookings`: the account's bookings, newest first, each with what can be done with it now. */
export function AccountBookingsScreen({ page }: { page: AccountBookingsPage }) {
  const { t } = useI18n();
  return (
    <PanelFrame frame={page.frame} current="account-bookings" title={t("account.bookings.title")}>
      {page.bookings.length > 0 ? (
        <ul className="account-bookings">
          {page.bookings.map((booking) => (
            <BookingCard key={booking.hashId} booking={booking} />
          ))}
        </ul>
      ) : (
        <div className="passenger-card account-empty">
          <p>{t("account.bookings.empty")}</p>
          <p>
            <Link to={page.searchHref} className="offer-select">
              {t("account.bookings.search")}
            </Link>
          </p>
        </div>
      )}
    </PanelFrame>
  );
}
