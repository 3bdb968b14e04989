import { ProfileScreen } from "#app/components/account/profile-screen.tsx";
import { profileAction, profileLoader } from "#app/account/profile.server.ts";
import { translatedMeta } from "#app/route-meta.ts";
import { headers as pageHeaders } from "#app/search/page-headers.ts";
import panelStyles from "#app/styles/account-panel.css?url";
import type { Route } from "./+types/profile";

/** The loader's no-store and noindex replace the root's public caching: this page is one person's. */
export const headers: Route.HeadersFunction = pageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: panelStyles }];

/** The user panel's profile (`/account`, issue 9): signed-in only, never cached or indexed. */
export function loader({ request, context }: Route.LoaderArgs) {
  return profileLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return profileAction(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...translatedMeta(matches, "account.profile.title"),
  { name: "robots", content: "noindex, nofollow" },
];

export default function AccountProfile({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfileScreen page={loaderData} result={actionData ?? null} />;
}
