import { ConfirmAlertScreen } from "#app/components/alerts/alert-screens.tsx";
import { confirmAlertAction, confirmAlertLoader } from "#app/alerts/alerts.server.ts";
import { translatedMeta } from "#app/route-meta.ts";
import { headers as pageHeaders } from "#app/search/page-headers.ts";
import type { Route } from "./+types/confirm";

export const headers: Route.HeadersFunction = pageHeaders;

/** `/alerts/confirm/:id` (issue 22 §1): the sign-in code sent to a guest's number makes the alert active. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return confirmAlertLoader(request, context, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return confirmAlertAction(request, context, params.id);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...translatedMeta(matches, "alerts.confirm.title"),
  { name: "robots", content: "noindex, nofollow" },
];

export default function ConfirmAlert({ loaderData, actionData }: Route.ComponentProps) {
  return <ConfirmAlertScreen page={loaderData} answer={actionData ?? null} />;
}
