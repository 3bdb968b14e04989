import { Link } from "react-router";
import type { OfficialInvoicePage } from "#app/booking/official-invoice.server.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { LabelledValue } from "#core/tax/invoice-view.ts";

function Pairs({ id, title, pairs }: { id: string; title: string; pairs: LabelledValue[] }) {
  return (
    <section className="passenger-card" aria-labelledby={id}>
      <h2 id={id} className="booking-subheading">
        {title}
      </h2>
      <dl className="official-invoice-pairs">
        {pairs.map((pair, index) => (
          <div key={index}>
            <dt>{pair.label}</dt>
            <dd>{pair.ltr ? <bdi dir="ltr">{pair.value}</bdi> : <bdi>{pair.value}</bdi>}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Issue 23 §1: a booking's official invoices, each with its tax id, status, sections and PDF. */
export function OfficialInvoiceScreen({ page }: { page: OfficialInvoicePage }) {
  const { t } = useI18n();
  return (
    <div className="booking-page">
      <h1 className="booking-heading">{t("taxInvoice.title")}</h1>
      {page.invoices.map((invoice, index) => {
        const id = `tax-invoice-${index}`;
        return (
          <article key={invoice.taxId} className="booking-form" aria-labelledby={id}>
            <div
              className={`booking-alert ${invoice.status === "accepted" ? "booking-alert-success" : "booking-alert-info"}`}
              role="status"
            >
              <h2 id={id} className="booking-subheading">
                {invoice.heading} · <bdi>{page.seller}</bdi>
              </h2>
              <p>{invoice.typeText}</p>
              <p>
                {invoice.labels.status}: {invoice.statusText}
              </p>
            </div>
            <Pairs id={`${id}-facts`} title={invoice.labels.taxId} pairs={invoice.facts} />
            <div className="official-invoice-parties">
              <Pairs id={`${id}-seller`} title={invoice.labels.seller} pairs={invoice.seller} />
              <Pairs id={`${id}-buyer`} title={invoice.labels.buyer} pairs={invoice.buyer} />
            </div>
            <section className="passenger-card" aria-labelledby={`${id}-lines`}>
              <h2 id={`${id}-lines`} className="booking-subheading">
                {invoice.labels.lines}
              </h2>
              <div className="table-scroll">
                <table className="ticket-table">
                  <thead>
                    <tr>
                      <th scope="col">{invoice.columns.description}</th>
                      <th scope="col">{invoice.columns.amount}</th>
                      <th scope="col">{invoice.columns.discount}</th>
                      <th scope="col">{invoice.columns.taxable}</th>
                      <th scope="col">{invoice.columns.vat}</th>
                      <th scope="col">{invoice.columns.total}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {invoice.lines.map((line, row) => (
                      <tr key={row}>
                        <th scope="row">
                          <bdi dir="ltr">{line.description}</bdi>
                        </th>
                        <td>{line.amount}</td>
                        <td>{line.discount}</td>
                        <td>{line.taxable}</td>
                        <td>{line.vat}</td>
                        <td>{line.total}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">{invoice.labels.totals}</th>
                      <td>{invoice.totals.amount}</td>
                      <td>{invoice.totals.discount}</td>
                      <td>{invoice.totals.taxable}</td>
                      <td>{invoice.totals.vat}</td>
                      <td>{invoice.totals.total}</td>
                    </tr>
                  </tfoot>
                </table>
              </div>
              <p className="trip-leg-meta">{invoice.note}</p>
            </section>
            {invoice.payment.length > 0 ? <Pairs id={`${id}-payment`} title={invoice.labels.payment} pairs={invoice.payment} /> : null}
            {invoice.refundText ? <p className="trip-leg-meta">{invoice.refundText}</p> : null}
            <p className="booking-actions">
              <a href={invoice.pdfHref} className="offer-select" download>
                {t("taxInvoice.downloadPdf")}
              </a>
            </p>
          </article>
        );
      })}
      <p className="booking-actions">
        <Link to={page.factorHref} className="booking-secondary">
          {t("taxInvoice.back")}
        </Link>
      </p>
    </div>
  );
}
