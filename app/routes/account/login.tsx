import { SignInScreen } from "#app/components/account/sign-in-screen.tsx";
import { signInAction, signInLoader } from "#app/account/sign-in.server.ts";
import { translatedMeta } from "#app/route-meta.ts";
import type { Route } from "./+types/login";

/** Sign in by mobile number (spec §2 `/login`, issue 9); the code is entered on `/login/index2`. */
export function loader({ request, context }: Route.LoaderArgs) {
  return signInLoader(request, context, "login");
}

export function action({ request, context }: Route.ActionArgs) {
  return signInAction(request, context, "login");
}

// The loader's no-store and noindex replace the root's public caching.
export { headers } from "#app/search/page-headers.ts";

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "auth.login.title");

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return <SignInScreen page={loaderData} result={actionData ?? null} />;
}
