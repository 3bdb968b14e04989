import { data, type AppLoadContext } from "react-router";
import { BOOKING_PAGE_SIZE, bookingDossier } from "#core/back-office/booking-search.ts";
import { smsLogFilterOf } from "#core/back-office/sms-log.ts";
import { BOOKING_STATES, type BookingState } from "#core/booking/booking-state.ts";
import { typedCode } from "#core/i18n/digits.ts";
import { formatNumber, localizeDigits } from "#core/i18n/messages.ts";
import { normalizeMobile } from "#core/passengers/passenger-rules.ts";
import { SERVICE_IDS, type ServiceId } from "#core/services/service-ids.ts";
import { maskMobile } from "#app/account/panel.server.ts";
import { NO_STORE } from "#app/booking/answers.server.ts";
import { adminLoader } from "./guard.server.ts";
import { whenOf, type When } from "./when.server.ts";

export type BookingFilterField = "reference" | "mobile" | "from" | "to" | "status" | "service";
export type BookingFilterError = "MOBILE_INVALID" | "DATE_INVALID";
/** The services a booking can be of (the blog sells nothing). */
export const BOOKABLE_SERVICES = SERVICE_IDS.filter((service) => service !== "blog");
export type BookableService = Exclude<ServiceId, "blog">;

export interface BookingListRow {
  reference: string;
  hashId: string;
  service: BookableService;
  status: BookingState;
  total: string;
  mobile: string;
  created: When;
}

export interface BookingsPage {
  values: Record<BookingFilterField, string>;
  errors: Partial<Record<BookingFilterField, BookingFilterError>>;
  dateExample: string;
  statuses: readonly BookingState[];
  services: readonly BookableService[];
  rows: BookingListRow[];
  total: number;
  page: number;
  pages: number;
  query: string;
}

const isStatus = (value: string): value is BookingState => (BOOKING_STATES as readonly string[]).includes(value);
const isService = (value: string): value is BookableService => (BOOKABLE_SERVICES as readonly string[]).includes(value);

/** `/admin/bookings`: this host's tenant's bookings, newest first, filtered by the GET form. */
export function bookingsLoader(request: Request, context: AppLoadContext) {
  return adminLoader(request, context, "bookings.read", async (staff): Promise<BookingsPage> => {
    const locale = context.locale.locale;
    const when = whenOf(request, context);
    const params = new URL(request.url).searchParams;
    const read = (name: string) => (params.get(name) ?? "").trim().slice(0, 40);
    const values: Record<BookingFilterField, string> = {
      reference: read("reference"),
      mobile: read("mobile"),
      from: read("from"),
      to: read("to"),
      status: read("status"),
      service: read("service"),
    };
    const errors: BookingsPage["errors"] = {};
    const mobile = values.mobile ? normalizeMobile(values.mobile) : undefined;
    if (mobile === null) errors.mobile = "MOBILE_INVALID";
    const from = when.day(values.from);
    if (from === null) errors.from = "DATE_INVALID";
    const to = when.day(values.to);
    if (to === null) errors.to = "DATE_INVALID";
    const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
    // The day filters share the SMS log's Tehran-day reading; a refused filter is left out.
    const days = smsLogFilterOf({ from: from ?? undefined, to: to ?? undefined, page: 1 });
    const { rows, total } = await context.operations.bookingSearch.search(staff.tenantId, {
      ...(values.reference ? { reference: typedCode(values.reference) } : {}),
      ...(mobile ? { mobile } : {}),
      ...(days.from ? { from: days.from } : {}),
      ...(days.to ? { to: days.to } : {}),
      ...(isStatus(values.status) ? { status: values.status } : {}),
      ...(isService(values.service) ? { service: values.service } : {}),
      limit: BOOKING_PAGE_SIZE,
      offset: (page - 1) * BOOKING_PAGE_SIZE,
    });
    return {
      values,
      errors,
      dateExample: when.example,
      statuses: BOOKING_STATES,
      services: BOOKABLE_SERVICES,
      rows: rows.map((row) => ({
        reference: row.reference,
        hashId: row.hashId,
        service: isService(row.service) ? row.service : "flight",
        status: isStatus(row.status) ? row.status : "held",
        total: formatNumber(locale, row.total),
        mobile: maskMobile(locale, row.contactMobile),
        created: when.format(row.createdAt),
      })),
      total,
      page,
      pages: Math.max(1, Math.ceil(total / BOOKING_PAGE_SIZE)),
      query: new URLSearchParams(Object.entries(values).filter(([, value]) => value !== "")).toString(),
    };
  });
}

