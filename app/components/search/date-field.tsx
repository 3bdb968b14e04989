import { Suspense, lazy, useId, useRef, useState } from "react";
import { dateText, parseDateText, readableDate, type CalendarKind } from "#core/search/dates.ts";
import { loadCatalog } from "#app/i18n/load-catalog.ts";
import { pageLocale } from "#app/i18n/page-messages.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { FieldMessage } from "./field-message.tsx";
import { useHydrated } from "./use-hydrated.ts";

// The calendar grid is code only a visitor who opens it needs: it loads on demand, with the
// language's messages (the page was sent only those it rendered).
const CalendarPopover = lazy(() => Promise.all([import("./calendar-popover.tsx"), loadCatalog(pageLocale())]).then(([popover]) => popover));

/**
 * A date typed as year/month/day in the page's calendar (Persian in fa, with a Gregorian switch;
 * Gregorian in en and ar), with a calendar grid that opens from the button beside it. Typing works
 * before JavaScript loads; the server reads the same text.
 */
export function DateField(props: {
  name: string;
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  calendar: CalendarKind;
  onCalendarChange?: (calendar: CalendarKind) => void;
  /** First and last dates the calendar offers (ISO). */
  min?: string;
  max?: string;
  /** The month the calendar opens on when the field is empty. */
  openOn?: string;
  placeholder?: string;
  optional?: boolean;
}) {
  const { name, label, value, error, onChange, calendar } = props;
  const { t, locale, later } = useI18n();
  later("search.date.open");
  const hydrated = useHydrated();
  const id = useId();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const iso = parseDateText(value);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const format = calendar === "persian" ? t("search.date.formatPersian") : t("search.date.formatGregorian");
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className="search-field date-field">
      <label htmlFor={id} className="search-label">
        {label}
        {props.optional ? <span className="search-optional"> {t("search.optional")}</span> : null}
      </label>
      <div className="date-input-row">
        <input
          id={id}
          name={name}
          className="search-input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          placeholder={props.placeholder ?? t("search.date.placeholder")}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onClick={() => hydrated && setOpen(true)}
          onKeyDown={(event) => {
            if (event.altKey && event.key === "ArrowDown") {
              event.preventDefault();
              setOpen(true);
            }
          }}
        />
        {hydrated ? (
          <button
            ref={buttonRef}
            type="button"
            className="date-button"
            aria-label={t("search.date.open", { label })}
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => setOpen(true)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2zm12 8H5v9h14v-9zM5 6v2h14V6H5z"
              />
            </svg>
          </button>
        ) : null}
      </div>
      <p id={hintId} className="search-hint">
        {iso ? readableDate(iso, locale, calendar) : localizeDigits(locale, t("search.date.hint", { format }))}
      </p>
      <FieldMessage id={errorId} message={error} />
      {open ? (
        <Suspense fallback={null}>
          <CalendarPopover
            triggerRef={buttonRef}
            label={label}
            value={iso}
            min={props.min}
            max={props.max}
            openOn={props.openOn}
            calendar={calendar}
            onCalendarChange={props.onCalendarChange}
            onSelect={(picked) => {
              onChange(localizeDigits(locale, dateText(picked, calendar)));
              setOpen(false);
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
