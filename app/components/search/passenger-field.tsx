import { useEffect, useId, useRef } from "react";
import { MAX_SEATED_PASSENGERS, passengerLimits, readCount, type Passengers } from "#core/search/search-forms.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { FieldMessage } from "./field-message.tsx";
import { useHydrated } from "./use-hydrated.ts";

type PassengerKind = keyof Passengers;
const KINDS: { kind: PassengerKind; label: MessageKey; age: MessageKey; min: number }[] = [
  { kind: "adults", label: "search.pax.adults", age: "search.pax.adultsAge", min: 1 },
  { kind: "children", label: "search.pax.children", age: "search.pax.childrenAge", min: 0 },
  { kind: "infants", label: "search.pax.infants", age: "search.pax.infantsAge", min: 0 },
];

/** Closes a <details> popover on a click outside it or Escape, returning focus to its summary. */
export function useDisclosureDismiss(ref: React.RefObject<HTMLDetailsElement | null>) {
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const details = ref.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      const details = ref.current;
      if (event.key === "Escape" && details?.open && details.contains(document.activeElement)) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [ref]);
}

/** A stepper row: − count + with the count typeable (it is all there is before JavaScript). */
export function Stepper(props: {
  name: string;
  label: string;
  hint?: string;
  value: string;
  min: number;
  canAdd: boolean;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const { t, locale, number, later } = useI18n();
  later("search.pax.remove", "search.pax.add");
  const hydrated = useHydrated();
  const id = useId();
  const count = readCount(props.value, props.min);
  const shown = count === null ? props.value : number(count);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className="stepper-row">
      <div className="stepper-label">
        <label htmlFor={id}>{props.label}</label>
        {props.hint ? (
          <span id={hintId} className="search-hint">
            {props.hint}
          </span>
        ) : null}
      </div>
      <div className="stepper">
        {hydrated ? (
          <button
            type="button"
            className="stepper-button"
            aria-label={t("search.pax.remove", { label: props.label })}
            disabled={count === null || count <= props.min}
            onClick={() => props.onChange(String((count ?? props.min) - 1))}
          >
            −
          </button>
        ) : null}
        <input
          id={id}
          name={props.name}
          className="stepper-input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          lang={locale}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={[props.hint ? hintId : null, props.error ? errorId : null].filter(Boolean).join(" ") || undefined}
          value={shown}
          onChange={(event) => props.onChange(event.target.value)}
        />
        {hydrated ? (
          <button
            type="button"
            className="stepper-button"
            aria-label={t("search.pax.add", { label: props.label })}
            disabled={count === null || !props.canAdd}
            onClick={() => props.onChange(String((count ?? props.min) + 1))}
          >
            +
          </button>
        ) : null}
      </div>
      <FieldMessage id={errorId} message={props.error} />
    </div>
  );
}

/**
 * Adults, children and infants, in a disclosure that works without JavaScript. The + buttons stop
 * at spec §5's limits and a line says why; the server checks the same rules.
 */
export function PassengerField(props: {
  values: Record<PassengerKind, string>;
  errors: Partial<Record<PassengerKind, string | null>>;
  onChange: (kind: PassengerKind, value: string) => void;
}) {
  const { t } = useI18n();
  const labelId = useId();
  const ref = useRef<HTMLDetailsElement>(null);
  useDisclosureDismiss(ref);
  const counts = {
    adults: readCount(props.values.adults, 1) ?? 0,
    children: readCount(props.values.children, 0) ?? 0,
    infants: readCount(props.values.infants, 0) ?? 0,
  };
  const room = passengerLimits(counts);
  const hasError = KINDS.some(({ kind }) => props.errors[kind]);
  const parts = [t("search.pax.adultsCount", { count: counts.adults })];
  if (counts.children > 0) parts.push(t("search.pax.childrenCount", { count: counts.children }));
  if (counts.infants > 0) parts.push(t("search.pax.infantsCount", { count: counts.infants }));
  const atLimit =
    room.adults === 0 ? t("search.pax.limitSeats") : room.infants === 0 && counts.infants > 0 ? t("search.pax.limitInfants") : "";
  return (
    <div className="search-field pax-field">
      <span className="search-label" id={labelId}>
        {t("search.pax.label")}
      </span>
      <details ref={ref} className="pax-details" open={hasError || undefined}>
        <summary className="search-input pax-summary" aria-describedby={labelId} aria-invalid={hasError || undefined}>
          {parts.join(t("search.listSeparator"))}
        </summary>
        <div className="pax-panel">
          {KINDS.map(({ kind, label, age, min }) => (
            <Stepper
              key={kind}
              name={kind}
              label={t(label)}
              hint={t(age)}
              value={props.values[kind]}
              min={min}
              canAdd={room[kind] > 0}
              error={props.errors[kind] ?? null}
              onChange={(value) => props.onChange(kind, value)}
            />
          ))}
          <p className="search-hint" aria-live="polite">
            {atLimit}
          </p>
          <p className="search-hint">{t("search.pax.rule", { max: MAX_SEATED_PASSENGERS })}</p>
        </div>
      </details>
    </div>
  );
}
