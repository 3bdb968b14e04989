import { Link } from "react-router";
import type { FactorOutcome, FactorPage } from "#app/booking/factor.server.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { gatewayName } from "#core/i18n/code-messages.ts";
import { leftToRightCode } from "#core/i18n/messages.ts";
import { PurchaseSteps } from "./purchase-steps.tsx";
import { ItemSummaries, PriceBreakdown, PriceGroups, ReferenceFacts } from "./trip-summary.tsx";
import { TicketBoxes } from "./ticket-boxes.tsx";

/** The invoice and tickets of a booking, as stored on the server (spec §2 factor pages). */
export function FactorScreen({
  page,
  next,
}: {
  page: FactorPage;
  /** What the traveller does next, in the service's words (a station, not an airport); the shared text otherwise. */
  next?: Partial<Record<FactorOutcome, string>>;
}) {
  const { t, digits, locale } = useI18n();
  const tone = page.outcome === "success" ? "booking-alert-success" : page.outcome === "pending" ? "booking-alert-info" : "";
  return (
    <div className="booking-page">
      <PurchaseSteps current="ticket" service={page.service} />
      <div className={`booking-alert ${tone}`} role="status">
        <h1 className="booking-heading">{page.outcome === "success" ? t(page.document.issued) : t(`factor.heading.${page.outcome}`)}</h1>
        <p>{next?.[page.outcome] ?? t(`factor.next.${page.outcome}`)}</p>
      </div>
      <div className="booking-layout">
        <div className="booking-form">
          <section className="passenger-card" aria-labelledby="factor-reference">
            <ReferenceFacts labelId="factor-reference" reference={page.reference} status={page.status}>
              {page.items.map((item, index) =>
                item.pnr ? (
                  <div key={index}>
                    <dt>{t(page.document.reference)}</dt>
                    <dd>
                      <bdi dir="ltr" className="prefactor-reference">
                        {item.pnr}
                      </bdi>
                    </dd>
                  </div>
                ) : null,
              )}
            </ReferenceFacts>
            <ItemSummaries items={page.items} />
          </section>
          <section className="passenger-card" aria-labelledby="factor-passengers">
            <h2 id="factor-passengers" className="booking-subheading">
              {t("booking.prefactor.passengers")}
            </h2>
            <div className="table-scroll">
              <table className="ticket-table">
                <thead>
                  <tr>
                    <th scope="col">{t("booking.prefactor.passengers")}</th>
                    <th scope="col">{t("booking.field.nationalCode")}</th>
                    {page.items.map((item, index) => (
                      <th scope="col" key={index}>
                        {/* A flight's "IR 451" reads left to right, a hotel's or tour's name in its own script: the isolate finds it. */}
                        {t(page.document.ticketNumber)} <bdi>{item.code}</bdi>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {page.passengers.map((passenger, index) => (
                    <tr key={index}>
                      <th scope="row">
                        {passenger.name}
                        {passenger.latinName ? (
                          <>
                            <br />
                            <bdi dir="ltr">{passenger.latinName}</bdi>
                          </>
                        ) : null}
                      </th>
                      <td>
                        <bdi dir="ltr">{passenger.identity ?? "—"}</bdi>
                      </td>
                      {passenger.tickets.map((numbers, item) => (
                        <td key={item}>
                          {numbers.length > 0
                            ? numbers.map((number) => (
                                <bdi key={number} dir="ltr" className="ticket-number">
                                  {number}
                                </bdi>
                              ))
                            : "—"}
                          {passenger.places[item] ? <span className="ticket-place">{passenger.places[item]}</span> : null}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          {page.ticketLines.length > 0 ? (
            <section className="passenger-card" aria-labelledby="factor-tickets">
              <h2 id="factor-tickets" className="booking-subheading">
                {t(page.document.title)}
              </h2>
              <TicketBoxes lines={page.ticketLines} document={page.document} />
            </section>
          ) : null}
          {page.breakdown ? (
            <section className="passenger-card" aria-labelledby="factor-breakdown">
              <h2 id="factor-breakdown" className="booking-subheading">
                {t("booking.breakdown.heading")}
              </h2>
              <PriceGroups groups={page.breakdown} labelId="factor-breakdown" />
            </section>
          ) : null}
        </div>
        <aside className="booking-aside" aria-labelledby="factor-price">
          <h2 id="factor-price" className="booking-subheading">
            {t("booking.price.total")}
          </h2>
          <PriceBreakdown price={page.price} />
          {page.payment ? (
            <p className="trip-leg-meta">
              {t("factor.paidWith", { gateway: gatewayName(locale, page.payment.gateway) })}
              {page.payment.referenceId ? (
                <>
                  {" · "}
                  {t("payment.bankReference")} <bdi dir="ltr">{digits(page.payment.referenceId)}</bdi>
                </>
              ) : null}
              {page.payment.maskedPan ? (
                <>
                  {" · "}
                  <bdi dir="ltr">{leftToRightCode(locale, page.payment.maskedPan)}</bdi>
                </>
              ) : null}
            </p>
          ) : null}
          {page.company ? (
            <section className="factor-company" aria-labelledby="factor-company">
              <h3 id="factor-company" className="booking-subheading">
                {t("booking.prefactor.company")}
              </h3>
              <dl className="trip-leg-meta">
                <div>
                  <dt>{t("booking.field.companyName")}</dt>
                  <dd>
                    <bdi>{page.company.name}</bdi>
                  </dd>
                </div>
                <div>
                  <dt>{t("booking.field.companyNationalId")}</dt>
                  <dd>
                    <bdi dir="ltr">{page.company.nationalId}</bdi>
                  </dd>
                </div>
                <div>
                  <dt>{t("booking.field.economicCode")}</dt>
                  <dd>
                    <bdi dir="ltr">{page.company.economicCode}</bdi>
                  </dd>
                </div>
                <div>
                  <dt>{t("booking.field.postalCode")}</dt>
                  <dd>
                    <bdi dir="ltr">{page.company.postalCode}</bdi>
                  </dd>
                </div>
                {page.company.branchCode ? (
                  <div>
                    <dt>{t("booking.field.branchCode")}</dt>
                    <dd>
                      <bdi dir="ltr">{page.company.branchCode}</bdi>
                    </dd>
                  </div>
                ) : null}
              </dl>
            </section>
          ) : null}
          {page.officialInvoices.length > 0 ? (
            <section className="factor-company" aria-labelledby="factor-official-invoice">
              <h3 id="factor-official-invoice" className="booking-subheading">
                {t("taxInvoice.factor.heading")}
              </h3>
              {page.officialInvoices.map((invoice) => (
                <dl className="trip-leg-meta" key={invoice.taxId}>
                  <div>
                    <dt>{invoice.heading}</dt>
                    <dd>
                      <bdi dir="ltr">{invoice.taxId}</bdi>
                    </dd>
                  </div>
                  <div>
                    <dt>{t("taxInvoice.status")}</dt>
                    <dd>{invoice.statusText}</dd>
                  </div>
                  <div>
                    <dd>
                      <Link to={invoice.pageHref} className="booking-secondary">
                        {t("taxInvoice.view")}
                      </Link>{" "}
                      <a href={invoice.pdfHref} className="booking-secondary" download>
                        {t("taxInvoice.downloadPdf")}
                      </a>
                    </dd>
                  </div>
                </dl>
              ))}
            </section>
          ) : null}
          <p className="booking-actions">
            {page.outcome === "success" ? (
              <a href={page.pdfHref} className="offer-select" download>
                {t(page.document.download)}
              </a>
            ) : null}
            {page.outcome === "pending" ? (
              <Link to={page.prefactorHref} className="offer-select">
                {t("booking.steps.payment")}
              </Link>
            ) : null}
            <Link to={page.followHref} className="booking-secondary">
              {t("factor.follow")}
            </Link>
          </p>
          {page.printHrefs ? (
            <nav className="booking-actions" aria-label={t("factor.print.heading")}>
              <Link to={page.printHrefs.desktop} className="booking-secondary">
                {t("factor.print.desktop")}
              </Link>
              <Link to={page.printHrefs.mobile} className="booking-secondary">
                {t("factor.print.mobile")}
              </Link>
            </nav>
          ) : null}
          {page.supportPhone ? (
            <p className="trip-leg-meta">
              {t("factor.support", { phone: "" })}
              <a href={`tel:${page.supportPhone}`}>
                <bdi dir="ltr">{digits(page.supportPhone)}</bdi>
              </a>
            </p>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
