import type { Booking, BookingTicket } from "../booking/booking.ts";
import type { BookingChange, BookingState } from "../booking/booking-state.ts";
import type { BookingRepository } from "../booking/ports.ts";
import type { Payment } from "../payments/payment.ts";
import type { PaymentRepository } from "../payments/ports.ts";
import type { RefundRepository } from "../refunds/refund-booking.ts";
import type { ServiceId } from "../services/service-ids.ts";
import { smsLog, type SmsLogEntry, type SmsLogSource } from "./sms-log.ts";

/**
 * The back-office's bookings (issue 25 §1): a tenant's bookings found by reference, mobile, days,
 * status and service, and one booking's whole file for an operator answering a traveller: its
 * history, items, passengers, payments, tickets, refund and the messages sent about it. National
 * codes and passport numbers show their last four characters only; SMS texts are masked.
 */

export const BOOKING_PAGE_SIZE = 50;

export interface BookingSearchFilter {
  /** The booking's reference as normalised (typedCode). */
  reference?: string;
  /** The contact's whole, normalised mobile. */
  mobile?: string;
  from?: Date;
  to?: Date;
  status?: BookingState;
  service?: ServiceId;
  limit: number;
  offset: number;
}

export interface BookingSearchRow {
  reference: string;
  hashId: string;
  service: string;
  status: string;
  total: number;
  contactMobile: string;
  createdAt: Date;
}

export interface BookingSearch {
  /** A tenant's bookings matching the filter, newest first, with how many match in all. */
  search(tenantId: string, filter: BookingSearchFilter): Promise<{ rows: BookingSearchRow[]; total: number }>;
}

/** `••••••0899`: enough to match what a traveller reads out, not to copy an identity number. */
export function maskIdentity(value: string | undefined | null): string | null {
  if (!value) return null;
  return value.length <= 4 ? "••••" : `••••••${value.slice(-4)}`;
}

export interface BookingDossier {
  booking: Booking;
  history: (Omit<BookingChange, "from"> & { from: BookingState | null })[];
  tickets: BookingTicket[];
  payments: Payment[];
  refund: Awaited<ReturnType<RefundRepository["findByBooking"]>>;
  messages: SmsLogEntry[];
}

export interface BookingDossierDeps {
  bookings: Pick<BookingRepository, "findByHashId" | "history" | "tickets">;
  payments: Pick<PaymentRepository, "listForBooking">;
  refunds: Pick<RefundRepository, "findByBooking">;
  smsLog: SmsLogSource;
}

/**
 * One booking of the tenant by its hash id, with everything an operator needs; null when the
 * tenant has no such booking (another tenant's is never found). Passengers' documents are masked.
 */
export async function bookingDossier(deps: BookingDossierDeps, tenantId: string, hashId: string): Promise<BookingDossier | null> {
  const found = await deps.bookings.findByHashId(tenantId, hashId);
  if (!found) return null;
  const booking: Booking = {
    ...found,
    passengers: found.passengers.map((passenger) => ({
      ...passenger,
      ...(passenger.nationalCode ? { nationalCode: maskIdentity(passenger.nationalCode)! } : {}),
      ...(passenger.passportNumber ? { passportNumber: maskIdentity(passenger.passportNumber)! } : {}),
    })),
  };
  const [history, tickets, payments, refund, messages] = await Promise.all([
    deps.bookings.history(found.id),
    deps.bookings.tickets(found.id),
    deps.payments.listForBooking(found.id),
    deps.refunds.findByBooking(found.id),
    smsLog(deps.smsLog, tenantId, { mobile: found.contact.mobile, textContains: found.reference, limit: 50, offset: 0 }),
  ]);
  return { booking, history, tickets, payments, refund, messages: messages.entries };
}
