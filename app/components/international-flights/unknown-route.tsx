import { useLocation } from "react-router";
import { SearchFormIsland } from "#app/components/search/search-form-island.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { SearchFormState } from "#app/search/search-state.ts";

/**
 * A route whose codes name no airport or city of international flights (UNKNOWN_PLACE): said in
 * words with the code as typed, and the form to choose the places again. Answered with 404.
 */
export function UnknownRoute({ codes, form }: { codes: string[]; form: SearchFormState }) {
  const { t, locale } = useI18n();
  const { pathname } = useLocation();
  const list = codes.map((code) => `«${code}»`).join(t("search.listSeparator"));
  return (
    <article className="results-page">
      <h1 className="mb-3 text-2xl font-bold">{t("intlFlights.unknownPlace.title")}</h1>
      <p className="flight-empty" role="alert">
        {t("intlFlights.unknownPlace.body", { codes: locale === "en" ? list.replace(/[«»]/g, '"') : list })}
      </p>
      <section aria-labelledby="unknown-route-form" className="mt-6">
        <h2 id="unknown-route-form" className="mb-2 text-lg font-bold">
          {t("results.change")}
        </h2>
        <div className="search-card">
          <SearchFormIsland key={JSON.stringify(form.fields) + JSON.stringify(form.errors)} state={form} action={pathname} />
        </div>
      </section>
    </article>
  );
}
