import { formatNumber, translate } from "#core/i18n/messages.ts";
import "#core/i18n/catalogs.ts";
import type { Booking, BookingTicket } from "#core/booking/booking.ts";
import { isLocale, type Locale } from "#core/i18n/locales.ts";
import type { PlaceService } from "#core/places/place.ts";
import { placeNameIn, placeNamesOf } from "#core/services/place-names.ts";
import type { SmsSender } from "#core/ports.ts";
import { moduleOfBooking } from "#core/services/service-modules.ts";
import type { Logger } from "./logger.ts";

/**
 * Messages to travellers (issue 8): the ticket summary by SMS once tickets are issued, in the
 * language the booking was made in and the words of its service (a voucher, a policy). A message that cannot be sent is logged; it never undoes a
 * ticket.
 */
export interface Notifications {
  ticketIssued(booking: Booking, tickets: BookingTicket[]): Promise<void>;
  /** The agency paid a card refund (issue 16 §4): the amount and the bank's reference. True when sent. */
  refundPaid(booking: Booking, refund: { amount: number; bankReference: string }): Promise<boolean>;
}

export function createNotifications(input: {
  smsFor(tenantId: string): Promise<SmsSender>;
  log: Pick<Logger, "warn">;
  /** A place's name by the code an item stores (a train's station slug); without it the SMS shows codes. */
  placeName?: (code: string, places: PlaceService, locale: Locale) => Promise<string | null>;
}): Notifications {
  return {
    async ticketIssued(booking, tickets) {
      const locale = isLocale(booking.locale) ? booking.locale : "fa";
      const module = moduleOfBooking(booking);
      // SMS dates are typed-style (Latin digits), in the booking language's calendar.
      const lookup = input.placeName;
      const names = lookup ? await placeNamesOf([booking], (code, places) => lookup(code, places, locale)) : new Map<string, string>();
      const describe = {
        locale,
        calendar: locale === "fa" ? ("persian" as const) : ("gregorian" as const),
        placeName: placeNameIn(names, module.places),
      };
      const legs = booking.items.map((item) => {
        const pnr = tickets.find((ticket) => ticket.itemPosition === item.position)?.pnr ?? "";
        return module.smsLine(item.offer, pnr, describe);
      });
      const text = [
        translate(locale, "sms.ticketIssued", { issued: translate(locale, module.document.issued), reference: booking.reference }),
        ...legs,
      ].join("\n");
      try {
        const sms = await input.smsFor(booking.tenantId);
        const sent = await sms.send({
          mobile: booking.contact.mobile,
          text,
          template: { name: "ticket-issued", tokens: [booking.reference] },
        });
        if (!sent.ok) input.log.warn({ reference: booking.reference, error: sent.error }, "ticket SMS not sent");
      } catch (error) {
        input.log.warn({ err: error, reference: booking.reference }, "ticket SMS failed");
      }
    },

    async refundPaid(booking, refund) {
      const locale = isLocale(booking.locale) ? booking.locale : "fa";
      const amount = formatNumber(locale, refund.amount);
      const text = translate(locale, "sms.refundPaid", { reference: booking.reference, amount, bankReference: refund.bankReference });
      try {
        const sms = await input.smsFor(booking.tenantId);
        const sent = await sms.send({
          mobile: booking.contact.mobile,
          text,
          template: { name: "refund-paid", tokens: [booking.reference, String(refund.amount)] },
        });
        if (!sent.ok) input.log.warn({ reference: booking.reference, error: sent.error }, "refund SMS not sent");
        return sent.ok;
      } catch (error) {
        input.log.warn({ err: error, reference: booking.reference }, "refund SMS failed");
        return false;
      }
    },
  };
}
