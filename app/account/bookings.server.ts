import { data, type AppLoadContext } from "react-router";
import type { Booking } from "#core/booking/booking.ts";
import { isPayable, visibleStatus } from "#core/booking/booking-state.ts";
import { localizePath } from "#core/i18n/locales.ts";
import { dateText } from "#core/search/dates.ts";
import { placeNameIn, placeNamesOf } from "#core/services/place-names.ts";
import { moduleOfBooking } from "#core/services/service-modules.ts";
import type { ServiceDocument } from "#core/services/service-module.ts";
import { isServiceEnabled } from "#core/tenants/site-config.ts";
import { NO_STORE } from "#app/booking/answers.server.ts";
import { factorPath, prefactorPath } from "#app/booking/paths.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { href } from "#app/links.ts";
import { dateBasics, panelFrame, requireAccount, type PanelFrame } from "./panel.server.ts";

/** "My bookings" (`/account/bookings`): the account's bookings, newest first, each with its next step. */
export const BOOKINGS_SHOWN = 50;

export interface AccountBookingRow {
  reference: string;
  hashId: string;
  /** As stored, except that a hold past its time reads as expired before the job has run. */
  status: Booking["status"];
  roundTrip: boolean;
  /** The first item's places (a flight's airports): codes, and names where the places know them. */
  from: { code: string; name: string | null };
  to: { code: string; name: string | null };
  /** The first item's start (a departure), ISO, and its day and clock as the page writes them (calendar, digits). */
  departAt: string;
  departureDate: string;
  departureTime: string;
  total: number;
  /** The words of the booking's service: what its start is called (a departure, a check-in) and its PDF link. */
  document: ServiceDocument;
  /** The pre-invoice while the booking can still be paid, else null. */
  prefactorHref: string | null;
  factorHref: string;
  pdfHref: string | null;
  followHref: string;
}

export interface AccountBookingsPage {
  frame: PanelFrame;
  bookings: AccountBookingRow[];
  searchHref: string;
}

export async function accountBookingsLoader(request: Request, context: AppLoadContext) {
  const account = await requireAccount(request, context);
  const locale = context.locale.locale;
  const { calendar } = dateBasics(request, context);
  const now = context.now();
  const bookings = await context.bookings.listForUser(context.tenant.id, account.id, BOOKINGS_SHOWN);

  // Each place once, whatever the number of bookings; a place that cannot be named shows its code.
  const names = await placeNamesOf(
    bookings,
    async (code, places) => (await context.places.byRouteCode(code, places, locale))?.name ?? null,
  );

  const rows = bookings.map((booking): AccountBookingRow => {
    const module = moduleOfBooking(booking);
    const first = booking.items[0] ? module.facts(booking.items[0].offer) : null;
    const placeName = placeNameIn(names, module.places);
    const payable = isPayable(booking.status, booking.holdExpiresAt, now);
    const departAt = first?.startsAt ?? "";
    return {
      reference: booking.reference,
      hashId: booking.hashId,
      status: visibleStatus(booking, now),
      roundTrip: booking.service === "flightRtrip" || booking.items.length > 1,
      from: { code: first?.from ?? "", name: first?.from ? (placeName(first.from) ?? null) : null },
      to: { code: first?.to ?? "", name: first?.to ? (placeName(first.to) ?? null) : null },
      departAt,
      departureDate: departAt ? localizeDigits(locale, dateText(departAt.slice(0, 10), calendar)) : "",
      departureTime: localizeDigits(locale, departAt.slice(11, 16)),
      total: booking.price.total,
      document: module.document,
      prefactorHref: payable ? prefactorPath(locale, booking) : null,
      factorHref: factorPath(locale, booking),
      pdfHref: booking.status === "issued" ? `/api/v1/bookings/${booking.hashId}/ticket.pdf?lang=${locale}` : null,
      followHref: `${localizePath(locale, "/follow")}?booking=${booking.hashId}`,
    };
  });

  const page: AccountBookingsPage = {
    frame: panelFrame(context, account),
    bookings: rows,
    searchHref: isServiceEnabled(context.tenant, "flight") ? href(locale, "flight") : href(locale, "home"),
  };
  return data(page, { headers: NO_STORE });
}
