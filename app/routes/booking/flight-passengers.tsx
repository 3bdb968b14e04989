import { PassengersScreen } from "#app/components/booking/passengers-screen.tsx";
import { FLIGHT_PAGES, passengersAction, passengersLoader } from "#app/booking/flight-booking.server.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/flight-passengers";

export const handle: RouteHandle = { layout: "flight" };

/** Passenger details for a chosen flight: /flight/THR-MHD/passengers?outbound=…&adults=1… */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return passengersLoader(FLIGHT_PAGES, request, context, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return passengersAction(FLIGHT_PAGES, request, context, params.id);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  translatedMeta(matches, "booking.passengers.heading", "booking.passengers.description");

export default function FlightPassengers({ loaderData, actionData }: Route.ComponentProps) {
  return <PassengersScreen page={loaderData} result={actionData ?? null} />;
}
