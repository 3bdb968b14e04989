import { ServiceLanding } from "#app/components/service-landing.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { serviceMeta } from "#app/route-meta.ts";
import { searchLanding } from "#app/search/search-page.server.ts";
import { requireService } from "#app/service-guard.server.ts";
import type { Route } from "./+types/bus";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "default" };

export function loader({ request, context }: Route.LoaderArgs) {
  requireService(context, "bus");
  return searchLanding(request, context, "bus");
}

export const meta: Route.MetaFunction = ({ matches }) => serviceMeta(matches, "bus");

export default function BusLanding({ loaderData }: Route.ComponentProps) {
  return <ServiceLanding service="bus" form={loaderData.form} />;
}
