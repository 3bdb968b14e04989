import { WalletScreen } from "#app/components/account/wallet-screen.tsx";
import { walletLoader } from "#app/account/wallet.server.ts";
import { translatedMeta } from "#app/route-meta.ts";
import { headers as pageHeaders } from "#app/search/page-headers.ts";
import panelStyles from "#app/styles/account-panel.css?url";
import type { Route } from "./+types/wallet";

/** The loader's no-store and noindex replace the root's public caching: this page is one person's money. */
export const headers: Route.HeadersFunction = pageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: panelStyles }];

/** The wallet of the user panel (`/account/wallet`, issue 10). */
export function loader({ request, context }: Route.LoaderArgs) {
  return walletLoader(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...translatedMeta(matches, "wallet.title"),
  { name: "robots", content: "noindex, nofollow" },
];

export default function AccountWallet({ loaderData }: Route.ComponentProps) {
  return <WalletScreen page={loaderData} />;
}
