import { Link, useRouteLoaderData } from "react-router";
import type { ServiceId } from "#core/services/service-ids.ts";
import { href } from "#app/links.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { RootData } from "#app/root-data.ts";
import { ServiceLinkItems } from "#app/components/layout/service-links.tsx";
import { errorHeadline } from "./error-headline.ts";

/** Spec §2: the not-found page links to these services; insurance only when the site sells it. */
const NOT_FOUND_SERVICES = ["flight", "train", "bus", "hotel", "tour", "insurance"] as const satisfies readonly ServiceId[];

export function ErrorPage({ status }: { status: number }) {
  const { t, locale } = useI18n();
  const root = useRouteLoaderData<RootData>("root");
  const { title, detail } = errorHeadline(status);
  const notFound = status === 404 || status === 400;
  // Only services the site sells: a link to a switched-off one would lead to another 404.
  const active = new Set<ServiceId>(root?.site.services ?? ["flight", "train", "bus", "hotel", "tour"]);
  const services = NOT_FOUND_SERVICES.filter((service) => active.has(service));
  return (
    <section aria-labelledby="error-title" className="mx-auto max-w-xl py-10 text-center" data-status={status}>
      <h1 id="error-title" className="mb-3 text-2xl font-bold">
        {t(title)}
      </h1>
      {detail ? <p className="mb-2 text-lg">{t(detail)}</p> : null}
      {notFound ? <p className="mb-6">{t("error.notFound.body")}</p> : null}
      {!notFound && title === "error.originUnreachable" ? <p className="mb-6">{t("error.statusCode", { code: status })}</p> : null}
      <p className="mb-6">
        <Link to={href(locale, "home")} className="inline-block rounded bg-brand px-5 py-3 font-bold text-on-brand no-underline">
          {t("error.home")}
        </Link>
      </p>
      {notFound ? (
        <nav aria-labelledby="error-services">
          <p id="error-services" className="mb-2">
            {t("error.orSearch")}
          </p>
          <ul className="flex flex-wrap justify-center gap-2">
            <ServiceLinkItems services={services} linkClassName="inline-block min-h-11 rounded border border-black/15 px-4 py-2.5" />
          </ul>
        </nav>
      ) : null}
    </section>
  );
}
