import type { Booking } from "#core/booking/booking.ts";
import { localizePath, type Locale } from "#core/i18n/locales.ts";

/** The pre-invoice of a booking: `/flight/prefactor/{reference}/{hashId}`, or `/flightRtrip/…` for a round trip. */
export function prefactorPath(locale: Locale, booking: Pick<Booking, "service" | "reference" | "hashId">): string {
  const base = booking.service === "flightRtrip" ? "flightRtrip" : "flight";
  return localizePath(locale, `/${base}/prefactor/${booking.reference}/${booking.hashId}`);
}

/** The invoice and tickets of a booking: `/flight/factor/{reference}/{hashId}`, or `/flightRtrip/…`. */
export function factorPath(locale: Locale, booking: Pick<Booking, "service" | "reference" | "hashId">): string {
  const base = booking.service === "flightRtrip" ? "flightRtrip" : "flight";
  return localizePath(locale, `/${base}/factor/${booking.reference}/${booking.hashId}`);
}
