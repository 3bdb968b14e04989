import { AccountAlertsScreen } from "#app/components/alerts/alert-screens.tsx";
import { accountAlertsAction, accountAlertsLoader } from "#app/alerts/alerts.server.ts";
import { translatedMeta } from "#app/route-meta.ts";
import { headers as pageHeaders } from "#app/search/page-headers.ts";
import panelStyles from "#app/styles/account-panel.css?url";
import type { Route } from "./+types/alerts";

/** One traveller's alerts: never cached or indexed. */
export const headers: Route.HeadersFunction = pageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: panelStyles }];

/** The alerts of the user panel (`/account/alerts`, issue 22 §1): state, history, remove. */
export function loader({ request, context }: Route.LoaderArgs) {
  return accountAlertsLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return accountAlertsAction(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...translatedMeta(matches, "alerts.account.title"),
  { name: "robots", content: "noindex, nofollow" },
];

export default function AccountAlerts({ loaderData }: Route.ComponentProps) {
  return <AccountAlertsScreen page={loaderData} />;
}
