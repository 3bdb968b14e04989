import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { PlaceSuggestion } from "#core/places/place.ts";
import type { SearchService } from "#core/search/search-forms.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { FieldMessage } from "./field-message.tsx";

export interface PlaceValue {
  /** The chosen place's id; empty while the traveller is typing. */
  id: string;
  text: string;
  place: PlaceSuggestion | null;
}

/** Suggestions from the places API, best first. */
export async function fetchPlaces(input: {
  service: SearchService;
  locale: string;
  query: string;
  signal?: AbortSignal;
}): Promise<PlaceSuggestion[]> {
  const response = await fetch(`/api/v1/places?service=${input.service}&lang=${input.locale}&q=${encodeURIComponent(input.query)}`, {
    signal: input.signal,
  });
  if (!response.ok) throw new Error(`places API answered ${response.status}`);
  const body = (await response.json()) as { places?: PlaceSuggestion[] };
  return body.places ?? [];
}

const KIND_ICON: Record<string, string> = { airport: "✈", station: "🚆", terminal: "🚌", country: "🌐", city: "📍", province: "📍" };

/**
 * A place autocomplete on the ARIA 1.2 combobox pattern: the text box keeps focus, arrows move
 * through the suggestions (announced by aria-activedescendant), Enter or Tab takes one, Escape
 * closes. The typed text is submitted too, so the form works before JavaScript, when the server
 * picks the best match. See docs/decisions/0008-search-forms.md on why this is not react-aria's ComboBox.
 */
export function PlaceField(props: {
  name: string;
  service: SearchService;
  label: string;
  placeholder: string;
  value: PlaceValue;
  error: string | null;
  onChange: (value: PlaceValue) => void;
}) {
  const { name, service, label, placeholder, value, error, onChange } = props;
  const { t, locale, later } = useI18n();
  // Kept as text when a lookup answers: they come with the page.
  later("search.place.found", "search.place.none", "search.place.unavailable");
  const id = useId();
  const listId = `${id}-list`;
  const [options, setOptions] = useState<PlaceSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const request = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      request.current?.abort();
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function fetchOptions(text: string) {
    if (timer.current) clearTimeout(timer.current);
    request.current?.abort();
    if (text.trim() === "") {
      setOptions([]);
      setOpen(false);
      return;
    }
    // A short pause, so a fast typist sends one request rather than one per letter. lookUp
    // answers its own failures in the status line, so nothing is left to await.
    timer.current = setTimeout(() => void lookUp(text), 120);
  }

  async function lookUp(text: string) {
    const controller = new AbortController();
    request.current = controller;
    try {
      const found = await fetchPlaces({ service, locale, query: text, signal: controller.signal });
      setOptions(found);
      setActive(found.length > 0 ? 0 : -1);
      // The answer may arrive after the traveller has moved on: the list opens only under the field.
      setOpen(document.activeElement === inputRef.current);
      setStatus(found.length > 0 ? t("search.place.found", { count: found.length }) : t("search.place.none"));
    } catch (failure) {
      if ((failure as Error).name !== "AbortError") setStatus(t("search.place.unavailable"));
    }
  }

  function choose(place: PlaceSuggestion) {
    onChange({ id: place.id, text: place.name, place });
    setOpen(false);
    setActive(-1);
    setStatus("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) {
        if (options.length > 0) setOpen(true);
        else fetchOptions(value.text);
        return;
      }
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (options.length === 0 ? -1 : (current + step + options.length) % options.length));
    } else if (event.key === "Enter" && open && active >= 0 && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === "Tab" && open && active >= 0 && options[active]) {
      choose(options[active]);
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        setOpen(false);
      } else if (value.text) {
        onChange({ id: "", text: "", place: null });
      }
    }
  }

  const errorId = `${id}-error`;
  const expanded = open && options.length > 0;
  return (
    <div className="search-field place-field">
      <label htmlFor={id} className="search-label">
        {label}
      </label>
      <input type="hidden" name={name} value={value.id} />
      <input
        ref={inputRef}
        id={id}
        name={`${name}Text`}
        className="search-input"
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value.text}
        onChange={(event) => {
          onChange({ id: "", text: event.target.value, place: null });
          fetchOptions(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (timer.current) clearTimeout(timer.current);
          setOpen(false);
        }}
        onFocus={(event) => event.target.select()}
      />
      <ul id={listId} role="listbox" aria-label={label} className="place-options" hidden={!expanded}>
        {options.map((option, index) => (
          <li
            key={option.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="place-option"
            // mousedown would move focus away and close the list before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
            onMouseMove={() => setActive(index)}
          >
            <span aria-hidden="true" className="place-icon">
              {KIND_ICON[option.kind] ?? "📍"}
            </span>
            <span className="place-text">
              <span className="place-name">{option.name}</span>
              {option.detail ? <span className="place-detail">{option.detail}</span> : null}
            </span>
            {option.iata ? (
              <span className="place-code" dir="ltr">
                {option.iata}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <span className="sr-only" role="status" aria-live="polite">
        {status}
      </span>
      <FieldMessage id={errorId} message={error} />
    </div>
  );
}
