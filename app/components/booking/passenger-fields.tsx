import { useI18n } from "#app/i18n/use-i18n.ts";
import { CheckField, GenderField, SelectField, TextField } from "./form-fields.tsx";

/**
 * The fields of one person (spec §3): Iranian with a national code, or foreign with a passport;
 * Persian and Latin names, gender, birth date, wheelchair. The booking form and the
 * previous-passengers list in the user panel show the same fields with the same names and rules.
 */
export function PassengerFields({
  name,
  value,
  message,
  countries,
  passportCountries = countries,
  dateExample,
  passportExample,
  latin,
  passportForEveryone = false,
}: {
  /** The form name of a field (e.g. `passengers.0.firstName`). */
  name: (field: string) => string;
  value: (field: string) => string | undefined;
  message: (field: string) => string | null;
  countries: [string, string][];
  /** Issuers of a passport, when they differ from the nationalities (Iran too, for travel abroad). */
  passportCountries?: [string, string][];
  dateExample: string;
  passportExample: string;
  /** Latin names: required for everyone on some flights, otherwise for foreigners only (by CSS class). */
  latin: { required: boolean; className: string; hint?: string };
  /** Travel abroad: every traveller gives a passport, Iranians too, so its fields are not a foreigner's only. */
  passportForEveryone?: boolean;
}) {
  const { t } = useI18n();
  const countryOptions = (list: [string, string][]) => (
    <>
      <option value="">{t("booking.field.chooseCountry")}</option>
      {list.map(([code, country]) => (
        <option key={code} value={code}>
          {country}
        </option>
      ))}
    </>
  );
  const passportClass = passportForEveryone ? undefined : "foreign-only";
  const latinProps = {
    required: latin.required,
    className: latin.className,
    ...(latin.hint ? { hint: latin.hint } : {}),
    autoComplete: "off",
    lang: "en",
    dir: "ltr" as const,
  };
  return (
    <>
      <CheckField name={name("foreign")} label={t("booking.field.foreign")} checked={value("foreign") === "1"} className="foreign-toggle" />
      <div className="booking-grid">
        <TextField
          name={name("firstName")}
          label={t("booking.field.firstName")}
          value={value("firstName")}
          error={message(name("firstName"))}
          required
          className="iranian-only"
          autoComplete="off"
          lang="fa"
          dir="rtl"
        />
        <TextField
          name={name("lastName")}
          label={t("booking.field.lastName")}
          value={value("lastName")}
          error={message(name("lastName"))}
          required
          className="iranian-only"
          autoComplete="off"
          lang="fa"
          dir="rtl"
        />
        <TextField
          name={name("firstNameLatin")}
          label={t("booking.field.firstNameLatin")}
          value={value("firstNameLatin")}
          error={message(name("firstNameLatin"))}
          {...latinProps}
        />
        <TextField
          name={name("lastNameLatin")}
          label={t("booking.field.lastNameLatin")}
          value={value("lastNameLatin")}
          error={message(name("lastNameLatin"))}
          {...latinProps}
        />
        <GenderField
          name={name("gender")}
          legend={t("booking.field.gender")}
          value={value("gender")}
          error={message(name("gender"))}
          labels={{ male: t("booking.field.male"), female: t("booking.field.female") }}
        />
        <TextField
          name={name("birthDate")}
          label={t("booking.field.birthDate")}
          value={value("birthDate")}
          error={message(name("birthDate"))}
          hint={t("booking.field.dateHint", { example: dateExample })}
          required
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          maxLength={20}
        />
        <TextField
          name={name("nationalCode")}
          label={t("booking.field.nationalCode")}
          value={value("nationalCode")}
          error={message(name("nationalCode"))}
          required
          className="iranian-only"
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          maxLength={14}
        />
        <SelectField
          name={name("nationality")}
          label={t("booking.field.nationality")}
          value={value("nationality")}
          error={message(name("nationality"))}
          required
          className="foreign-only"
        >
          {countryOptions(countries)}
        </SelectField>
        <TextField
          name={name("passportNumber")}
          label={t("booking.field.passportNumber")}
          value={value("passportNumber")}
          error={message(name("passportNumber"))}
          required
          className={passportClass}
          autoComplete="off"
          dir="ltr"
          maxLength={20}
        />
        <SelectField
          name={name("passportCountry")}
          label={t("booking.field.passportCountry")}
          value={value("passportCountry")}
          error={message(name("passportCountry"))}
          required
          className={passportClass}
        >
          {countryOptions(passportCountries)}
        </SelectField>
        <TextField
          name={name("passportExpiry")}
          label={t("booking.field.passportExpiry")}
          value={value("passportExpiry")}
          error={message(name("passportExpiry"))}
          hint={t("booking.field.dateHint", { example: passportExample })}
          required
          className={passportClass}
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          maxLength={20}
        />
      </div>
      <CheckField name={name("wheelchair")} label={t("booking.field.wheelchair")} checked={value("wheelchair") === "1"} />
    </>
  );
}
