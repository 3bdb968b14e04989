/**
 * Payment by others (issue 23 §2): the traveller sends a link to any mobile, and whoever opens it
 * pays the booking through a gateway. The link carries a 256-bit random token; only its SHA-256
 * is stored, so a database leak opens no booking. A link lives until the booking's hold ends and
 * stops working once the booking is paid (or anything else ends the hold).
 */
import type { Booking } from "../booking/booking.ts";
import { isPayable } from "../booking/booking-state.ts";
import { DEFAULT_DAILY_SMS_BUDGET, tehranDayStart } from "../accounts/otp.ts";
import { normalizeMobile } from "../passengers/passenger-rules.ts";
import type { Clock, SmsSender } from "../ports.ts";
import { tenantOffers } from "../tenants/options.ts";

/** 32 random bytes: 256 bits, written as 43 base64url characters. */
export const LINK_TOKEN_BYTES = 32;
/** Links one booking may send: each is an SMS the agency pays for, to a number the traveller chose. */
export const MAX_LINKS_PER_BOOKING = 5;

export interface PaymentLink {
  id: string;
  tenantId: string;
  bookingId: string;
  mobile: string;
  expiresAt: Date;
  paidAt: Date | null;
  createdAt: Date;
}

export interface PaymentLinkRepository {
  create(input: {
    tenantId: string;
    bookingId: string;
    tokenHash: string;
    mobile: string;
    expiresAt: Date;
    at: Date;
  }): Promise<PaymentLink>;
  /** Links ever made for a booking. */
  countForBooking(bookingId: string): Promise<number>;
  /** Links the agency sent since `since`: each was an SMS, counted against its daily budget. */
  countForTenantSince(tenantId: string, since: Date): Promise<number>;
  findByTokenHash(tenantId: string, tokenHash: string): Promise<PaymentLink | null>;
}

export function newLinkToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(LINK_TOKEN_BYTES));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** What a link's path may hold: anything else is not one of ours, answered without a database read. */
export function isLinkToken(text: string | undefined): text is string {
  return typeof text === "string" && /^[A-Za-z0-9_-]{43}$/.test(text);
}

/** SHA-256 of the token, hex: what the database keeps. */
export async function hashLinkToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * What a link opens to: the booking to pay, or gone. Paid covers every state past payment (paid,
 * issued, refunded…): the stranger has nothing left to do. Expired covers a hold that ran out or
 * a booking cancelled before anyone paid.
 */
export type LinkState = "open" | "paid" | "expired";

export function linkState(
  link: Pick<PaymentLink, "expiresAt" | "paidAt">,
  booking: Pick<Booking, "status" | "holdExpiresAt">,
  now: Date,
): LinkState {
  if (link.paidAt || ["paid", "issued", "refund_requested", "refunded"].includes(booking.status)) return "paid";
  if (link.expiresAt.getTime() <= now.getTime() || !isPayable(booking.status, booking.holdExpiresAt, now)) return "expired";
  return "open";
}

export type CreateLinkRefusal = "OPTION_NOT_ACTIVE" | "MOBILE_INVALID" | "NOT_PAYABLE" | "TOO_MANY_LINKS" | "SMS_BUDGET" | "SEND_FAILED";

/**
 * Makes a link for a held booking and sends it by SMS to `mobile`. The link ends when the hold
 * does (it is never longer than the time left to pay). `message` writes the SMS from the link's
 * token (the caller knows the host and the booking's language).
 */
export async function createPaymentLink(
  input: {
    tenant: { id: string; optionActive: readonly string[]; smsDailyBudget: number | null };
    booking: Booking;
    mobile: string;
  },
  deps: { links: PaymentLinkRepository; clock: Clock; sms: SmsSender; message(token: string): string },
): Promise<{ ok: true; token: string; expiresAt: Date; mobile: string } | { ok: false; error: CreateLinkRefusal }> {
  const { tenant, booking } = input;
  if (!tenantOffers(tenant, "payByOthers")) return { ok: false, error: "OPTION_NOT_ACTIVE" };
  const mobile = normalizeMobile(input.mobile);
  if (!mobile) return { ok: false, error: "MOBILE_INVALID" };
  const now = deps.clock.now();
  if (booking.tenantId !== tenant.id || !isPayable(booking.status, booking.holdExpiresAt, now)) return { ok: false, error: "NOT_PAYABLE" };
  if ((await deps.links.countForBooking(booking.id)) >= MAX_LINKS_PER_BOOKING) return { ok: false, error: "TOO_MANY_LINKS" };
  // The same daily budget as sign-in codes: a link is an SMS to a number nobody proved.
  const sentToday = await deps.links.countForTenantSince(tenant.id, tehranDayStart(now));
  if (sentToday >= (tenant.smsDailyBudget ?? DEFAULT_DAILY_SMS_BUDGET)) return { ok: false, error: "SMS_BUDGET" };
  const token = newLinkToken();
  await deps.links.create({
    tenantId: tenant.id,
    bookingId: booking.id,
    tokenHash: await hashLinkToken(token),
    mobile,
    expiresAt: booking.holdExpiresAt,
    at: now,
  });
  const sent = await deps.sms
    .send({ mobile, text: deps.message(token), template: { name: "payment-link", tokens: [booking.reference] } })
    .catch(() => ({ ok: false as const, error: "THROWN" }));
  if (!sent.ok) return { ok: false, error: "SEND_FAILED" };
  return { ok: true, token, expiresAt: booking.holdExpiresAt, mobile };
}

/** The link of a token at this agency with its booking, or null when there is none (the 404 of an unknown link). */
export async function openPaymentLink(
  input: { tenantId: string; token: string },
  deps: { links: PaymentLinkRepository; bookings: { findById(tenantId: string, id: string): Promise<Booking | null> }; clock: Clock },
): Promise<{ link: PaymentLink; booking: Booking; state: LinkState } | null> {
  if (!isLinkToken(input.token)) return null;
  const link = await deps.links.findByTokenHash(input.tenantId, await hashLinkToken(input.token));
  if (!link) return null;
  const booking = await deps.bookings.findById(input.tenantId, link.bookingId);
  if (!booking) return null;
  return { link, booking, state: linkState(link, booking, deps.clock.now()) };
}
