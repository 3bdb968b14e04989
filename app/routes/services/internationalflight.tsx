import { ServiceLanding } from "#app/components/service-landing.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { serviceMeta } from "#app/route-meta.ts";
import { searchLanding } from "#app/search/search-page.server.ts";
import { requireService } from "#app/service-guard.server.ts";
import type { Route } from "./+types/internationalflight";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "outFlight" };

export function loader({ request, context }: Route.LoaderArgs) {
  requireService(context, "internationalflight");
  return searchLanding(request, context, "internationalflight");
}

export const meta: Route.MetaFunction = ({ matches }) => serviceMeta(matches, "internationalflight");

export default function InternationalFlightSearchLanding({ loaderData }: Route.ComponentProps) {
  return <ServiceLanding service="internationalflight" form={loaderData.form} />;
}
