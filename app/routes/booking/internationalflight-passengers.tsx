import { PassengersScreen } from "#app/components/booking/passengers-screen.tsx";
import { passengersAction, passengersLoader } from "#app/booking/flight-booking.server.ts";
import { INTERNATIONAL_FLIGHT_PAGES } from "#app/booking/international-flight-booking.server.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/internationalflight-passengers";

export const handle: RouteHandle = { layout: "outFlight" };

/** Passenger details for a chosen international trip: /internationalflight/{offerId}/passengers?adults=1… */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return passengersLoader(INTERNATIONAL_FLIGHT_PAGES, request, context, params.offerId);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return passengersAction(INTERNATIONAL_FLIGHT_PAGES, request, context, params.offerId);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  translatedMeta(matches, "booking.passengers.heading", "booking.passengers.description");

export default function InternationalFlightPassengers({ loaderData, actionData }: Route.ComponentProps) {
  return <PassengersScreen page={loaderData} result={actionData ?? null} />;
}
