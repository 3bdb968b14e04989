import { data, redirect, type AppLoadContext } from "react-router";
import { localizePath, type Locale } from "#core/i18n/locales.ts";
import { normalizeSearchText } from "#core/places/normalize.ts";
import { readCookie } from "#core/web/cookies.ts";
import type { PlaceSuggestion } from "#core/places/place.ts";
import { placeOfferedBy, placeServiceId } from "#core/places/place-services.ts";
import { displayDateValue, tehranToday, type CalendarKind } from "#core/search/dates.ts";
import { fieldsFromResults, resultsLocation } from "#core/search/results-url.ts";
import {
  PLACE_FIELDS,
  isSearchService,
  isSearchableDate,
  readSearchFields,
  validateSearch,
  type SearchFields,
  type SearchService,
  type ValidSearch,
} from "#core/search/search-forms.ts";
import { isServiceEnabled } from "#core/tenants/site-config.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { CALENDAR_COOKIE, type SearchFormState } from "./search-state.ts";

/** The last search of each service, kept for 30 days so the forms open where the traveller left off. */
const LAST_SEARCH_COOKIE = "last_search";
const LAST_SEARCH_MAX_AGE = 30 * 24 * 3600;
const DATE_FIELDS = ["date", "returnDate", "checkIn", "checkOut"];

function cookieValue(request: Request, name: string): string | undefined {
  return readCookie(request.headers.get("cookie") ?? undefined, name);
}

export function calendarOf(request: Request, locale: Locale): CalendarKind {
  return locale === "fa" && cookieValue(request, CALENDAR_COOKIE) !== "gregorian" ? "persian" : "gregorian";
}

type Remembered = Partial<Record<SearchService, SearchFields>>;

/** The remembered searches; anything malformed is simply forgotten. */
function readRemembered(request: Request): Remembered {
  const raw = cookieValue(request, LAST_SEARCH_COOKIE);
  if (!raw || raw.length > 4000) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== "object") return {};
    const remembered: Remembered = {};
    for (const [service, fields] of Object.entries(parsed as Record<string, unknown>)) {
      if (!isSearchService(service) || !fields || typeof fields !== "object") continue;
      remembered[service] = readSearchFields(service, {
        get: (name) => ((fields as Record<string, unknown>)[name] as string | undefined) ?? null,
      });
    }
    return remembered;
  } catch {
    return {};
  }
}

