import { ChargeResultScreen } from "#app/components/topup/topup-screens.tsx";
import { chargeResultLoader } from "#app/topup/topup.server.ts";
import { translatedMeta } from "#app/route-meta.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/get-charge";

/** A top-up's result (spec §2 `/charge/GetCharge`), by its hash in `?id=`; one buyer's, so never indexed. */
export function loader({ request, context }: Route.LoaderArgs) {
  return chargeResultLoader(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...translatedMeta(matches, "topup.result.title"),
  { name: "robots", content: "noindex, nofollow" },
];

export default function GetCharge({ loaderData }: Route.ComponentProps) {
  return <ChargeResultScreen page={loaderData} />;
}
