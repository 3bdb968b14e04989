import { paymentCallback } from "#app/booking/payment.server.ts";
import type { Route } from "./+types/payment-callback";

/** Where a bank sends the buyer back (GET for Zarinpal, POST for Shaparak banks); answers with a redirect to the result. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return paymentCallback(request, context, params.gateway);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return paymentCallback(request, context, params.gateway);
}
