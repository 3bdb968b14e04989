import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CsrfField } from "#app/components/csrf-field.tsx";
import type { FollowActionData, FollowPage } from "#app/booking/follow.server.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { BOOKING_STATUS_MESSAGE } from "#core/i18n/code-messages.ts";
import { FieldMessage } from "#app/components/search/field-message.tsx";
import { useToman } from "./trip-summary.tsx";

/** What a refused lookup, refund or refund quote says. */
const FOLLOW_ERROR_MESSAGE: Record<NonNullable<FollowActionData["error"]>, MessageKey> = {
  NOT_FOUND: "follow.error.NOT_FOUND",
  RATE_LIMITED: "follow.error.RATE_LIMITED",
  SHEBA_INVALID: "follow.error.SHEBA_INVALID",
  NOT_REFUNDABLE_NOW: "follow.error.NOT_REFUNDABLE_NOW",
  NON_REFUNDABLE: "follow.error.NON_REFUNDABLE",
  IN_PERSON_ONLY: "follow.error.IN_PERSON_ONLY",
  CONFIRM_REQUIRED: "follow.error.CONFIRM_REQUIRED",
};

/** `/follow`: find a booking by reference and mobile, then its status, tickets and refund. */
export function FollowScreen({ page, result }: { page: FollowPage; result: FollowActionData | null }) {
  const { t, number } = useI18n();
  const toman = useToman();
  const navigation = useNavigation();
  const alertRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (result?.error) alertRef.current?.focus();
  }, [result]);
  const error = result?.error ? t(FOLLOW_ERROR_MESSAGE[result.error]) : null;

  if (!page.booking) {
    return (
      <div className="booking-page">
        <h1 className="booking-heading">{t("follow.title")}</h1>
        <p className="booking-note">{t("follow.intro")}</p>
        {error ? (
          <p className="booking-alert" role="alert" tabIndex={-1} ref={alertRef}>
            {error}
          </p>
        ) : null}
        <Form method="post" className="passenger-card follow-form">
          <CsrfField token={page.csrf} />
          <div className="booking-grid">
            <div className="booking-field">
              <label htmlFor="follow-reference" className="booking-label">
                {t("follow.reference")}
              </label>
              <input
                id="follow-reference"
                name="reference"
                defaultValue={result?.values.reference ?? ""}
                autoComplete="off"
                dir="ltr"
                maxLength={20}
                aria-required
              />
            </div>
            <div className="booking-field">
              <label htmlFor="follow-mobile" className="booking-label">
                {t("follow.mobile")}
              </label>
              <input
                id="follow-mobile"
                name="mobile"
                defaultValue={result?.values.mobile ?? ""}
                inputMode="tel"
                autoComplete="tel"
                dir="ltr"
                maxLength={20}
                aria-required
              />
            </div>
          </div>
          <button type="submit" className="booking-submit" disabled={navigation.state !== "idle"}>
            {t("follow.submit")}
          </button>
        </Form>
      </div>
    );
  }

  const booking = page.booking;
  const quote = page.quote && "paid" in page.quote ? page.quote : null;
  const quoteError = page.quote && "error" in page.quote ? page.quote.error : null;
  const quoteMessage = page.quote && "error" in page.quote ? (page.quote.message ?? null) : null;
  return (
    <div className="booking-page">
      <h1 className="booking-heading">
        {t("follow.booking", { reference: "" })}
        <bdi dir="ltr">{booking.reference}</bdi>
      </h1>
      <section className="passenger-card">
        <dl className="prefactor-facts">
          <div>
            <dt>{t("booking.prefactor.status")}</dt>
            <dd>{t(BOOKING_STATUS_MESSAGE[booking.status])}</dd>
          </div>
          <div>
            <dt>{t("booking.price.total")}</dt>
            <dd>{toman(booking.total)}</dd>
          </div>
          {booking.route ? (
            <div>
              <dt>{t("booking.summary.outbound")}</dt>
              <dd>
                <bdi dir="ltr">{booking.route}</bdi>
              </dd>
            </div>
          ) : null}
        </dl>
        {booking.tickets.length > 0 ? (
          <div className="table-scroll">
            <table className="ticket-table">
              <thead>
                <tr>
                  <th scope="col">{t("booking.prefactor.passengers")}</th>
                  <th scope="col">{t("document.item")}</th>
                  <th scope="col">{t(booking.document.reference)}</th>
                  <th scope="col">{t(booking.document.ticketNumber)}</th>
                </tr>
              </thead>
              <tbody>
                {booking.tickets.map((ticket) => (
                  <tr key={ticket.ticketNumber}>
                    <th scope="row">{ticket.passenger}</th>
                    <td>
                      <bdi dir="ltr">{ticket.code}</bdi>
                    </td>
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
          </div>
        ) : null}
        <p className="booking-actions">
          <Link to={booking.factorHref} className="booking-secondary">
            {t("factor.viewTicket")}
          </Link>
          {booking.pdfHref ? (
            <a href={booking.pdfHref} className="booking-secondary" download>
              {t(booking.document.download)}
            </a>
          ) : null}
          {booking.status === "held" ? (
            <Link to={booking.prefactorHref} className="offer-select">
              {t("booking.steps.payment")}
            </Link>
          ) : null}
        </p>
      </section>
      {page.refund?.destination === "wallet" ? (
        page.refund.status === "paid" ? (
          <p className="booking-alert booking-alert-success" role="status">
            {t("wallet.refund.done", { amount: number(page.refund.amount) })} <Link to={page.walletHref}>{t("wallet.refund.view")}</Link>
          </p>
        ) : (
          // Stopped half way (the tickets cancelled, the credit not yet confirmed): asking again finishes it, once.
          <Form method="post" className="booking-alert booking-alert-info">
            <CsrfField token={page.csrf} />
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="booking" value={booking.hashId} />
            <input type="hidden" name="to" value="wallet" />
            <input type="hidden" name="confirm" value="1" />
            <span>{t("wallet.refund.pending", { amount: number(page.refund.amount) })} </span>
            <button type="submit" className="booking-secondary" disabled={navigation.state !== "idle"}>
              {t("wallet.refund.finish")}
            </button>
          </Form>
        )
      ) : page.refund ? (
        <p className="booking-alert booking-alert-success" role="status">
          {t("follow.refund.done", { amount: number(page.refund.amount) })}
        </p>
      ) : null}
      {quote ? (
        <section className="passenger-card" aria-labelledby="refund-heading">
          <h2 id="refund-heading" className="booking-subheading">
            {t("follow.refund.heading")}
          </h2>
          <dl className="price-breakdown">
            <div>
              <dt>{t("follow.refund.paid")}</dt>
              <dd>{toman(quote.paid)}</dd>
            </div>
            <div>
              <dt>{t("follow.refund.penalty")}</dt>
              <dd>{toman(quote.penalty)}</dd>
            </div>
            <div className="price-total">
              <dt>{t("follow.refund.amount")}</dt>
              <dd>{toman(quote.refundAmount)}</dd>
            </div>
          </dl>
          {/* Each item's window now, and on request every window of its rule, before the traveller confirms. */}
          <ul className="refund-lines">
            {quote.lines.map((line, index) => (
              <li key={`${line.code}-${index}`}>
                <p>
                  <bdi dir="ltr">{line.code}</bdi>: {line.window}
                </p>
                {line.timeline.length > 1 ? (
                  <details className="refund-timeline">
                    <summary>{t("follow.refund.timeline")}</summary>
                    <ol>
                      {line.timeline.map((stage, step) => (
                        <li key={step} aria-current={stage.current ? "step" : undefined}>
                          {stage.current ? <strong>{t("follow.refund.current", { window: stage.text })}</strong> : stage.text}
                        </li>
                      ))}
                    </ol>
                  </details>
                ) : null}
              </li>
            ))}
          </ul>
          {error ? (
            <p className="booking-alert" role="alert" tabIndex={-1} ref={alertRef}>
              {error}
            </p>
          ) : null}
          <Form method="post" className="booking-form">
            <CsrfField token={page.csrf} />
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="booking" value={booking.hashId} />
            {page.walletRefund ? (
              // Without JavaScript both choices and the Sheba field are there; the Sheba is read only for a card.
              <fieldset className="booking-field booking-radios">
                <legend className="booking-label">{t("wallet.refund.choose")}</legend>
                <label className="booking-radio">
                  <input type="radio" name="to" value="wallet" defaultChecked={(result?.values.to ?? "wallet") === "wallet"} />
                  {t("wallet.refund.toWallet")}
                </label>
                <label className="booking-radio">
                  <input type="radio" name="to" value="card" defaultChecked={result?.values.to === "card"} />
                  {t("wallet.refund.toCard")}
                </label>
              </fieldset>
            ) : (
              <input type="hidden" name="to" value="card" />
            )}
            <div className={`booking-field${result?.error === "SHEBA_INVALID" ? " booking-field-invalid" : ""}`}>
              <label htmlFor="refund-sheba" className="booking-label">
                {t(page.walletRefund ? "wallet.refund.shebaForCard" : "follow.refund.sheba")}
              </label>
              <input
                id="refund-sheba"
                name="sheba"
                defaultValue={result?.values.sheba ?? ""}
                dir="ltr"
                autoComplete="off"
                maxLength={40}
                aria-describedby={result?.error === "SHEBA_INVALID" ? "refund-sheba-hint refund-sheba-error" : "refund-sheba-hint"}
                aria-invalid={result?.error === "SHEBA_INVALID" ? true : undefined}
                placeholder="IR000000000000000000000000"
              />
              <p id="refund-sheba-hint" className="booking-hint">
                {t("follow.refund.shebaHint")}
              </p>
              <FieldMessage id="refund-sheba-error" message={result?.error === "SHEBA_INVALID" ? t("follow.error.SHEBA_INVALID") : null} />
            </div>
            <label className="booking-check">
              <input type="checkbox" name="confirm" value="1" />
              {t("follow.refund.confirm")}
            </label>
            <button type="submit" className="booking-submit" disabled={navigation.state !== "idle"}>
              {t("follow.refund.submit")}
            </button>
          </Form>
        </section>
      ) : quoteError && booking.status === "issued" ? (
        <p className="booking-alert booking-alert-info">{quoteMessage ?? t(FOLLOW_ERROR_MESSAGE[quoteError])}</p>
      ) : null}
      <p>
        <Link to="?">{t("follow.searchAnother")}</Link>
      </p>
    </div>
  );
}
