import { ServiceLanding } from "#app/components/service-landing.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { serviceMeta } from "#app/route-meta.ts";
import { requireService } from "#app/service-guard.server.ts";
import type { Route } from "./+types/bus";

export const handle: RouteHandle = { layout: "default" };

export function loader({ context }: Route.LoaderArgs) {
  requireService(context, "bus");
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => serviceMeta(matches, "bus");

export default function BusLanding() {
  return <ServiceLanding service="bus" />;
}
