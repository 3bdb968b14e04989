import { LogoutScreen } from "#app/components/account/logout-screen.tsx";
import { logoutAction, logoutLoader } from "#app/account/logout.server.ts";
import { translatedMeta } from "#app/route-meta.ts";
import type { Route } from "./+types/logout";

/** Sign out here or everywhere (spec §2 `/logout`, issue 9). */
export function loader({ context }: Route.LoaderArgs) {
  return logoutLoader(context);
}

export function action({ request, context }: Route.ActionArgs) {
  return logoutAction(request, context);
}

export { headers } from "#app/search/page-headers.ts";

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "auth.logout.title");

export default function Logout({ loaderData }: Route.ComponentProps) {
  return <LogoutScreen page={loaderData} />;
}
