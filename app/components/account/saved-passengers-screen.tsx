import { Form, Link, useNavigation } from "react-router";
import type { SavedPassengerRefusal, SavedPassengerRow, SavedPassengersPage } from "#app/account/saved-passengers.server.ts";
import { CsrfField } from "#app/components/csrf-field.tsx";
import { PassengerFields } from "#app/components/booking/passenger-fields.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { href } from "#app/links.ts";
import { PanelFrame } from "./panel-frame.tsx";
import { ErrorSummary, panelMessage, SuccessNotice } from "./panel-notices.tsx";

/** The booking form's first passenger: the server reads a person under these names (FORM_PREFIX there, which a browser module cannot import). */
const FORM_PREFIX = "passengers.0.";

const LABELS: Record<string, MessageKey> = {
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
};

/** One person of the list: who, which document, born when; then edit, or delete after a confirmation. */
function PersonCard({
  person,
  countryName,
  csrf,
  editing,
}: {
  person: SavedPassengerRow;
  countryName: (code: string) => string;
  csrf: string;
  editing: boolean;
}) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  return (
    <li className={`passenger-card account-person${editing ? " account-person-editing" : ""}`} aria-current={editing ? "true" : undefined}>
      <h3 className="account-person-name">
        {person.name}
        {person.latinName ? (
          <span className="account-person-latin">
            <bdi lang="en" dir="ltr">
              {person.latinName}
            </bdi>
          </span>
        ) : null}
      </h3>
      <dl className="account-facts">
        {person.nationalCode ? (
          <div>
            <dt>{t("booking.field.nationalCode")}</dt>
            <dd>
              <bdi dir="ltr">{person.nationalCode}</bdi>
            </dd>
          </div>
        ) : null}
        {person.passport ? (
          <div>
            <dt>{t("booking.field.passportNumber")}</dt>
            <dd>
              <bdi dir="ltr">{person.passport.number}</bdi>
              {person.passport.country ? ` (${countryName(person.passport.country)})` : null}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t("booking.field.birthDate")}</dt>
          <dd>
            <bdi dir="ltr">{person.birthDate}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t("booking.field.gender")}</dt>
          <dd>{t(`booking.field.${person.gender}`)}</dd>
        </div>
      </dl>
      <div className="account-person-actions">
        <Link
          to={`${href(locale, "account-passengers")}?edit=${person.id}#passenger-form`}
          className="booking-secondary"
          aria-label={t("account.passengers.editNamed", { name: person.name })}
        >
          {t("account.passengers.edit")}
        </Link>
        {/* Deleting asks first, with or without JavaScript: the button that deletes is inside the opened question. */}
        <details className="account-delete">
          <summary className="booking-secondary account-danger" aria-label={t("account.passengers.deleteNamed", { name: person.name })}>
            {t("account.passengers.delete")}
          </summary>
          <Form method="post" className="account-delete-confirm">
            <CsrfField token={csrf} />
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={person.id} />
            <p>{t("account.passengers.deleteConfirm", { name: person.name })}</p>
            <button type="submit" className="account-danger-button" disabled={navigation.state !== "idle"}>
              {t("account.passengers.deleteYes")}
            </button>
          </Form>
        </details>
      </div>
    </li>
  );
}

/** `/account/passengers`: the previous-passengers list, and a form to add a person or correct one. */
export function SavedPassengersScreen({ page, result }: { page: SavedPassengersPage; result: SavedPassengerRefusal | null }) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  // Only a save turns the save button to "saving": a delete in the list above is another form.
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const values = result?.values ?? page.values;
  const errors = result?.errors ?? {};
  const name = (field: string) => `${FORM_PREFIX}${field}`;
  const value = (field: string) => values[name(field)];
  const example = (field: string) => (field.endsWith("passportExpiry") ? page.passportExample : page.dateExample);
  const message = (field: string) => (errors[field] ? panelMessage(t, errors[field], example(field)) : null);
  const countries = new Map(page.countries);
  const countryName = (code: string) => countries.get(code) ?? code;
  const editing = page.editing;
  return (
    <PanelFrame frame={page.frame} current="account-passengers" title={t("account.passengers.title")}>
      {page.notice && !result ? <SuccessNotice text={t(`account.passengers.${page.notice}`)} /> : null}
      <p className="booking-note">{t("account.passengers.intro")}</p>
      {page.people.length > 0 ? (
        <ul className="account-people" aria-label={t("account.passengers.title")}>
          {page.people.map((person) => (
            <PersonCard
              key={person.id}
              person={person}
              countryName={countryName}
              csrf={page.frame.csrf}
              editing={editing?.id === person.id}
            />
          ))}
        </ul>
      ) : (
        <p className="passenger-card account-empty">{t("account.passengers.empty")}</p>
      )}
      <section className="account-form-section" aria-labelledby="passenger-form-heading" id="passenger-form">
        <h2 id="passenger-form-heading" className="booking-subheading">
          {editing ? t("account.passengers.editTitle", { name: editing.name }) : t("account.passengers.add")}
        </h2>
        <ErrorSummary
          errors={errors}
          label={(field) => t(LABELS[field.slice(FORM_PREFIX.length)] ?? "account.passengers.title")}
          message={message}
        />
        <Form
          method="post"
          noValidate
          className="booking-form"
          action={`${href(locale, "account-passengers")}${editing ? `?edit=${editing.id}` : ""}`}
          key={`${editing?.id ?? "new"}|${JSON.stringify(values)}`}
        >
          <CsrfField token={page.frame.csrf} />
          <input type="hidden" name="intent" value="save" />
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          <fieldset className="passenger-card">
            <legend className="sr-only">
              {editing ? t("account.passengers.editTitle", { name: editing.name }) : t("account.passengers.add")}
            </legend>
            <PassengerFields
              name={name}
              value={value}
              message={message}
              countries={page.countries}
              dateExample={page.dateExample}
              passportExample={page.passportExample}
              latin={{ required: false, className: "", hint: t("account.passengers.latinHint") }}
            />
          </fieldset>
          <div className="account-form-actions">
            <button type="submit" className="booking-submit account-submit" disabled={saving}>
              {saving ? t("account.saving") : editing ? t("account.passengers.submitEdit") : t("account.passengers.submitAdd")}
            </button>
            {editing ? (
              <Link to={href(locale, "account-passengers")} className="booking-secondary">
                {t("account.passengers.cancel")}
              </Link>
            ) : null}
          </div>
        </Form>
      </section>
    </PanelFrame>
  );
}
