import { ServiceLanding } from "#app/components/service-landing.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { serviceMeta } from "#app/route-meta.ts";
import { searchLanding } from "#app/search/search-page.server.ts";
import { requireService } from "#app/service-guard.server.ts";
import type { Route } from "./+types/tour";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "front" };

export function loader({ request, context }: Route.LoaderArgs) {
  requireService(context, "tour");
  return searchLanding(request, context, "tour");
}

export const meta: Route.MetaFunction = ({ matches }) => serviceMeta(matches, "tour");

export default function TourLanding({ loaderData }: Route.ComponentProps) {
  return <ServiceLanding service="tour" form={loaderData.form} />;
}
