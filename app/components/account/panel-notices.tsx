import { useEffect, useRef } from "react";
import { errorMessage } from "#app/booking/booking-form.ts";
import type { PanelError } from "#app/account/panel.server.ts";
import { fieldId } from "#app/components/booking/form-fields.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";

type Translate = ReturnType<typeof useI18n>["t"];

/** A field's error in the visitor's language: the passenger form's messages, plus the panel's own. */
export function panelMessage(t: Translate, code: PanelError, example: string): string {
  if (code === "PASSPORT_EXPIRED") return t("account.error.PASSPORT_EXPIRED");
  return errorMessage(t, code, example);
}

/**
 * What a refused form must fix, at the top: each error links to its field. It takes the focus once
 * the refusal arrives, so a keyboard or screen-reader user hears it and can jump to the field.
 */
export function ErrorSummary({
  errors,
  label,
  message,
}: {
  errors: Record<string, PanelError>;
  label: (field: string) => string;
  message: (field: string) => string | null;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  const fields = Object.keys(errors);
  useEffect(() => {
    if (fields.length > 0) ref.current?.focus();
  }, [errors, fields.length]);
  if (fields.length === 0) return null;
  return (
    <div className="booking-alert" role="alert" tabIndex={-1} ref={ref}>
      <p>{t("account.error.INVALID")}</p>
      <ul>
        {fields.map((field) => (
          <li key={field}>
            <a href={`#${fieldId(field)}`}>
              {label(field)}: {message(field)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A change went through: said politely, in words and with a tick, after the page came back by GET. */
export function SuccessNotice({ text }: { text: string }) {
  return (
    <p className="booking-alert booking-alert-success account-notice" role="status">
      <span aria-hidden="true">✓ </span>
      {text}
    </p>
  );
}
