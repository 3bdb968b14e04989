import { WatchPanel } from "#app/components/alerts/watch-panel.tsx";
import { FlightResults } from "#app/components/flights/flight-results.tsx";
import { SearchResultsPage, resultsMeta } from "#app/components/search/search-results.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { FlightRouteLanding } from "#app/components/flights/flight-route-landing.tsx";
import { flightLanding } from "#app/search/flight-landing.server.ts";
import { flightResults } from "#app/search/flight-results.server.ts";
import { resultsPage } from "#app/search/results-page.server.ts";
import type { Route } from "./+types/flight";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "flight" };

/** Domestic flights of a route: /flight/THR-MHD?date=…&adults=… */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return resultsPage(request, context, {
    service: "flight",
    serviceId: "flight",
    codes: { key: params.id },
    results: (search) => flightResults(request, context, search),
    landing: (places) => flightLanding(request, context, places),
  });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => resultsMeta(matches, loaderData);

export default function Results({ loaderData, matches }: Route.ComponentProps) {
  return (
    <SearchResultsPage data={loaderData} matches={matches}>
      <WatchPanel data={loaderData.watch} soldOut={loaderData.results?.outbound.found === 0} />
      {loaderData.results && loaderData.search ? (
        <FlightResults data={loaderData.results} search={loaderData.search} calendar={loaderData.form.calendar} />
      ) : null}
      {loaderData.landing ? <FlightRouteLanding data={loaderData.landing} calendar={loaderData.form.calendar} /> : null}
    </SearchResultsPage>
  );
}
