import { PassengersScreen } from "#app/components/booking/passengers-screen.tsx";
import { TOUR_PURCHASE_SECTION } from "#app/components/tours/purchase-section.tsx";
import { passengersAction, passengersLoader } from "#app/booking/flight-booking.server.ts";
import { TOUR_PAGES } from "#app/booking/tour-booking.server.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/tour-passengers";

export const handle: RouteHandle = { layout: "default" };

/** Every traveller of the rooms chosen on the rooms page: /tour/reserve/passengers?offer=tour1:…&room=2-1-0-0 (each room's adults, children with and without a bed, infants) */
export function loader({ request, context }: Route.LoaderArgs) {
  return passengersLoader(TOUR_PAGES, request, context, "");
}

export function action({ request, context }: Route.ActionArgs) {
  return passengersAction(TOUR_PAGES, request, context, "");
}

export const meta: Route.MetaFunction = ({ matches }) =>
  translatedMeta(matches, "booking.passengers.heading", "booking.passengers.description");

export default function TourPassengers({ loaderData, actionData }: Route.ComponentProps) {
  return <PassengersScreen page={loaderData} result={actionData ?? null} choices={TOUR_PURCHASE_SECTION} />;
}
