import { FactorScreen } from "#app/components/booking/factor-screen.tsx";
import { factorLoader } from "#app/booking/factor.server.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/internationalflight-factor";

export const handle: RouteHandle = { layout: "factor" };

/** The invoice and tickets of an international booking (spec §2); the path's status is only a hint. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return factorLoader(request, context, "internationalflight", params.hashId ?? params.payId);
}

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "factor.title");

export default function InternationalFlightFactor({ loaderData }: Route.ComponentProps) {
  return <FactorScreen page={loaderData} />;
}
