import { factorLoader } from "#app/booking/factor.server.ts";
import { BUS_FACTOR } from "#app/booking/bus-booking.server.ts";
import { BUS_PRINT_TEXTS } from "#app/components/buses/purchase-form.ts";
import { PurchasePrint } from "#app/components/trains/purchase-print.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/bus-factor-desktop";

export const handle: RouteHandle = { layout: "factor" };

/** The bus invoice laid out for printing on a page (A4): tickets with their seats as a table (spec §2 `…/desktopFactor`). */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return factorLoader(request, context, "bus", params.hashId ?? params.idPay, BUS_FACTOR);
}

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "factor.title");

export default function BusFactorDesktop({ loaderData }: Route.ComponentProps) {
  return <PurchasePrint page={loaderData} variant="desktop" texts={BUS_PRINT_TEXTS} />;
}
