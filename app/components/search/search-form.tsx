import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from "react";
import { Form, useSubmit } from "react-router";
import type { PlaceSuggestion } from "#core/places/place.ts";
import { addDays, addYears, dateText, parseDateText, type CalendarKind } from "#core/search/dates.ts";
import {
  BOOKING_HORIZON_DAYS,
  CABINS,
  HAS_PASSENGERS,
  HAS_TRIP_TYPE,
  INSURANCE_DURATIONS,
  MAX_CHILDREN_PER_ROOM,
  MAX_INSURED_TRAVELLERS,
  MAX_ROOMS,
  MAX_ADULTS_PER_ROOM,
  OLDEST_INSURED_AGE,
  PLACE_FIELDS,
  TRAIN_TICKET_TYPES,
  listCount,
  nightsOf,
  readCount,
  validateSearch,
  type SearchErrors,
  type SearchFields,
} from "#core/search/search-forms.ts";
import { localizeDigits, type MessageKey } from "#core/i18n/messages.ts";
import { SEARCH_ERROR_MESSAGE, SEARCH_FORM_LABEL_MESSAGE, searchErrorMessage } from "#core/i18n/search-messages.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { CALENDAR_COOKIE, type SearchFormState } from "#app/search/search-state.ts";
import { DateField } from "./date-field.tsx";
import { FieldMessage } from "./field-message.tsx";
import { PassengerField, Stepper, useDisclosureDismiss } from "./passenger-field.tsx";
import { PlaceField, fetchPlaces, type PlaceValue } from "./place-field.tsx";
import { useHydrated } from "./use-hydrated.ts";

const PLACE_LABELS: Record<string, { label: MessageKey; placeholder: MessageKey }> = {
  from: { label: "search.from", placeholder: "search.fromPlaceholder" },
  to: { label: "search.to", placeholder: "search.toPlaceholder" },
  city: { label: "search.city", placeholder: "search.cityPlaceholder" },
  country: { label: "search.country", placeholder: "search.countryPlaceholder" },
};

const DATE_NAMES = ["date", "returnDate", "checkIn", "checkOut"];

/**
 * The controls a visitor changed before the form hydrated, by name: the DOM holds what was typed,
 * while React hydrates with the values the server sent (still each control's default).
 */
function changedBeforeHydration(form: HTMLFormElement): SearchFields {
  const changed: SearchFields = {};
  for (const control of Array.from(form.elements)) {
    if (control instanceof HTMLInputElement) {
      if (!control.name || control.type === "hidden") continue;
      if (control.type === "radio") {
        if (control.checked && !control.defaultChecked) changed[control.name] = control.value;
      } else if (control.type === "checkbox") {
        if (control.checked !== control.defaultChecked) changed[control.name] = control.checked ? control.value : "";
      } else if (control.value !== control.defaultValue) changed[control.name] = control.value;
    } else if (control instanceof HTMLSelectElement && control.name) {
      const chosen = control.selectedOptions[0];
      if (chosen && !chosen.defaultSelected) changed[control.name] = chosen.value;
    }
  }
  return changed;
}

/** The message of an error code on a field, in the page's language. */
/** Every message the browser's own checks can put on a search form. */
const SEARCH_ERROR_KEYS: MessageKey[] = [
  ...Object.values(SEARCH_ERROR_MESSAGE),
  ...(["from", "to", "city", "country"] as const).map((field) => searchErrorMessage(field, "PLACE_REQUIRED")),
];

function useErrorText() {
  const { t } = useI18n();
  return (field: string, errors: SearchErrors): string | null => {
    const code = errors[field];
    if (!code) return null;
    return t(searchErrorMessage(field, code));
  };
}

/**
 * The search form of one service (issue 4): the same component on the home tabs, the service's
 * landing page and its results page. It is a GET form to the page it is on, so it works before
 * JavaScript loads; with JavaScript the same rules run here first and show on the fields at once.
 */
