import { Link, data, useLocation } from "react-router";
import { placeServiceId } from "#core/places/place-services.ts";
import { SEARCH_SERVICES, type SearchService } from "#core/search/search-forms.ts";
import { isServiceEnabled } from "#core/tenants/site-config.ts";
import { FirstPageModal } from "#app/components/first-page-modal.tsx";
import { useCurrentInView } from "#app/components/use-current-in-view.ts";
import { SearchFormIsland } from "#app/components/search/search-form-island.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { rootDataOf, translatedMeta } from "#app/route-meta.ts";
import { searchFormFor } from "#app/search/search-page.server.ts";
import type { Route } from "./+types/home";

export const handle: RouteHandle = { layout: "home" };

export { headers } from "#app/search/page-headers.ts";

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "home.title", "home.description");

/**
 * Home: one tab per service the agency sells (spec §2), each tab a link (`?tab=train`) so it works
 * without JavaScript, and the chosen service's search form under the tabs.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Each tab with the service it belongs to, worked out here so the page's code needs no table of services.
  const tabs = SEARCH_SERVICES.flatMap((service) => {
    const id = placeServiceId(service);
    return id !== null && isServiceEnabled(context.tenant, id) ? [{ service, id }] : [];
  });
  const params = new URL(request.url).searchParams;
  const asked = params.get("s") ?? params.get("tab");
  const service: SearchService | null = tabs.find((tab) => tab.service === asked)?.service ?? tabs[0]?.service ?? null;
  if (!service) return data({ tabs, form: null });
  const { form, status, headers } = await searchFormFor(request, context, service);
  return data({ tabs, form }, { status, headers });
}

export default function Home({ matches, loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const site = rootDataOf(matches)?.site;
  const form = loaderData.form;
  const tabsRef = useCurrentInView<HTMLUListElement>(form?.service);
  return (
    <div className="flex-1">
      <section aria-labelledby="home-heading" className="home-hero">
        <div className="home-hero-inner mx-auto max-w-6xl px-4">
          <div className="home-intro">
            <h1 id="home-heading" className="mb-2 text-2xl font-bold sm:text-3xl lg:text-4xl">
              {t("home.heading")}
            </h1>
            {site?.slogan ? <p className="text-lg">{site.slogan}</p> : null}
            {/* A travel line drawn by app.css on theme 2's desktop hero; decorative only. */}
            <div className="home-art" aria-hidden="true" />
          </div>
          <div className="home-search">
            <nav aria-label={t("home.tabs")} className="home-tabs">
              <ul ref={tabsRef}>
                {loaderData.tabs.map(({ service, id }) => (
                  <li key={service}>
                    <Link
                      to={`?tab=${service}`}
                      className="home-tab"
                      aria-current={form?.service === service ? "page" : undefined}
                      preventScrollReset
                      replace
                    >
                      {t(`nav.${id}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            {form ? (
              <div className="search-card">
                <SearchFormIsland
                  key={form.service + JSON.stringify(form.fields) + JSON.stringify(form.errors)}
                  state={form}
                  action={pathname}
                />
              </div>
            ) : null}
          </div>
        </div>
      </section>
      <section aria-labelledby="why-us" className="home-body mx-auto max-w-6xl px-4 py-8">
        <h2 id="why-us" className="mb-3 text-xl font-bold">
          {t("home.whyUs", { name: site?.name ?? "" })}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          <li className="rounded-lg border border-black/10 bg-white/60 p-4">{t("home.why.support")}</li>
          <li className="rounded-lg border border-black/10 bg-white/60 p-4">{t("home.why.price")}</li>
          <li className="rounded-lg border border-black/10 bg-white/60 p-4">{t("home.why.refund")}</li>
        </ul>
      </section>
      <FirstPageModal text={site?.firstPageModal ?? null} />
    </div>
  );
}
