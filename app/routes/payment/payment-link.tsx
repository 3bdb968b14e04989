import { PaymentLinkScreen } from "#app/components/booking/payment-link-screen.tsx";
import { paymentLinkAction, paymentLinkLoader } from "#app/booking/pay-by-others.server.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/payment-link";

export const handle: RouteHandle = { layout: "factor" };

/** A payment link sent by SMS (issue 23 §2): the trip without anyone's identity, and paying it; 410 once paid or ended. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return paymentLinkLoader(request, context, params.token);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return paymentLinkAction(request, context, params.token);
}

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "payByOthers.page.title");

export default function PaymentLink({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PaymentLinkScreen
      page={actionData && "kind" in actionData ? actionData : loaderData}
      payResult={actionData && "pay" in actionData ? actionData.pay : null}
      bankPost={actionData && "post" in actionData ? actionData.post : null}
    />
  );
}