export function SearchForm({ state, action }: { state: SearchFormState; action: string }) {
  const { t, locale, later } = useI18n();
  // Shown after an interaction, and some decide what the form does (a field with a message is
  // invalid): they come with the page rather than with the language.
  later("search.swap", "search.fixErrors", ...SEARCH_ERROR_KEYS);
  const hydrated = useHydrated();
  const service = state.service;
  const [fields, setFields] = useState<SearchFields>(state.fields);
  const [places, setPlaces] = useState<Record<string, PlaceSuggestion>>(state.places);
  const [errors, setErrors] = useState<SearchErrors>(state.errors);
  const [calendar, setCalendar] = useState<CalendarKind>(state.calendar);
  // Counts refusals; each moves focus to the first field with a message (a refusal by the server included).
  const [focusError, setFocusError] = useState(state.refused ? 1 : 0);
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const errorText = useErrorText();

  // After a refused submit, focus goes to the first field with a message.
  useEffect(() => {
    if (focusError === 0) return;
    formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [focusError]);

  // The form's code arrives after the page's (SearchFormIsland): adopt what was typed meanwhile.
  const adoptChangesBeforeHydration = useEffectEvent(() => {
    if (!formRef.current) return;
    for (const [name, value] of Object.entries(changedBeforeHydration(formRef.current))) {
      const placeField = PLACE_FIELDS[service].find((field) => name === `${field}Text`);
      // A typed name is not the place the server had picked: it is looked up again on submit.
      if (placeField) setPlace(placeField, { id: "", text: value, place: null });
      else set(name, value);
    }
  });
  useEffect(() => adoptChangesBeforeHydration(), []);

  // Messages of a field go as soon as it changes.
  function set(name: string, value: string, extra: SearchFields = {}) {
    setFields((current) => ({ ...current, [name]: value, ...extra }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of [name, ...Object.keys(extra)]) delete next[key];
      if (["adults", "children", "infants"].includes(name)) for (const key of ["adults", "children", "infants"]) delete next[key];
      return next;
    });
  }

  function setPlace(field: string, value: PlaceValue) {
    setPlaces((current) => {
      const next = { ...current };
      if (value.place) next[field] = value.place;
      else delete next[field];
      return next;
    });
    set(field, value.id, { [`${field}Text`]: value.text });
  }

  function placeValue(field: string): PlaceValue {
    return { id: fields[field] ?? "", text: fields[`${field}Text`] ?? "", place: places[field] ?? null };
  }

  function swap() {
    const from = placeValue("from");
    const to = placeValue("to");
    setPlaces((current) => {
      const next: Record<string, PlaceSuggestion> = {};
      if (current.to) next.from = current.to;
      if (current.from) next.to = current.from;
      return next;
    });
    setFields((current) => ({ ...current, from: to.id, fromText: to.text, to: from.id, toText: from.text }));
    setErrors((current) => {
      const next = { ...current };
      delete next.from;
      delete next.to;
      return next;
    });
  }

  function switchCalendar(next: CalendarKind) {
    setCalendar(next);
    document.cookie = `${CALENDAR_COOKIE}=${next}; Path=/; Max-Age=31536000; SameSite=Lax`;
    setFields((current) => {
      const converted = { ...current };
      for (const [name, value] of Object.entries(current)) {
        if (!DATE_NAMES.includes(name) && !/^birth\d$/.test(name)) continue;
        const iso = parseDateText(value);
        if (iso) converted[name] = localizeDigits(locale, dateText(iso, next));
      }
      return converted;
    });
  }

  function refuse(found: SearchErrors) {
    setErrors(found);
    setFocusError((count) => count + 1);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const known: Record<string, PlaceSuggestion | null | undefined> = {};
    for (const field of PLACE_FIELDS[service]) known[field] = fields[field] ? places[field] : undefined;
    const outcome = validateSearch(service, fields, { today: state.today, places: known });
    if (!outcome.ok) {
      event.preventDefault();
      refuse(outcome.errors);
      return;
    }
    const typedOnly = PLACE_FIELDS[service].filter((field) => !fields[field] && (fields[`${field}Text`] ?? "").trim() !== "");
    if (typedOnly.length === 0) return;
    // Names typed but not picked: look them up as the server would, so a wrong name is answered here.
    event.preventDefault();
    void resolveTypedPlaces(event.currentTarget, typedOnly, known);
  }

  async function resolveTypedPlaces(form: HTMLFormElement, typedOnly: string[], known: Record<string, PlaceSuggestion | null | undefined>) {
    const data = new FormData(form);
    const nextFields = { ...fields };
    const nextPlaces = { ...places };
    try {
      for (const field of typedOnly) {
        const [best] = await fetchPlaces({ service, locale, query: fields[`${field}Text`] ?? "" });
        known[field] = best ?? null;
        if (!best) continue;
        nextPlaces[field] = best;
        nextFields[field] = best.id;
        nextFields[`${field}Text`] = best.name;
        data.set(field, best.id);
        data.set(`${field}Text`, best.name);
      }
    } catch {
      // Suggestions are unreachable: the server resolves the names instead.
      await submit(form, { method: "get", action, preventScrollReset: true });
      return;
    }
    setPlaces(nextPlaces);
    setFields(nextFields);
    const outcome = validateSearch(service, nextFields, { today: state.today, places: known });
    if (!outcome.ok) refuse(outcome.errors);
    else await submit(data, { method: "get", action, preventScrollReset: true });
  }

  const error = (field: string) => errorText(field, errors);
  const horizon = addDays(state.today, BOOKING_HORIZON_DAYS);
  const iso = (name: string) => (fields[name] ? parseDateText(fields[name]) : null);
  const dateProps = { calendar, onCalendarChange: locale === "fa" ? switchCalendar : undefined, max: horizon };
  const placeField = (field: string) => (
    <PlaceField
      name={field}
      service={service}
      label={t(PLACE_LABELS[field]!.label)}
      placeholder={t(PLACE_LABELS[field]!.placeholder)}
      value={placeValue(field)}
      error={error(field)}
      onChange={(value) => setPlace(field, value)}
    />
  );
  const round = fields.trip === "round";
  const errorCount = Object.values(errors).filter(Boolean).length;

  return (
    <Form
      ref={formRef}
      method="get"
      action={action}
      noValidate
      onSubmit={onSubmit}
      className={`search-form search-form-${service}`}
      aria-label={t(SEARCH_FORM_LABEL_MESSAGE[service])}
      preventScrollReset
    >
      <input type="hidden" name="s" value={service} />
      {HAS_TRIP_TYPE.includes(service) ? (
        <div className="search-options">
          <fieldset className="trip-type">
            <legend className="sr-only">{t("search.trip.legend")}</legend>
            {(["oneway", "round"] as const).map((trip) => (
              <label key={trip} className="trip-option">
                <input
                  type="radio"
                  name="trip"
                  value={trip}
                  checked={(fields.trip ?? "oneway") === trip}
                  onChange={() => set("trip", trip, trip === "oneway" ? { returnDate: "" } : {})}
                />
                {t(`search.trip.${trip}`)}
              </label>
            ))}
          </fieldset>
          {service === "flight" || service === "internationalflight" ? (
            <SelectField
              name="cabin"
              label={t("search.cabin")}
              value={fields.cabin ?? "economy"}
              error={error("cabin")}
              onChange={(value) => set("cabin", value)}
            >
              {CABINS[service].map((cabin) => (
                <option key={cabin} value={cabin}>
                  {t(`search.cabin.${cabin}`)}
                </option>
              ))}
            </SelectField>
          ) : null}
          {service === "train" ? (
            <>
              <SelectField
                name="ticketType"
                label={t("search.ticketType")}
                value={fields.ticketType ?? "general"}
                error={error("ticketType")}
                onChange={(value) => set("ticketType", value)}
              >
                {TRAIN_TICKET_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`search.ticketType.${type}`)}
                  </option>
                ))}
              </SelectField>
              <label className="check-option">
                <input
                  type="checkbox"
                  name="coupe"
                  value="1"
                  checked={fields.coupe === "1"}
                  onChange={(event) => set("coupe", event.target.checked ? "1" : "")}
                />
                {t("search.coupe")}
              </label>
            </>
          ) : null}
        </div>
      ) : null}

      <div className="search-fields">
        {PLACE_FIELDS[service].includes("from") ? (
          <div className="route-fields">
            {placeField("from")}
            {hydrated ? (
              <button type="button" className="swap-button" onClick={swap} aria-label={t("search.swap")}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path
                    fill="currentColor"
                    d="M7 7h11l-3-3 1.4-1.4L21.8 8l-5.4 5.4L15 12l3-3H7V7zm10 10H6l3 3-1.4 1.4L2.2 16l5.4-5.4L9 12l-3 3h11v2z"
                  />
                </svg>
              </button>
            ) : null}
            {placeField("to")}
          </div>
        ) : (
          placeField(PLACE_FIELDS[service][0]!)
        )}

        {service === "hotel" || service === "outHotel" ? (
          <>
            <div className="date-pair">
              <DateField
                name="checkIn"
                label={t("search.checkIn")}
                value={fields.checkIn ?? ""}
                error={error("checkIn")}
                onChange={(value) => set("checkIn", value)}
                min={state.today}
                {...dateProps}
              />
              <DateField
                name="checkOut"
                label={t("search.checkOut")}
                value={fields.checkOut ?? ""}
                error={error("checkOut")}
                onChange={(value) => set("checkOut", value)}
                min={addDays(iso("checkIn") ?? state.today, 1)}
                openOn={iso("checkIn") ? addDays(iso("checkIn")!, 1) : undefined}
                {...dateProps}
              />
            </div>
            <p className="nights" aria-live="polite">
              {nightsOf(fields.checkIn, fields.checkOut) ? t("search.nights", { count: nightsOf(fields.checkIn, fields.checkOut)! }) : ""}
              {service === "outHotel" ? <span className="search-hint"> {t("search.maxNightsAbroad")}</span> : null}
            </p>
            <RoomsField fields={fields} errors={errors} set={set} />
          </>
        ) : service === "insurance" ? (
          <>
            <SelectField
              name="days"
              label={t("search.days")}
              value={fields.days ?? ""}
              error={error("days")}
              onChange={(value) => set("days", value)}
            >
              <option value="">{t("search.daysChoose")}</option>
              {INSURANCE_DURATIONS.map((days) => (
                <option key={days} value={String(days)}>
                  {t("search.daysUpTo", { count: days })}
                </option>
              ))}
            </SelectField>
            <TravellersField
              fields={fields}
              errors={errors}
              set={set}
              today={state.today}
              calendar={calendar}
              onCalendarChange={dateProps.onCalendarChange}
            />
          </>
        ) : (
          <div className="date-pair">
            <DateField
              name="date"
              label={t("search.departure")}
              value={fields.date ?? ""}
              error={error("date")}
              onChange={(value) => set("date", value)}
              min={state.today}
              {...dateProps}
            />
            {service === "bus" ? null : (
              <DateField
                name="returnDate"
                label={t("search.return")}
                optional={service !== "tour" && !round}
                value={fields.returnDate ?? ""}
                error={error("returnDate")}
                onChange={(value) =>
                  set("returnDate", value, HAS_TRIP_TYPE.includes(service) ? { trip: value.trim() ? "round" : "oneway" } : {})
                }
                min={iso("date") ?? state.today}
                openOn={iso("date") ?? undefined}
                {...dateProps}
              />
            )}
          </div>
        )}

        {HAS_PASSENGERS.includes(service) ? (
          <PassengerField
            values={{ adults: fields.adults ?? "1", children: fields.children ?? "0", infants: fields.infants ?? "0" }}
            errors={{ adults: error("adults"), children: error("children"), infants: error("infants") }}
            onChange={(kind, value) => set(kind, value)}
          />
        ) : null}

        <button type="submit" className="search-submit">
          {t("search.submit")}
        </button>
      </div>
      {errorCount > 0 ? (
        <p className="sr-only" role="alert">
          {t("search.fixErrors", { count: errorCount })}
        </p>
      ) : null}
    </Form>
  );
}

