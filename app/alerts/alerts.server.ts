import { fromAbsolute, toCalendarDate } from "@internationalized/date";
import { data, redirect, type AppLoadContext } from "react-router";
import {
  ALERT_INTERVALS_MINUTES,
  DEFAULT_ALERT_INTERVAL_MINUTES,
  DEFAULT_PRICE_DROP_PERCENT,
  PRICE_DROP_PERCENTS,
  isRemoveToken,
  type Alert,
  type AlertFieldError,
} from "#core/alerts/alert.ts";
import { alertResultsPath } from "#core/alerts/check-alerts.ts";
import { createAlert } from "#core/alerts/create-alert.ts";
import type { AlertEvent } from "#core/alerts/ports.ts";
import { isWatchService, type WatchService } from "#core/alerts/watch.ts";
import { latinDigits } from "#core/i18n/digits.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { localizePath, type Locale } from "#core/i18n/locales.ts";
import { TRAVEL_TIME_ZONE, dateText, readableDate, type CalendarKind } from "#core/search/dates.ts";
import type { ValidSearch } from "#core/search/search-forms.ts";
import { tenantOffers } from "#core/tenants/options.ts";
import { NO_STORE, refusalStatus } from "#app/booking/answers.server.ts";
import { refuseBadCsrf } from "#app/booking/access.server.ts";
import { href } from "#app/links.ts";
import { calendarOf } from "#app/search/search-page.server.ts";
import { maskMobile, panelFrame, requireAccount, type PanelFrame } from "#app/account/panel.server.ts";

/**
 * The notify-me pages (issue 22 §1): the panel on the results pages, the form's target
 * (`/alerts/new`), the code step of a guest's alert (`/alerts/confirm/:id`), the remove link of
 * every SMS (`/alerts/remove/:token`) and the panel's list (`/account/alerts`). The rules are
 * core/alerts; these only read forms and shape what the screens show.
 */

/** Alerts one address may set in an hour from the pages (each pending one sends a code). */
const ALERT_PAGE_LIMIT = 30;
const ALERT_PAGE_WINDOW_SECONDS = 3600;

/** What the alert form carries: the route and party of the search, and the visitor's choices. */
export interface AlertFormValues {
  kind: string;
  service: string;
  from: string;
  to: string;
  date: string;
  adults: string;
  children: string;
  infants: string;
  offerId: string;
  percent: string;
  intervalMinutes: string;
  mobile: string;
}

export interface AlertFormOptions {
  percents: readonly number[];
  intervals: readonly number[];
  defaultPercent: number;
  defaultInterval: number;
}

const FORM_OPTIONS: AlertFormOptions = {
  percents: PRICE_DROP_PERCENTS,
  intervals: ALERT_INTERVALS_MINUTES,
  defaultPercent: DEFAULT_PRICE_DROP_PERCENT,
  defaultInterval: DEFAULT_ALERT_INTERVAL_MINUTES,
};

/** What the results pages hand the watch panel; null where the agency offers no alerts or there is no search. */
export interface WatchPanelData {
  values: AlertFormValues;
  options: AlertFormOptions;
  csrf: string;
  signedIn: boolean;
  /** Helper B's pages for the same route and day: booking automatically, ordering at a price. */
  autoReserveHref: string;
  desiredPriceHref: string;
}

function routeQuery(values: Pick<AlertFormValues, "service" | "from" | "to" | "date" | "adults" | "children" | "infants">): string {
  const { service, from, to, date, adults, children, infants } = values;
  return new URLSearchParams({ service, from, to, date, adults, children, infants }).toString();
}

/** The code a service searches a place by in its results route: IATA for flights, the city slug for trains and buses. */
function placeCode(service: WatchService, place: ValidSearch["places"][string] | undefined): string | null {
  if (!place) return null;
  if (service === "flight" || service === "internationalflight") return place.iata;
  return place.cityId?.startsWith("city:") ? place.cityId.slice("city:".length) : null;
}

