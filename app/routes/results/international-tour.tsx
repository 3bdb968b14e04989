import { SearchResultsPage, resultsMeta } from "#app/components/search/search-results.tsx";
import { InternationalTourLandingView, TourTripFactsView } from "#app/components/tours/tour-landings.tsx";
import { TourResultsView, tourHeading } from "#app/components/tours/tour-results.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { internationalTourPage } from "#app/search/tour-results.server.ts";
import type { Route } from "./+types/international-tour";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "default" };

/** Tours abroad: /internationaltour/search/tehran/istanbul?date=…; the trip's facts and visa first, then its departures. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return internationalTourPage(request, context, { from: params.from, to: params.to });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => resultsMeta(matches, loaderData, tourHeading);

export default function Results({ loaderData, matches }: Route.ComponentProps) {
  const { locale } = useI18n();
  const { places, form, results, landing } = loaderData;
  return (
    <SearchResultsPage data={loaderData} matches={matches} heading={tourHeading(locale, places)}>
      {results ? (
        <>
          <TourTripFactsView trip={results.trip} />
          <TourResultsView outcome={results.list} places={places} calendar={form.calendar} />
        </>
      ) : null}
      {landing ? <InternationalTourLandingView data={landing} calendar={form.calendar} /> : null}
    </SearchResultsPage>
  );
}
