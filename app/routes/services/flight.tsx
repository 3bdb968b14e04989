import { ServiceLanding } from "#app/components/service-landing.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { serviceMeta } from "#app/route-meta.ts";
import { requireService } from "#app/service-guard.server.ts";
import type { Route } from "./+types/flight";

export const handle: RouteHandle = { layout: "flight" };

export function loader({ context }: Route.LoaderArgs) {
  requireService(context, "flight");
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => serviceMeta(matches, "flight");

export default function FlightLanding() {
  return <ServiceLanding service="flight" />;
}
