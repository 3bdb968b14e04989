import { ServiceLanding } from "#app/components/service-landing.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { serviceMeta } from "#app/route-meta.ts";
import { requireService } from "#app/service-guard.server.ts";
import type { Route } from "./+types/train";

export const handle: RouteHandle = { layout: "train" };

export function loader({ context }: Route.LoaderArgs) {
  requireService(context, "train");
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => serviceMeta(matches, "train");

export default function TrainLanding() {
  return <ServiceLanding service="train" />;
}