export interface BookingFile {
  reference: string;
  hashId: string;
  service: BookableService;
  status: BookingState;
  created: When;
  total: string;
  discount: string | null;
  mobile: string;
  email: string | null;
  company: string | null;
  history: { when: When; from: BookingState | null; to: BookingState; event: string; cause: string }[];
  items: { position: number; service: string; supplier: string; seats: string; price: string; offerId: string }[];
  passengers: { position: number; type: string; name: string; latinName: string | null; birthDate: string; document: string | null }[];
  payments: {
    gateway: string;
    amount: string;
    wallet: string | null;
    status: string;
    referenceId: string | null;
    card: string | null;
    when: When;
  }[];
  tickets: { item: number; passenger: number; pnr: string; ticketNumber: string }[];
  refund: { reference: string; amount: string; penalty: string; destination: "card" | "wallet"; status: string; when: When } | null;
  messages: { id: string; when: When; mobile: string; text: string; status: string }[];
}

/** `/admin/bookings/:hashId`: one booking's whole file; 404 for a booking this tenant does not have. */
export function bookingFileLoader(request: Request, context: AppLoadContext, hashId: string) {
  return adminLoader(request, context, "bookings.read", async (staff): Promise<BookingFile> => {
    const locale = context.locale.locale;
    const when = whenOf(request, context);
    const dossier = await bookingDossier(
      { bookings: context.bookings, payments: context.payments, refunds: context.refunds, smsLog: context.operations.smsLog },
      staff.tenantId,
      hashId.slice(0, 40),
    );
    if (!dossier) throw data({ error: "NOT_FOUND" }, { status: 404, headers: NO_STORE });
    const { booking } = dossier;
    const money = (amount: number) => formatNumber(locale, amount);
    const digits = (text: string) => localizeDigits(locale, text);
    return {
      reference: booking.reference,
      hashId: booking.hashId,
      service: isService(booking.service) ? booking.service : "flight",
      status: booking.status,
      created: when.format(booking.createdAt),
      total: money(booking.price.total),
      discount: booking.discountCode,
      mobile: maskMobile(locale, booking.contact.mobile),
      email: booking.contact.email ?? null,
      company: booking.company?.name ?? null,
      history: dossier.history.map((change) => ({
        when: when.format(new Date(change.at)),
        from: change.from,
        to: change.to,
        event: change.event,
        cause: change.cause,
      })),
      items: booking.items.map((item) => ({
        position: item.position + 1,
        service: item.service,
        supplier: item.supplier,
        seats: digits(String(item.seats)),
        price: money(item.base + item.taxes),
        offerId: item.offerId,
      })),
      passengers: booking.passengers.map((passenger, index) => ({
        position: index + 1,
        type: passenger.type,
        name: `${passenger.firstName} ${passenger.lastName}`,
        latinName: passenger.firstNameLatin ? `${passenger.firstNameLatin} ${passenger.lastNameLatin ?? ""}`.trim() : null,
        birthDate: passenger.birthDate,
        document: passenger.nationalCode ?? passenger.passportNumber ?? null,
      })),
      payments: dossier.payments.map((payment) => ({
        gateway: payment.gateway,
        amount: money(payment.amount),
        wallet: payment.walletAmount > 0 ? money(payment.walletAmount) : null,
        status: payment.status,
        referenceId: payment.referenceId,
        card: payment.maskedPan,
        when: when.format(payment.createdAt),
      })),
      tickets: dossier.tickets.map((ticket) => ({
        item: ticket.itemPosition + 1,
        passenger: ticket.passengerPosition + 1,
        pnr: ticket.pnr,
        ticketNumber: ticket.ticketNumber,
      })),
      refund: dossier.refund
        ? {
            reference: dossier.refund.reference,
            amount: money(dossier.refund.amount),
            penalty: money(dossier.refund.penalty),
            destination: dossier.refund.destination,
            status: dossier.refund.status,
            when: when.format(dossier.refund.createdAt),
          }
        : null,
      messages: dossier.messages.map((message) => ({
        id: message.id,
        when: when.format(message.createdAt),
        mobile: digits(message.mobile),
        text: message.text,
        status: message.status,
      })),
    };
  });
}
