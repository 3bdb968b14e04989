import { HotelResultsView } from "#app/components/hotels/results-view.tsx";
import { HotelCityLanding } from "#app/components/hotels/results-landing.tsx";
import { SearchResultsPage, resultsMeta } from "#app/components/search/search-results.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { hotelResultsPage } from "#app/search/hotel-results.server.ts";
import type { Route } from "./+types/hotel";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "hotel" };

/** Hotels of an Iranian city: /hotel/mashhad?checkIn=…&checkOut=…&room=2-0; without a query, the city's hotels by rating. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return hotelResultsPage(request, context, "hotel", { city: params.destination });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => resultsMeta(matches, loaderData);

export default function Results({ loaderData, matches }: Route.ComponentProps) {
  return (
    <SearchResultsPage data={loaderData} matches={matches}>
      {loaderData.results && loaderData.search ? <HotelResultsView outcome={loaderData.results} search={loaderData.search} /> : null}
      {loaderData.landing ? <HotelCityLanding data={loaderData.landing} city={loaderData.places.city?.name ?? ""} /> : null}
    </SearchResultsPage>
  );
}
