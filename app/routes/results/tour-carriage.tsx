import { TourCarriageView, CARRIAGE_TITLES } from "#app/components/tours/tour-landings.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { pageMeta } from "#app/page-meta.ts";
import { rootDataOf } from "#app/route-meta.ts";
import { tourCarriagePage } from "#app/search/tour-results.server.ts";
import { translate } from "#core/i18n/messages.ts";
import type { Route } from "./+types/tour-carriage";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "default" };

/** Domestic packages by transport: /tour/searchCariage/{flight|train|bus}; any other kind is not found. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return tourCarriagePage(request, context, params.carriagesType);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataOf(matches);
  return pageMeta(root, loaderData ? translate(root?.locale ?? "fa", CARRIAGE_TITLES[loaderData.transport]) : "");
};

export default function TourCarriage({ loaderData }: Route.ComponentProps) {
  return <TourCarriageView {...loaderData} />;
}
