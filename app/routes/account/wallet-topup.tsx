import { WalletTopUpScreen } from "#app/components/account/wallet-topup-screen.tsx";
import { topUpAction, topUpLoader } from "#app/account/wallet-topup.server.ts";
import { translatedMeta } from "#app/route-meta.ts";
import { headers as pageHeaders } from "#app/search/page-headers.ts";
import panelStyles from "#app/styles/account-panel.css?url";
import type { Route } from "./+types/wallet-topup";

/** The loader's no-store and noindex replace the root's public caching: this page is one person's money. */
export const headers: Route.HeadersFunction = pageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: panelStyles }];

/** Topping up the wallet (`/account/wallet/topup`, issue 10): signed-in only, off to the bank. */
export function loader({ request, context }: Route.LoaderArgs) {
  return topUpLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return topUpAction(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...translatedMeta(matches, "wallet.pay.topup.title"),
  { name: "robots", content: "noindex, nofollow" },
];

export default function AccountWalletTopUp({ loaderData, actionData }: Route.ComponentProps) {
  return <WalletTopUpScreen page={loaderData} result={actionData ?? null} />;
}
