import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { PassengersActionData, PassengersPage } from "#app/booking/flight-booking.server.ts";
import { errorMessage, passengerTypes, type FormValues } from "#app/booking/booking-form.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { BOOKING_ERROR_MESSAGE } from "#core/i18n/code-messages.ts";
import type { PassengerType } from "#core/passengers/passenger-rules.ts";
import { CheckField, fieldId, TextField } from "./form-fields.tsx";
import { PassengerFields } from "./passenger-fields.tsx";
import { PurchaseSteps } from "./purchase-steps.tsx";
import { SavedPassengerPicker } from "./saved-passenger-picker.tsx";
import { CsrfField } from "#app/components/csrf-field.tsx";
import { ItemSummaries, PriceBreakdown, shownParty, TripLegs, useToman } from "./trip-summary.tsx";

type FormPage<View> = Extract<PassengersPage<View>, { kind: "form" }>;
type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** What a service's choices section is given to draw itself (a train's meals and car). */
export interface ChoicesProps<View> {
  view: View;
  /** The form's values: as loaded or sent back after a refusal, and as typed since when JavaScript runs. */
  values: FormValues;
  message: (field: string) => string | null;
  /** "Adult 1", "Child 1": each passenger's heading. */
  titles: string[];
  types: PassengerType[];
  /** Editing a held booking: the choices were priced into the hold and are shown, not changed. */
  editing: boolean;
}

/**
 * A service's own part of the passengers page, drawn by the service's components: inside each
 * passenger's card, and a section after the passengers. Its fields post with the form and its
 * refusals come back on them like any other field's.
 */
export interface ChoicesSection<View> {
  /** What the visitor should know before typing (a whole compartment is paid), under the page's own notes. */
  intro?: (props: ChoicesProps<View>) => ReactNode;
  /** What the passenger's card says first, under its heading (a bus passenger's seat). */
  passengerHead?: (props: ChoicesProps<View> & { index: number }) => ReactNode;
  passenger?: (props: ChoicesProps<View> & { index: number }) => ReactNode;
  section?: (props: ChoicesProps<View>) => ReactNode;
  /** Where one of its fields is, for the summary of what to fix; null when the field is not the service's. */
  label?: (field: string, titles: string[], t: Translate, view: View) => string | null;
  /** What the chosen options add to the fare (tomans), for the live total: the server prices the booking. */
  total?: (view: View, values: FormValues) => number;
  /** What that addition is called beside the total (a hotel's extra beds); a train's meals, services and car otherwise. */
  totalLabel?: MessageKey;
}

const FIELD_LABELS: Record<string, MessageKey> = {
  firstName: "booking.field.firstName",
  lastName: "booking.field.lastName",
  firstNameLatin: "booking.field.firstNameLatin",
  lastNameLatin: "booking.field.lastNameLatin",
  gender: "booking.field.gender",
  birthDate: "booking.field.birthDate",
  nationalCode: "booking.field.nationalCode",
  nationality: "booking.field.nationality",
  passportNumber: "booking.field.passportNumber",
  passportCountry: "booking.field.passportCountry",
  passportExpiry: "booking.field.passportExpiry",
  "contact.mobile": "booking.field.mobile",
  "contact.email": "booking.field.email",
  company: "booking.company.heading",
  "company.name": "booking.field.companyName",
  "company.nationalId": "booking.field.companyNationalId",
  "company.economicCode": "booking.field.economicCode",
  "company.postalCode": "booking.field.postalCode",
  "company.branchCode": "booking.field.branchCode",
  discountCode: "booking.field.discountCode",
  passengers: "booking.passengers.heading",
};

/** Refusals of the whole purchase a service words its own way (a train, not a flight, is full). */
const SERVICE_REFUSALS: Partial<Record<string, Partial<Record<string, MessageKey>>>> = {
  train: { SOLD_OUT: "trainPurchase.error.SOLD_OUT", PAIR_INCOMPLETE: "trainPurchase.error.PAIR_INCOMPLETE" },
  bus: { SOLD_OUT: "busPurchase.error.SOLD_OUT" },
  hotel: { SOLD_OUT: "hotelPurchase.error.SOLD_OUT" },
  intHotel: { SOLD_OUT: "hotelPurchase.error.SOLD_OUT" },
  tour: { SOLD_OUT: "tourPurchase.error.SOLD_OUT" },
  intTour: { SOLD_OUT: "tourPurchase.error.SOLD_OUT" },
};

function refusalMessage(service: string, code: keyof typeof BOOKING_ERROR_MESSAGE, t: Translate): string {
  return t(SERVICE_REFUSALS[service]?.[code] ?? BOOKING_ERROR_MESSAGE[code]);
}

