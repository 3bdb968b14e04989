import { data, redirect, type AppLoadContext } from "react-router";
import { localizePath } from "#core/i18n/locales.ts";
import { NO_STORE } from "#app/booking/answers.server.ts";
import { refuseBadCsrf } from "#app/booking/access.server.ts";

/**
 * `/logout` (issue 9): a page with two buttons, never a GET that signs out, so a link or an image
 * on another page cannot end someone's session; the POST carries the CSRF token.
 */
export interface LogoutPage {
  csrf: string;
  signedIn: boolean;
}

export async function logoutLoader(context: AppLoadContext) {
  const page: LogoutPage = { csrf: context.csrf.token(), signedIn: (await context.auth.current()) !== null };
  return data(page, { headers: NO_STORE });
}

export async function logoutAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  refuseBadCsrf(context, form);
  await context.auth.signOut({ everywhere: form.get("everywhere") === "1" });
  throw redirect(localizePath(context.locale.locale, "/"), { status: 303, headers: NO_STORE });
}
