import { TourHotelsScreen } from "#app/components/tours/departure-hotels.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
import { tourHotelsLoader } from "#app/search/tour-departure.server.ts";
import type { Route } from "./+types/tour-hotels";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "default" };

/** A departure's hotels at home or abroad: /tour/searchHotels/kish-thr-fl-4n.2026-12-03?adults=2&children=0&infants=0 */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return tourHotelsLoader(request, context, params.tourId);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  translatedMeta(matches, "tourPurchase.hotels.metaTitle", undefined, { title: loaderData?.departure.title ?? "" });

export default function TourHotels({ loaderData }: Route.ComponentProps) {
  return <TourHotelsScreen page={loaderData} />;
}