/** "Adult 2", "Child 1": numbered within each type, as the tickets will be. */
function passengerTitles(types: PassengerType[], t: Translate): string[] {
  const seen: Record<PassengerType, number> = { adult: 0, child: 0, infant: 0 };
  return types.map((type) => t(`booking.passenger.${type}`, { n: (seen[type] += 1) }));
}

/** Where an error is shown in the summary at the top: which passenger, which field. */
function errorLabel(field: string, titles: string[], t: Translate, own?: (field: string) => string | null): string {
  const service = own?.(field);
  if (service) return service;
  const match = /^passengers\.(\d+)\.(\w+)$/.exec(field);
  if (match) return `${titles[Number(match[1])] ?? ""} · ${t(FIELD_LABELS[match[2]!] ?? "booking.passengers.heading")}`;
  return t(FIELD_LABELS[field] ?? "booking.passengers.heading");
}

function PassengerFieldset<View>({
  index,
  title,
  hint,
  page,
  values,
  message,
  head,
  children,
}: {
  index: number;
  title: string;
  hint: string;
  page: FormPage<View>;
  values: FormValues;
  message: (field: string) => string | null;
  head?: ReactNode;
  children?: ReactNode;
}) {
  const name = (field: string) => `passengers.${index}.${field}`;
  const value = (field: string) => values[name(field)];
  const latinClass = page.latinNamesRequired ? "" : "foreign-only";
  return (
    <fieldset className="passenger-card">
      <legend className="passenger-title">
        {title} <span className="passenger-hint">({hint})</span>
      </legend>
      {head}
      <SavedPassengerPicker index={index} saved={page.saved} />
      <PassengerFields
        name={name}
        value={value}
        message={message}
        countries={page.countries}
        passportCountries={page.passportCountries}
        dateExample={page.dateExample}
        passportExample={page.passportExample}
        latin={{ required: true, className: latinClass }}
        passportForEveryone={page.passportForEveryone}
      />
      {children}
    </fieldset>
  );
}

function Unavailable<View>({ page }: { page: Extract<PassengersPage<View>, { kind: "unavailable" }> }) {
  const { t } = useI18n();
  const message =
    page.reason === "PARTY"
      ? t(BOOKING_ERROR_MESSAGE[page.partyError ?? "ADULT_REQUIRED"])
      : page.reason === "INVALID"
        ? t(BOOKING_ERROR_MESSAGE[page.refusal ?? "INVALID"])
        : refusalMessage(page.service, page.reason, t);
  return (
    <div className="booking-page">
      <PurchaseSteps current="passengers" service={page.service} />
      <h1 className="booking-heading">{t("booking.noOffer.title")}</h1>
      <div className="booking-alert" role="alert">
        <p>{message}</p>
      </div>
      <p className="booking-actions">
        {page.prefactorHref ? <Link to={page.prefactorHref}>{t("booking.steps.verify")}</Link> : null}
        <Link to={page.searchHref}>{t("booking.prefactor.searchAgain")}</Link>
      </p>
    </div>
  );
}

/** The form's text values as they stand: what a choices section and the live total read while the visitor types. */
function formValues(form: HTMLFormElement): FormValues {
  const values: FormValues = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string" && value) values[name] = value;
  return values;
}

/** The passengers step: every field of spec §3 with the rules of spec §5, judged by the server. */
export function PassengersScreen<View>({
  page,
  result,
  choices,
}: {
  page: PassengersPage<View>;
  result: PassengersActionData | null;
  /** The service's own choices (a train's meals and car), drawn when the page has them. */
  choices?: ChoicesSection<View>;
}) {
  if (page.kind === "unavailable") return <Unavailable page={page} />;
  return <PassengersForm page={page} result={result} choices={choices} />;
}