/** The panel's data for a valid search of a watched service (called by the results loaders). */
export async function watchPanelData(context: AppLoadContext, search: ValidSearch | null): Promise<WatchPanelData | null> {
  if (!search || !tenantOffers(context.tenant, "notifyMe") || !isWatchService(search.service)) return null;
  const from = placeCode(search.service, search.places.from);
  const to = placeCode(search.service, search.places.to);
  if (!from || !to || !search.date || !search.passengers) return null;
  const signedIn = await context.auth.current();
  const values: AlertFormValues = {
    kind: "price-drop",
    service: search.service,
    from,
    to,
    date: search.date,
    adults: String(search.passengers.adults),
    children: String(search.passengers.children),
    infants: String(search.passengers.infants),
    offerId: "",
    percent: String(DEFAULT_PRICE_DROP_PERCENT),
    intervalMinutes: String(DEFAULT_ALERT_INTERVAL_MINUTES),
    mobile: signedIn?.account.mobile ?? "",
  };
  const locale = context.locale.locale;
  const query = routeQuery(values);
  return {
    values,
    options: FORM_OPTIONS,
    csrf: context.csrf.token(),
    signedIn: signedIn !== null,
    autoReserveHref: `${localizePath(locale, "/account/auto-reserve")}?${query}`,
    desiredPriceHref: `${localizePath(locale, "/account/desired-price")}?${query}`,
  };
}

const field = (form: FormData, name: string, max = 100) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max).trim() : "";
};

function readForm(form: FormData): AlertFormValues {
  return {
    kind: field(form, "kind", 16),
    service: field(form, "service", 32),
    from: field(form, "from", 64),
    to: field(form, "to", 64),
    date: field(form, "date", 10),
    adults: field(form, "adults", 4),
    children: field(form, "children", 4),
    infants: field(form, "infants", 4),
    offerId: field(form, "offerId", 200),
    percent: field(form, "percent", 4),
    intervalMinutes: field(form, "intervalMinutes", 6),
    mobile: field(form, "mobile", 40),
  };
}

/** A whole number typed in any digit set; NaN for anything else (the rules refuse it on its field). */
function typedNumber(value: string, fallback: number | null): number | null {
  if (value === "") return fallback;
  const latin = latinDigits(value);
  return /^\d{1,6}$/.test(latin) ? Number(latin) : Number.NaN;
}

function refusedOffOption(context: AppLoadContext): void {
  if (!tenantOffers(context.tenant, "notifyMe")) throw data(null, { status: 404, headers: NO_STORE });
}

export interface NewAlertPage {
  values: AlertFormValues;
  options: AlertFormOptions;
  csrf: string;
  signedIn: boolean;
  resultsHref: string | null;
}

export interface NewAlertRefusal {
  values: AlertFormValues;
  errors: Partial<Record<string, AlertFieldError | "LIMITED">>;
}

/** `/alerts/new` by GET: the same form, prefilled from the query (a shared link, a browser without the panel). */
export async function newAlertLoader(request: Request, context: AppLoadContext): Promise<NewAlertPage> {
  refusedOffOption(context);
  const query = new URL(request.url).searchParams;
  const signedIn = await context.auth.current();
  const get = (name: string, fallback = "") => (query.get(name) ?? fallback).slice(0, 64);
  const values: AlertFormValues = {
    kind: get("kind", "price-drop"),
    service: get("service", "flight"),
    from: get("from"),
    to: get("to"),
    date: get("date"),
    adults: get("adults", "1"),
    children: get("children", "0"),
    infants: get("infants", "0"),
    offerId: get("offerId"),
    percent: get("percent", String(DEFAULT_PRICE_DROP_PERCENT)),
    intervalMinutes: get("intervalMinutes", String(DEFAULT_ALERT_INTERVAL_MINUTES)),
    mobile: signedIn?.account.mobile ?? "",
  };
  return {
    values,
    options: FORM_OPTIONS,
    csrf: context.csrf.token(),
    signedIn: signedIn !== null,
    resultsHref: resultsHrefOf(context, values),
  };
}

function resultsHrefOf(context: AppLoadContext, values: AlertFormValues): string | null {
  if (!isWatchService(values.service) || !values.from || !values.to || !values.date) return null;
  const party = { adults: Number(values.adults) || 1, children: Number(values.children) || 0, infants: Number(values.infants) || 0 };
  return localizePath(
    context.locale.locale,
    alertResultsPath({ service: values.service, from: values.from, to: values.to, travelDate: values.date, party }),
  );
}

