import { data, redirect, type AppLoadContext } from "react-router";
import { isHashId, normalizeReference, type Booking } from "#core/booking/booking.ts";
import { localizePath } from "#core/i18n/locales.ts";
import { normalizeMobile } from "#core/passengers/passenger-rules.ts";
import { moduleOfBooking } from "#core/services/service-modules.ts";
import type { ServiceDocument } from "#core/services/service-module.ts";
import { quoteRefund, refundBooking, type RefundQuoteResult } from "#core/refunds/refund-booking.ts";
import { refundInPersonText, refundWindowText, type RefundTextContext } from "#core/refunds/refund-text.ts";
import { calendarOf } from "#app/search/search-page.server.ts";
import { href } from "#app/links.ts";
import { factorPath, prefactorPath } from "./paths.ts";
import { NO_STORE, refusalStatus } from "./answers.server.ts";
import { refuseBadCsrf, requireBookingAccess } from "./access.server.ts";

/**
 * Booking tracking (`/follow`, issue 8): a booking is found by its short reference and the
 * contact mobile, with one and the same answer for any mismatch and a limit on tries; once found,
 * its unguessable hashId carries the visitor to its status, tickets and refund.
 */
export const FOLLOW_LIMIT = 10;
export const FOLLOW_WINDOW_SECONDS = 10 * 60;

export interface FollowPage {
  booking: {
    reference: string;
    hashId: string;
    status: Booking["status"];
    /** The first item's ends by code ("THR-MHD"); empty when it has no route (a hotel). */
    route: string;
    /** The words of the booking's service (its supplier's code, its download). */
    document: ServiceDocument;
    total: number;
    factorHref: string;
    prefactorHref: string;
    pdfHref: string | null;
    /** `code`: the item's code from its service module ("IR 451"). */
    tickets: { code: string; passenger: string; pnr: string; ticketNumber: string }[];
  } | null;
  quote:
    | { paid: number; penalty: number; refundAmount: number; lines: RefundLineView[] }
    | {
        error: Extract<RefundQuoteResult, { ok: false }>["error"];
        /** What is left when online refund is closed (IN_PERSON_ONLY): the part refunded in person at the terminal, and until when. */
        message?: string;
      }
    | null;
  refund: { penalty: number; amount: number; status: string; destination: "card" | "wallet" } | null;
  /** The booking is the signed-in account's: its refund may go to the account's wallet, at once. */
  walletRefund: boolean;
  /** The account's wallet page, where a wallet refund shows. */
  walletHref: string;
  csrf: string;
}

/** One item of a refund quote as the page shows it: texts already in the page's language, digits and calendar. */
export interface RefundLineView {
  /** The item's code from its service module ("IR 451", a train number). */
  code: string;
  penaltyPercent: number;
  /** The window that applies now, in words: "30% penalty until 3 hours before departure". */
  window: string;
  /** Every window of the item's rule in words, the one that applies now marked. */
  timeline: { text: string; current: boolean }[];
}

function refundLineView(line: Extract<RefundQuoteResult, { ok: true }>["lines"][number], context: RefundTextContext): RefundLineView {
  const { window } = line;
  return {
    code: line.code,
    penaltyPercent: line.penaltyPercent,
    window: refundWindowText({ ...window, penaltyPercent: line.penaltyPercent }, context),
    timeline: line.timeline.map((stage) => ({
      text: refundWindowText(stage, context),
      current: stage.label === window.label && stage.endsAt === window.endsAt,
    })),
  };
}

/** Whether this booking's refund may go to a wallet: only the account it belongs to, signed in, has one. */
async function ownsBooking(context: AppLoadContext, booking: Booking): Promise<boolean> {
  if (!booking.userId) return false;
  const signedIn = await context.auth.current();
  return signedIn?.account.id === booking.userId;
}

