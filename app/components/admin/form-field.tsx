import type { ReactNode } from "react";
import type { MessageKey } from "#core/i18n/messages.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";

/** What a field's control takes from its frame: its id and name, and how its hint and refusal are tied to it. */
export interface FieldControlProps {
  id: string;
  name: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/**
 * One labelled field of a back-office form (settings, secrets, pages, blog, commerce): the control
 * (as children, so a screen picks input, select or textarea), its hint, and the server's refusal
 * said on the field itself and tied to the control for assistive technology.
 */
export function AdminField({
  id,
  name,
  label,
  error,
  hint,
  wide,
  children,
}: {
  id: string;
  name: string;
  label: string;
  /** The refusal's message, already in the page's language; none when the field is fine. */
  error: string | null | undefined;
  hint?: ReactNode;
  /** Takes the form's whole width (a long text). */
  wide?: boolean;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={wide ? "admin-field admin-field-wide" : "admin-field"}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        name,
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      })}
      {hint ? (
        <p id={`${id}-hint`} className="admin-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="admin-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A field's element id on a screen: the screen's prefix and the field's name, dots as dashes. */
export function adminFieldId(screen: string, name: string): string {
  return `${screen}-${name.replace(/\./g, "-")}`;
}

/**
 * The field component of one screen's form: it finds its refusal among the action's field errors
 * by name and says it through the screen's own message for each error code.
 */
export function adminFieldFor<E extends string>(screen: string, messageOf: (error: E) => MessageKey) {
  return function ScreenField({
    name,
    label,
    errors,
    hint,
    wide,
    children,
  }: {
    name: string;
    label: string;
    errors: Partial<Record<string, E>>;
    hint?: ReactNode;
    wide?: boolean;
    children: (props: FieldControlProps) => ReactNode;
  }) {
    const { t } = useI18n();
    const error = errors[name];
    return (
      <AdminField
        id={adminFieldId(screen, name)}
        name={name}
        label={label}
        error={error ? t(messageOf(error)) : null}
        hint={hint}
        wide={wide}
      >
        {children}
      </AdminField>
    );
  };
}
