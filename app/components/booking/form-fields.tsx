import type { ReactNode } from "react";
import { FieldMessage } from "#app/components/search/field-message.tsx";

/** DOM ids from field names: `passengers.0.firstName` → `f-passengers-0-firstName`. */
export function fieldId(name: string): string {
  return `f-${name.replace(/\./g, "-")}`;
}

interface FieldProps {
  name: string;
  label: string;
  value: string | undefined;
  error: string | null;
  hint?: string;
  required?: boolean;
  className?: string;
}

function describedBy(id: string, hint: string | undefined, error: string | null): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

function Label({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={id} className="booking-label">
      {label}
      {required ? <span aria-hidden="true"> *</span> : null}
    </label>
  );
}

/** A text input with its label, hint and error; what was typed is kept when the server refuses. */
export function TextField({
  name,
  label,
  value,
  error,
  hint,
  required,
  className,
  ...input
}: FieldProps & {
  inputMode?: "text" | "numeric" | "tel" | "email";
  autoComplete?: string;
  dir?: "ltr" | "rtl" | "auto";
  maxLength?: number;
  lang?: string;
}) {
  const id = fieldId(name);
  return (
    <div className={`booking-field${error ? " booking-field-invalid" : ""}${className ? ` ${className}` : ""}`}>
      <Label id={id} label={label} required={required} />
      <input
        id={id}
        name={name}
        type="text"
        defaultValue={value ?? ""}
        aria-invalid={error ? true : undefined}
        aria-required={required ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        maxLength={input.maxLength ?? 100}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="booking-hint">
          {hint}
        </p>
      ) : null}
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}

export function SelectField({ name, label, value, error, required, className, children }: FieldProps & { children: ReactNode }) {
  const id = fieldId(name);
  return (
    <div className={`booking-field${error ? " booking-field-invalid" : ""}${className ? ` ${className}` : ""}`}>
      <Label id={id} label={label} required={required} />
      <select
        id={id}
        name={name}
        defaultValue={value ?? ""}
        aria-invalid={error ? true : undefined}
        aria-required={required ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
      >
        {children}
      </select>
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}

/** Male or female as a radio group, its error announced with the group. */
export function GenderField({
  name,
  legend,
  value,
  error,
  labels,
}: {
  name: string;
  legend: string;
  value: string | undefined;
  error: string | null;
  labels: { male: string; female: string };
}) {
  const id = fieldId(name);
  return (
    <fieldset
      className={`booking-field booking-radios${error ? " booking-field-invalid" : ""}`}
      aria-describedby={error ? `${id}-error` : undefined}
      id={id}
      tabIndex={-1}
    >
      <legend className="booking-label">
        {legend}
        <span aria-hidden="true"> *</span>
      </legend>
      {(["male", "female"] as const).map((gender) => (
        <label key={gender} className="booking-radio">
          <input type="radio" name={name} value={gender} defaultChecked={value === gender} aria-invalid={error ? true : undefined} />
          {labels[gender]}
        </label>
      ))}
      <FieldMessage id={`${id}-error`} message={error} />
    </fieldset>
  );
}

export function CheckField({ name, label, checked, className }: { name: string; label: string; checked: boolean; className?: string }) {
  return (
    <label className={`booking-check${className ? ` ${className}` : ""}`}>
      <input type="checkbox" name={name} value="1" defaultChecked={checked} className={className ? `${className}-input` : undefined} />
      {label}
    </label>
  );
}
