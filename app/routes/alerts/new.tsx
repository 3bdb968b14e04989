import { NewAlertScreen } from "#app/components/alerts/alert-screens.tsx";
import { newAlertAction, newAlertLoader } from "#app/alerts/alerts.server.ts";
import { translatedMeta } from "#app/route-meta.ts";
import { headers as pageHeaders } from "#app/search/page-headers.ts";
import type { Route } from "./+types/new";

/** The form's own page carries a CSRF token and may carry the visitor's number: never cached or indexed. */
export const headers: Route.HeadersFunction = pageHeaders;

/** `/alerts/new` (issue 22 §1): where the watch panel posts; by GET, the same form prefilled from the query. */
export function loader({ request, context }: Route.LoaderArgs) {
  return newAlertLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return newAlertAction(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...translatedMeta(matches, "alerts.new.title"),
  { name: "robots", content: "noindex, nofollow" },
];

export default function NewAlert({ loaderData, actionData }: Route.ComponentProps) {
  return <NewAlertScreen page={loaderData} refusal={actionData ?? null} />;
}
