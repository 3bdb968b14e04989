import type { Booking } from "#core/booking/booking.ts";
import type { BookingDetailsInput } from "#core/booking/place-flight-booking.ts";
import type { NormalizedPassenger, PassengerInput, PassengerType } from "#core/passengers/passenger-rules.ts";
import { latinDigits } from "#core/i18n/digits.ts";
import type { Locale } from "#core/i18n/locales.ts";
import { dateText, type CalendarKind } from "#core/search/dates.ts";
import type { Passengers } from "#core/search/search-forms.ts";
import { localizeDigits, type MessageKey } from "#core/i18n/messages.ts";
import { bookingErrorMessage } from "#core/i18n/code-messages.ts";
import { MINIMUM_AGE_DAYS } from "#core/passengers/passenger-rules.ts";

/**
 * The passenger form's fields, named exactly like the paths the core reports errors on
 * (`passengers.0.firstName`, `contact.mobile`, `company.postalCode`, `discountCode`), so a
 * refusal lands on its field with no mapping in between. Runs on the server and in the browser.
 */
export type FormValues = Record<string, string>;

export const PASSENGER_TEXT_FIELDS = [
  "firstName",
  "lastName",
  "firstNameLatin",
  "lastNameLatin",
  "gender",
  "birthDate",
  "nationalCode",
  "nationality",
  "passportNumber",
  "passportCountry",
  "passportExpiry",
] as const;
export const COMPANY_FIELDS = ["name", "nationalId", "economicCode", "postalCode", "branchCode"] as const;
/** Nothing a person types here is longer; anything longer is cut before it reaches the core. */
export const MAX_VALUE_LENGTH = 120;

/** Adults first, then children, then infants: the order the search counted them in. */
export function passengerTypes(party: Passengers): PassengerType[] {
  return [
    ...Array<PassengerType>(party.adults).fill("adult"),
    ...Array<PassengerType>(party.children).fill("child"),
    ...Array<PassengerType>(party.infants).fill("infant"),
  ];
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, MAX_VALUE_LENGTH) : "";
}

/** What was typed, kept to show again, and the input the core checks. */
export function readBookingForm(
  form: FormData,
  party: Passengers,
  /** Iranians give a passport too (travel abroad): their passport fields are read, not only a foreigner's. */
  options: { passportForEveryone?: boolean } = {},
): { input: BookingDetailsInput; values: FormValues; expectedFare: number | null } {
  const values: FormValues = {};
  const passengers: PassengerInput[] = passengerTypes(party).map((type, index) => {
    const field = (name: string) => {
      const value = text(form, `passengers.${index}.${name}`);
      if (value) values[`passengers.${index}.${name}`] = value;
      return value;
    };
    const foreign = field("foreign") === "1";
    const wheelchair = field("wheelchair") === "1";
    // A non-Iranian's name is the Latin one; Persian names typed before the box was ticked stay on screen only.
    const firstName = field("firstName");
    const lastName = field("lastName");
    const passenger: PassengerInput = {
      type,
      firstName: foreign ? "" : firstName,
      lastName: foreign ? "" : lastName,
      firstNameLatin: field("firstNameLatin"),
      lastNameLatin: field("lastNameLatin"),
      gender: field("gender"),
      birthDate: field("birthDate"),
      wheelchair,
    };
    // Hidden fields of the other kind of passenger are kept on screen but not judged.
    const nationalCode = field("nationalCode");
    const nationality = field("nationality");
    const passportNumber = field("passportNumber");
    const passportCountry = field("passportCountry");
    const passportExpiry = field("passportExpiry");
    if (foreign) Object.assign(passenger, { nationality: nationality || "?", passportNumber, passportCountry, passportExpiry });
    else {
      passenger.nationalCode = nationalCode;
      if (options.passportForEveryone) Object.assign(passenger, { passportNumber, passportCountry, passportExpiry });
    }
    return passenger;
  });
  const companyChosen = text(form, "company") === "1";
  if (companyChosen) values.company = "1";
  const company = Object.fromEntries(
    COMPANY_FIELDS.map((name) => {
      const value = text(form, `company.${name}`);
      if (value) values[`company.${name}`] = value;
      return [name, value];
    }),
  ) as Record<(typeof COMPANY_FIELDS)[number], string>;
  const contact = { mobile: text(form, "contact.mobile"), email: text(form, "contact.email") };
  if (contact.mobile) values["contact.mobile"] = contact.mobile;
  if (contact.email) values["contact.email"] = contact.email;
  const discountCode = text(form, "discountCode").trim();
  if (discountCode) values.discountCode = discountCode;
  const fare = Number(latinDigits(text(form, "expectedFare")));
  return {
    input: { passengers, contact, company: companyChosen ? company : null, discountCode: discountCode || null },
    values,
    expectedFare: Number.isSafeInteger(fare) && fare > 0 ? fare : null,
  };
}

/**
 * One passenger's fields as the form shows them (dates in the page's calendar and digits), keyed
 * by the field's own name: for editing a booking and for filling in a saved passenger.
 */
export function passengerFieldValues(
  passenger: Omit<NormalizedPassenger, "type">,
  calendar: CalendarKind,
  locale: Locale,
): Record<string, string> {
  const values: Record<string, string> = {};
  const date = (iso: string) => localizeDigits(locale, dateText(iso, calendar));
  const set = (name: string, value: string | undefined) => {
    if (value) values[name] = value;
  };
  set("firstName", passenger.firstName);
  set("lastName", passenger.lastName);
  set("firstNameLatin", passenger.firstNameLatin);
  set("lastNameLatin", passenger.lastNameLatin);
  set("gender", passenger.gender);
  set("birthDate", date(passenger.birthDate));
  if (passenger.iranian) set("nationalCode", localizeDigits(locale, passenger.nationalCode ?? ""));
  else {
    set("foreign", "1");
    set("nationality", passenger.nationality);
  }
  // Foreigners always have one; an Iranian's too when the trip asked for it (travel abroad).
  set("passportNumber", passenger.passportNumber);
  set("passportCountry", passenger.passportCountry);
  set("passportExpiry", passenger.passportExpiry ? date(passenger.passportExpiry) : undefined);
  if (passenger.wheelchair) set("wheelchair", "1");
  return values;
}

/** The form filled from a stored booking, dates in the page's calendar and digits (edit). */
export function valuesOfBooking(booking: Booking, calendar: CalendarKind, locale: Locale): FormValues {
  const values: FormValues = {};
  booking.passengers.forEach((passenger, index) => {
    for (const [name, value] of Object.entries(passengerFieldValues(passenger, calendar, locale)))
      values[`passengers.${index}.${name}`] = value;
  });
  values["contact.mobile"] = localizeDigits(locale, booking.contact.mobile);
  if (booking.contact.email) values["contact.email"] = booking.contact.email;
  if (booking.company) {
    values.company = "1";
    for (const name of COMPANY_FIELDS) {
      const value = booking.company[name];
      if (value) values[`company.${name}`] = name === "name" ? value : localizeDigits(locale, value);
    }
  }
  if (booking.discountCode) values.discountCode = booking.discountCode;
  return values;
}

/** The message of an error code on a field, with the example or number it needs. */
export function errorMessage(
  t: (key: MessageKey, params?: Record<string, string | number>) => string,
  code: string,
  example: string,
): string {
  const key = bookingErrorMessage(code);
  if (code === "DATE_INVALID") return t(key, { example });
  if (code === "TOO_YOUNG") return t(key, { days: MINIMUM_AGE_DAYS });
  return t(key);
}
