import { PaymentResultScreen } from "#app/components/booking/payment-result-screen.tsx";
import { paymentResultLoader } from "#app/booking/payment.server.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/payment-result";

export const handle: RouteHandle = { layout: "factor" };

/** A payment's result; the path's status is only a hint, the page shows what the server stored. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return paymentResultLoader(request, context, params.hash);
}

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "payment.title");

export default function PaymentResult({ loaderData }: Route.ComponentProps) {
  return <PaymentResultScreen page={loaderData} />;
}