function rememberCookie(request: Request, search: ValidSearch, location: string): string {
  const remembered = readRemembered(request);
  const query = new URLSearchParams(location.split("?")[1] ?? "");
  const fields = fieldsFromResults(search.service, search.places, query);
  // Names are looked up again in the page's language; only ids travel in the cookie.
  for (const field of PLACE_FIELDS[search.service]) delete fields[`${field}Text`];
  remembered[search.service] = fields;
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${LAST_SEARCH_COOKIE}=${encodeURIComponent(JSON.stringify(remembered))}; Path=/; Max-Age=${LAST_SEARCH_MAX_AGE}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * The place a field names: the chosen id when it still matches the text beside it (or there is no
 * text), otherwise the best match for the text. Null when the text matches nothing; undefined
 * when the field is empty.
 */
async function resolvePlace(
  context: AppLoadContext,
  service: SearchService,
  fields: SearchFields,
  field: string,
): Promise<PlaceSuggestion | null | undefined> {
  const locale = context.locale.locale;
  const id = fields[field];
  const text = (fields[`${field}Text`] ?? "").trim();
  const offered = (place: PlaceSuggestion | null | undefined) =>
    place && placeOfferedBy(service, place, (serviceId) => isServiceEnabled(context.tenant, serviceId)) ? place : null;
  if (id) {
    const chosen = offered(await context.places.byId(id, locale, service));
    if (chosen && (text === "" || normalizeSearchText(text) === normalizeSearchText(chosen.name))) return chosen;
  }
  if (text === "") return id ? null : undefined;
  const [best] = await context.places.suggest({ service, query: text, locale, limit: 1 });
  return offered(best);
}

/** Dates as the form shows them: in the page's calendar and digits. */
function displayFields(fields: SearchFields, calendar: CalendarKind, locale: Locale): SearchFields {
  const shown = { ...fields };
  for (const name of Object.keys(shown)) {
    if (DATE_FIELDS.includes(name) || /^birth\d$/.test(name))
      shown[name] = localizeDigits(locale, displayDateValue(shown[name]!, calendar));
  }
  return shown;
}

async function placesOf(context: AppLoadContext, service: SearchService, fields: SearchFields) {
  const resolved: Record<string, PlaceSuggestion | null | undefined> = {};
  for (const field of PLACE_FIELDS[service]) resolved[field] = await resolvePlace(context, service, fields, field);
  return resolved;
}

function chosenPlaces(resolved: Record<string, PlaceSuggestion | null | undefined>): Record<string, PlaceSuggestion> {
  return Object.fromEntries(Object.entries(resolved).filter((entry): entry is [string, PlaceSuggestion] => Boolean(entry[1])));
}

/** A form filled from the remembered search (or empty), dropping dates that have passed. */
export async function initialFormState(request: Request, context: AppLoadContext, service: SearchService): Promise<SearchFormState> {
  const locale = context.locale.locale;
  const calendar = calendarOf(request, locale);
  const today = tehranToday(context.now());
  const fields = { ...(readRemembered(request)[service] ?? {}) };
  for (const name of DATE_FIELDS) if (fields[name] && !isSearchableDate(fields[name], today)) delete fields[name];
  if (!fields.returnDate) delete fields.trip;
  const places: Record<string, PlaceSuggestion> = {};
  for (const field of PLACE_FIELDS[service]) {
    const place = fields[field] ? await context.places.byId(fields[field], locale, service) : null;
    if (place) {
      places[field] = place;
      fields[`${field}Text`] = place.name;
    } else delete fields[field];
  }
  return { service, fields: displayFields(fields, calendar, locale), errors: {}, places, calendar, today };
}

/** The form of a results page: the search it shows, with whatever of it is wrong. */
export function resultsFormState(
  request: Request,
  context: AppLoadContext,
  service: SearchService,
  places: Record<string, PlaceSuggestion>,
) {
  const locale = context.locale.locale;
  const calendar = calendarOf(request, locale);
  const today = tehranToday(context.now());
  const query = new URL(request.url).searchParams;
  const fields = fieldsFromResults(service, places, query);
  const outcome = validateSearch(service, fields, { today, places });
  // A bare route (`/flight/THR-MHD`, a link or a landing) asks for nothing yet: no messages until a date is given.
  const errors = outcome.ok || query.size === 0 ? {} : outcome.errors;
  const state: SearchFormState = { service, fields: displayFields(fields, calendar, locale), errors, places, calendar, today };
  return { state, search: outcome.ok ? outcome.search : null };
}

/**
 * A search form's submission, sent with GET to the page that shows the form (so it works before
 * JavaScript and needs no CSRF token). Valid: redirect to the service's results route and
 * remember the search. Invalid: the same page with every message on its field and nothing lost.
 * Returns null when the request is not a submission of this service's form.
 */
export async function submitSearch(request: Request, context: AppLoadContext, service: SearchService) {
  const params = new URL(request.url).searchParams;
  if (params.get("s") !== service) return null;
  const locale = context.locale.locale;
  const calendar = calendarOf(request, locale);
  const today = tehranToday(context.now());
  const fields = readSearchFields(service, params);
  const resolved = await placesOf(context, service, fields);
  const outcome = validateSearch(service, fields, { today, places: resolved });
  const location = outcome.ok ? resultsLocation(outcome.search) : null;
  if (outcome.ok && location) {
    throw redirect(localizePath(locale, location), {
      headers: { "Set-Cookie": rememberCookie(request, outcome.search, location), "Cache-Control": "no-store" },
    });
  }
  const places = chosenPlaces(resolved);
  // Show the names we found for what was typed, so the traveller sees what the server understood.
  for (const [field, place] of Object.entries(places)) {
    fields[field] = place.id;
    fields[`${field}Text`] = place.name;
  }
  const errors = outcome.ok ? { [PLACE_FIELDS[service][0]!]: "PLACE_UNKNOWN" as const } : outcome.errors;
  const state: SearchFormState = {
    service,
    fields: displayFields(fields, calendar, locale),
    errors,
    places,
    calendar,
    today,
    refused: true,
  };
  return state;
}

/** The tenant-level service of a search form, for the service switch. */
export function searchServiceEnabled(context: AppLoadContext, service: SearchService): boolean {
  const serviceId = placeServiceId(service);
  return serviceId !== null && isServiceEnabled(context.tenant, serviceId);
}

/**
 * The form of a page that shows one: as submitted with its messages (status 400), or as
 * remembered. A valid submission never returns: it redirects to the results.
 */
export async function searchFormFor(
  request: Request,
  context: AppLoadContext,
  service: SearchService,
): Promise<{ form: SearchFormState; status: number; headers: HeadersInit }> {
  const refused = await submitSearch(request, context, service);
  if (refused) return { form: refused, status: 400, headers: { "Cache-Control": "no-store" } };
  return { form: await initialFormState(request, context, service), status: 200, headers: formCacheHeaders(request) };
}

/**
 * A form filled from the visitor's own cookies (last search, calendar) is theirs alone: shared
 * caches must not keep it. A form without them is the same for everyone on the host.
 */
export function formCacheHeaders(request: Request): HeadersInit {
  const personal = cookieValue(request, LAST_SEARCH_COOKIE) !== undefined || cookieValue(request, CALENDAR_COOKIE) !== undefined;
  return personal ? { "Cache-Control": "private, no-cache", Vary: "Cookie" } : { Vary: "Host, Accept-Encoding, Cookie" };
}

/** A service's landing page: its form; 404 when the agency does not sell the service. */
export async function searchLanding(request: Request, context: AppLoadContext, service: SearchService) {
  if (!searchServiceEnabled(context, service)) throw data(null, { status: 404 });
  const { form, status, headers } = await searchFormFor(request, context, service);
  return data({ form }, { status, headers });
}
