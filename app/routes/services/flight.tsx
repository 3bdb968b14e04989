import { ServiceLanding } from "#app/components/service-landing.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { serviceMeta } from "#app/route-meta.ts";
import { searchLanding } from "#app/search/search-page.server.ts";
import { requireService } from "#app/service-guard.server.ts";
import type { Route } from "./+types/flight";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "flight" };

export function loader({ request, context }: Route.LoaderArgs) {
  requireService(context, "flight");
  return searchLanding(request, context, "flight");
}

export const meta: Route.MetaFunction = ({ matches }) => serviceMeta(matches, "flight");

export default function FlightLanding({ loaderData }: Route.ComponentProps) {
  return <ServiceLanding service="flight" form={loaderData.form} />;
}
