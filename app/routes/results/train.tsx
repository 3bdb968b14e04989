import { WatchPanel } from "#app/components/alerts/watch-panel.tsx";
import { SearchResultsPage, resultsMeta } from "#app/components/search/search-results.tsx";
import { StationsUnavailable } from "#app/components/trains/stations-unavailable.tsx";
import { TrainResultsView } from "#app/components/trains/train-results.tsx";
import { TrainRouteLanding } from "#app/components/trains/train-route-landing.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { pageMeta } from "#app/page-meta.ts";
import { rootDataOf } from "#app/route-meta.ts";
import { trainResultsPage } from "#app/search/train-results.server.ts";
import { translate } from "#core/i18n/messages.ts";
import type { Route } from "./+types/train";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "train" };

/** Trains between two cities: /train/tehran-mashhad?date=…; without a search, the route's landing page. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return trainResultsPage(request, context, params.id);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataOf(matches);
  const locale = root?.locale ?? "fa";
  if (loaderData?.stationsUnavailable)
    return [...pageMeta(root, translate(locale, "service.train.title")), { name: "robots", content: "noindex" }];
  const { from, to } = loaderData?.places ?? {};
  if (loaderData?.landing && from && to)
    return pageMeta(root, translate(locale, "trainLanding.title", { from: from.name, to: to.name }), loaderData.landing.description);
  return resultsMeta(matches, loaderData);
};

export default function Results({ loaderData, matches }: Route.ComponentProps) {
  if (loaderData.stationsUnavailable) return <StationsUnavailable />;
  return (
    <SearchResultsPage data={loaderData} matches={matches}>
      <WatchPanel data={loaderData.watch} soldOut={loaderData.results?.ok === true && loaderData.results.outbound.found === 0} />
      {loaderData.results && loaderData.search ? (
        <TrainResultsView
          outcome={loaderData.results}
          search={loaderData.search}
          routeId={loaderData.routeId}
          calendar={loaderData.form.calendar}
        />
      ) : null}
      {loaderData.landing ? (
        <TrainRouteLanding data={loaderData.landing} places={loaderData.places} calendar={loaderData.form.calendar} />
      ) : null}
    </SearchResultsPage>
  );
}