/** `/alerts/new` by POST: sets the alert; the visitor's own number is active at once, any other goes to its code. */
export async function newAlertAction(request: Request, context: AppLoadContext) {
  refusedOffOption(context);
  const form = await request.formData();
  refuseBadCsrf(context, form);
  const values = readForm(form);
  const refuse = (errors: NewAlertRefusal["errors"], status = 400) =>
    data<NewAlertRefusal>({ values, errors }, { status: refusalStatus(context, status), headers: NO_STORE });
  const limit = await context.rateLimit("alert", ALERT_PAGE_LIMIT, ALERT_PAGE_WINDOW_SECONDS);
  if (!limit.allowed) return refuse({ form: "LIMITED" }, 429);
  const signedIn = await context.auth.current();
  const locale = context.locale.locale;
  const result = await createAlert(
    { alerts: context.alerts, sources: context.watchSources, clock: { now: () => context.now() } },
    {
      tenantId: context.tenant.id,
      locale,
      signedIn: signedIn ? { userId: signedIn.account.id, mobile: signedIn.account.mobile } : null,
      request: {
        kind: values.kind,
        service: values.service,
        from: values.from,
        to: values.to,
        date: values.date,
        offerId: values.offerId || null,
        percent: typedNumber(values.percent, null),
        intervalMinutes: typedNumber(values.intervalMinutes, null),
        mobile: values.mobile,
        adults: typedNumber(values.adults, 1),
        children: typedNumber(values.children, 0),
        infants: typedNumber(values.infants, 0),
      },
    },
  );
  if (!result.ok) return refuse(result.errors);
  if (result.alert.status === "active") throw redirect(`${href(locale, "account-alerts")}?created=1`, { status: 303, headers: NO_STORE });
  const sent = await context.auth.requestCode({ mobile: result.alert.mobile, locale, host: new URL(request.url).hostname });
  const confirm = href(locale, "alerts-confirm", { id: result.alert.id });
  throw redirect(sent.ok ? confirm : `${confirm}?sent=0`, { status: 303, headers: NO_STORE });
}

/** One alert as the screens show it: route names, the day and moments in the page's calendar and digits. */
export interface AlertView {
  id: string;
  kind: Alert["kind"];
  status: Alert["status"];
  service: WatchService;
  route: { from: string; to: string };
  date: string;
  party: { adults: number; children: number; infants: number };
  percent: number | null;
  intervalMinutes: number;
  baselinePrice: number | null;
  lastPrice: number | null;
  endedReason: string | null;
  resultsHref: string;
  history: { kind: string; at: string; when: string; oldPrice: number | null; newPrice: number | null; seats: number | null }[];
}

function moment(at: Date, locale: Locale, calendar: CalendarKind): string {
  const zoned = fromAbsolute(at.getTime(), TRAVEL_TIME_ZONE);
  const clock = `${String(zoned.hour).padStart(2, "0")}:${String(zoned.minute).padStart(2, "0")}`;
  return localizeDigits(locale, `${dateText(toCalendarDate(zoned).toString(), calendar)} ${clock}`);
}

const numberOr = (value: unknown): number | null => (typeof value === "number" ? value : null);

async function viewOf(context: AppLoadContext, calendar: CalendarKind, alert: Alert & { history?: AlertEvent[] }): Promise<AlertView> {
  const locale = context.locale.locale;
  const name = async (code: string) => (await context.places.byRouteCode(code, alert.service, locale).catch(() => null))?.name ?? code;
  const [from, to] = await Promise.all([name(alert.from), name(alert.to)]);
  return {
    id: alert.id,
    kind: alert.kind,
    status: alert.status,
    service: alert.service,
    route: { from, to },
    date: readableDate(alert.travelDate, locale, calendar),
    party: alert.party,
    percent: alert.percent,
    intervalMinutes: alert.intervalMinutes,
    baselinePrice: alert.baselinePrice,
    lastPrice: alert.lastPrice,
    endedReason: alert.endedReason,
    resultsHref: localizePath(locale, alertResultsPath(alert)),
    history: (alert.history ?? []).map((entry) => ({
      kind: entry.kind,
      at: entry.at.toISOString(),
      when: moment(entry.at, locale, calendar),
      oldPrice: numberOr(entry.detail.oldPrice),
      newPrice: numberOr(entry.detail.newPrice),
      seats: numberOr(entry.detail.seats),
    })),
  };
}

export interface ConfirmAlertPage {
  alert: AlertView;
  mobile: string;
  csrf: string;
  /** The code could not be sent when the alert was set (a code was sent a moment ago, or a limit). */
  notSent: boolean;
  confirmed: boolean;
  resent: boolean;
}

export type ConfirmAlertAnswer =
  { error: "FORMAT" | "WRONG" | "LOCKED" | "EXPIRED" | "SEND_FAILED"; triesLeft?: number } | { resent: true };

async function alertOr404(context: AppLoadContext, id: string): Promise<Alert> {
  const alert = await context.alerts.findById(context.tenant.id, id);
  if (!alert || alert.status === "removed") throw data(null, { status: 404, headers: NO_STORE });
  return alert;
}

