import type { Booking } from "#core/booking/booking.ts";
import { localizePath, type Locale } from "#core/i18n/locales.ts";
import { moduleOfBooking } from "#core/services/service-modules.ts";

/** The pre-invoice of a booking, where its service's module puts it (`/flight/prefactor/{reference}/{hashId}`, `/flightRtrip/…`). */
export function prefactorPath(locale: Locale, booking: Pick<Booking, "service" | "reference" | "hashId">): string {
  return localizePath(locale, moduleOfBooking(booking).prefactorPath(booking));
}

/** The invoice and tickets of a booking, where its service's module puts it (`/flight/factor/{reference}/{hashId}`, `/flightRtrip/…`). */
export function factorPath(locale: Locale, booking: Pick<Booking, "service" | "reference" | "hashId">): string {
  return localizePath(locale, moduleOfBooking(booking).factorPath(booking));
}

/** Issue 23: the official invoices of a booking (`/invoice/official/{hashId}`). */
export function officialInvoicePath(locale: Locale, hashId: string): string {
  return localizePath(locale, `/invoice/official/${hashId}`);
}
