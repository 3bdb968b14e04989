import { PaymentResultScreen } from "#app/components/booking/payment-result-screen.tsx";
import { paymentResultLoader } from "#app/booking/payment.server.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
import type { Route } from "./+types/payment";

export const handle: RouteHandle = { layout: "factor" };

/** `/payment?hash=…`: a payment's status by its hash (spec §2). */
export function loader({ request, context }: Route.LoaderArgs) {
  return paymentResultLoader(request, context, undefined);
}

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "payment.title");

export default function PaymentStatus({ loaderData }: Route.ComponentProps) {
  return <PaymentResultScreen page={loaderData} />;
}
