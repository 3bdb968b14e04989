import { PassengersScreen } from "#app/components/booking/passengers-screen.tsx";
import { TOUR_PURCHASE_SECTION } from "#app/components/tours/purchase-section.tsx";
import { passengersAction, passengersLoader } from "#app/booking/flight-booking.server.ts";
import { INTERNATIONAL_TOUR_PAGES } from "#app/booking/tour-booking.server.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/international-tour-reserve";

export const handle: RouteHandle = { layout: "default" };

/** Every traveller of the rooms chosen on the rooms page: /internationaltour/reserve?offer=tour1:…&room=2-0-0-0, every traveller with a passport */
export function loader({ request, context }: Route.LoaderArgs) {
  return passengersLoader(INTERNATIONAL_TOUR_PAGES, request, context, "");
}

export function action({ request, context }: Route.ActionArgs) {
  return passengersAction(INTERNATIONAL_TOUR_PAGES, request, context, "");
}

export const meta: Route.MetaFunction = ({ matches }) =>
  translatedMeta(matches, "booking.passengers.heading", "booking.passengers.description");

export default function InternationalTourReserve({ loaderData, actionData }: Route.ComponentProps) {
  return <PassengersScreen page={loaderData} result={actionData ?? null} choices={TOUR_PURCHASE_SECTION} />;
}
