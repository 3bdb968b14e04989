import { SavedPassengersScreen } from "#app/components/account/saved-passengers-screen.tsx";
import { savedPassengersAction, savedPassengersLoader } from "#app/account/saved-passengers.server.ts";
import { translatedMeta } from "#app/route-meta.ts";
import { headers as pageHeaders } from "#app/search/page-headers.ts";
import panelStyles from "#app/styles/account-panel.css?url";
import type { Route } from "./+types/passengers";

/** The loader's no-store and noindex replace the root's public caching: this page is one person's. */
export const headers: Route.HeadersFunction = pageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: panelStyles }];

/** The previous-passengers list of the user panel (`/account/passengers`, issue 9; spec §6). */
export function loader({ request, context }: Route.LoaderArgs) {
  return savedPassengersLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return savedPassengersAction(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...translatedMeta(matches, "account.passengers.title"),
  { name: "robots", content: "noindex, nofollow" },
];

export default function AccountPassengers({ loaderData, actionData }: Route.ComponentProps) {
  return <SavedPassengersScreen page={loaderData} result={actionData ?? null} />;
}
