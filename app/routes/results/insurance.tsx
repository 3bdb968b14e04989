import { InsuranceResultsView } from "#app/components/insurance/insurance-results.tsx";
import { SearchResultsPage, resultsMeta } from "#app/components/search/search-results.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { insuranceResultsPage } from "#app/search/insurance-results.server.ts";
import type { Route } from "./+types/insurance";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "insurance" };

/** Travel insurance plans for a country: /insurance/services/TR?days=7&birth=1990-05-01&birth=…&insurer=…&sort=cover */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return insuranceResultsPage(request, context, params.countryCode);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => resultsMeta(matches, loaderData);

export default function Results({ loaderData, matches }: Route.ComponentProps) {
  return (
    <SearchResultsPage data={loaderData} matches={matches}>
      {loaderData.results ? <InsuranceResultsView outcome={loaderData.results} /> : null}
    </SearchResultsPage>
  );
}
