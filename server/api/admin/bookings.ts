import { z } from "zod";
import { BOOKING_PAGE_SIZE, bookingDossier } from "#core/back-office/booking-search.ts";
import { smsLogFilterOf } from "#core/back-office/sms-log.ts";
import { BOOKING_STATES } from "#core/booking/booking-state.ts";
import { typedCode } from "#core/i18n/digits.ts";
import { normalizeMobile } from "#core/passengers/passenger-rules.ts";
import { SERVICE_IDS } from "#core/services/service-ids.ts";
import { defineRoute, json } from "../route.ts";
import { ADMIN_TAG, maskedMobile } from "./shared.ts";

const querySchema = z
  .object({
    reference: z.string().max(40).optional().describe("The booking's reference."),
    mobile: z.string().max(20).optional().describe("The contact's whole mobile."),
    from: z.iso.date().optional().describe("First day booked (Tehran), YYYY-MM-DD."),
    to: z.iso.date().optional().describe("Last day booked (Tehran), YYYY-MM-DD, included."),
    status: z.enum(BOOKING_STATES).optional(),
    service: z.enum(SERVICE_IDS).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();

const rowSchema = z.object({
  reference: z.string(),
  hashId: z.string().describe("The key of GET /api/v1/admin/bookings/{hashId}."),
  service: z.string(),
  status: z.string(),
  total: z.number().int().describe("Tomans."),
  mobile: z.string().describe("The contact's mobile, masked."),
  createdAt: z.string().describe("ISO 8601."),
});

/** `GET /api/v1/admin/bookings`: the host's tenant's bookings, newest first, filtered. */
export const adminBookingsRoute = defineRoute({
  operationId: "adminBookings",
  method: "get",
  path: "/api/v1/admin/bookings",
  summary: "Bookings by reference, mobile, days, status and service",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "bookings.read",
  query: querySchema,
  responses: {
    200: {
      description: "One page of bookings, newest first.",
      schema: z.object({ bookings: z.array(rowSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
    },
  },
  async handler({ deps, tenant, query, problem, field }) {
    const mobile = query.mobile ? normalizeMobile(query.mobile) : undefined;
    if (mobile === null)
      return problem(400, "INVALID_PARAMETERS", "api.error.INVALID_PARAMETERS", [field("mobile", "INVALID", "admin.field.mobileInvalid")]);
    const days = smsLogFilterOf({ from: query.from, to: query.to, page: 1 });
    const { rows, total } = await deps.operations.bookingSearch.search(tenant.id, {
      ...(query.reference ? { reference: typedCode(query.reference) } : {}),
      ...(mobile ? { mobile } : {}),
      ...(days.from ? { from: days.from } : {}),
      ...(days.to ? { to: days.to } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(query.service && query.service !== "blog" ? { service: query.service } : {}),
      limit: BOOKING_PAGE_SIZE,
      offset: (query.page - 1) * BOOKING_PAGE_SIZE,
    });
    return json({
      bookings: rows.map((row) => ({
        reference: row.reference,
        hashId: row.hashId,
        service: row.service,
        status: row.status,
        total: row.total,
        mobile: maskedMobile(row.contactMobile),
        createdAt: row.createdAt.toISOString(),
      })),
      total,
      page: query.page,
      pageSize: BOOKING_PAGE_SIZE,
    });
  },
});

const at = z.string().describe("ISO 8601.");

const fileSchema = z.object({
  reference: z.string(),
  hashId: z.string(),
  service: z.string(),
  status: z.string(),
  createdAt: at,
  total: z.number().int(),
  contact: z.object({ mobile: z.string().describe("Masked."), email: z.string().nullable() }),
  history: z.array(z.object({ at, from: z.string().nullable(), to: z.string(), event: z.string(), cause: z.string() })),
  items: z.array(
    z.object({
      position: z.number().int(),
      service: z.string(),
      supplier: z.string(),
      offerId: z.string(),
      seats: z.number().int(),
      base: z.number().int(),
      taxes: z.number().int(),
    }),
  ),
  passengers: z.array(
    z.object({
      type: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      birthDate: z.string(),
      document: z.string().nullable().describe("National code or passport number: its last four characters only."),
    }),
  ),
  payments: z.array(
    z.object({
      gateway: z.string(),
      amount: z.number().int(),
      walletAmount: z.number().int(),
      status: z.string(),
      referenceId: z.string().nullable(),
      maskedPan: z.string().nullable(),
      createdAt: at,
    }),
  ),
  tickets: z.array(
    z.object({ itemPosition: z.number().int(), passengerPosition: z.number().int(), pnr: z.string(), ticketNumber: z.string() }),
  ),
  refund: z
    .object({
      reference: z.string(),
      amount: z.number().int(),
      penalty: z.number().int(),
      destination: z.enum(["card", "wallet"]),
      status: z.string(),
      createdAt: at,
    })
    .nullable(),
  messages: z.array(z.object({ at, mobile: z.string(), text: z.string().describe("Codes and link tokens masked."), status: z.string() })),
});

/** `GET /api/v1/admin/bookings/{hashId}`: one booking's whole file. */
export const adminBookingRoute = defineRoute({
  operationId: "adminBooking",
  method: "get",
  path: "/api/v1/admin/bookings/{hashId}",
  summary: "One booking with its history, items, passengers, payments, tickets, refund and messages",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "bookings.read",
  params: z.object({ hashId: z.string().max(40) }),
  responses: {
    200: { description: "The booking's file; identity documents and SMS codes masked.", schema: fileSchema },
    404: { description: "NOT_FOUND: this tenant has no such booking.", codes: ["NOT_FOUND"] },
  },
  async handler({ deps, tenant, params, problem }) {
    const dossier = await bookingDossier(
      { bookings: deps.bookings, payments: deps.payments, refunds: deps.refunds, smsLog: deps.operations.smsLog },
      tenant.id,
      params.hashId,
    );
    if (!dossier) return problem(404, "NOT_FOUND", "adminOps.bookings.notFound");
    const { booking } = dossier;
    return json({
      reference: booking.reference,
      hashId: booking.hashId,
      service: booking.service,
      status: booking.status,
      createdAt: booking.createdAt.toISOString(),
      total: booking.price.total,
      contact: { mobile: maskedMobile(booking.contact.mobile), email: booking.contact.email ?? null },
      history: dossier.history.map((change) => ({
        at: change.at,
        from: change.from,
        to: change.to,
        event: change.event,
        cause: change.cause,
      })),
      items: booking.items.map((item) => ({
        position: item.position,
        service: item.service,
        supplier: item.supplier,
        offerId: item.offerId,
        seats: item.seats,
        base: item.base,
        taxes: item.taxes,
      })),
      passengers: booking.passengers.map((passenger) => ({
        type: passenger.type,
        firstName: passenger.firstName,
        lastName: passenger.lastName,
        birthDate: passenger.birthDate,
        document: passenger.nationalCode ?? passenger.passportNumber ?? null,
      })),
      payments: dossier.payments.map((payment) => ({
        gateway: payment.gateway,
        amount: payment.amount,
        walletAmount: payment.walletAmount,
        status: payment.status,
        referenceId: payment.referenceId,
        maskedPan: payment.maskedPan,
        createdAt: payment.createdAt.toISOString(),
      })),
      tickets: dossier.tickets.map((ticket) => ({
        itemPosition: ticket.itemPosition,
        passengerPosition: ticket.passengerPosition,
        pnr: ticket.pnr,
        ticketNumber: ticket.ticketNumber,
      })),
      refund: dossier.refund
        ? {
            reference: dossier.refund.reference,
            amount: dossier.refund.amount,
            penalty: dossier.refund.penalty,
            destination: dossier.refund.destination,
            status: dossier.refund.status,
            createdAt: dossier.refund.createdAt.toISOString(),
          }
        : null,
      messages: dossier.messages.map((message) => ({
        at: message.createdAt.toISOString(),
        mobile: message.mobile,
        text: message.text,
        status: message.status,
      })),
    });
  },
});
