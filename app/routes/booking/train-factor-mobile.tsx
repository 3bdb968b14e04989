import { factorLoader } from "#app/booking/factor.server.ts";
import { TRAIN_FACTOR } from "#app/booking/train-booking.server.ts";
import { PurchasePrint } from "#app/components/trains/purchase-print.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/train-factor-mobile";

export const handle: RouteHandle = { layout: "factor" };

/** The train invoice laid out for printing from a phone: one ticket card per traveller and train (spec §2 `…/mobileFactor`). */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return factorLoader(request, context, "train", params.hashId ?? params.idPay, TRAIN_FACTOR);
}

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "factor.title");

export default function TrainFactorMobile({ loaderData }: Route.ComponentProps) {
  return <PurchasePrint page={loaderData} variant="mobile" />;
}
