import { FirstPageModal } from "#app/components/first-page-modal.tsx";
import { ServiceLinkItems } from "#app/components/layout/service-links.tsx";
import { NAV_SERVICES } from "#app/components/layout/service-nav.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { rootDataOf, translatedMeta } from "#app/route-meta.ts";
import type { Route } from "./+types/home";

export const handle: RouteHandle = { layout: "home" };

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "home.title", "home.description");

/** A travel line drawn on the theme-2 desktop hero; decorative only. */
function HeroArt() {
  return (
    <svg className="home-art" viewBox="0 0 240 120" aria-hidden="true" focusable="false">
      <path d="M10 100 C 70 20, 150 20, 230 60" fill="none" stroke="currentColor" strokeWidth="3" strokeDasharray="6 8" strokeLinecap="round" />
      <circle cx="10" cy="100" r="6" fill="currentColor" />
      <path d="M214 50l18 9-18 9 4-9z" fill="currentColor" />
    </svg>
  );
}

export default function Home({ matches }: Route.ComponentProps) {
  const { t } = useI18n();
  const site = rootDataOf(matches)?.site;
  const services = NAV_SERVICES.filter((service) => site?.services.includes(service));
  return (
    <div className="flex-1">
      <section aria-labelledby="home-heading" className="home-hero">
        <div className="home-hero-inner mx-auto max-w-6xl px-4">
          <div>
            <h1 id="home-heading" className="mb-2 text-2xl font-bold sm:text-3xl lg:text-4xl">
              {t("home.heading")}
            </h1>
            {site?.slogan ? <p className="text-lg">{site.slogan}</p> : null}
            <HeroArt />
          </div>
          <nav aria-label={t("home.tabs")} className="home-tabs">
            <ul>
              <ServiceLinkItems services={services} linkClassName="home-tab" />
            </ul>
          </nav>
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
