import { factorLoader } from "#app/booking/factor.server.ts";
import { TRAIN_FACTOR } from "#app/booking/train-booking.server.ts";
import { PurchasePrint } from "#app/components/trains/purchase-print.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/train-factor-desktop";

export const handle: RouteHandle = { layout: "factor" };

/** The train invoice laid out for printing on a page (A4): tickets as a table (spec §2 `…/desktopFactor`). */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return factorLoader(request, context, "train", params.hashId ?? params.idPay, TRAIN_FACTOR);
}

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "factor.title");

export default function TrainFactorDesktop({ loaderData }: Route.ComponentProps) {
  return <PurchasePrint page={loaderData} variant="desktop" />;
}
