import { ServiceLanding } from "#app/components/service-landing.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { serviceMeta } from "#app/route-meta.ts";
import { requireService } from "#app/service-guard.server.ts";
import type { Route } from "./+types/tour";

export const handle: RouteHandle = { layout: "front" };

export function loader({ context }: Route.LoaderArgs) {
  requireService(context, "tour");
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => serviceMeta(matches, "tour");

export default function TourLanding() {
  return <ServiceLanding service="tour" />;
}
