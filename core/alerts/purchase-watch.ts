import type { SavedPassengerFields } from "../accounts/account.ts";
import type { AccountRepository } from "../accounts/ports.ts";
import type { Locale } from "../i18n/locales.ts";
import { formatNumber, translate, type MessageKey } from "../i18n/messages.ts";
import { readableDate } from "../search/dates.ts";
import type { Passengers } from "../search/search-forms.ts";
import type { WatchOffer, WatchService } from "./watch.ts";
import { seatsFor } from "./watch.ts";

/**
 * What auto-reserve items and desired-price orders share (issue 22 §2, §3): the history rows, the
 * SMS that wait for the agency's daily budget, the batching key and the wording of their messages.
 */

/** How often a waiting item or open order is looked at again. */
export const CHECK_EVERY_MINUTES = 5;
/** A worker's claim on one item while it buys: long enough for a hold, a payment and the tickets. */
export const CLAIM_MINUTES = 10;

export type WatchSubjectKind = "auto-reserve" | "desired-price";

/** One line of an item's or order's history; an "sms-due" one is a message waiting for the budget, "sms" once sent. */
export interface WatchEventInput {
  kind: string;
  detail?: Record<string, unknown>;
}

export interface WatchEvent {
  kind: string;
  detail: Record<string, unknown>;
  at: Date;
}

/** An SMS to queue with a state change, written in the same transaction so it is queued exactly once. */
export function smsEvent(mobile: string, text: string, about: string): WatchEventInput {
  return { kind: "sms-due", detail: { mobile, text, about } };
}

/** The searches of one job run: every row with the same key is judged against one search's offers. */
export function groupKey(service: WatchService, from: string, to: string, date: string, party: Passengers): string {
  return [service, from, to, date, party.adults, party.children, party.infants].join("|");
}

/** The local time of day ("HH:MM") of an ISO instant written with its own offset, as the timetable shows it. */
export function localTime(departAt: string): string {
  return departAt.slice(11, 16);
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isTimeOfDay = (value: unknown): value is string => typeof value === "string" && TIME.test(value);

/** Offers the party can take, cheapest first. */
export function offersWithSeats(offers: readonly WatchOffer[], party: Passengers): WatchOffer[] {
  return offers.filter((offer) => offer.seatsLeft >= seatsFor(party)).sort((a, b) => a.total - b.total);
}

/** The saved travellers of an item or order as stored in its row (copied at creation). */
export function storedTravellers(value: unknown): SavedPassengerFields[] {
  return Array.isArray(value) ? (value as SavedPassengerFields[]) : [];
}

/** A message's text in the traveller's language: dates in their calendar, amounts in their digits. */
export function watchText(
  locale: Locale,
  key: MessageKey,
  params: Record<string, string | number | null | undefined> & { date?: string; amount?: number; link?: string | null },
): string {
  const { date, amount, link, ...rest } = params;
  return translate(locale, key, {
    ...rest,
    // The panel page's absolute address; a tenant without a host sends the text alone.
    link: link ?? "",
    ...(typeof date === "string" ? { date: readableDate(date, locale, locale === "fa" ? "persian" : "gregorian") } : {}),
    ...(typeof amount === "number" ? { amount: formatNumber(locale, amount) } : {}),
  }).trim();
}

/** Where an SMS sends the traveller: the panel page of the item or order, on the tenant's own host. */
export type PanelLink = (tenantId: string, locale: Locale, path: string) => Promise<string | null>;

/** A place's name in a language by the code its service stores ("MHD" → "مشهد"); null when unknown. */
export type PlaceNamer = (service: WatchService, code: string, locale: Locale) => Promise<string | null>;

/** "Tehran to Mashhad" in the traveller's language for an SMS; codes stand in for names nobody knows. */
export async function routeInWords(
  row: { service: WatchService; from: string; to: string; locale: Locale },
  placeName: PlaceNamer | undefined,
): Promise<string> {
  const name = async (code: string) => (placeName ? await placeName(row.service, code, row.locale).catch(() => null) : null) ?? code;
  const [from, to] = await Promise.all([name(row.from), name(row.to)]);
  return translate(row.locale, "alerts.sms.route", { from, to });
}

/**
 * The traveller's mobile for one job run, read once per account however many items or orders the
 * account has in the run (their SMS go to it); null when the account is gone.
 */
export function mobilesForRun(
  accounts: Pick<AccountRepository, "findById">,
): (owner: { tenantId: string; userId: string }) => Promise<string | null> {
  const mobiles = new Map<string, Promise<string | null>>();
  return (owner) => {
    let mobile = mobiles.get(owner.userId);
    if (!mobile) {
      mobile = accounts.findById(owner.tenantId, owner.userId).then((account) => account?.mobile ?? null);
      mobiles.set(owner.userId, mobile);
    }
    return mobile;
  };
}
