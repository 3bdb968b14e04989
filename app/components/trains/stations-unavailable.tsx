import { Link, useLocation } from "react-router";
import { localizePath } from "#core/i18n/locales.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";

/** The station list could not be read (spec §8): said plainly, with a way to try again, never an error page. */
export function StationsUnavailable() {
  const { t, locale } = useI18n();
  const { pathname, search } = useLocation();
  return (
    <article className="results-page">
      <h1 className="mb-3 text-2xl font-bold">{t("service.train.title")}</h1>
      <div className="flight-empty" role="alert">
        <p>{t("trains.error.stations")}</p>
        <p className="train-retry">
          <Link to={`${pathname}${search}`} replace>
            {t("trains.tryAgain")}
          </Link>
          {" · "}
          <Link to={localizePath(locale, "/train")}>{t("trains.backToSearch")}</Link>
        </p>
      </div>
    </article>
  );
}
