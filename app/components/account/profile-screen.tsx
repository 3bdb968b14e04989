import { Form, useNavigation } from "react-router";
import type { PanelRefusal } from "#app/account/panel.server.ts";
import type { ProfilePage } from "#app/account/profile.server.ts";
import { CsrfField } from "#app/components/csrf-field.tsx";
import { fieldId, TextField } from "#app/components/booking/form-fields.tsx";
import { FieldMessage } from "#app/components/search/field-message.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { PanelFrame } from "./panel-frame.tsx";
import { ErrorSummary, panelMessage, SuccessNotice } from "./panel-notices.tsx";

const LABELS: Record<string, MessageKey> = {
  firstName: "booking.field.firstName",
  lastName: "booking.field.lastName",
  firstNameLatin: "booking.field.firstNameLatin",
  lastNameLatin: "booking.field.lastNameLatin",
  nationalCode: "booking.field.nationalCode",
  birthDate: "booking.field.birthDate",
  gender: "booking.field.gender",
  email: "booking.field.email",
};

/**
 * Male or female, or neither yet: the booking form's gender group marks itself required, and a
 * profile may leave it empty, so this one offers no star and a way back to "not said".
 */
function OptionalGenderField({ value, error, legend }: { value: string | undefined; error: string | null; legend: string }) {
  const { t } = useI18n();
  const id = fieldId("gender");
  return (
    <fieldset
      className={`booking-field booking-radios${error ? " booking-field-invalid" : ""}`}
      aria-describedby={error ? `${id}-error` : undefined}
      id={id}
      tabIndex={-1}
    >
      <legend className="booking-label">{legend}</legend>
      {(["male", "female"] as const).map((gender) => (
        <label key={gender} className="booking-radio">
          <input type="radio" name="gender" value={gender} defaultChecked={value === gender} aria-invalid={error ? true : undefined} />
          {t(`booking.field.${gender}`)}
        </label>
      ))}
      <label className="booking-radio">
        <input type="radio" name="gender" value="" defaultChecked={value !== "male" && value !== "female"} />
        {t("account.profile.genderUnset")}
      </label>
      <FieldMessage id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** `/account`: the traveller's own details; every field optional, each checked by the passenger form's rules. */
export function ProfileScreen({ page, result }: { page: ProfilePage; result: PanelRefusal | null }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const values = result?.values ?? page.values;
  const errors = result?.errors ?? {};
  const message = (field: string) => (errors[field] ? panelMessage(t, errors[field], page.dateExample) : null);
  return (
    <PanelFrame frame={page.frame} current="account" title={t("account.profile.title")}>
      {page.saved && !result ? <SuccessNotice text={t("account.profile.saved")} /> : null}
      <ErrorSummary errors={errors} label={(field) => t(LABELS[field] ?? "account.profile.title")} message={message} />
      {/* Remounted with each new set of values, so a saved or refused form shows exactly what the server has. */}
      <Form method="post" noValidate className="booking-form" aria-describedby="account-profile-intro" key={JSON.stringify(values)}>
        <CsrfField token={page.frame.csrf} />
        <p id="account-profile-intro" className="booking-note">
          {t("account.profile.intro")}
        </p>
        <fieldset className="passenger-card">
          <legend className="passenger-title">{t("account.profile.identity")}</legend>
          <div className="booking-grid">
            <TextField
              name="firstName"
              label={t("booking.field.firstName")}
              value={values.firstName}
              error={message("firstName")}
              autoComplete="given-name"
              lang="fa"
              dir="rtl"
            />
            <TextField
              name="lastName"
              label={t("booking.field.lastName")}
              value={values.lastName}
              error={message("lastName")}
              autoComplete="family-name"
              lang="fa"
              dir="rtl"
            />
            <TextField
              name="firstNameLatin"
              label={t("booking.field.firstNameLatin")}
              value={values.firstNameLatin}
              error={message("firstNameLatin")}
              autoComplete="off"
              lang="en"
              dir="ltr"
            />
            <TextField
              name="lastNameLatin"
              label={t("booking.field.lastNameLatin")}
              value={values.lastNameLatin}
              error={message("lastNameLatin")}
              autoComplete="off"
              lang="en"
              dir="ltr"
            />
            <TextField
              name="nationalCode"
              label={t("booking.field.nationalCode")}
              value={values.nationalCode}
              error={message("nationalCode")}
              inputMode="numeric"
              autoComplete="off"
              dir="ltr"
              maxLength={14}
            />
            <TextField
              name="birthDate"
              label={t("booking.field.birthDate")}
              value={values.birthDate}
              error={message("birthDate")}
              hint={t("booking.field.dateHint", { example: page.dateExample })}
              inputMode="numeric"
              autoComplete="off"
              dir="ltr"
              maxLength={20}
            />
            <OptionalGenderField value={values.gender} error={message("gender")} legend={t("booking.field.gender")} />
          </div>
        </fieldset>
        <fieldset className="passenger-card">
          <legend className="passenger-title">{t("account.profile.contact")}</legend>
          <div className="booking-grid">
            <div className="booking-field account-readonly">
              <label htmlFor="account-mobile" className="booking-label">
                {t("booking.field.mobile")}
              </label>
              {/* Read-only rather than disabled: it stays readable, focusable and announced, and is never sent. */}
              <input id="account-mobile" type="text" value={page.mobile} readOnly dir="ltr" aria-describedby="account-mobile-hint" />
              <p id="account-mobile-hint" className="booking-hint">
                {t("account.profile.mobileHint")}
              </p>
            </div>
            <TextField
              name="email"
              label={t("booking.field.email")}
              value={values.email}
              error={message("email")}
              inputMode="email"
              autoComplete="email"
              dir="ltr"
              maxLength={120}
            />
          </div>
        </fieldset>
        <button type="submit" className="booking-submit account-submit" disabled={submitting}>
          {submitting ? t("account.saving") : t("account.profile.submit")}
        </button>
      </Form>
    </PanelFrame>
  );
}
