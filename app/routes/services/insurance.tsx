import { ServiceLanding } from "#app/components/service-landing.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { serviceMeta } from "#app/route-meta.ts";
import { requireService } from "#app/service-guard.server.ts";
import type { Route } from "./+types/insurance";

export const handle: RouteHandle = { layout: "insurance" };

export function loader({ context }: Route.LoaderArgs) {
  requireService(context, "insurance");
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => serviceMeta(matches, "insurance");

export default function InsuranceLanding() {
  return <ServiceLanding service="insurance" />;
}
