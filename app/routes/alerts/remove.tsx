import { RemoveAlertScreen } from "#app/components/alerts/alert-screens.tsx";
import { removeAlertAction, removeAlertLoader } from "#app/alerts/alerts.server.ts";
import { translatedMeta } from "#app/route-meta.ts";
import { headers as pageHeaders } from "#app/search/page-headers.ts";
import type { Route } from "./+types/remove";

export const headers: Route.HeadersFunction = pageHeaders;

/** `/alerts/remove/:token` (issue 22 §1): the remove link of every alert SMS; works signed out. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return removeAlertLoader(request, context, params.token);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return removeAlertAction(request, context, params.token);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...translatedMeta(matches, "alerts.remove.title"),
  { name: "robots", content: "noindex, nofollow" },
];

export default function RemoveAlert({ loaderData }: Route.ComponentProps) {
  return <RemoveAlertScreen page={loaderData} />;
}
