import type { ReactNode } from "react";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { FieldMessage } from "#core/back-office/commerce-messages.ts";
import type { MessageKey } from "#core/i18n/messages.ts";

/**
 * One labelled field of the commerce screens' forms: its hint, and the server's refusal said on
 * the field itself (aria-invalid, aria-describedby), numbers in the page's digits.
 */
export function CommerceField(props: {
  id: string;
  name: string;
  label: MessageKey;
  value: string | undefined;
  error: FieldMessage | undefined;
  hint?: ReactNode;
  maxLength: number;
  /** Codes, amounts and numbers are typed left to right. */
  ltr?: boolean;
  inputMode?: "numeric" | "tel" | "text";
  required?: boolean;
  multiline?: boolean;
}) {
  const { t } = useI18n();
  const error = props.error;
  const described = error ? `${props.id}-error` : props.hint ? `${props.id}-hint` : undefined;
  const shared = {
    id: props.id,
    name: props.name,
    defaultValue: props.value,
    maxLength: props.maxLength,
    required: props.required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
  } as const;
  return (
    <div className="admin-field">
      <label htmlFor={props.id}>{t(props.label)}</label>
      {props.multiline ? (
        <textarea {...shared} rows={3} dir="auto" />
      ) : (
        <input {...shared} dir={props.ltr ? "ltr" : undefined} inputMode={props.inputMode} autoComplete="off" />
      )}
      {props.hint && !error ? (
        <p id={`${props.id}-hint`} className="admin-hint">
          {props.hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${props.id}-error`} className="admin-error">
          {t(error.key, error.params)}
        </p>
      ) : null}
    </div>
  );
}
