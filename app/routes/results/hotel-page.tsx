import { HotelPageScreen, hotelPageMeta } from "#app/components/hotels/page-screen.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { hotelPageAction, hotelPageLoader } from "#app/search/hotel-page.server.ts";
import type { Route } from "./+types/hotel-page";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "hotel" };

/** An Iranian hotel: /hotel/mashhad/darvishi, with its rooms when the query names a stay (?checkIn=…&checkOut=…&room=2-0). */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return hotelPageLoader(request, context, { service: "hotel", city: params.destination, hotelId: params.hotel });
}

/** A guest's comment. */
export function action({ request, context, params }: Route.ActionArgs) {
  return hotelPageAction(request, context, { service: "hotel", city: params.destination, hotelId: params.hotel });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => hotelPageMeta(matches, loaderData);

export default function HotelPage({ loaderData, actionData }: Route.ComponentProps) {
  return <HotelPageScreen page={loaderData} refusal={actionData ?? null} />;
}