export async function confirmAlertLoader(request: Request, context: AppLoadContext, id: string): Promise<ConfirmAlertPage> {
  refusedOffOption(context);
  const alert = await alertOr404(context, id);
  const query = new URL(request.url).searchParams;
  return {
    alert: await viewOf(context, calendarOf(request, context.locale.locale), alert),
    mobile: maskMobile(context.locale.locale, alert.mobile),
    csrf: context.csrf.token(),
    notSent: query.get("sent") === "0",
    confirmed: alert.status !== "pending",
    resent: query.get("resent") === "1",
  };
}

export async function confirmAlertAction(request: Request, context: AppLoadContext, id: string) {
  refusedOffOption(context);
  const form = await request.formData();
  refuseBadCsrf(context, form);
  const alert = await alertOr404(context, id);
  const locale = context.locale.locale;
  const here = href(locale, "alerts-confirm", { id });
  const reply = (status: number, answer: ConfirmAlertAnswer) =>
    data<ConfirmAlertAnswer>(answer, { status: refusalStatus(context, status), headers: NO_STORE });
  if (alert.status !== "pending") throw redirect(here, { status: 303, headers: NO_STORE });
  if (form.get("intent") === "resend") {
    const sent = await context.auth.requestCode({ mobile: alert.mobile, locale, host: new URL(request.url).hostname });
    if (!sent.ok) return reply(429, { error: "SEND_FAILED" });
    throw redirect(`${here}?resent=1`, { status: 303, headers: NO_STORE });
  }
  const code = latinDigits(field(form, "code", 40)).replace(/\s/g, "");
  if (!/^\d{6}$/.test(code)) return reply(400, { error: "FORMAT" });
  const verified = await context.auth.verifyMobile({ mobile: alert.mobile, code });
  if (!verified.ok) {
    if (verified.error === "WRONG") return reply(400, { error: "WRONG", triesLeft: verified.triesLeft });
    if (verified.error === "LOCKED") return reply(429, { error: "LOCKED" });
    return reply(400, { error: "EXPIRED" });
  }
  await context.alerts.confirm(context.tenant.id, alert.id, verified.account.id, context.now());
  throw redirect(here, { status: 303, headers: NO_STORE });
}

export interface RemoveAlertPage {
  alert: AlertView | null;
  csrf: string;
  removed: boolean;
}

/** `/alerts/remove/:token`: the alert of an SMS's remove link, and a button that removes it (signed in or not). */
export async function removeAlertLoader(request: Request, context: AppLoadContext, token: string): Promise<RemoveAlertPage> {
  const alert = isRemoveToken(token) ? await context.alerts.findByRemoveToken(token) : null;
  // A token of another agency's alert is as unknown here as one that never was.
  if (!alert || alert.tenantId !== context.tenant.id) throw data(null, { status: 404, headers: NO_STORE });
  return {
    alert: await viewOf(context, calendarOf(request, context.locale.locale), alert),
    csrf: context.csrf.token(),
    removed: alert.status === "removed",
  };
}

export async function removeAlertAction(request: Request, context: AppLoadContext, token: string) {
  const form = await request.formData();
  refuseBadCsrf(context, form);
  const alert = isRemoveToken(token) ? await context.alerts.findByRemoveToken(token) : null;
  if (!alert || alert.tenantId !== context.tenant.id) throw data(null, { status: 404, headers: NO_STORE });
  await context.alerts.removeByToken(token, context.now());
  throw redirect(href(context.locale.locale, "alerts-remove", { token }), { status: 303, headers: NO_STORE });
}

export interface AccountAlertsPage {
  frame: PanelFrame;
  alerts: AlertView[];
  created: boolean;
  removed: boolean;
}

/** `/account/alerts`: every alert of the signed-in traveller with its state and history. */
export async function accountAlertsLoader(request: Request, context: AppLoadContext): Promise<AccountAlertsPage> {
  const account = await requireAccount(request, context);
  const calendar = calendarOf(request, context.locale.locale);
  const alerts = await context.alerts.listByUser(context.tenant.id, account.id);
  const query = new URL(request.url).searchParams;
  return {
    frame: panelFrame(context, account),
    alerts: await Promise.all(alerts.map((alert) => viewOf(context, calendar, alert))),
    created: query.get("created") === "1",
    removed: query.get("removed") === "1",
  };
}

export async function accountAlertsAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  refuseBadCsrf(context, form);
  const account = await requireAccount(request, context);
  const removed = await context.alerts.removeForUser(context.tenant.id, account.id, field(form, "id", 64), context.now());
  if (!removed) throw data(null, { status: 404, headers: NO_STORE });
  throw redirect(`${href(context.locale.locale, "account-alerts")}?removed=1`, { status: 303, headers: NO_STORE });
}
