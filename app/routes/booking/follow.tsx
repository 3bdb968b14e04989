import { FollowScreen } from "#app/components/booking/follow-screen.tsx";
import { followAction, followLoader } from "#app/booking/follow.server.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/follow";

/** Booking tracking and refund (spec §1, §2 `/follow`). */
export function loader({ request, context }: Route.LoaderArgs) {
  return followLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return followAction(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "follow.title");

export default function Follow({ loaderData, actionData }: Route.ComponentProps) {
  return <FollowScreen page={loaderData} result={actionData ?? null} />;
}