function SelectField(props: {
  name: string;
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  children: React.ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`search-field select-field ${props.className ?? ""}`}>
      <label htmlFor={id} className="search-label">
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        className="search-input"
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.children}
      </select>
      <FieldMessage id={`${id}-error`} message={props.error} />
    </div>
  );
}

type Setter = (name: string, value: string, extra?: SearchFields) => void;

/**
 * Rooms and guests per room. Every room's fields are in the page and a stylesheet rule shows as
 * many as the room count asks for, so changing the count works before JavaScript too.
 */
function RoomsField({ fields, errors, set }: { fields: SearchFields; errors: SearchErrors; set: Setter }) {
  const { t, number } = useI18n();
  const ref = useRef<HTMLDetailsElement>(null);
  useDisclosureDismiss(ref);
  const errorText = useErrorText();
  const count = listCount(fields.rooms, MAX_ROOMS);
  let guests = 0;
  for (let room = 1; room <= count; room += 1)
    guests += (readCount(fields[`room${room}Adults`], 1) ?? 0) + (readCount(fields[`room${room}Children`], 0) ?? 0);
  const invalid = Object.keys(errors).some((key) => key.startsWith("room") && errors[key]);
  return (
    <div className="search-field pax-field">
      <span className="search-label">{t("search.rooms.label")}</span>
      <details ref={ref} className="pax-details" open={invalid || undefined}>
        <summary className="search-input pax-summary" aria-invalid={invalid || undefined}>
          {t("search.rooms.summary", { rooms: count, guests })}
        </summary>
        <div className="pax-panel list-panel">
          <SelectField
            name="rooms"
            label={t("search.rooms.count")}
            value={String(count)}
            error={null}
            onChange={(value) => set("rooms", value)}
          >
            {Array.from({ length: MAX_ROOMS }, (_, index) => (
              <option key={index} value={String(index + 1)}>
                {number(index + 1)}
              </option>
            ))}
          </SelectField>
          {Array.from({ length: MAX_ROOMS }, (_, index) => {
            const room = index + 1;
            const adults = `room${room}Adults`;
            const children = `room${room}Children`;
            return (
              <fieldset key={room} className={`repeat-item repeat-item-${room}`}>
                <legend className="list-legend">{t("search.rooms.room", { number: room })}</legend>
                <Stepper
                  name={adults}
                  label={t("search.pax.adults")}
                  value={fields[adults] ?? "1"}
                  min={1}
                  canAdd={(readCount(fields[adults], 1) ?? 0) < MAX_ADULTS_PER_ROOM}
                  error={errorText(adults, errors)}
                  onChange={(value) => set(adults, value)}
                />
                <Stepper
                  name={children}
                  label={t("search.rooms.children")}
                  value={fields[children] ?? "0"}
                  min={0}
                  canAdd={(readCount(fields[children], 0) ?? 0) < MAX_CHILDREN_PER_ROOM}
                  error={errorText(children, errors)}
                  onChange={(value) => set(children, value)}
                />
              </fieldset>
            );
          })}
        </div>
      </details>
    </div>
  );
}

