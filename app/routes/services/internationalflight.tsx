import { ServiceLanding } from "#app/components/service-landing.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { serviceMeta } from "#app/route-meta.ts";
import { requireService } from "#app/service-guard.server.ts";
import type { Route } from "./+types/internationalflight";

export const handle: RouteHandle = { layout: "outFlight" };

export function loader({ context }: Route.LoaderArgs) {
  requireService(context, "internationalflight");
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => serviceMeta(matches, "internationalflight");

export default function InternationalFlightSearchLanding() {
  return <ServiceLanding service="internationalflight" />;
}
