import { data, type AppLoadContext } from "react-router";
import type { Profile } from "#core/accounts/account.ts";
import { checkProfile, PROFILE_FIELDS } from "#core/accounts/profile-rules.ts";
import { dateText, tehranToday, type CalendarKind } from "#core/search/dates.ts";
import type { Locale } from "#core/i18n/locales.ts";
import { MAX_VALUE_LENGTH } from "#app/booking/booking-form.ts";
import { NO_STORE } from "#app/booking/answers.server.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { backTo, dateBasics, notFound, panelForm, panelFrame, refuse, requireAccount, type PanelFrame } from "./panel.server.ts";

/** The profile page (`/account`): the traveller's own details, every one optional but checked when given (core/accounts/profile-rules.ts). */
export interface ProfilePage {
  frame: PanelFrame;
  /** The sign-in number, in the page's digits: shown, never edited here. */
  mobile: string;
  values: Record<string, string>;
  saved: boolean;
  dateExample: string;
}

/** The stored profile as the form shows it: dates in the page's calendar, digits in its language. */
function profileValues(profile: Profile, calendar: CalendarKind, locale: Locale): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of PROFILE_FIELDS) {
    const value = profile[field];
    if (!value) continue;
    if (field === "birthDate") values[field] = localizeDigits(locale, dateText(value, calendar));
    else if (field === "nationalCode") values[field] = localizeDigits(locale, value);
    else values[field] = value;
  }
  return values;
}

export async function profileLoader(request: Request, context: AppLoadContext) {
  const account = await requireAccount(request, context);
  const locale = context.locale.locale;
  const { calendar, dateExample } = dateBasics(request, context);
  const page: ProfilePage = {
    frame: panelFrame(context, account),
    mobile: localizeDigits(locale, account.mobile),
    values: profileValues(account.profile, calendar, locale),
    saved: new URL(request.url).searchParams.get("saved") === "1",
    dateExample,
  };
  return data(page, { headers: NO_STORE });
}

export async function profileAction(request: Request, context: AppLoadContext) {
  const { form, account } = await panelForm(request, context);
  const values: Record<string, string> = {};
  for (const field of PROFILE_FIELDS) {
    const value = form.get(field);
    if (typeof value === "string" && value) values[field] = value.slice(0, MAX_VALUE_LENGTH);
  }
  const checked = checkProfile(values, tehranToday(context.now()));
  if (!checked.ok) return refuse(context, { values, errors: checked.errors });
  const updated = await context.accounts.updateProfile(context.tenant.id, account.id, checked.profile, context.now());
  // The session's account is this tenant's, so it can only be missing if it was deleted meanwhile.
  if (!updated) notFound();
  // The header's name comes from a display cookie: it follows the new name at once.
  context.auth.refreshDisplay(updated);
  backTo(context, "account", "saved");
}
