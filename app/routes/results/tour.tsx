import { SearchResultsPage, resultsMeta } from "#app/components/search/search-results.tsx";
import { TourCityLandingView } from "#app/components/tours/tour-landings.tsx";
import { TourResultsView, tourHeading } from "#app/components/tours/tour-results.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { tourCityPage } from "#app/search/tour-results.server.ts";
import type { Route } from "./+types/tour";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "default" };

/** Domestic tours to a city: /tour/kish?from=tehran&date=…&returnDate=…&adults=…; without a query, the city's landing. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return tourCityPage(request, context, params.city);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => resultsMeta(matches, loaderData, tourHeading);

export default function Results({ loaderData, matches }: Route.ComponentProps) {
  const { locale } = useI18n();
  const { places, form } = loaderData;
  return (
    <SearchResultsPage data={loaderData} matches={matches} heading={tourHeading(locale, places)}>
      {loaderData.results ? <TourResultsView outcome={loaderData.results} places={places} calendar={form.calendar} /> : null}
      {loaderData.landing ? <TourCityLandingView data={loaderData.landing} city={places.to?.name ?? ""} calendar={form.calendar} /> : null}
    </SearchResultsPage>
  );
}