function PassengersForm<View>({
  page,
  result,
  choices,
}: {
  page: FormPage<View>;
  result: PassengersActionData | null;
  choices: ChoicesSection<View> | undefined;
}) {
  const { t, number } = useI18n();
  const toman = useToman();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const values = result?.values ?? page.values;
  // As typed since the page loaded (JavaScript only): the choices and their total follow it.
  const [typed, setTyped] = useState<{ from: FormValues; values: FormValues } | null>(null);
  const live = typed?.from === values ? typed.values : values;
  const errors = result?.errors ?? {};
  const fareChanged = result?.fareChanged ?? page.fareChanged;
  const expectedFare = result?.fareChanged?.fare ?? page.fare;
  const types = passengerTypes(page.party);
  const titles = passengerTitles(types, t);
  const message = (field: string) =>
    errors[field] ? errorMessage(t, errors[field], field.endsWith("passportExpiry") ? page.passportExample : page.dateExample) : null;
  const alertRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // After a refusal, focus goes to the first field to fix (the summary above lists them all, and is
  // announced); a refusal of the whole form focuses its message.
  useEffect(() => {
    if (!result?.failure) return;
    const field = result.failure === "INVALID" ? formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
    (field ?? alertRef.current)?.focus();
  }, [result]);
  const view = page.choices;
  const choiceProps: ChoicesProps<View> | null =
    view === null ? null : { view, values: live, message, titles, types, editing: page.edit !== null };
  const extra = view !== null && choices?.total && !page.edit ? choices.total(view, live) : 0;
  const ownLabel = choices?.label && view !== null ? (field: string) => choices.label!(field, titles, t, view) : undefined;

  const first = page.route;
  return (
    <div className="booking-page">
      <PurchaseSteps current="passengers" service={page.service} />
      <h1 className="booking-heading">
        {first ? t("booking.passengers.title", { from: first.from, to: first.to }) : t("booking.passengers.heading")}
      </h1>
      {page.edit ? <p className="booking-note">{t("booking.edit.notice", { reference: page.edit.reference })}</p> : null}
      {result?.failure ? (
        <div className="booking-alert" role="alert" tabIndex={-1} ref={alertRef}>
          {result.failure === "INVALID" ? (
            <>
              <p>{t("booking.error.INVALID")}</p>
              <ul>
                {Object.keys(errors).map((field) => (
                  <li key={field}>
                    <a href={`#${fieldId(field === "passengers" ? "passengers.0.firstName" : field)}`}>
                      {errorLabel(field, titles, t, ownLabel)}: {message(field)}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : result.failure === "FARE_CHANGED" && fareChanged ? (
            <p>{t("booking.error.FARE_CHANGED", { previous: number(fareChanged.previous), fare: number(fareChanged.fare) })}</p>
          ) : (
            <>
              <p>{refusalMessage(page.service, result.failure, t)}</p>
              <Link to={page.searchHref}>{t("booking.prefactor.searchAgain")}</Link>
            </>
          )}
        </div>
      ) : fareChanged ? (
        <div className="booking-alert booking-alert-info" role="status">
          <p>{t("booking.error.FARE_CHANGED", { previous: number(fareChanged.previous), fare: number(fareChanged.fare) })}</p>
        </div>
      ) : null}
      <div className="booking-layout">
        <Form
          method="post"
          noValidate
          className="booking-form"
          ref={formRef}
          onChange={
            choices?.total || choices?.section ? (event) => setTyped({ from: values, values: formValues(event.currentTarget) }) : undefined
          }
          aria-describedby={[
            "booking-intro",
            page.passportForEveryone ? "booking-passport-note" : null,
            page.rules.foreignersAllowed ? null : "booking-rule-foreigners",
            page.rules.genderOnly ? "booking-rule-gender" : null,
          ]
            .filter(Boolean)
            .join(" ")}
        >
          <p id="booking-intro" className="booking-note">
            {t("booking.passengers.intro")}
          </p>
          {page.passportForEveryone ? (
            <p id="booking-passport-note" className="booking-note">
              {t("booking.passengers.passportNote", { months: number(page.passportValidMonths) })}
            </p>
          ) : null}
          {page.rules.foreignersAllowed ? null : (
            <p id="booking-rule-foreigners" className="booking-note booking-rule">
              {t("booking.passengers.rule.noForeigners")}
            </p>
          )}
          {page.rules.genderOnly ? (
            <p id="booking-rule-gender" className="booking-note booking-rule">
              {t(page.rules.genderOnly === "male" ? "booking.passengers.rule.menOnly" : "booking.passengers.rule.womenOnly")}
            </p>
          ) : null}
          {choiceProps && choices?.intro ? choices.intro(choiceProps) : null}
          <CsrfField token={page.csrf} />
          {page.edit ? <input type="hidden" name="edit" value={page.edit.hashId} /> : null}
          <input type="hidden" name="expectedFare" value={expectedFare} />
          {page.passportForEveryone ? <input type="hidden" name="passportForEveryone" value="1" /> : null}
          {types.map((type, index) => (
            <PassengerFieldset
              key={index}
              index={index}
              title={titles[index]!}
              hint={t(`booking.passenger.${type}Hint`)}
              page={page}
              values={values}
              message={message}
              head={choiceProps && choices?.passengerHead ? choices.passengerHead({ ...choiceProps, index }) : null}
            >
              {choiceProps && choices?.passenger ? choices.passenger({ ...choiceProps, index }) : null}
            </PassengerFieldset>
          ))}
          {errors.passengers ? (
            <p className="field-error" id={fieldId("passengers")}>
              {message("passengers")}
            </p>
          ) : null}
          {choiceProps && choices?.section ? choices.section(choiceProps) : null}
          <fieldset className="passenger-card">
            <legend className="passenger-title">{t("booking.contact.heading")}</legend>
            <p className="booking-note">{t("booking.contact.hint")}</p>
            <div className="booking-grid">
              <TextField
                name="contact.mobile"
                label={t("booking.field.mobile")}
                value={values["contact.mobile"]}
                error={message("contact.mobile")}
                required
                inputMode="tel"
                autoComplete="tel"
                dir="ltr"
                maxLength={20}
              />
              <TextField
                name="contact.email"
                label={`${t("booking.field.email")} ${t("booking.field.optional")}`}
                value={values["contact.email"]}
                error={message("contact.email")}
                inputMode="email"
                autoComplete="email"
                dir="ltr"
              />
            </div>
          </fieldset>
          {page.companyPurchase ? (
            <fieldset className="passenger-card company-card">
              <legend className="passenger-title">{t("booking.company.heading")}</legend>
              <CheckField name="company" label={t("booking.company.toggle")} checked={values.company === "1"} className="company-toggle" />
              <div className="booking-grid company-fields">
                <TextField
                  name="company.name"
                  label={t("booking.field.companyName")}
                  value={values["company.name"]}
                  error={message("company.name")}
                  required
                  autoComplete="organization"
                />
                <TextField
                  name="company.nationalId"
                  label={t("booking.field.companyNationalId")}
                  value={values["company.nationalId"]}
                  error={message("company.nationalId")}
                  required
                  inputMode="numeric"
                  dir="ltr"
                  maxLength={15}
                />
                <TextField
                  name="company.economicCode"
                  label={t("booking.field.economicCode")}
                  value={values["company.economicCode"]}
                  error={message("company.economicCode")}
                  required
                  inputMode="numeric"
                  dir="ltr"
                  maxLength={16}
                />
                <TextField
                  name="company.postalCode"
                  label={t("booking.field.postalCode")}
                  value={values["company.postalCode"]}
                  error={message("company.postalCode")}
                  required
                  inputMode="numeric"
                  autoComplete="postal-code"
                  dir="ltr"
                  maxLength={14}
                />
                <TextField
                  name="company.branchCode"
                  label={`${t("booking.field.branchCode")} ${t("booking.field.optional")}`}
                  value={values["company.branchCode"]}
                  error={message("company.branchCode")}
                  inputMode="numeric"
                  dir="ltr"
                  maxLength={12}
                />
              </div>
            </fieldset>
          ) : errors.company ? (
            // The tenant does not offer company purchase: the refusal stands where its fields would be.
            <p className="field-error" id={fieldId("company")}>
              {message("company")}
            </p>
          ) : null}
          <fieldset className="passenger-card">
            <legend className="passenger-title">{t("booking.discount.heading")}</legend>
            <TextField
              name="discountCode"
              label={`${t("booking.field.discountCode")} ${t("booking.field.optional")}`}
              value={values.discountCode}
              error={message("discountCode")}
              hint={t("booking.discount.hint")}
              autoComplete="off"
              dir="ltr"
              maxLength={40}
            />
          </fieldset>
          <button type="submit" className="booking-submit" disabled={submitting}>
            {submitting ? t("booking.submitting") : page.edit ? t("booking.submitEdit") : t("booking.submit")}
          </button>
        </Form>
        <aside className="booking-aside" aria-labelledby="trip-summary-heading">
          <h2 id="trip-summary-heading" className="booking-subheading">
            {t("booking.summary.heading")}
          </h2>
          {page.offers.length > 0 ? <TripLegs offers={page.offers} /> : <ItemSummaries items={page.items} />}
          <PriceBreakdown price={page.price} party={shownParty(page.service, page.party)} />
          {choices?.total && !page.edit ? (
            // Announced as it changes; the server prices the booking and the pre-invoice shows its own figures.
            <dl className="price-breakdown price-choices" aria-live="polite">
              <div>
                <dt>{t(choices.totalLabel ?? "booking.price.choices")}</dt>
                <dd>{toman(extra)}</dd>
              </div>
              <div className="price-total">
                <dt>{t("booking.price.totalWithChoices")}</dt>
                <dd>{toman(page.price.total + extra)}</dd>
              </div>
            </dl>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
