import { watchPageAction, watchPageLoader } from "#app/account/watch-orders.server.ts";
import { WatchOrdersScreen } from "#app/components/account/watch-orders-screen.tsx";
import { translatedMeta } from "#app/route-meta.ts";
import { headers as pageHeaders } from "#app/search/page-headers.ts";
import panelStyles from "#app/styles/account-panel.css?url";
import type { Route } from "./+types/desired-price";

/** The loader's no-store and noindex replace the root's public caching: this page is one person's. */
export const headers: Route.HeadersFunction = pageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: panelStyles }];

/** `/account/desired-price` of the user panel (issue 22). */
export function loader({ request, context }: Route.LoaderArgs) {
  return watchPageLoader("desired-price", request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return watchPageAction("desired-price", request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...translatedMeta(matches, "account.nav.desiredPrice"),
  { name: "robots", content: "noindex, nofollow" },
];

export default function AccountDesiredPrice({ loaderData, actionData }: Route.ComponentProps) {
  return <WatchOrdersScreen page={loaderData} kind="desired-price" result={actionData ?? null} />;
}
