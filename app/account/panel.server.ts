import { data, redirect, type AppLoadContext } from "react-router";
import { displayName, type Account } from "#core/accounts/account.ts";
import type { Locale } from "#core/i18n/locales.ts";
import type { PassengerError } from "#core/passengers/passenger-rules.ts";
import type { CalendarKind } from "#core/search/dates.ts";
import { NO_STORE, refusalStatus } from "#app/booking/answers.server.ts";
import { refuseBadCsrf } from "#app/booking/access.server.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { href } from "#app/links.ts";
import { calendarOf } from "#app/search/search-page.server.ts";

/**
 * The user panel of issue 9 (`/account`, `/account/passengers`, `/account/bookings`): what its
 * three pages share. Every page is the signed-in traveller's own, so none is cached or indexed,
 * and a visitor who is not signed in is sent to sign in and brought back.
 */

/** The panel's header: who is signed in, and the token its forms carry back. */
export interface PanelFrame {
  /** Their name when they gave one; null shows a generic title instead of the number twice. */
  name: string | null;
  /** The mobile with its middle hidden, in the page's digits. */
  mobile: string;
  csrf: string;
}

/** A field's error code: the passenger rules' codes, plus the panel's own. */
export type PanelError = PassengerError | "EMAIL_INVALID" | "PASSPORT_EXPIRED";

/** What a refused form answers: what was typed, and each field's error. */
export interface PanelRefusal {
  values: Record<string, string>;
  errors: Record<string, PanelError>;
}

/** The signed-in account, or a redirect to sign in that comes back here afterwards. */
export async function requireAccount(request: Request, context: AppLoadContext): Promise<Account> {
  const signedIn = await context.auth.current();
  if (signedIn) return signedIn.account;
  const url = new URL(request.url);
  const next = encodeURIComponent(url.pathname + url.search);
  // After a POST the sign-in page must be fetched with GET, which 303 says and 302 only implies.
  throw redirect(`${href(context.locale.locale, "login")}?next=${next}`, {
    status: request.method === "GET" ? 302 : 303,
    headers: NO_STORE,
  });
}

/** The form of a panel action, its CSRF token checked before anything else, then the account. */
export async function panelForm(request: Request, context: AppLoadContext): Promise<{ form: FormData; account: Account }> {
  const form = await request.formData();
  refuseBadCsrf(context, form);
  return { form, account: await requireAccount(request, context) };
}

/**
 * `0912***4567`: enough to recognise one's own number on a shared screen, not to read it off.
 * Asterisks, not dots: a dot is how the Persian zero is written. Left-to-right marks hold the
 * asterisks to the number's direction: between two runs of Arabic-Indic digits they would
 * otherwise turn right-to-left and swap the two halves.
 */
export function maskMobile(locale: Locale, mobile: string): string {
  return localizeDigits(locale, `${mobile.slice(0, 4)}\u200E***\u200E${mobile.slice(-4)}`);
}

export function panelFrame(context: AppLoadContext, account: Account): PanelFrame {
  const { profile } = account;
  const persian = profile.firstName || profile.lastName ? displayName(account) : null;
  const latin = [profile.firstNameLatin, profile.lastNameLatin].filter(Boolean).join(" ");
  return { name: persian ?? (latin || null), mobile: maskMobile(context.locale.locale, account.mobile), csrf: context.csrf.token() };
}

/** The calendar dates are typed in, and the example the hint under a date field shows. */
export function dateBasics(
  request: Request,
  context: AppLoadContext,
): { calendar: CalendarKind; dateExample: string; passportExample: string } {
  const locale = context.locale.locale;
  const calendar = calendarOf(request, locale);
  return {
    calendar,
    dateExample: localizeDigits(locale, calendar === "persian" ? "1369/02/11" : "1990/05/01"),
    // Passports print Gregorian dates, so their expiry is typed as one in every language.
    passportExample: localizeDigits(locale, "2030/01/31"),
  };
}

/** A refused form: 400 for a browser without JavaScript, 200 with the same data for the router. */
export function refuse(context: AppLoadContext, refusal: PanelRefusal) {
  return data(refusal, { status: refusalStatus(context, 400), headers: NO_STORE });
}

/** After a change, the page again by GET (no resubmission on reload), with its notice. */
export function backTo(context: AppLoadContext, name: "account" | "account-passengers", notice: string): never {
  throw redirect(`${href(context.locale.locale, name)}?${notice}=1`, { status: 303, headers: NO_STORE });
}

/** The same 404 for an id that does not exist and one that is another account's. */
export function notFound(): never {
  throw data(null, { status: 404, headers: NO_STORE });
}
