import { ServiceLanding } from "#app/components/service-landing.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { serviceMeta } from "#app/route-meta.ts";
import { searchLanding } from "#app/search/search-page.server.ts";
import { requireService } from "#app/service-guard.server.ts";
import type { Route } from "./+types/insurance";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "insurance" };

export function loader({ request, context }: Route.LoaderArgs) {
  requireService(context, "insurance");
  return searchLanding(request, context, "insurance");
}

export const meta: Route.MetaFunction = ({ matches }) => serviceMeta(matches, "insurance");

export default function InsuranceLanding({ loaderData }: Route.ComponentProps) {
  return <ServiceLanding service="insurance" form={loaderData.form} />;
}
