import { PassengersScreen } from "#app/components/booking/passengers-screen.tsx";
import { HOTEL_PURCHASE_SECTION } from "#app/components/hotels/purchase-rooms.tsx";
import { passengersAction, passengersLoader } from "#app/booking/flight-booking.server.ts";
import { INTERNATIONAL_HOTEL_PAGES } from "#app/booking/hotel-booking.server.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/international-hotel-reserve";

export const handle: RouteHandle = { layout: "default" };

/** One lead guest per room, each with a passport (a stay abroad): /internationalhotel/reserve?offer=…&room=2-0 */
export function loader({ request, context }: Route.LoaderArgs) {
  return passengersLoader(INTERNATIONAL_HOTEL_PAGES, request, context, "");
}

export function action({ request, context }: Route.ActionArgs) {
  return passengersAction(INTERNATIONAL_HOTEL_PAGES, request, context, "");
}

export const meta: Route.MetaFunction = ({ matches }) =>
  translatedMeta(matches, "booking.passengers.heading", "booking.passengers.description");

export default function InternationalHotelReserve({ loaderData, actionData }: Route.ComponentProps) {
  return <PassengersScreen page={loaderData} result={actionData ?? null} choices={HOTEL_PURCHASE_SECTION} />;
}
