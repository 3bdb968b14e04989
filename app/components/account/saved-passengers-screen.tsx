import { Form, Link, useNavigation } from "react-router";
import type { SavedPassengerRefusal, SavedPassengerRow, SavedPassengersPage } from "#app/account/saved-passengers.server.ts";
import { CsrfField } from "#app/components/csrf-field.tsx";
import { CheckField, GenderField, SelectField, TextField } from "#app/components/booking/form-fields.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#app/i18n/messages.ts";
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
function PersonCard({ person, countryName, csrf, editing }: { person: SavedPassengerRow; countryName: (code: string) => string; csrf: string; editing: boolean }) {
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
        <Link to={`${href(locale, "account-passengers")}?edit=${person.id}#passenger-form`} className="booking-secondary" aria-label={t("account.passengers.editNamed", { name: person.name })}>
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
            <PersonCard key={person.id} person={person} countryName={countryName} csrf={page.frame.csrf} editing={editing?.id === person.id} />
          ))}
        </ul>
      ) : (
        <p className="passenger-card account-empty">{t("account.passengers.empty")}</p>
      )}
      <section className="account-form-section" aria-labelledby="passenger-form-heading" id="passenger-form">
        <h2 id="passenger-form-heading" className="booking-subheading">
          {editing ? t("account.passengers.editTitle", { name: editing.name }) : t("account.passengers.add")}
        </h2>
        <ErrorSummary errors={errors} label={(field) => t(LABELS[field.slice(FORM_PREFIX.length)] ?? "account.passengers.title")} message={message} />
        <Form method="post" noValidate className="booking-form" action={`${href(locale, "account-passengers")}${editing ? `?edit=${editing.id}` : ""}`} key={`${editing?.id ?? "new"}|${JSON.stringify(values)}`}>
          <CsrfField token={page.frame.csrf} />
          <input type="hidden" name="intent" value="save" />
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          <fieldset className="passenger-card">
            <legend className="sr-only">{editing ? t("account.passengers.editTitle", { name: editing.name }) : t("account.passengers.add")}</legend>
            <CheckField name={name("foreign")} label={t("booking.field.foreign")} checked={value("foreign") === "1"} className="foreign-toggle" />
            <div className="booking-grid">
              <TextField name={name("firstName")} label={t("booking.field.firstName")} value={value("firstName")} error={message(name("firstName"))} required className="iranian-only" autoComplete="off" lang="fa" dir="rtl" />
              <TextField name={name("lastName")} label={t("booking.field.lastName")} value={value("lastName")} error={message(name("lastName"))} required className="iranian-only" autoComplete="off" lang="fa" dir="rtl" />
              <TextField name={name("firstNameLatin")} label={t("booking.field.firstNameLatin")} value={value("firstNameLatin")} error={message(name("firstNameLatin"))} hint={t("account.passengers.latinHint")} autoComplete="off" lang="en" dir="ltr" />
              <TextField name={name("lastNameLatin")} label={t("booking.field.lastNameLatin")} value={value("lastNameLatin")} error={message(name("lastNameLatin"))} hint={t("account.passengers.latinHint")} autoComplete="off" lang="en" dir="ltr" />
              <GenderField name={name("gender")} legend={t("booking.field.gender")} value={value("gender")} error={message(name("gender"))} labels={{ male: t("booking.field.male"), female: t("booking.field.female") }} />
              <TextField name={name("birthDate")} label={t("booking.field.birthDate")} value={value("birthDate")} error={message(name("birthDate"))} hint={t("booking.field.dateHint", { example: page.dateExample })} required inputMode="numeric" autoComplete="off" dir="ltr" maxLength={20} />
              <TextField name={name("nationalCode")} label={t("booking.field.nationalCode")} value={value("nationalCode")} error={message(name("nationalCode"))} required className="iranian-only" inputMode="numeric" autoComplete="off" dir="ltr" maxLength={14} />
              <SelectField name={name("nationality")} label={t("booking.field.nationality")} value={value("nationality")} error={message(name("nationality"))} required className="foreign-only">
                <option value="">{t("booking.field.chooseCountry")}</option>
                {page.countries.map(([code, country]) => (
                  <option key={code} value={code}>
                    {country}
                  </option>
                ))}
              </SelectField>
              <TextField name={name("passportNumber")} label={t("booking.field.passportNumber")} value={value("passportNumber")} error={message(name("passportNumber"))} required className="foreign-only" autoComplete="off" dir="ltr" maxLength={20} />
              <SelectField name={name("passportCountry")} label={t("booking.field.passportCountry")} value={value("passportCountry")} error={message(name("passportCountry"))} required className="foreign-only">
                <option value="">{t("booking.field.chooseCountry")}</option>
                {page.countries.map(([code, country]) => (
                  <option key={code} value={code}>
                    {country}
                  </option>
                ))}
              </SelectField>
              <TextField name={name("passportExpiry")} label={t("booking.field.passportExpiry")} value={value("passportExpiry")} error={message(name("passportExpiry"))} hint={t("booking.field.dateHint", { example: page.passportExample })} required className="foreign-only" inputMode="numeric" autoComplete="off" dir="ltr" maxLength={20} />
            </div>
            <CheckField name={name("wheelchair")} label={t("booking.field.wheelchair")} checked={value("wheelchair") === "1"} />
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
