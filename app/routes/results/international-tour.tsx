import { SearchResultsPage, resultsMeta } from "#app/components/search/search-results.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { resultsPage } from "#app/search/results-page.server.ts";
import type { Route } from "./+types/international-tour";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "default" };

/** Tours abroad: /internationaltour/search/tehran/istanbul?date=… */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return resultsPage(request, context, { service: "tour", serviceId: "intTour", codes: { from: params.from, to: params.to } });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => resultsMeta(matches, loaderData);

export default function Results({ loaderData, matches }: Route.ComponentProps) {
  return <SearchResultsPage data={loaderData} matches={matches} />;
}
