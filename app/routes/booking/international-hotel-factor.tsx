import { FactorScreen } from "#app/components/booking/factor-screen.tsx";
import { factorLoader } from "#app/booking/factor.server.ts";
import { HOTEL_FACTOR } from "#app/booking/hotel-booking.server.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/international-hotel-factor";

export const handle: RouteHandle = { layout: "factor" };

/** The invoice and vouchers of rooms abroad (spec §2): each room's confirmation number; the path's status is only a hint. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return factorLoader(request, context, "intHotel", params.hashId ?? params.payId, HOTEL_FACTOR);
}

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "factor.title");

export default function InternationalHotelFactor({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return <FactorScreen page={loaderData} next={{ success: t("hotelPurchase.factor.next") }} />;
}
