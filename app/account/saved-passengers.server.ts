import { data, type AppLoadContext } from "react-router";
import type { SavedPassenger, SavedPassengerFields } from "#core/accounts/account.ts";
import { checkSavedPassenger as checkPersonToSave } from "#core/accounts/saved-passenger-rules.ts";
import { dateText, tehranToday } from "#core/search/dates.ts";
import { passengerFieldValues, readBookingForm } from "#app/booking/booking-form.ts";
import { NO_STORE } from "#app/booking/answers.server.ts";
import { countryOptions } from "#app/booking/countries.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import {
  backTo,
  dateBasics,
  notFound,
  panelForm,
  panelFrame,
  refuse,
  requireAccount,
  type PanelError,
  type PanelFrame,
} from "./panel.server.ts";

/**
 * The previous-passengers list (`/account/passengers`, spec §6): the people a traveller books for,
 * to add, correct and remove. One person is one passenger of the booking form, under the same
 * field names (`passengers.0.…`) and the same rules, so nothing here can be saved that a booking
 * would refuse.
 */
export const FORM_PREFIX = "passengers.0.";

export interface SavedPassengerRow {
  id: string;
  /** The name on the ticket: Persian for an Iranian, the Latin one for anyone else. */
  name: string;
  /** The Latin name beside an Iranian's Persian one, when given. */
  latinName: string | null;
  gender: SavedPassenger["gender"];
  nationalCode: string | null;
  passport: { number: string; country: string } | null;
  /** In the page's calendar and digits. */
  birthDate: string;
}

export interface SavedPassengersPage {
  frame: PanelFrame;
  people: SavedPassengerRow[];
  /** The person being edited (`?edit=`), or null for the "add" form. */
  editing: { id: string; name: string } | null;
  values: Record<string, string>;
  notice: "saved" | "deleted" | null;
  countries: [string, string][];
  dateExample: string;
  passportExample: string;
}

export interface SavedPassengerRefusal {
  values: Record<string, string>;
  errors: Record<string, PanelError>;
}

function nameOf(person: SavedPassenger): string {
  return person.iranian
    ? `${person.firstName} ${person.lastName}`
    : `${person.firstNameLatin ?? person.firstName} ${person.lastNameLatin ?? person.lastName}`;
}

export async function savedPassengersLoader(request: Request, context: AppLoadContext) {
  const account = await requireAccount(request, context);
  const locale = context.locale.locale;
  const basics = dateBasics(request, context);
  const query = new URL(request.url).searchParams;
  const people = await context.accounts.savedPassengers(account.id);
  const editId = query.get("edit");
  const editing = editId === null ? null : (people.find((person) => person.id === editId) ?? notFound());
  const values: Record<string, string> = {};
  if (editing)
    for (const [name, value] of Object.entries(passengerFieldValues(editing, basics.calendar, locale)))
      values[`${FORM_PREFIX}${name}`] = value;
  const notice = query.get("saved") === "1" ? "saved" : query.get("deleted") === "1" ? "deleted" : null;
  const page: SavedPassengersPage = {
    frame: panelFrame(context, account),
    people: people.map((person) => ({
      id: person.id,
      name: nameOf(person),
      latinName:
        person.iranian && person.firstNameLatin && person.lastNameLatin ? `${person.firstNameLatin} ${person.lastNameLatin}` : null,
      gender: person.gender,
      nationalCode: person.nationalCode ? localizeDigits(locale, person.nationalCode) : null,
      passport: person.passportNumber ? { number: person.passportNumber, country: person.passportCountry ?? "" } : null,
      birthDate: localizeDigits(locale, dateText(person.birthDate, basics.calendar)),
    })),
    editing: editing ? { id: editing.id, name: nameOf(editing) } : null,
    values,
    notice,
    countries: countryOptions(locale),
    ...basics,
  };
  return data(page, { headers: NO_STORE });
}

/** A person as typed, judged by the booking form's rules as of today; their type follows from their age. */
export function checkSavedPassenger(
  form: FormData,
  today: string,
): { ok: true; person: SavedPassengerFields; values: Record<string, string> } | { ok: false; refusal: SavedPassengerRefusal } {
  const { input, values } = readBookingForm(form, { adults: 1, children: 0, infants: 0 });
  const { type: _type, ...typed } = input.passengers[0]!;
  const result = checkPersonToSave(typed, today);
  if (result.ok) return { ok: true, person: result.person, values };
  const errors: Record<string, PanelError> = {};
  for (const [field, code] of Object.entries(result.errors)) {
    // An unticked "not Iranian" sends no nationality ("?" to the rules): that is an empty field, not an unknown country.
    errors[`${FORM_PREFIX}${field}`] = code === "COUNTRY_INVALID" && !values[`${FORM_PREFIX}${field}`] ? "REQUIRED" : code;
  }
  return { ok: false, refusal: { values, errors } };
}

export async function savedPassengersAction(request: Request, context: AppLoadContext) {
  const { form, account } = await panelForm(request, context);
  const id = form.get("id");
  const target = typeof id === "string" && id ? id : null;

  if (form.get("intent") === "delete") {
    if (!target || !(await context.accounts.deletePassenger(account.id, target))) notFound();
    backTo(context, "account-passengers", "deleted");
  }

  // Editing: the entry must be this account's, whatever id the form was given.
  if (target && !(await context.accounts.savedPassengers(account.id)).some((person) => person.id === target)) notFound();
  const checked = checkSavedPassenger(form, tehranToday(context.now()));
  if (!checked.ok) return refuse(context, checked.refusal);
  const saved = await context.accounts.savePassenger(account.id, checked.person, context.now());
  // A changed national code or passport is another key: the entry saved under it replaces the one edited.
  if (target && saved.id !== target) await context.accounts.deletePassenger(account.id, target);
  backTo(context, "account-passengers", "saved");
}
