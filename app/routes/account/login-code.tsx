import { CodeScreen } from "#app/components/account/code-screen.tsx";
import { codeAction, codeLoader } from "#app/account/sign-in.server.ts";
import { translatedMeta } from "#app/route-meta.ts";
import type { Route } from "./+types/login-code";

/** The SMS code (spec §2 `/login/index2`, issue 9): right, and the visitor is signed in. */
export function loader({ request, context }: Route.LoaderArgs) {
  return codeLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return codeAction(request, context);
}

export { headers } from "#app/search/page-headers.ts";

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "auth.code.title");

export default function LoginCode({ loaderData, actionData }: Route.ComponentProps) {
  return <CodeScreen page={loaderData} result={actionData ?? null} />;
}
