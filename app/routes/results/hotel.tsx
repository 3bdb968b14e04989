import { SearchResultsPage, resultsMeta } from "#app/components/search/search-results.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { resultsPage } from "#app/search/results-page.server.ts";
import type { Route } from "./+types/hotel";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "hotel" };

/** Hotels of an Iranian city: /hotel/mashhad?checkIn=…&checkOut=…&room=2-0 */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return resultsPage(request, context, { service: "hotel", serviceId: "hotel", codes: { city: params.destination } });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => resultsMeta(matches, loaderData);

export default function Results({ loaderData, matches }: Route.ComponentProps) {
  return <SearchResultsPage data={loaderData} matches={matches} />;
}
