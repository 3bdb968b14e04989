import { data } from "react-router";
import { PrefactorScreen } from "#app/components/booking/prefactor-screen.tsx";
import { prefactorAction, prefactorLoader } from "#app/booking/flight-booking.server.ts";
import { TOUR_PAGES } from "#app/booking/tour-booking.server.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/tour-prefactor";

export const handle: RouteHandle = { layout: "factor" };

/** Spec §2's last segment: which tour the pre-invoice is of; anything else is no page. */
const KINDS: ReadonlySet<string> = new Set(["tourDomestic", "tourInternational"]);

function hashIdOf(params: Route.LoaderArgs["params"]): string | undefined {
  if (!KINDS.has(params.kind)) throw data(null, { status: 404 });
  return params.hashId ?? params.id;
}

/** The pre-invoice of a held tour at home or abroad, room by room: /tour/prefactor/{reference}/{hashId}/tourDomestic. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return prefactorLoader(TOUR_PAGES, request, context, hashIdOf(params));
}

export function action({ request, context, params }: Route.ActionArgs) {
  return prefactorAction(TOUR_PAGES, request, context, hashIdOf(params));
}

export const meta: Route.MetaFunction = ({ matches }) =>
  translatedMeta(matches, "booking.prefactor.heading", "booking.prefactor.description");

export default function TourPrefactor({ loaderData, actionData }: Route.ComponentProps) {
  return <PrefactorScreen page={loaderData} payResult={actionData?.pay ?? null} bankPost={actionData?.post ?? null} />;
}
