import { SearchResultsPage, resultsMeta } from "#app/components/search/search-results.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { resultsPage } from "#app/search/results-page.server.ts";
import type { Route } from "./+types/insurance";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "insurance" };

/** Travel insurance for a country: /insurance/services/TR?days=…&birth=… */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return resultsPage(request, context, { service: "insurance", serviceId: "insurance", codes: { country: params.countryCode } });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => resultsMeta(matches, loaderData);

export default function Results({ loaderData, matches }: Route.ComponentProps) {
  return <SearchResultsPage data={loaderData} matches={matches} />;
}
