/**
 * The words of a payment link (issue 23 §2): where it points and the SMS that carries it, in the
 * booking's language, with the amount, the trip in words and the time the hold ends.
 */
import type { Booking } from "../booking/booking.ts";
import { isLocale, localizePath, type Locale } from "../i18n/locales.ts";
import { formatNumber, localizeDigits, translate } from "../i18n/messages.ts";
import type { PlaceService } from "../places/place.ts";
import { placeNameIn, placeNamesOf } from "../services/place-names.ts";
import { moduleOfBooking } from "../services/service-modules.ts";
import type { LocalizedText } from "../tenants/site-config.ts";

/** The path of a payment link in a language: `/payment/link/{token}`, `/en/payment/link/{token}`. */
export function paymentLinkPath(locale: Locale, token: string): string {
  return localizePath(locale, `/payment/link/${token}`);
}

/** Hours and minutes in Tehran, where every hold is counted: "14:20". */
export function tehranClock(at: Date): string {
  return new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "Asia/Tehran" }).format(at);
}

/** The trip in words for a stranger: each item's title ("Tehran to Mashhad") and day, in the booking's language. */
export async function tripWords(
  booking: Booking,
  placeName?: (code: string, places: PlaceService, locale: Locale) => Promise<string | null>,
): Promise<string> {
  const locale = isLocale(booking.locale) ? booking.locale : "fa";
  const module = moduleOfBooking(booking);
  const names = placeName ? await placeNamesOf([booking], (code, places) => placeName(code, places, locale)) : new Map<string, string>();
  const calendar = locale === "fa" ? ("persian" as const) : ("gregorian" as const);
  const describe = { locale, calendar, placeName: placeNameIn(names, module.places) };
  return booking.items
    .map((item) => {
      const summary = module.summary(item.offer, describe);
      return `${summary.title} (${summary.date})`;
    })
    .join("، ");
}

/** The SMS that carries a payment link, in the booking's language. */
export function paymentLinkSms(
  booking: Booking,
  input: { site: LocalizedText; trip: string; origin: string; token: string },
): { text: string; url: string } {
  const locale = isLocale(booking.locale) ? booking.locale : "fa";
  const url = `${input.origin}${paymentLinkPath(locale, input.token)}`;
  const text = translate(locale, "payByOthers.sms", {
    site: input.site[locale] ?? input.site.fa,
    amount: formatNumber(locale, booking.price.total),
    trip: input.trip,
    time: localizeDigits(locale, tehranClock(booking.holdExpiresAt)),
    url,
  });
  return { text, url };
}
