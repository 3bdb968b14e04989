import { Link, useRouteLoaderData } from "react-router";
import type { FactorPage } from "#app/booking/factor.server.ts";
import { PriceBreakdown, PriceGroups } from "#app/components/booking/trip-summary.tsx";
import { useHydrated } from "#app/components/search/use-hydrated.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { RootData } from "#app/root-data.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { BOOKING_STATUS_MESSAGE, gatewayName } from "#core/i18n/code-messages.ts";
import type { ServiceDocument } from "#core/services/service-module.ts";

export interface PrintTexts {
  title: MessageKey;
  next: MessageKey;
}

const TRAIN_TEXTS: PrintTexts = { title: "trainPurchase.print.title", next: "trainPurchase.factor.next" };

/**
 * The train invoice laid out for printing (spec §2 `…/desktopFactor` and `…/mobileFactor`): the
 * agency, the booking, every traveller's ticket with wagon, compartment and bed, the price part by
 * part and the payment. Desktop is an A4 sheet with the tickets as one table; mobile is a narrow
 * roll of one card per traveller and train, readable on a phone and printable on a receipt printer.
 * The site's header and footer are not printed (the factor layout hides them).
 */
export function PurchasePrint({
  page,
  variant,
  texts = TRAIN_TEXTS,
}: {
  page: FactorPage;
  variant: "desktop" | "mobile";
  /** The sheet's title and what to do next, in the service's own words (another service's print shares this layout). */
  texts?: PrintTexts;
}) {
  const { t, digits, locale, later } = useI18n();
  later("trainPurchase.print.button");
  const site = useRouteLoaderData<RootData>("root")?.site;
  // The print button needs JavaScript; without it the note says to use the browser's own command.
  const canPrint = useHydrated();
  const issued = page.outcome === "success";

  return (
    <article className={`print-sheet print-${variant}`} aria-labelledby="print-title">
      <div className="print-toolbar print:hidden">
        {canPrint ? (
          <button type="button" className="booking-submit" onClick={() => window.print()}>
            {t("trainPurchase.print.button")}
          </button>
        ) : (
          <p className="booking-note">{t("trainPurchase.print.hint")}</p>
        )}
        {page.printHrefs ? (
          <Link to={page.printHrefs.invoice} className="booking-secondary">
            {t("trainPurchase.print.back")}
          </Link>
        ) : null}
      </div>
      <header className="print-header">
        {site?.name ? <p className="print-agency">{site.name}</p> : null}
        <h1 id="print-title" className="booking-heading">
          {t(texts.title)}
        </h1>
        <dl className="print-facts">
          <div>
            <dt>{t("booking.prefactor.reference")}</dt>
            <dd>
              <bdi dir="ltr">{page.reference}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t("booking.prefactor.status")}</dt>
            <dd>{t(BOOKING_STATUS_MESSAGE[page.status])}</dd>
          </div>
        </dl>
        {issued ? null : <p className="booking-alert booking-alert-info">{t(`factor.heading.${page.outcome}`)}</p>}
      </header>

      {variant === "desktop" ? <DesktopTickets page={page} /> : <MobileTickets page={page} />}

      {page.breakdown ? (
        <section aria-labelledby="print-breakdown" className="print-section">
          <h2 id="print-breakdown" className="booking-subheading">
            {t("booking.breakdown.heading")}
          </h2>
          <PriceGroups groups={page.breakdown} labelId="print-breakdown" />
        </section>
      ) : null}
      <section aria-labelledby="print-total" className="print-section">
        <h2 id="print-total" className="booking-subheading">
          {t("trainPurchase.print.payment")}
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
          </p>
        ) : null}
      </section>
      <footer className="print-footer trip-leg-meta">
        {issued ? <p>{t(texts.next)}</p> : null}
        {page.supportPhone ? (
          <p>
            {t("factor.support", { phone: "" })}
            <bdi dir="ltr">{digits(page.supportPhone)}</bdi>
          </p>
        ) : null}
      </footer>
    </article>
  );
}

/** One table: a row per traveller, a column per train with the ticket number and the bed. */
function DesktopTickets({ page }: { page: FactorPage }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="print-trains" className="print-section">
      <h2 id="print-trains" className="booking-subheading">
        {t("factor.tickets")}
      </h2>
      <table className="ticket-table print-trains">
        <caption className="sr-only">{t("factor.tickets")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("booking.prefactor.passengers")}</th>
            <th scope="col">{t("ticket.identity")}</th>
            {page.items.map((item, index) => (
              <th scope="col" key={index}>
                <bdi>{item.title}</bdi>
                <br />
                <span className="trip-leg-meta">
                  <bdi>{item.date}</bdi> · <bdi>{item.startTime}</bdi>
                  {item.endTime ? (
                    <>
                      {" – "}
                      <bdi>{item.endTime}</bdi>
                    </>
                  ) : null}
                </span>
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
              {page.items.map((item, position) => (
                <td key={position}>
                  <TicketCell
                    numbers={passenger.tickets[position] ?? []}
                    place={passenger.places[position] ?? null}
                    pnr={item.pnr}
                    document={page.document}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="print-item-details">
        {page.items.map((item, index) => (
          <li key={index}>
            <p className="trip-leg-title">
              <strong>
                <bdi>{item.title}</bdi>
              </strong>{" "}
              · <bdi>{item.date}</bdi>
            </p>
            <dl className="item-details trip-leg-meta">
              {item.details.map((line) => (
                <div key={line.label}>
                  <dt>{line.label}</dt> <dd>{line.value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A card per traveller and train, as a phone shows it and a receipt printer prints it. */
function MobileTickets({ page }: { page: FactorPage }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="print-cards" className="print-section">
      <h2 id="print-cards" className="booking-subheading">
        {t("factor.tickets")}
      </h2>
      <ul className="print-cards">
        {page.items.flatMap((item, position) =>
          page.passengers.map((passenger, index) => (
            <li key={`${position}-${index}`} className="print-card">
              <p className="trip-leg-title">
                <strong>
                  <bdi>{item.title}</bdi>
                </strong>
              </p>
              <p className="trip-leg-meta">
                <bdi>{item.date}</bdi> · <bdi>{item.startTime}</bdi>
                {item.endTime ? (
                  <>
                    {" – "}
                    <bdi>{item.endTime}</bdi>
                  </>
                ) : null}
              </p>
              <p className="prefactor-passenger-name">{passenger.name}</p>
              <TicketCell
                numbers={passenger.tickets[position] ?? []}
                place={passenger.places[position] ?? null}
                pnr={item.pnr}
                document={page.document}
              />
            </li>
          )),
        )}
      </ul>
    </section>
  );
}

function TicketCell({
  numbers,
  place,
  pnr,
  document,
}: {
  numbers: string[];
  place: string | null;
  pnr: string | null;
  document: ServiceDocument;
}) {
  const { t } = useI18n();
  if (numbers.length === 0) return <span>—</span>;
  return (
    <dl className="print-ticket">
      <div>
        <dt>{t(document.ticketNumber)}</dt>
        <dd>
          {numbers.map((number) => (
            <bdi key={number} dir="ltr" className="ticket-number">
              {number}
            </bdi>
          ))}
        </dd>
      </div>
      {place ? (
        <div>
          <dt>{t("trainPurchase.print.place")}</dt>
          <dd className="ticket-place">{place}</dd>
        </div>
      ) : null}
      {pnr ? (
        <div>
          <dt>{t(document.reference)}</dt>
          <dd>
            <bdi dir="ltr">{pnr}</bdi>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
