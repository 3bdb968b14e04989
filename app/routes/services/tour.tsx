import { ServiceLanding } from "#app/components/service-landing.tsx";
import { TourMainSections } from "#app/components/tours/tour-landings.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { serviceMeta } from "#app/route-meta.ts";
import { tourLandingPage } from "#app/search/tour-results.server.ts";
import type { Route } from "./+types/tour";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "front" };

/** /tour: the search form, then spec §3's main landing (leaving soon, packages, best tours, by transport, abroad). */
export function loader({ request, context }: Route.LoaderArgs) {
  return tourLandingPage(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => serviceMeta(matches, "tour");

export default function TourLanding({ loaderData }: Route.ComponentProps) {
  return (
    <ServiceLanding service="tour" form={loaderData.form}>
      {loaderData.landing ? <TourMainSections landing={loaderData.landing} calendar={loaderData.form.calendar} /> : null}
    </ServiceLanding>
  );
}
