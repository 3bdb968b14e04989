import { data, redirect, type AppLoadContext } from "react-router";
import type { Account } from "#core/accounts/account.ts";
import { createAutoReserve, type AutoReserveItem } from "#core/alerts/auto-reserve.ts";
import {
  cancelDesiredPriceOrder,
  createDesiredPriceOrder,
  MAX_RANGE_DAYS,
  type DesiredPriceFieldError,
  type DesiredPriceOrder,
} from "#core/alerts/desired-price.ts";
import type { WatchEvent } from "#core/alerts/purchase-watch.ts";
import { latinDigits } from "#core/i18n/digits.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { passengerTypeOn, type PassengerType } from "#core/passengers/passenger-rules.ts";
import { walletAvailable } from "#core/payments/wallet-part.ts";
import { dateText, parseDateText, tehranToday, type CalendarKind } from "#core/search/dates.ts";
import { NO_STORE, refusalStatus } from "#app/booking/answers.server.ts";
import { refuseBadCsrf } from "#app/booking/access.server.ts";
import { href } from "#app/links.ts";
import { entryMoment } from "./wallet.server.ts";
import { dateBasics, panelFrame, type PanelFrame } from "./panel.server.ts";

/**
 * The panel pages of issue 22 (`/account/auto-reserve`, `/account/desired-price`): a form
 * prefilled from the query string (the results pages link here), the account's saved passengers to
 * choose from, the wallet's available money, and the list of items or orders with their history.
 * A visitor who is not signed in reads the spec's login message with a link that returns here.
 */

export type WatchPageKind = "auto-reserve" | "desired-price";

export interface SavedChoice {
  id: string;
  name: string;
  /** Their type today; the travel day decides when the order is placed. */
  type: PassengerType | null;
}

export interface HistoryLine {
  kind: string;
  date: string;
  time: string;
}

export interface WatchRow {
  id: string;
  service: string;
  route: string;
  /** The travel day, or the range, in the page's calendar and digits. */
  dates: string;
  amount: number;
  status: string;
  endedReason: string | null;
  reference: string | null;
  /** Still open to remove (an item) or cancel (an order). */
  open: boolean;
  history: HistoryLine[];
}

export type WatchPage =
  | { signedIn: false; loginHref: string }
  | {
      signedIn: true;
      frame: PanelFrame;
      calendar: CalendarKind;
      today: string;
      available: number;
      passengers: SavedChoice[];
      addPassengerHref: string;
      /** The form's first values, from the query string. */
      prefill: Record<string, string>;
      rows: WatchRow[];
      notice: "added" | "removed" | null;
      maxRangeDays: number;
    };

export interface WatchRefusal {
  values: Record<string, string>;
  errors: Record<string, DesiredPriceFieldError | "BUSY">;
  available: number;
}

const PREFILL = ["service", "from", "to", "date", "dateFrom", "dateTo", "offerId", "adults", "children", "infants", "cap", "price"];

const pageName = (kind: WatchPageKind) => (kind === "auto-reserve" ? "account-auto-reserve" : "account-desired-price");

function historyOf(events: readonly WatchEvent[] = [], locale: AppLoadContext["locale"]["locale"], calendar: CalendarKind): HistoryLine[] {
  // The queued message is an implementation detail: it shows once sent.
  return events
    .filter((event) => event.kind !== "sms-due")
    .map((event) => ({ kind: event.kind, ...entryMoment(event.at, locale, calendar) }));
}

