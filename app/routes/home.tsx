import { ServiceLinkItems } from "#app/components/layout/service-links.tsx";
import { NAV_SERVICES } from "#app/components/layout/service-nav.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { rootDataOf, translatedMeta } from "#app/route-meta.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "home.title", "home.description");

export default function Home({ matches }: Route.ComponentProps) {
  const { t } = useI18n();
  const root = rootDataOf(matches);
  const site = root?.site;
  const services = NAV_SERVICES.filter((service) => site?.services.includes(service));
  return (
    <div>
      <section aria-labelledby="home-heading" className="rounded-xl bg-brand/5 px-4 py-8 text-center">
        <h1 id="home-heading" className="mb-2 text-2xl font-bold sm:text-3xl">
          {t("home.heading")}
        </h1>
        {site?.slogan ? <p className="mb-6 text-lg">{site.slogan}</p> : null}
        <nav aria-label={t("home.tabs")}>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <ServiceLinkItems
              services={services}
              linkClassName="block min-h-11 rounded-lg border border-black/10 bg-white px-3 py-4 font-bold text-inherit no-underline shadow-sm hover:border-brand"
            />
          </ul>
        </nav>
      </section>
      <section aria-labelledby="why-us" className="mt-8">
        <h2 id="why-us" className="mb-3 text-xl font-bold">
          {t("home.whyUs", { name: site?.name ?? "" })}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          <li className="rounded-lg border border-black/10 p-4">{t("home.why.support")}</li>
          <li className="rounded-lg border border-black/10 p-4">{t("home.why.price")}</li>
          <li className="rounded-lg border border-black/10 p-4">{t("home.why.refund")}</li>
        </ul>
      </section>
    </div>
  );
}
