import type { ReactNode } from "react";

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
