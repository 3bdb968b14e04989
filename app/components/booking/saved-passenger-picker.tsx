import { useState, type MouseEvent } from "react";
import { useLocation } from "react-router";
import type { SavedPassengerOption } from "#app/booking/flight-booking.server.ts";
import { PASSENGER_TEXT_FIELDS } from "#app/booking/booking-form.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";

const CHECK_FIELDS = ["foreign", "wheelchair"] as const;

/** Puts a saved person's values into passenger `index`'s fields of the form around `anchor`. */
function fillPassenger(anchor: HTMLElement, index: number, values: Record<string, string>): void {
  const form = anchor.closest("form");
  if (!form) return;
  const named = (field: string) => form.querySelectorAll<HTMLInputElement | HTMLSelectElement>(`[name="passengers.${index}.${field}"]`);
  for (const field of PASSENGER_TEXT_FIELDS) {
    for (const element of named(field)) {
      if (element instanceof HTMLInputElement && element.type === "radio") element.checked = element.value === values[field];
      else element.value = values[field] ?? "";
    }
  }
  for (const field of CHECK_FIELDS)
    for (const element of named(field)) if (element instanceof HTMLInputElement) element.checked = values[field] === "1";
}

/**
 * The previous-passengers list on a passenger of the form (spec §6, issue 9): one tap fills the
 * passenger in. With JavaScript the fields are filled in place; without it, the link reloads the
 * form with that person filled in by the server.
 */
export function SavedPassengerPicker({ index, saved }: { index: number; saved: SavedPassengerOption[] }) {
  const { t } = useI18n();
  const location = useLocation();
  const [filled, setFilled] = useState<string | null>(null);
  if (saved.length === 0) return null;
  const hrefFor = (id: string) => {
    const query = new URLSearchParams(location.search);
    query.set(`fill${index}`, id);
    return `${location.pathname}?${query.toString()}`;
  };
  const choose = (event: MouseEvent<HTMLAnchorElement>, person: SavedPassengerOption) => {
    event.preventDefault();
    fillPassenger(event.currentTarget, index, person.values);
    setFilled(person.label);
  };
  return (
    <details className="saved-picker">
      <summary>{t("booking.saved.choose")}</summary>
      <ul className="saved-picker-list">
        {saved.map((person) => (
          <li key={person.id}>
            <a href={hrefFor(person.id)} onClick={(event) => choose(event, person)} className="saved-picker-item">
              {person.label}
            </a>
          </li>
        ))}
      </ul>
      <p className="sr-only" role="status" aria-live="polite">
        {filled ? t("booking.saved.filled", { name: filled }) : ""}
      </p>
    </details>
  );
}
