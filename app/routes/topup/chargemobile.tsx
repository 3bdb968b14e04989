import { TopupScreen } from "#app/components/topup/topup-screens.tsx";
import { topupAction, topupLoader } from "#app/topup/topup.server.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/chargemobile";

/** Mobile top-up (issue 23 §3, spec §2 `/chargemobile`): 404 unless the agency's `chargemobile` option is on. */
export function loader({ context }: Route.LoaderArgs) {
  return topupLoader(context);
}

export function action({ request, context }: Route.ActionArgs) {
  return topupAction(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "topup.title");

export default function ChargeMobile({ loaderData, actionData }: Route.ComponentProps) {
  return <TopupScreen page={loaderData} result={actionData ?? null} />;
}
