import { InternationalRouteLanding } from "#app/components/international-flights/international-route-landing.tsx";
import { UnknownRoute } from "#app/components/international-flights/unknown-route.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { pageMeta } from "#app/page-meta.ts";
import { rootDataOf } from "#app/route-meta.ts";
import { internationalFlightLanding } from "#app/search/international-flight-landing.server.ts";
import { translate } from "#core/i18n/messages.ts";
import type { Route } from "./+types/internationalflight-route";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "outFlight" };

/** An international route's landing page: /internationalflight/IKA-IST. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return internationalFlightLanding(request, context, params.id);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataOf(matches);
  const locale = root?.locale ?? "fa";
  const from = loaderData?.places.from;
  const to = loaderData?.places.to;
  if (!loaderData || !from || !to)
    return [...pageMeta(root, translate(locale, "intlFlights.unknownPlace.title")), { name: "robots", content: "noindex" }];
  return pageMeta(root, translate(locale, "intlLanding.title", { from: from.name, to: to.name }), loaderData.description);
};

export default function InternationalRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.unknownCodes.length > 0) return <UnknownRoute codes={loaderData.unknownCodes} form={loaderData.form} />;
  return <InternationalRouteLanding data={loaderData} />;
}
