import { WatchPanel } from "#app/components/alerts/watch-panel.tsx";
import { InternationalFlightResults } from "#app/components/international-flights/international-flight-results.tsx";
import { UnknownRoute } from "#app/components/international-flights/unknown-route.tsx";
import { SearchResultsPage, resultsMeta } from "#app/components/search/search-results.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { pageMeta } from "#app/page-meta.ts";
import { rootDataOf } from "#app/route-meta.ts";
import { internationalFlightResultsPage } from "#app/search/international-flight-results.server.ts";
import { translate } from "#core/i18n/messages.ts";
import type { Route } from "./+types/internationalflight";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "outFlight" };

/** International flights: /internationalflight/search/IKA/IST?date=…; without an origin, from IKA. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return internationalFlightResultsPage(request, context, { from: params.from, to: params.to });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (loaderData && loaderData.unknownCodes.length > 0) {
    const root = rootDataOf(matches);
    return [...pageMeta(root, translate(root?.locale ?? "fa", "intlFlights.unknownPlace.title")), { name: "robots", content: "noindex" }];
  }
  return resultsMeta(matches, loaderData);
};

export default function Results({ loaderData, matches }: Route.ComponentProps) {
  if (loaderData.unknownCodes.length > 0) return <UnknownRoute codes={loaderData.unknownCodes} form={loaderData.form} />;
  return (
    <SearchResultsPage data={loaderData} matches={matches}>
      <WatchPanel data={loaderData.watch} />
      {loaderData.results && loaderData.search ? (
        <InternationalFlightResults
          results={loaderData.results}
          search={loaderData.search}
          places={loaderData.places}
          calendar={loaderData.form.calendar}
        />
      ) : null}
    </SearchResultsPage>
  );
}
