import { ServiceLanding } from "#app/components/service-landing.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { serviceMeta } from "#app/route-meta.ts";
import { searchLanding } from "#app/search/search-page.server.ts";
import { requireService } from "#app/service-guard.server.ts";
import type { Route } from "./+types/hotel";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "hotel" };

export function loader({ request, context }: Route.LoaderArgs) {
  requireService(context, "hotel");
  return searchLanding(request, context, "hotel");
}

export const meta: Route.MetaFunction = ({ matches }) => serviceMeta(matches, "hotel");

export default function HotelLanding({ loaderData }: Route.ComponentProps) {
  return <ServiceLanding service="hotel" form={loaderData.form} />;
}
