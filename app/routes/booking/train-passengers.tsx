import { PassengersScreen } from "#app/components/booking/passengers-screen.tsx";
import { TRAIN_PURCHASE_SECTION } from "#app/components/trains/purchase-choices.tsx";
import { passengersAction, passengersLoader } from "#app/booking/flight-booking.server.ts";
import { TRAIN_PAGES } from "#app/booking/train-booking.server.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/train-passengers";

export const handle: RouteHandle = { layout: "train" };

/** Passenger details, meals, services and a car for chosen trains: /train/tehran-mashhad/passengers?out=…&back=…&adults=1… */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return passengersLoader(TRAIN_PAGES, request, context, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return passengersAction(TRAIN_PAGES, request, context, params.id);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  translatedMeta(matches, "booking.passengers.heading", "booking.passengers.description");

export default function TrainPassengers({ loaderData, actionData }: Route.ComponentProps) {
  return <PassengersScreen page={loaderData} result={actionData ?? null} choices={TRAIN_PURCHASE_SECTION} />;
}
