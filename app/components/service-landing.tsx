import type { ServiceId } from "#core/services/service-ids.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";

/** A service's landing page. Its search form arrives with the issue that opens the service. */
export function ServiceLanding({ service }: { service: ServiceId }) {
  const { t } = useI18n();
  return (
    <article>
      <h1 className="mb-3 text-2xl font-bold">{t(`service.${service}.title`)}</h1>
      <p className="mb-4 text-lg">{t(`service.${service}.description`)}</p>
      <p className="rounded border border-black/10 bg-black/[0.03] p-4">{t("service.searchSoon")}</p>
    </article>
  );
}
