import { PassengersScreen } from "#app/components/booking/passengers-screen.tsx";
import { INSURANCE_PURCHASE_SECTION } from "#app/components/insurance/purchase-section.tsx";
import { passengersAction, passengersLoader } from "#app/booking/flight-booking.server.ts";
import { INSURANCE_PAGES } from "#app/booking/insurance-booking.server.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/insurance-reserve";

export const handle: RouteHandle = { layout: "insurance" };

/** Each insured traveller of a plan chosen on the plans page: /insurance/reserve?offer=…&birth=…&birth=… */
export function loader({ request, context }: Route.LoaderArgs) {
  return passengersLoader(INSURANCE_PAGES, request, context, "");
}

export function action({ request, context }: Route.ActionArgs) {
  return passengersAction(INSURANCE_PAGES, request, context, "");
}

export const meta: Route.MetaFunction = ({ matches }) =>
  translatedMeta(matches, "booking.passengers.heading", "booking.passengers.description");

export default function InsuranceReserve({ loaderData, actionData }: Route.ComponentProps) {
  return <PassengersScreen page={loaderData} result={actionData ?? null} choices={INSURANCE_PURCHASE_SECTION} />;
}
