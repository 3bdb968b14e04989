import { WatchPanel } from "#app/components/alerts/watch-panel.tsx";
import { BusResultsView } from "#app/components/buses/bus-results.tsx";
import { BusRouteLanding } from "#app/components/buses/bus-route-landing.tsx";
import { SearchResultsPage, resultsMeta } from "#app/components/search/search-results.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { busResultsPage } from "#app/search/bus-results.server.ts";
import type { Route } from "./+types/bus";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "default" };

/** Buses between two cities: /bus/tehran-isfahan?date=…&adults=…; with `bus={offerId}`, that bus's seat map; without a query, the route's week. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return busResultsPage(request, context, params.id);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => resultsMeta(matches, loaderData);

export default function Results({ loaderData, matches, params }: Route.ComponentProps) {
  return (
    <SearchResultsPage data={loaderData} matches={matches}>
      <WatchPanel data={loaderData.watch} soldOut={loaderData.results?.ok === true && loaderData.results.found === 0} />
      {loaderData.results && loaderData.search ? (
        <BusResultsView outcome={loaderData.results} search={loaderData.search} calendar={loaderData.form.calendar} />
      ) : null}
      {loaderData.landing ? (
        <BusRouteLanding data={loaderData.landing} places={loaderData.places} routeId={params.id} calendar={loaderData.form.calendar} />
      ) : null}
    </SearchResultsPage>
  );
}
