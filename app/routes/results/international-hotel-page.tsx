import { HotelPageScreen, hotelPageMeta } from "#app/components/hotels/page-screen.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { hotelPageAction, hotelPageLoader } from "#app/search/hotel-page.server.ts";
import type { Route } from "./+types/international-hotel-page";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "hotel" };

/** A hotel abroad: /internationalhotel/search/TR/istanbul/golden-horn, with its rooms when the query names a stay. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return hotelPageLoader(request, context, { service: "intHotel", country: params.country, city: params.city, hotelId: params.hotel });
}

/** A guest's comment. */
export function action({ request, context, params }: Route.ActionArgs) {
  return hotelPageAction(request, context, { service: "intHotel", country: params.country, city: params.city, hotelId: params.hotel });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => hotelPageMeta(matches, loaderData);

export default function InternationalHotelPage({ loaderData, actionData }: Route.ComponentProps) {
  return <HotelPageScreen page={loaderData} refusal={actionData ?? null} />;
}