export async function followLoader(request: Request, context: AppLoadContext) {
  const locale = context.locale.locale;
  const hashId = new URL(request.url).searchParams.get("booking");
  const walletHref = href(locale, "account-wallet");
  if (!hashId)
    return data<FollowPage>(
      { booking: null, quote: null, refund: null, walletRefund: false, walletHref, csrf: context.csrf.token() },
      { headers: NO_STORE },
    );
  const booking = await requireBookingAccess(
    request,
    context,
    isHashId(hashId) ? await context.bookings.findByHashId(context.tenant.id, hashId) : null,
  );
  // One moment for the quote and its words: "until 14:30" is today's only if both agree on today.
  const now = context.now();
  const clock = { now: () => now };
  const quote =
    booking.status === "issued" ? await quoteRefund(booking, { suppliers: context.suppliers, clock, bookings: context.bookings }) : null;
  const refund = await context.refunds.findByBooking(booking.id);
  const tickets = await context.bookings.tickets(booking.id);
  const module = moduleOfBooking(booking);
  const refundText: RefundTextContext = { locale, calendar: calendarOf(request, locale), now, from: module.document.refundFrom };
  const codes = booking.items.map((item) => module.facts(item.offer));
  const first = codes[0];
  const page: FollowPage = {
    booking: {
      reference: booking.reference,
      hashId: booking.hashId,
      status: booking.status,
      route: first?.from && first.to ? `${first.from}-${first.to}` : "",
      document: module.document,
      total: booking.price.total,
      factorHref: factorPath(locale, booking),
      prefactorHref: prefactorPath(locale, booking),
      pdfHref: booking.status === "issued" ? `/api/v1/bookings/${booking.hashId}/ticket.pdf?lang=${locale}` : null,
      tickets: tickets.map((ticket) => {
        const passenger = booking.passengers[ticket.passengerPosition];
        return {
          code: codes[booking.items.findIndex((item) => item.position === ticket.itemPosition)]?.code ?? "",
          passenger: passenger ? `${passenger.firstName} ${passenger.lastName}` : "",
          pnr: ticket.pnr,
          ticketNumber: ticket.ticketNumber,
        };
      }),
    },
    quote: quote
      ? quote.ok
        ? {
            paid: quote.paid,
            penalty: quote.penalty,
            refundAmount: quote.refundAmount,
            lines: quote.lines.map((line) => refundLineView(line, refundText)),
          }
        : quote.error === "IN_PERSON_ONLY"
          ? { error: quote.error, message: refundInPersonText(quote, locale) }
          : { error: quote.error }
      : null,
    refund: refund ? { penalty: refund.penalty, amount: refund.amount, status: refund.status, destination: refund.destination } : null,
    walletRefund: await ownsBooking(context, booking),
    walletHref,
    csrf: context.csrf.token(),
  };
  return data(page, { headers: NO_STORE });
}

export interface FollowActionData {
  error:
    "NOT_FOUND" | "RATE_LIMITED" | "SHEBA_INVALID" | "NOT_REFUNDABLE_NOW" | "NON_REFUNDABLE" | "IN_PERSON_ONLY" | "CONFIRM_REQUIRED" | null;
  values: Record<string, string>;
}

export async function followAction(request: Request, context: AppLoadContext) {
  const locale = context.locale.locale;
  const form = await request.formData();
  refuseBadCsrf(context, form);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 100) : "";
  };
  const status = (code: number) => refusalStatus(context, code);
  const reply = (error: FollowActionData["error"], code: number, values: Record<string, string>) =>
    data<FollowActionData>({ error, values }, { status: status(code), headers: NO_STORE });

  if (field("intent") === "refund") {
    const hashId = field("booking");
    const booking = await requireBookingAccess(
      request,
      context,
      isHashId(hashId) ? await context.bookings.findByHashId(context.tenant.id, hashId) : null,
    );
    // The wallet is offered only to the booking's own account; anyone else's choice of it is refused below.
    const toWallet = field("to") === "wallet";
    const values = { sheba: field("sheba"), to: toWallet ? "wallet" : "card" };
    if (field("confirm") !== "1") return reply("CONFIRM_REQUIRED", 400, values);
    if (toWallet && !(await ownsBooking(context, booking))) return reply("NOT_REFUNDABLE_NOW", 409, values);
    const result = await refundBooking(
      { booking, to: toWallet ? { to: "wallet" } : { to: "card", sheba: values.sheba }, cause: "traveller (web, /follow)" },
      {
        suppliers: context.suppliers,
        refunds: context.refunds,
        bookings: context.bookings,
        clock: { now: () => context.now() },
        ledger: context.ledger,
      },
    );
    if (!result.ok)
      return reply(
        result.error === "DESTINATION_UNAVAILABLE" ? "NOT_REFUNDABLE_NOW" : result.error,
        result.error === "SHEBA_INVALID" ? 400 : 409,
        values,
      );
    throw redirect(`${localizePath(locale, "/follow")}?booking=${booking.hashId}`, { status: 303, headers: NO_STORE });
  }

  const values = { reference: field("reference"), mobile: field("mobile") };
  const verdict = await context.rateLimit("follow", FOLLOW_LIMIT, FOLLOW_WINDOW_SECONDS);
  if (!verdict.allowed) return reply("RATE_LIMITED", 429, values);
  const reference = normalizeReference(values.reference);
  const mobile = normalizeMobile(values.mobile);
  // The lookup runs even for malformed input, so a wrong part cannot be told from the time it takes.
  const hashId = await context.bookings.findHashIdByReference(
    context.tenant.id,
    /^[2-9A-HJ-NP-Z]{8}$/.test(reference) ? reference : "-",
    mobile ?? "-",
  );
  if (!hashId || !mobile) return reply("NOT_FOUND", 404, values);
  throw redirect(`${localizePath(locale, "/follow")}?booking=${hashId}`, { status: 303, headers: NO_STORE });
}
