import { AccountBookingsScreen } from "#app/components/account/bookings-screen.tsx";
import { accountBookingsLoader } from "#app/account/bookings.server.ts";
import { translatedMeta } from "#app/route-meta.ts";
import { headers as pageHeaders } from "#app/search/page-headers.ts";
import panelStyles from "#app/styles/account-panel.css?url";
import type { Route } from "./+types/bookings";

/** The loader's no-store and noindex replace the root's public caching: this page is one person's. */
export const headers: Route.HeadersFunction = pageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: panelStyles }];

/** "My bookings" of the user panel (`/account/bookings`, issue 9). */
export function loader({ request, context }: Route.LoaderArgs) {
  return accountBookingsLoader(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...translatedMeta(matches, "account.bookings.title"),
  { name: "robots", content: "noindex, nofollow" },
];

export default function AccountBookings({ loaderData }: Route.ComponentProps) {
  return <AccountBookingsScreen page={loaderData} />;
}
