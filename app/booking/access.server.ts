import { data, redirect, type AppLoadContext } from "react-router";
import type { Booking } from "#core/booking/booking.ts";
import { localizePath } from "#core/i18n/locales.ts";
import { NO_STORE } from "./answers.server.ts";

/**
 * Who may open a booking's pages (issue 9). A guest booking opens with its unguessable hashId, as
 * before. A booking that belongs to an account opens only for that account: another signed-in
 * traveller gets the same 404 as for a booking that does not exist (nothing says it exists), and
 * a visitor who is not signed in is asked to sign in and comes back.
 */
export async function requireBookingAccess(request: Request, context: AppLoadContext, booking: Booking | null): Promise<Booking> {
  if (!booking) throw data(null, { status: 404, headers: NO_STORE });
  if (booking.userId === null) return booking;
  const signedIn = await context.auth.current();
  if (signedIn?.account.id === booking.userId) return booking;
  if (signedIn || request.method !== "GET") throw data(null, { status: 404, headers: NO_STORE });
  const url = new URL(request.url);
  throw redirect(`${localizePath(context.locale.locale, "/login")}?next=${encodeURIComponent(url.pathname + url.search)}`, {
    headers: NO_STORE,
  });
}

/** A refused CSRF token: the form was not sent by our page (or the page is too old). 403, never the action. */
export function refuseBadCsrf(context: AppLoadContext, form: FormData): void {
  if (!context.csrf.valid(form.get("csrf"))) throw data({ error: "CSRF" }, { status: 403, headers: NO_STORE });
}
