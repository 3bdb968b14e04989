import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import type { PaymentResultPage } from "#app/booking/payment.server.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#app/i18n/messages.ts";
import { PurchaseSteps } from "./purchase-steps.tsx";
import { useToman } from "./trip-summary.tsx";

const REFRESH_MS = 3000;

/** A payment's result as the server stored it; one still being confirmed is asked again every few seconds. */
export function PaymentResultScreen({ page }: { page: PaymentResultPage }) {
  const { t, digits } = useI18n();
  const toman = useToman();
  const revalidator = useRevalidator();
  const processing = page.outcome === "processing";
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [processing, revalidator]);
  const tone = page.outcome === "issued" ? "booking-alert-success" : page.outcome === "processing" ? "booking-alert-info" : "";
  return (
    <div className="booking-page">
      <PurchaseSteps current={page.outcome === "issued" ? "ticket" : "payment"} />
      <div className={`booking-alert ${tone}`} role={processing ? "status" : "alert"}>
        <h1 className="booking-heading">{t(`payment.heading.${page.outcome}`)}</h1>
        <p>{t(`payment.body.${page.outcome}`)}</p>
      </div>
      <section className="passenger-card">
        <dl className="prefactor-facts">
          {page.booking ? (
            <div>
              <dt>{t("payment.bookingReference")}</dt>
              <dd>
                <bdi dir="ltr" className="prefactor-reference">
                  {page.booking.reference}
                </bdi>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t("payment.amount")}</dt>
            <dd>{toman(page.amount)}</dd>
          </div>
          <div>
            <dt>{t("payment.gateway")}</dt>
            <dd>{t(`payment.gatewayName.${page.gateway}` as MessageKey)}</dd>
          </div>
          {page.referenceId ? (
            <div>
              <dt>{t("payment.bankReference")}</dt>
              <dd>
                <bdi dir="ltr">{digits(page.referenceId)}</bdi>
              </dd>
            </div>
          ) : null}
          {page.maskedPan ? (
            <div>
              <dt>{t("payment.card")}</dt>
              <dd>
                <bdi dir="ltr">{digits(page.maskedPan)}</bdi>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t("payment.date")}</dt>
            <dd>
              <bdi>{page.date}</bdi>
            </dd>
          </div>
        </dl>
        {page.booking && page.booking.tickets.length > 0 ? (
          <table className="ticket-table">
            <thead>
              <tr>
                <th scope="col">{t("payment.pnr")}</th>
                <th scope="col">{t("payment.ticketNumber")}</th>
              </tr>
            </thead>
            <tbody>
              {page.booking.tickets.map((ticket) => (
                <tr key={ticket.ticketNumber}>
                  <td>
                    <bdi dir="ltr">{ticket.pnr}</bdi>
                  </td>
                  <td>
                    <bdi dir="ltr">{ticket.ticketNumber}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
      <p className="booking-actions">
        {page.booking && (page.outcome === "cancelled" || page.outcome === "failed") && page.booking.payable ? (
          <Link to={page.booking.prefactorHref} className="offer-select">
            {t("payment.payAgain")}
          </Link>
        ) : null}
        {processing ? (
          <Link to="." reloadDocument className="booking-secondary">
            {t("payment.checkAgain")}
          </Link>
        ) : null}
        {page.booking && page.outcome === "issued" ? (
          <Link to={page.booking.factorHref} className="offer-select">
            {t("factor.viewTicket")}
          </Link>
        ) : null}
        {page.booking && page.outcome !== "issued" ? (
          <Link to={page.booking.prefactorHref} className="booking-secondary">
            {t("payment.viewBooking")}
          </Link>
        ) : null}
      </p>
    </div>
  );
}
