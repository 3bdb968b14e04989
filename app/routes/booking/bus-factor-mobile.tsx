import { factorLoader } from "#app/booking/factor.server.ts";
import { BUS_FACTOR } from "#app/booking/bus-booking.server.ts";
import { BUS_PRINT_TEXTS } from "#app/components/buses/purchase-form.ts";
import { PurchasePrint } from "#app/components/trains/purchase-print.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/bus-factor-mobile";

export const handle: RouteHandle = { layout: "factor" };

/** The bus invoice laid out for printing from a phone: one ticket card per traveller with the seat (spec §2 `…/mobileFactor`). */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return factorLoader(request, context, "bus", params.hashId ?? params.idPay, BUS_FACTOR);
}

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "factor.title");

export default function BusFactorMobile({ loaderData }: Route.ComponentProps) {
  return <PurchasePrint page={loaderData} variant="mobile" texts={BUS_PRINT_TEXTS} />;
}