export async function watchPageLoader(kind: WatchPageKind, request: Request, context: AppLoadContext) {
  const locale = context.locale.locale;
  const url = new URL(request.url);
  const signedIn = await context.auth.current();
  if (!signedIn) {
    const next = encodeURIComponent(url.pathname + url.search);
    return data({ signedIn: false, loginHref: `${href(locale, "login")}?next=${next}` } satisfies WatchPage, { headers: NO_STORE });
  }
  const account = signedIn.account;
  const { calendar } = dateBasics(request, context);
  const today = tehranToday(context.now());
  const show = (iso: string) => localizeDigits(locale, dateText(iso, calendar));
  const saved = await context.accounts.savedPassengers(account.id);
  const rows: WatchRow[] = [];
  if (kind === "auto-reserve" && context.autoReserves) {
    const items = await context.autoReserves.listForUser(context.tenant.id, account.id);
    const history = await context.autoReserves.history(items.map((item) => item.id));
    for (const item of items.filter((entry) => entry.status !== "removed"))
      rows.push(itemRow(item, history.get(item.id), show, locale, calendar));
  }
  if (kind === "desired-price" && context.desiredPriceOrders) {
    const orders = await context.desiredPriceOrders.listForUser(context.tenant.id, account.id);
    const history = await context.desiredPriceOrders.history(orders.map((order) => order.id));
    for (const order of orders) rows.push(orderRow(order, history.get(order.id), show, locale, calendar));
  }
  const prefill: Record<string, string> = {};
  for (const name of PREFILL) {
    const value = url.searchParams.get(name);
    if (value) prefill[name] = value.slice(0, 64);
  }
  // A date arrives as ISO from a results page; the field shows it in the page's calendar.
  for (const name of ["date", "dateFrom", "dateTo"]) {
    const iso = prefill[name] ? parseDateText(prefill[name]) : null;
    if (iso) prefill[name] = dateText(iso, calendar);
  }
  const page: WatchPage = {
    signedIn: true,
    frame: panelFrame(context, account),
    calendar,
    today,
    available: await walletAvailable(context, context.tenant.id, account.id),
    passengers: saved.map((entry) => {
      const type = passengerTypeOn(entry.birthDate, today);
      return { id: entry.id, name: `${entry.firstName} ${entry.lastName}`, type: type === "too-young" ? null : type };
    }),
    addPassengerHref: href(locale, "account-passengers"),
    prefill,
    rows,
    notice: url.searchParams.has("added") ? "added" : url.searchParams.has("removed") ? "removed" : null,
    maxRangeDays: MAX_RANGE_DAYS,
  };
  return data(page, { headers: NO_STORE });
}

function itemRow(
  item: AutoReserveItem,
  events: readonly WatchEvent[] | undefined,
  show: (iso: string) => string,
  locale: AppLoadContext["locale"]["locale"],
  calendar: CalendarKind,
): WatchRow {
  const window = item.timeFrom || item.timeTo ? ` ${localizeDigits(locale, `${item.timeFrom ?? ""}–${item.timeTo ?? ""}`)}` : "";
  return {
    id: item.id,
    service: item.service,
    route: `${item.from} → ${item.to}`,
    dates: `${show(item.travelDate)}${window}`,
    amount: item.cap,
    status: item.status,
    endedReason: item.endedReason,
    reference: item.bookingReference,
    open: item.status === "waiting",
    history: historyOf(events, locale, calendar),
  };
}

function orderRow(
  order: DesiredPriceOrder,
  events: readonly WatchEvent[] | undefined,
  show: (iso: string) => string,
  locale: AppLoadContext["locale"]["locale"],
  calendar: CalendarKind,
): WatchRow {
  return {
    id: order.id,
    service: order.service,
    route: `${order.from} → ${order.to}`,
    dates: order.dateFrom === order.dateTo ? show(order.dateFrom) : `${show(order.dateFrom)} – ${show(order.dateTo)}`,
    amount: order.price,
    status: order.status,
    endedReason: order.endedReason,
    reference: order.bookingReference,
    open: order.status === "open",
    history: historyOf(events, locale, calendar),
  };
}

/** Whole tomans as typed in any digits, with or without separators; NaN for anything else. */
function amountOf(text: string): number {
  const digits = latinDigits(text).replace(/[,٬\s]/g, "");
  return /^\d{1,10}$/.test(digits) ? Number(digits) : Number.NaN;
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, 64) : "";
};

/** A refusal's field names as the form names them (the core names the route's parts `route.*`). */
function formErrors(errors: Partial<Record<string, DesiredPriceFieldError>>): WatchRefusal["errors"] {
  const named: WatchRefusal["errors"] = {};
  for (const [name, code] of Object.entries(errors)) if (code) named[name.replace(/^route\./, "")] = code;
  return named;
}

async function signedInForm(request: Request, context: AppLoadContext): Promise<{ form: FormData; account: Account }> {
  const form = await request.formData();
  refuseBadCsrf(context, form);
  const signedIn = await context.auth.current();
  if (!signedIn) throw redirect(`${href(context.locale.locale, "login")}?next=${encodeURIComponent(new URL(request.url).pathname)}`, 303);
  return { form, account: signedIn.account };
}

