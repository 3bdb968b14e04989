import { SearchResultsPage, resultsMeta } from "#app/components/search/search-results.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { resultsPage } from "#app/search/results-page.server.ts";
import type { Route } from "./+types/internationalflight";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "outFlight" };

/** International flights: /internationalflight/search/IKA/IST?date=… */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return resultsPage(request, context, {
    service: "internationalflight",
    serviceId: "internationalflight",
    codes: { from: params.from, to: params.to },
  });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => resultsMeta(matches, loaderData);

export default function Results({ loaderData, matches }: Route.ComponentProps) {
  return <SearchResultsPage data={loaderData} matches={matches} />;
}
