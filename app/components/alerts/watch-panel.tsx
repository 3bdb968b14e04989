import { Link } from "react-router";
import type { WatchPanelData } from "#app/alerts/alerts.server.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { AlertForm } from "./alert-form.tsx";

/**
 * "Notify me" on the results pages of flights, international flights, trains and buses (issue 22
 * §1): an SMS when the price drops or seats open, and links to booking automatically or ordering
 * at one's own price for the same route and day. Nothing shows where the agency offers no alerts.
 */
export function WatchPanel({ data, soldOut = false }: { data: WatchPanelData | null | undefined; soldOut?: boolean }) {
  const { t } = useI18n();
  if (!data) return null;
  // A day with nothing free asks for seats, open at once; a list asks for a lower price.
  const values = soldOut ? { ...data.values, kind: "seats" } : data.values;
  return (
    <section className="watch-panel" aria-labelledby="watch-panel-title">
      <details open={soldOut}>
        <summary>
          <h2 id="watch-panel-title">{t("alerts.panel.title")}</h2>
          <span className="watch-panel-intro">{soldOut ? t("alerts.panel.introSoldOut") : t("alerts.panel.intro")}</span>
        </summary>
        <AlertForm idPrefix="watch" values={values} options={data.options} csrf={data.csrf} signedIn={data.signedIn} />
        <ul className="watch-panel-links">
          <li>
            <Link to={data.autoReserveHref}>{t("alerts.panel.autoReserve")}</Link>
          </li>
          <li>
            <Link to={data.desiredPriceHref}>{t("alerts.panel.desiredPrice")}</Link>
          </li>
        </ul>
      </details>
    </section>
  );
}
