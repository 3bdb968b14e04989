import { data, type AppLoadContext } from "react-router";
import type { Profile } from "#core/accounts/account.ts";
import { checkPassengers, isEmail, passengerTypeOn, type Gender, type PassengerType } from "#core/passengers/passenger-rules.ts";
import { addYears, dateText, parseDateText, tehranToday, type CalendarKind } from "#core/search/dates.ts";
import type { Locale } from "#core/i18n/locales.ts";
import { MAX_VALUE_LENGTH } from "#app/booking/booking-form.ts";
import { NO_STORE } from "#app/booking/answers.server.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { backTo, dateBasics, notFound, panelForm, panelFrame, refuse, requireAccount, type PanelError, type PanelFrame } from "./panel.server.ts";

/** The profile page (`/account`): the traveller's own details, every one optional but checked when given. */
export const PROFILE_FIELDS = ["firstName", "lastName", "firstNameLatin", "lastNameLatin", "nationalCode", "birthDate", "gender", "email"] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

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

/**
 * Valid stand-ins for the fields the passenger rules require and a profile may leave empty. The
 * rules judge a whole person, so an empty field is filled with one of these, its verdict ignored
 * and its value dropped: the given fields get exactly the passenger form's rules and messages.
 */
const STAND_INS = { firstName: "نام", lastName: "نام", gender: "male", nationalCode: "0010350829" } as const;

export type ProfileCheck = { ok: true; profile: Profile } | { ok: false; errors: Partial<Record<ProfileField, PanelError>> };

/** Checks a profile as typed (any digits, dates in either calendar); `today` is Tehran's, ISO. */
export function checkProfile(values: Partial<Record<ProfileField, string>>, today: string): ProfileCheck {
  const given = (field: ProfileField) => (values[field] ?? "").trim();
  const birth = given("birthDate") ? parseDateText(given("birthDate")) : null;
  // The type follows from the birth date, so no "not an adult" verdict can arise; the rules still refuse a date to come.
  const age = birth ? passengerTypeOn(birth, today) : "adult";
  const type: PassengerType = age === "too-young" ? "infant" : age;
  const result = checkPassengers(
    [
      {
        type,
        firstName: given("firstName") || STAND_INS.firstName,
        lastName: given("lastName") || STAND_INS.lastName,
        firstNameLatin: given("firstNameLatin"),
        lastNameLatin: given("lastNameLatin"),
        gender: given("gender") || STAND_INS.gender,
        birthDate: given("birthDate") || addYears(today, -30),
        nationalCode: given("nationalCode") || STAND_INS.nationalCode,
      },
    ],
    { lastFlightDate: today, today, latinNamesRequired: false },
  );
  const errors: Partial<Record<ProfileField, PanelError>> = {};
  if (!result.ok) {
    for (const [path, code] of Object.entries(result.errors)) {
      const field = path.replace(/^0\./, "") as ProfileField;
      if (PROFILE_FIELDS.includes(field) && given(field)) errors[field] = code;
    }
  }
  const email = given("email");
  if (email && !isEmail(email)) errors.email = "EMAIL_INVALID";
  if (!result.ok || Object.keys(errors).length > 0) return { ok: false, errors };

  const person = result.passengers[0]!;
  const kept = <T>(field: ProfileField, value: T): T | null => (given(field) ? value : null);
  return {
    ok: true,
    profile: {
      firstName: kept("firstName", person.firstName),
      lastName: kept("lastName", person.lastName),
      firstNameLatin: person.firstNameLatin ?? null,
      lastNameLatin: person.lastNameLatin ?? null,
      nationalCode: kept("nationalCode", person.nationalCode ?? null),
      birthDate: kept("birthDate", person.birthDate),
      gender: kept<Gender>("gender", person.gender),
      email: email || null,
    },
  };
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
