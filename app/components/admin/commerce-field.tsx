import type { ReactNode } from "react";
import { AdminField } from "#app/components/admin/form-field.tsx";
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
  return (
    <AdminField
      id={props.id}
      name={props.name}
      label={t(props.label)}
      error={props.error ? t(props.error.key, props.error.params) : null}
      hint={props.hint}
    >
      {(control) =>
        props.multiline ? (
          <textarea {...control} defaultValue={props.value} maxLength={props.maxLength} required={props.required} rows={3} dir="auto" />
        ) : (
          <input
            {...control}
            defaultValue={props.value}
            maxLength={props.maxLength}
            required={props.required}
            dir={props.ltr ? "ltr" : undefined}
            inputMode={props.inputMode}
            autoComplete="off"
          />
        )
      }
    </AdminField>
  );
}
