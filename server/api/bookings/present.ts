import type { z } from "zod";
import type { Booking, BookingTicket } from "#core/booking/booking.ts";
import { visibleStatus } from "#core/booking/booking-state.ts";
import { passengerRecord } from "#core/passengers/passenger-record.ts";
import type { Payment } from "#core/payments/payment.ts";
import type { RefundRepository } from "#core/refunds/refund-booking.ts";
import { moduleOfBooking } from "#core/services/service-modules.ts";
import type { bookingSchema, createdBookingSchema } from "./schemas.ts";
import { placementOf } from "./schemas-bus.ts";

/** What `GET /api/v1/bookings/{hashId}` adds to a booking: its tickets, payments and refund. */
export interface BookingRecords {
  tickets: readonly BookingTicket[];
  payments: readonly Payment[];
  refund: Awaited<ReturnType<RefundRepository["findByBooking"]>>;
}

/** The answer of a hold just placed. */
export function createdBooking(booking: Booking): z.output<typeof createdBookingSchema> {
  return {
    reference: booking.reference,
    hashId: booking.hashId,
    status: booking.status,
    total: booking.price.total,
    expiresAt: booking.holdExpiresAt.toISOString(),
    price: booking.price,
  };
}

/** A booking in its API shape, as the traveller sees it at `now`. */
export function apiBooking(
  booking: Booking,
  now: Date,
  records: BookingRecords = { tickets: [], payments: [], refund: null },
): z.output<typeof bookingSchema> {
  const module = moduleOfBooking(booking);
  const codeOf = (position: number) => {
    const item = booking.items.find((candidate) => candidate.position === position);
    return item ? module.facts(item.offer).code : null;
  };
  const { refund } = records;
  return {
    reference: booking.reference,
    hashId: booking.hashId,
    status: visibleStatus(booking, now),
    service: booking.service,
    expiresAt: booking.holdExpiresAt.toISOString(),
    createdAt: booking.createdAt.toISOString(),
    party: booking.party,
    price: booking.price,
    discountCode: booking.discountCode,
    contact: booking.contact,
    company: booking.company,
    items: booking.items.map(({ position, offer, seats, base, taxes }) => ({ position, ...module.apiItem(offer), seats, base, taxes })),
    passengers: booking.passengers.map((passenger) => ({ type: passenger.type, ...passengerRecord(passenger) })),
    tickets: records.tickets.map((ticket) => ({
      flightNumber: codeOf(ticket.itemPosition),
      pnr: ticket.pnr,
      ticketNumber: ticket.ticketNumber,
      passenger: ticket.passengerPosition,
      leg: ticket.leg,
      placement: placementOf(ticket.placement),
    })),
    payments: records.payments.map((payment) => ({
      hashId: payment.hashId,
      gateway: payment.gateway,
      amount: payment.amount,
      status: payment.status,
      referenceId: payment.referenceId,
      createdAt: payment.createdAt.toISOString(),
    })),
    ...(refund
      ? {
          refund: {
            paid: refund.paid,
            penalty: refund.penalty,
            amount: refund.amount,
            status: refund.status,
            destination: refund.destination,
            createdAt: refund.createdAt.toISOString(),
          },
        }
      : {}),
  };
}

/** A payment as the pay route shows it: never its gateway token. */
export function paymentSummary(payment: Payment) {
  return {
    hashId: payment.hashId,
    amount: payment.amount,
    walletAmount: payment.walletAmount,
    gateway: payment.gateway,
    status: payment.status,
  };
}
