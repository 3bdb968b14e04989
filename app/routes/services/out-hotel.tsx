import { ServiceLanding } from "#app/components/service-landing.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { serviceMeta } from "#app/route-meta.ts";
import { requireService } from "#app/service-guard.server.ts";
import type { Route } from "./+types/out-hotel";

export const handle: RouteHandle = { layout: "hotel" };

export function loader({ context }: Route.LoaderArgs) {
  requireService(context, "intHotel");
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => serviceMeta(matches, "intHotel");

export default function OutHotelLanding() {
  return <ServiceLanding service="intHotel" />;
}
