import { Form } from "react-router";
import type { AlertFormOptions, AlertFormValues } from "#app/alerts/alerts.server.ts";
import { fieldId } from "#app/components/booking/form-fields.tsx";
import { CsrfField } from "#app/components/csrf-field.tsx";
import { FieldMessage } from "#app/components/search/field-message.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { href } from "#app/links.ts";
import type { AlertFieldError } from "#core/alerts/alert.ts";
import type { MessageKey } from "#core/i18n/messages.ts";

export type AlertFormErrors = Partial<Record<string, AlertFieldError | "LIMITED">>;

const INTERVAL_LABEL: Record<number, MessageKey> = {
  30: "alerts.interval.30",
  60: "alerts.interval.60",
  180: "alerts.interval.180",
  360: "alerts.interval.360",
  720: "alerts.interval.720",
  1440: "alerts.interval.1440",
};

/** Fields the visitor cannot see (the search's route and party): their errors are told above the form. */
const HIDDEN_FIELDS = ["kind", "route.service", "route.from", "route.to", "date", "offerId", "adults", "children", "infants", "form"];

/**
 * The alert form (issue 22 §1): what to be told (a price drop of a chosen percent, or seats
 * opening), how often to look, and the mobile for the SMS. It posts to `/alerts/new`, so it works
 * before JavaScript loads; the route and party ride along hidden.
 */
export function AlertForm({
  idPrefix,
  values,
  options,
  csrf,
  signedIn,
  errors = {},
}: {
  idPrefix: string;
  values: AlertFormValues;
  options: AlertFormOptions;
  csrf: string;
  signedIn: boolean;
  errors?: AlertFormErrors;
}) {
  const { t, locale } = useI18n();
  const id = (name: string) => fieldId(`${idPrefix}-${name}`);
  const message = (name: string) => {
    const code = errors[name];
    return code ? t(`alerts.error.${code}`) : null;
  };
  const hidden = HIDDEN_FIELDS.map(message).filter((text): text is string => text !== null);
  const percents =
    options.percents.includes(Number(values.percent)) || !values.percent ? options.percents : [...options.percents, Number(values.percent)];
  return (
    <Form method="post" action={href(locale, "alerts-new")} className="alert-form" noValidate>
      <CsrfField token={csrf} />
      {(["service", "from", "to", "date", "adults", "children", "infants", "offerId"] as const).map((name) => (
        <input key={name} type="hidden" name={name} value={values[name]} />
      ))}
      {hidden.length > 0 ? (
        <div className="booking-alert" role="alert">
          {hidden.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      ) : null}
      <fieldset className="alert-kinds">
        <legend>{t("alerts.form.kind")}</legend>
        <label>
          <input type="radio" name="kind" value="price-drop" defaultChecked={values.kind !== "seats"} />
          {t("alerts.form.kindPriceDrop")}
        </label>
        <label>
          <input type="radio" name="kind" value="seats" defaultChecked={values.kind === "seats"} />
          {t("alerts.form.kindSeats")}
        </label>
      </fieldset>
      <div className="alert-fields">
        <div className="alert-field">
          <label htmlFor={id("percent")}>{t("alerts.form.percent")}</label>
          <select
            id={id("percent")}
            name="percent"
            defaultValue={values.percent || String(options.defaultPercent)}
            aria-invalid={errors.percent ? true : undefined}
            aria-describedby={errors.percent ? `${id("percent")}-error` : undefined}
          >
            {percents.map((percent) => (
              <option key={percent} value={percent}>
                {t("alerts.form.percentOption", { percent })}
              </option>
            ))}
          </select>
          <FieldMessage id={`${id("percent")}-error`} message={message("percent")} />
        </div>
        <div className="alert-field">
          <label htmlFor={id("interval")}>{t("alerts.form.interval")}</label>
          <select
            id={id("interval")}
            name="intervalMinutes"
            defaultValue={values.intervalMinutes || String(options.defaultInterval)}
            aria-invalid={errors.intervalMinutes ? true : undefined}
            aria-describedby={errors.intervalMinutes ? `${id("interval")}-error` : undefined}
          >
            {options.intervals.map((minutes) => (
              <option key={minutes} value={minutes}>
                {t(INTERVAL_LABEL[minutes] ?? "alerts.interval.60")}
              </option>
            ))}
          </select>
          <FieldMessage id={`${id("interval")}-error`} message={message("intervalMinutes")} />
        </div>
        <div className="alert-field">
          <label htmlFor={id("mobile")}>{t("alerts.form.mobile")}</label>
          <input
            id={id("mobile")}
            name="mobile"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            defaultValue={values.mobile}
            aria-invalid={errors.mobile ? true : undefined}
            aria-describedby={`${id("mobile")}-hint${errors.mobile ? ` ${id("mobile")}-error` : ""}`}
          />
          <p id={`${id("mobile")}-hint`} className="field-hint">
            {signedIn ? t("alerts.form.mobileHintSignedIn") : t("alerts.form.mobileHint")}
          </p>
          <FieldMessage id={`${id("mobile")}-error`} message={message("mobile")} />
        </div>
      </div>
      <button type="submit" className="alert-submit">
        {t("alerts.form.submit")}
      </button>
    </Form>
  );
}
