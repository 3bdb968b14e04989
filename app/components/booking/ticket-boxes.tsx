import { useI18n } from "#app/i18n/use-i18n.ts";
import type { ServiceDocument, TicketLine } from "#core/services/service-module.ts";

/**
 * The e-ticket's boxes on a page, as the items' service module writes them (the PDF prints the
 * same): what and who runs it, both ends with their times, its labelled facts (a train's wagon and
 * each traveller's bed) and the supplier's code, labelled in the service's words (`document`). Every
 * text arrives in the page's language.
 */
export function TicketBoxes({ lines, document }: { lines: TicketLine[]; document: ServiceDocument }) {
  const { t, dir } = useI18n();
  return (
    <ul className="ticket-boxes">
      {lines.map((line, index) => (
        <li key={`${line.code}-${index}`} className="ticket-box">
          <p className="ticket-box-title">
            <strong>{line.kind}</strong> · <bdi>{line.operator}</bdi> · <bdi className="offer-code">{line.code}</bdi>
          </p>
          <p className="ticket-box-route">
            <bdi>{line.from}</bdi> <span aria-hidden="true">{dir === "rtl" ? "←" : "→"}</span>{" "}
            <span className="sr-only">{t(document.to)}</span> <bdi>{line.to}</bdi>
          </p>
          <dl className="item-details trip-leg-meta">
            <div>
              <dt>{t(document.starts)}</dt> <dd>{line.departure}</dd>
            </div>
            <div>
              <dt>{t(document.ends)}</dt> <dd>{line.arrival}</dd>
            </div>
            {line.details.map((detail, position) => (
              <div key={`${detail.label}-${position}`}>
                <dt>{detail.label}</dt> <dd>{detail.value}</dd>
              </div>
            ))}
            {line.pnr ? (
              <div>
                <dt>{t(document.reference)}</dt>{" "}
                <dd>
                  <bdi dir="ltr">{line.pnr}</bdi>
                </dd>
              </div>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}
