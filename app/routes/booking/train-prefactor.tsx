import { PrefactorScreen } from "#app/components/booking/prefactor-screen.tsx";
import { prefactorAction, prefactorLoader } from "#app/booking/flight-booking.server.ts";
import { TRAIN_PAGES } from "#app/booking/train-booking.server.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/train-prefactor";

export const handle: RouteHandle = { layout: "factor" };

/** The pre-invoice of held trains, with beds, meals, services and the car line by line; its unguessable hashId is the only key to it. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return prefactorLoader(TRAIN_PAGES, request, context, params.hashId);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return prefactorAction(TRAIN_PAGES, request, context, params.hashId);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  translatedMeta(matches, "booking.prefactor.heading", "booking.prefactor.description");

export default function TrainPrefactor({ loaderData, actionData }: Route.ComponentProps) {
  return <PrefactorScreen page={loaderData} payResult={actionData?.pay ?? null} bankPost={actionData?.post ?? null} />;
}
