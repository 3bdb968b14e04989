import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import type { PaymentResultPage } from "#app/booking/payment.server.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { gatewayName as nameOfGateway } from "#core/i18n/code-messages.ts";
import { leftToRightCode } from "#core/i18n/messages.ts";
import { FLIGHT_DOCUMENT } from "#core/services/service-module.ts";
import { PurchaseSteps } from "./purchase-steps.tsx";
import { useToman } from "./trip-summary.tsx";

const REFRESH_MS = 3000;

/** A payment's result as the server stored it; one still being confirmed is asked again every few seconds. */
export function PaymentResultScreen({ page }: { page: PaymentResultPage }) {
  const { t, digits, locale } = useI18n();
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
  const tone =
    page.outcome === "issued" || page.outcome === "credited"
      ? "booking-alert-success"
      : page.outcome === "processing"
        ? "booking-alert-info"
        : "";
  // A top-up speaks of the wallet; "credited" is only ever a top-up's outcome.
  const outcome = page.outcome === "credited" ? "issued" : page.outcome;
  const heading = page.topUp
    ? t(`wallet.pay.topup.heading.${page.outcome === "issued" ? "credited" : page.outcome}`)
    : outcome === "issued"
      ? t("payment.heading.issued", { issued: t(page.booking?.document.issued ?? FLIGHT_DOCUMENT.issued) })
      : t(`payment.heading.${outcome}`);
  const body = page.topUp
    ? t(`wallet.pay.topup.body.${page.outcome === "issued" ? "credited" : page.outcome}`)
    : t(`payment.body.${outcome}`);
  const gatewayName = page.gateway === "wallet" ? t("wallet.pay.gatewayName") : nameOfGateway(locale, page.gateway);
  return (
    <div className="booking-page">
      {page.topUp ? null : <PurchaseSteps current={page.outcome === "issued" ? "ticket" : "payment"} service={page.booking?.service} />}
      <div className={`booking-alert ${tone}`} role={processing ? "status" : "alert"}>
        <h1 className="booking-heading">{heading}</h1>
        <p>{body}</p>
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
          {page.walletAmount > 0 && page.walletAmount < page.amount ? (
            <>
              <div>
                <dt>{t("wallet.pay.result.walletPart")}</dt>
                <dd>{toman(page.walletAmount)}</dd>
              </div>
              <div>
                <dt>{t("wallet.pay.result.cardPart")}</dt>
                <dd>{toman(page.amount - page.walletAmount)}</dd>
              </div>
            </>
          ) : null}
          <div>
            <dt>{t("payment.gateway")}</dt>
            <dd>{gatewayName}</dd>
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
                <bdi dir="ltr">{leftToRightCode(locale, page.maskedPan)}</bdi>
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
                <th scope="col">{t(page.booking.document.reference)}</th>
                <th scope="col">{t(page.booking.document.ticketNumber)}</th>
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
        {page.topUp ? (
          <Link to={page.topUp.walletHref} className="offer-select">
            {t("wallet.pay.topup.back")}
          </Link>
        ) : null}
        {page.topUp && (page.outcome === "cancelled" || page.outcome === "failed") ? (
          <Link to={page.topUp.againHref} className="booking-secondary">
            {t("wallet.pay.topup.again")}
          </Link>
        ) : null}
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
