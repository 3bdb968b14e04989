import { OfficialInvoiceScreen } from "#app/components/tax/official-invoice-screen.tsx";
import { officialInvoiceLoader } from "#app/booking/official-invoice.server.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/official-invoice";

export const handle: RouteHandle = { layout: "factor" };

/** Issue 23 §1: the official invoices of a booking, by its hashId. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return officialInvoiceLoader(request, context, params.hashId);
}

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "taxInvoice.title");

export default function OfficialInvoice({ loaderData }: Route.ComponentProps) {
  return <OfficialInvoiceScreen page={loaderData} />;
}
