import { FactList } from "#app/components/fact-list.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { translatedMeta } from "#app/route-meta.ts";
import { tenantServices } from "#core/tenants/site-config.ts";
import type { Route } from "./+types/test";

/** Tenant diagnostics (NOTES.md): what this host resolves to; nothing secret. */
export function loader({ context, request }: Route.LoaderArgs) {
  return {
    tenant: context.tenant.slug,
    host: new URL(request.url).host,
    theme: context.tenant.theme,
    services: tenantServices(context.tenant),
    locale: context.locale.locale,
    configLoaded: context.configLoaded,
    version: context.buildVersion,
    environment: context.environment,
  };
}

/** Diagnostics show this process and this request as they are now: no cache may keep them. */
export function headers({ parentHeaders }: Route.HeadersArgs): Headers {
  const merged = new Headers(parentHeaders);
  merged.set("Cache-Control", "no-store");
  return merged;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...translatedMeta(matches, "test.title"),
  { name: "robots", content: "noindex, nofollow" },
];

export default function TestPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const rows: [string, string][] = [
    [t("test.tenant"), loaderData.tenant],
    [t("test.host"), loaderData.host],
    [t("test.theme"), loaderData.theme],
    [t("test.services"), loaderData.services.join(", ")],
    [t("test.locale"), loaderData.locale],
    [t("test.configLoaded"), loaderData.configLoaded ? t("test.yes") : t("test.no")],
    [t("test.version"), loaderData.version],
    [t("test.environment"), loaderData.environment],
  ];
  return (
    <article>
      <h1 className="mb-4 text-2xl font-bold">{t("test.title")}</h1>
      <FactList rows={rows} valueDir="ltr" />
    </article>
  );
}
