import { fromAbsolute, toCalendarDate } from "@internationalized/date";
import { data, type AppLoadContext } from "react-router";
import type { Booking } from "#core/booking/booking.ts";
import { isPayable } from "#core/booking/booking-state.ts";
import { localizePath, type Locale } from "#core/i18n/locales.ts";
import { TRAVEL_TIME_ZONE, dateText, type CalendarKind } from "#core/search/dates.ts";
import type { LedgerEntry, LedgerTransactionKind } from "#core/wallet/ledger.ts";
import { walletSummary } from "#core/wallet/wallet.ts";
import { NO_STORE } from "#app/booking/answers.server.ts";
import { factorPath, prefactorPath } from "#app/booking/paths.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { href } from "#app/links.ts";
import { dateBasics, panelFrame, requireAccount, type PanelFrame } from "./panel.server.ts";

/**
 * The wallet of the user panel (`/account/wallet`, issue 10): what the agency owes the traveller
 * (below zero while they use granted credit), how much they may still spend, and every movement,
 * newest first, each with what it was for and a link to its booking or payment.
 */
export const WALLET_PAGE_SIZE = 50;

export interface WalletEntryRow {
  id: string;
  /** ISO, for the `<time>` element. */
  at: string;
  /** The day (the page's calendar) and the clock in Tehran, in the page's digits. */
  date: string;
  time: string;
  /** Positive tomans; `direction` says which way they moved. */
  amount: number;
  direction: "in" | "out";
  kind: LedgerTransactionKind;
  /** The booking or payment it was for, where it can be shown. */
  link: { kind: "booking" | "payment"; href: string; reference: string } | null;
}

export interface WalletPage {
  frame: PanelFrame;
  balance: number;
  creditLimit: number;
  available: number;
  entries: WalletEntryRow[];
  /** The next page of older entries, when there are any. */
  olderHref: string | null;
  /** Back to the newest entries, on an older page. */
  newestHref: string | null;
  topupHref: string;
}

/** The paging cursor of an entry: its time and id, the order the ledger pages by. */
export function walletCursor(entry: Pick<LedgerEntry, "id" | "at">): string {
  return `${entry.at.getTime()}_${entry.id}`;
}

/** A cursor read back; anything else (typed by hand, cut short) is the first page. */
export function parseWalletCursor(text: string | null): Pick<LedgerEntry, "id" | "at"> | null {
  const match = text ? /^(\d{1,15})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(text) : null;
  if (!match) return null;
  const at = new Date(Number(match[1]));
  return Number.isNaN(at.getTime()) ? null : { id: match[2]!.toLowerCase(), at };
}

/** An entry's moment as the page writes it: the day in Tehran in the page's calendar, and the clock, in the page's digits. */
export function entryMoment(at: Date, locale: Locale, calendar: CalendarKind): { date: string; time: string } {
  const zoned = fromAbsolute(at.getTime(), TRAVEL_TIME_ZONE);
  const clock = `${String(zoned.hour).padStart(2, "0")}:${String(zoned.minute).padStart(2, "0")}`;
  return { date: localizeDigits(locale, dateText(toCalendarDate(zoned).toString(), calendar)), time: localizeDigits(locale, clock) };
}

export async function walletLoader(request: Request, context: AppLoadContext) {
  const account = await requireAccount(request, context);
  const locale = context.locale.locale;
  const { calendar } = dateBasics(request, context);
  const before = parseWalletCursor(new URL(request.url).searchParams.get("before"));
  // One more than a page: whether an older page exists, without counting the wallet's entries.
  const summary = await walletSummary(context.ledger, {
    tenantId: context.tenant.id,
    userId: account.id,
    limit: WALLET_PAGE_SIZE + 1,
    ...(before ? { before } : {}),
  });
  const shown = summary.entries.slice(0, WALLET_PAGE_SIZE);

  // Each booking once, within this tenant; one that cannot be read shows its entry without a link.
  const bookingIds = [...new Set(shown.flatMap((entry) => (entry.links.bookingId ? [entry.links.bookingId] : [])))];
  const bookings = new Map<string, Booking>();
  await Promise.all(
    bookingIds.map(async (id) => {
      const booking = await context.bookings.findById(context.tenant.id, id).catch(() => null);
      if (booking) bookings.set(id, booking);
    }),
  );

  // Top-ups have no booking: their payment's result page is the link.
  const paymentIds = [
    ...new Set(shown.flatMap((entry) => (entry.links.paymentId && !entry.links.bookingId ? [entry.links.paymentId] : []))),
  ];
  const payments = new Map<string, { hashId: string }>();
  await Promise.all(
    paymentIds.map(async (id) => {
      const payment = await context.payments.findById(context.tenant.id, id).catch(() => null);
      if (payment) payments.set(id, payment);
    }),
  );

  const now = context.now();
  const linkOf = (entry: LedgerEntry): WalletEntryRow["link"] => {
    const booking = entry.links.bookingId ? bookings.get(entry.links.bookingId) : undefined;
    if (booking) {
      // Still payable: its pre-invoice, where it is paid; otherwise its invoice.
      const target = isPayable(booking.status, booking.holdExpiresAt, now) ? prefactorPath(locale, booking) : factorPath(locale, booking);
      return { kind: "booking", href: target, reference: booking.reference };
    }
    const payment = entry.links.paymentId ? payments.get(entry.links.paymentId) : undefined;
    if (payment)
      return {
        kind: "payment",
        href: localizePath(locale, `/payment/paymentp/wallet/${payment.hashId}`),
        reference: payment.hashId.slice(0, 8),
      };
    return null;
  };

  const base = href(locale, "account-wallet");
  const last = shown.at(-1);
  const page: WalletPage = {
    frame: panelFrame(context, account),
    balance: summary.balance,
    creditLimit: summary.creditLimit,
    available: summary.available,
    entries: shown.map((entry) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      ...entryMoment(entry.at, locale, calendar),
      amount: Math.abs(entry.amount),
      direction: entry.amount > 0 ? "in" : "out",
      kind: entry.kind,
      link: linkOf(entry),
    })),
    olderHref: summary.entries.length > WALLET_PAGE_SIZE && last ? `${base}?before=${walletCursor(last)}` : null,
    newestHref: before ? base : null,
    topupHref: href(locale, "account-wallet-topup"),
  };
  return data(page, { headers: NO_STORE });
}
