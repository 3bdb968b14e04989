import { FactorScreen } from "#app/components/booking/factor-screen.tsx";
import { factorLoader } from "#app/booking/factor.server.ts";
import { BUS_FACTOR } from "#app/booking/bus-booking.server.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/bus-factor";

export const handle: RouteHandle = { layout: "factor" };

/** The invoice and tickets of a bus booking (spec §2): each traveller's seat; the path's status is only a hint. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return factorLoader(request, context, "bus", params.hashId ?? params.idPay, BUS_FACTOR);
}

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "factor.title");

export default function BusFactor({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return <FactorScreen page={loaderData} next={{ success: t("busPurchase.factor.next") }} />;
}
