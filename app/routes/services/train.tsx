import { ServiceLanding } from "#app/components/service-landing.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { serviceMeta } from "#app/route-meta.ts";
import { searchLanding } from "#app/search/search-page.server.ts";
import { requireService } from "#app/service-guard.server.ts";
import type { Route } from "./+types/train";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "train" };

export function loader({ request, context }: Route.LoaderArgs) {
  requireService(context, "train");
  return searchLanding(request, context, "train");
}

export const meta: Route.MetaFunction = ({ matches }) => serviceMeta(matches, "train");

export default function TrainLanding({ loaderData }: Route.ComponentProps) {
  return <ServiceLanding service="train" form={loaderData.form} />;
}
