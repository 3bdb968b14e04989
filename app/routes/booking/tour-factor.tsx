import { FactorScreen } from "#app/components/booking/factor-screen.tsx";
import { factorLoader } from "#app/booking/factor.server.ts";
import { TOUR_FACTOR } from "#app/booking/tour-booking.server.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/tour-factor";

export const handle: RouteHandle = { layout: "factor" };

/** The invoice and each traveller's voucher of a tour at home (spec §2 /tour/factor/{payId?}/{hashId?}/{status?}); the path's status is only a hint. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return factorLoader(request, context, "tour", params.hashId ?? params.payId, TOUR_FACTOR);
}

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "factor.title");

export default function TourFactor({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return <FactorScreen page={loaderData} next={{ success: t("tourPurchase.factor.next") }} />;
}
