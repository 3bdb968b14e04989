import type { ReactNode } from "react";
import { useLocation } from "react-router";
import type { ServiceId } from "#core/services/service-ids.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { SearchFormState } from "#app/search/search-state.ts";
import { SearchFormIsland } from "./search/search-form-island.tsx";

/** A service's landing page: what it sells, its search form, and what the service shows below it (a tour landing's sections). */
export function ServiceLanding({ service, form, children }: { service: ServiceId; form: SearchFormState; children?: ReactNode }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  return (
    <article>
      <h1 className="mb-2 text-2xl font-bold">{t(`service.${service}.title`)}</h1>
      <p className="mb-4 text-lg">{t(`service.${service}.description`)}</p>
      <div className="search-card">
        <SearchFormIsland key={JSON.stringify(form.fields) + JSON.stringify(form.errors)} state={form} action={pathname} />
      </div>
      {children}
    </article>
  );
}
