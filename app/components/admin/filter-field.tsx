import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#core/i18n/messages.ts";

/** What a filter field holds: a day (Persian or Gregorian), a mobile, a code written left to right, or text. */
export type FilterFieldKind = "date" | "mobile" | "code" | "text";

/**
 * One text field of a back-office filter form (audit, bookings, SMS log): a day shows the forms it
 * accepts, and a value the server refused says why on the field itself.
 */
export function AdminFilterField(props: {
  idPrefix: string;
  name: string;
  label: MessageKey;
  kind: FilterFieldKind;
  value: string | undefined;
  error: string | null | undefined;
  maxLength: number;
  dateHint: MessageKey;
  dateExample: string;
}) {
  const { t } = useI18n();
  const id = `${props.idPrefix}-${props.name}`;
  const isDate = props.kind === "date";
  const error = props.error;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{t(props.label)}</label>
      <input
        id={id}
        name={props.name}
        defaultValue={props.value}
        dir={props.kind === "mobile" || props.kind === "code" ? "ltr" : undefined}
        inputMode={props.kind === "mobile" ? "tel" : undefined}
        maxLength={props.maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : isDate ? `${id}-hint` : undefined}
      />
      {isDate && !error ? (
        <p id={`${id}-hint`} className="admin-hint">
          {t(props.dateHint, { example: props.dateExample })}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="admin-error">
          {error === "MOBILE_INVALID" ? t("admin.field.mobileInvalid") : t("admin.field.dateInvalid", { example: props.dateExample })}
        </p>
      ) : null}
    </div>
  );
}
