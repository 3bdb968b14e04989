import { PrefactorScreen } from "#app/components/booking/prefactor-screen.tsx";
import { prefactorAction, prefactorLoader } from "#app/booking/flight-booking.server.ts";
import { INTERNATIONAL_FLIGHT_PAGES } from "#app/booking/international-flight-booking.server.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/internationalflight-prefactor";

export const handle: RouteHandle = { layout: "factor" };

/** The pre-invoice of a held international trip; its unguessable hashId is the only key to it. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return prefactorLoader(INTERNATIONAL_FLIGHT_PAGES, request, context, params.hashId);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return prefactorAction(INTERNATIONAL_FLIGHT_PAGES, request, context, params.hashId);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  translatedMeta(matches, "booking.prefactor.heading", "booking.prefactor.description");

export default function InternationalFlightPrefactor({ loaderData, actionData }: Route.ComponentProps) {
  return <PrefactorScreen page={loaderData} payResult={actionData?.pay ?? null} bankPost={actionData?.post ?? null} />;
}
