import { SignInScreen } from "#app/components/account/sign-in-screen.tsx";
import { signInAction, signInLoader } from "#app/account/sign-in.server.ts";
import { translatedMeta } from "#app/route-meta.ts";
import type { Route } from "./+types/register";

/** Create an account (spec §2 `/register`, issue 9): signing in for the first time, with an optional name. */
export function loader({ request, context }: Route.LoaderArgs) {
  return signInLoader(request, context, "register");
}

export function action({ request, context }: Route.ActionArgs) {
  return signInAction(request, context, "register");
}

export { headers } from "#app/search/page-headers.ts";

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "auth.register.title");

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  return <SignInScreen page={loaderData} result={actionData ?? null} />;
}
