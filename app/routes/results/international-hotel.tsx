import { SearchResultsPage, resultsMeta } from "#app/components/search/search-results.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { resultsPage } from "#app/search/results-page.server.ts";
import type { Route } from "./+types/international-hotel";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "hotel" };

/** Hotels abroad: /internationalhotel/search/TR/istanbul?checkIn=… */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return resultsPage(request, context, {
    service: "outHotel",
    serviceId: "intHotel",
    codes: { country: params.country, city: params.city },
  });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => resultsMeta(matches, loaderData);

export default function Results({ loaderData, matches }: Route.ComponentProps) {
  return <SearchResultsPage data={loaderData} matches={matches} />;
}
