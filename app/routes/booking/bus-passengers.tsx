import { PassengersScreen } from "#app/components/booking/passengers-screen.tsx";
import { BUS_PURCHASE_SECTION } from "#app/components/buses/purchase-seats.tsx";
import { passengersAction, passengersLoader } from "#app/booking/flight-booking.server.ts";
import { BUS_PAGES } from "#app/booking/bus-booking.server.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/bus-passengers";

export const handle: RouteHandle = { layout: "default" };

/** Passenger details with each one's seat from the seat map: /bus/tehran-isfahan/passengers?offer=…&adults=2…&seat=12&seat=13 */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return passengersLoader(BUS_PAGES, request, context, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return passengersAction(BUS_PAGES, request, context, params.id);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  translatedMeta(matches, "booking.passengers.heading", "booking.passengers.description");

export default function BusPassengers({ loaderData, actionData }: Route.ComponentProps) {
  return <PassengersScreen page={loaderData} result={actionData ?? null} choices={BUS_PURCHASE_SECTION} />;
}