/** Insured travellers and their birth dates; as with rooms, the count shows the matching fields without JavaScript. */
function TravellersField({
  fields,
  errors,
  set,
  today,
  calendar,
  onCalendarChange,
}: {
  fields: SearchFields;
  errors: SearchErrors;
  set: Setter;
  today: string;
  calendar: CalendarKind;
  onCalendarChange?: (calendar: CalendarKind) => void;
}) {
  const { t, number } = useI18n();
  const errorText = useErrorText();
  const count = listCount(fields.travellers, MAX_INSURED_TRAVELLERS);
  return (
    <fieldset className="travellers list-panel">
      <legend className="search-label">{t("search.travellers.legend")}</legend>
      <SelectField
        name="travellers"
        label={t("search.travellers.count")}
        value={String(count)}
        error={null}
        onChange={(value) => set("travellers", value)}
        className="travellers-count"
      >
        {Array.from({ length: MAX_INSURED_TRAVELLERS }, (_, index) => (
          <option key={index} value={String(index + 1)}>
            {number(index + 1)}
          </option>
        ))}
      </SelectField>
      <div className="travellers-dates">
        {Array.from({ length: MAX_INSURED_TRAVELLERS }, (_, index) => {
          const name = `birth${index + 1}`;
          return (
            <div key={name} className={`repeat-item repeat-item-${index + 1}`}>
              <DateField
                name={name}
                label={t("search.travellers.birth", { number: index + 1 })}
                value={fields[name] ?? ""}
                error={errorText(name, errors)}
                onChange={(value) => set(name, value)}
                calendar={calendar}
                onCalendarChange={onCalendarChange}
                min={addYears(today, -OLDEST_INSURED_AGE)}
                max={today}
                openOn={addYears(today, -30)}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
