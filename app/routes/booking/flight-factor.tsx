import { FactorScreen } from "#app/components/booking/factor-screen.tsx";
import { factorLoader } from "#app/booking/factor.server.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/flight-factor";

export const handle: RouteHandle = { layout: "factor" };

/** The invoice and tickets of a booking (spec §2); the path's status is only a hint. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return factorLoader(request, context, "flight", params.hashId ?? params.idPay);
}

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "factor.title");

export default function Factor({ loaderData }: Route.ComponentProps) {
  return <FactorScreen page={loaderData} />;
}