const done = (context: AppLoadContext, kind: WatchPageKind, notice: "added" | "removed"): never => {
  throw redirect(`${href(context.locale.locale, pageName(kind))}?${notice}=1`, { status: 303, headers: NO_STORE });
};

const refuse = (context: AppLoadContext, refusal: WatchRefusal) =>
  data(refusal, { status: refusalStatus(context, 400), headers: NO_STORE });

export async function watchPageAction(kind: WatchPageKind, request: Request, context: AppLoadContext) {
  const { form, account } = await signedInForm(request, context);
  const tenantId = context.tenant.id;
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (name !== "csrf" && typeof value === "string") values[name] = value.slice(0, 64);
  // Every ticked passenger stays ticked on a refused form.
  values.passengerIds = form
    .getAll("passengerIds")
    .filter((value): value is string => typeof value === "string")
    .join(",");
  const available = () => walletAvailable(context, tenantId, account.id);
  const clock = { now: () => context.now() };

  if (form.get("intent") === "remove") {
    const id = field(form, "id");
    if (kind === "auto-reserve") {
      const removed = context.autoReserves ? await context.autoReserves.remove(tenantId, account.id, id, context.now()) : "not-found";
      if (removed === "busy") return refuse(context, { values, errors: { list: "BUSY" }, available: await available() });
      if (removed === "not-found") throw data(null, { status: 404, headers: NO_STORE });
    } else {
      const cancelled = context.desiredPriceOrders
        ? await cancelDesiredPriceOrder(
            { tenantId, userId: account.id, id },
            { orders: context.desiredPriceOrders, accounts: context.accounts, ledger: context.ledger, clock, payments: context.payments },
          )
        : "not-found";
      if (cancelled === "busy" || cancelled === "closed")
        return refuse(context, { values, errors: { list: "BUSY" }, available: await available() });
      if (cancelled === "not-found") throw data(null, { status: 404, headers: NO_STORE });
    }
    return done(context, kind, "removed");
  }

  const route = { service: field(form, "service"), from: field(form, "from").toUpperCase(), to: field(form, "to").toUpperCase() };
  // Station and city slugs are lower case; airport codes upper: the service says which.
  if (route.service === "train" || route.service === "bus") Object.assign(route, { from: field(form, "from"), to: field(form, "to") });
  const dateOf = (name: string) => parseDateText(field(form, name)) ?? field(form, name);
  const passengerIds = form.getAll("passengerIds").filter((value): value is string => typeof value === "string");
  const locale = context.locale.locale;
  if (kind === "auto-reserve") {
    if (!context.autoReserves) throw data(null, { status: 503, headers: NO_STORE });
    const created = await createAutoReserve(
      {
        tenantId,
        userId: account.id,
        locale,
        input: {
          ...route,
          date: dateOf("date"),
          offerId: field(form, "offerId") || null,
          timeFrom: latinDigits(field(form, "timeFrom")) || null,
          timeTo: latinDigits(field(form, "timeTo")) || null,
          passengerIds,
          cap: amountOf(field(form, "cap")),
        },
      },
      { autoReserves: context.autoReserves, accounts: context.accounts, ledger: context.ledger, clock },
    );
    if (!created.ok) return refuse(context, { values, errors: formErrors(created.errors), available: await available() });
    return done(context, kind, "added");
  }
  if (!context.desiredPriceOrders) throw data(null, { status: 503, headers: NO_STORE });
  const count = (name: string) => {
    const text = latinDigits(field(form, name)).trim();
    return text === "" ? 0 : /^\d{1,2}$/.test(text) ? Number(text) : Number.NaN;
  };
  const created = await createDesiredPriceOrder(
    {
      tenantId,
      userId: account.id,
      locale,
      newId: () => crypto.randomUUID(),
      input: {
        ...route,
        dateFrom: dateOf("dateFrom"),
        dateTo: dateOf("dateTo") || dateOf("dateFrom"),
        price: amountOf(field(form, "price")),
        adults: count("adults"),
        children: count("children"),
        infants: count("infants"),
        latestAttempt: dateOf("latestAttempt"),
        passengerIds: passengerIds.length > 0 ? passengerIds : null,
      },
    },
    { orders: context.desiredPriceOrders, accounts: context.accounts, ledger: context.ledger, clock },
  );
  if (!created.ok)
    return refuse(context, { values, errors: formErrors(created.errors), available: created.available ?? (await available()) });
  return done(context, kind, "added");
}
