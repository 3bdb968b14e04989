/**
 * The bookings API (issue 6, deliverable 4): hold seats for a chosen flight, read a
 * booking by its hashId, and find a booking's hashId by reference and contact mobile.
 *
 * Everything a client sends is answered with a JSON error and a stable code, never a 500:
 * malformed JSON 400, bodies over 64 kB 413, other media types 415, wrong shapes and values 422
 * with one entry per field. `POST /api/v1/bookings` honours an `Idempotency-Key` (per tenant): a
 * repeat gets the first answer, the same key with another body is refused.
 *
 * Accounts (issue 9): a booking made signed in (bearer token or session cookie) belongs to the
 * account, and its passengers join the account's saved passengers. A booking that belongs to an
 * account opens only for that account's session; to anyone else it is the 404 of an unknown hashId.
 */
import { createHash } from "node:crypto";
import express, {
  Router,
  type NextFunction,
  type Request,
  type Response,
} from "express";
import { z } from "zod";
import type { IdempotencyStore } from "#adapters/db/idempotency-store.ts";
import type { Account } from "#core/accounts/account.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { translate, type MessageKey, type Params } from "#core/i18n/messages.ts";
import {
  isHashId,
  normalizeReference,
  type Booking,
  type BookingTicket,
} from "#core/booking/booking.ts";
import type { BookingState } from "#core/booking/booking-state.ts";
import {
  placeFlightBooking,
  type FlightBookingResult,
} from "#core/booking/place-flight-booking.ts";
import type { Locale } from "#core/i18n/locales.ts";
import {
  MINIMUM_AGE_DAYS,
  normalizeMobile,
} from "#core/passengers/passenger-rules.ts";
import type {
  BookingRepository,
  Clock,
  FlightSupplier,
  LedgerRepository,
  PaymentRepository,
  RateLimiter,
} from "#core/ports.ts";
import {
  payFromWallet,
  startPayment,
  type WalletRefusal,
} from "#core/payments/pay-booking.ts";
import type { Payment } from "#core/payments/payment.ts";
import { isLocale, localizePath } from "#core/i18n/locales.ts";
import type { PlaceSearchPort } from "#core/places/suggest.ts";
import {
  quoteRefund,
  refundBooking,
  type FlightRefundTerms,
  type RefundRepository,
} from "#core/refunds/refund-booking.ts";
import { normalizeSheba } from "#core/refunds/sheba.ts";
import type { TicketDocument } from "#core/tickets/ticket-document.ts";
import type { PaymentGateways } from "./payment-gateways.ts";
import { MAX_SEATED_PASSENGERS } from "#core/search/search-forms.ts";
import { isServiceEnabled, type Tenant } from "#core/tenants/site-config.ts";
import { apiSessionMayAct, requestAuth, type AuthDeps } from "./auth.ts";
import {
  hashClientAddress,
  normalizeAddress,
  rateLimitSubject,
} from "./client-address.ts";
import { requestLocale } from "./api/locale.ts";
import type { Logger } from "./logger.ts";
import { ticketDocument } from "./ticket-document.ts";
import { passengerRecord } from "#core/passengers/passenger-record.ts";

export const BOOKINGS_PATH = "/api/v1/bookings";
export const BOOKING_LOOKUP_PATH = "/api/v1/bookings/lookup";
/** Largest request body of these routes. */
export const BOOKING_BODY_LIMIT_BYTES = 64 * 1024;
/** Lookups one address may try in a window: a reference and a mobile are not a password. */
export const BOOKING_LOOKUP_RATE_LIMIT = 10;
export const BOOKING_LOOKUP_RATE_WINDOW_SECONDS = 10 * 60;
/** Idempotency keys of booking creation live in this scope of the tenant's keys. */
export const IDEMPOTENCY_SCOPE = "bookings.create";
/** 1 to 128 visible ASCII characters (a UUID, a ULID, an order number …). */
const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,128}$/;
/** Nine seated passengers and as many infants on their laps: anything longer is refused before the core. */
export const MAX_PASSENGERS_IN_REQUEST = MAX_SEATED_PASSENGERS * 2;
const MAX_TEXT = 100;
/** A canonical body deeper than this is not a booking request; it is refused instead of hashed. */
const MAX_JSON_DEPTH = 32;
/** Answers worth repeating for the same key: the booking, and the refusals that depend on the request. */
const STORED_STATUSES: readonly number[] = [201, 409, 422];

/** PostgreSQL text cannot hold NUL; it is dropped rather than letting a client cause a fault. */
const withoutNul = (value: string) => value.replaceAll("\u0000", "");
const text = (max = MAX_TEXT) => z.string().max(max).transform(withoutNul);
const optionalText = (max = MAX_TEXT) =>
  text(max)
    .nullish()
    .transform((value) => value ?? undefined);

const passengerSchema = z.object({
  type: z.enum(["adult", "child", "infant"]),
  firstName: text(),
  lastName: text(),
  firstNameLatin: optionalText(),
  lastNameLatin: optionalText(),
  // Values are the core's to judge (GENDER_INVALID, BIRTH_DATE_INVALID …); only types and sizes are checked here.
  gender: text(),
  birthDate: text(),
  nationalCode: optionalText(),
  nationality: optionalText(),
  passportNumber: optionalText(),
  passportCountry: optionalText(),
  passportExpiry: optionalText(),
  wheelchair: z.boolean().nullish(),
});

/** `POST /api/v1/bookings`; unknown fields are dropped. */
export const bookingRequestSchema = z.object({
  offerId: text(),
  returnOfferId: optionalText(),
  passengers: z.array(passengerSchema).max(MAX_PASSENGERS_IN_REQUEST),
  contact: z.object({ mobile: text(), email: optionalText(254) }),
  company: z
    .object({
      name: text(200),
      nationalId: text(),
      economicCode: text(),
      postalCode: text(),
      branchCode: optionalText(),
    })
    .nullish(),
  discountCode: optionalText(),
  expectedFare: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
});

/** `{gateway}` to the bank; `{walletAmount}` alone pays the whole total from the wallet; both split it (issue 10). */
const paySchema = z
  .object({
    gateway: z.string().max(40).optional(),
    walletAmount: z.number().int().positive().max(2_147_483_647).optional(),
  })
  .strict();

const lookupSchema = z.object({
  reference: z.string().max(64),
  mobile: z.string().max(64),
});

/** A reference as newBookingReference draws it. */
const REFERENCE = /^[2-9A-HJ-NP-Z]{8}$/;

type Answer = { status: number; body: Record<string, unknown> };

export interface FieldError {
  field: string;
  code: string;
  message: string;
}

class TooDeep extends Error {}

/** JSON with object keys sorted at every level, so the same body always hashes the same. */
export function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_JSON_DEPTH) throw new TooDeep();
  if (Array.isArray(value))
    return `[${value.map((item) => canonicalJson(item, depth + 1)).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map(
        (key) =>
          `${JSON.stringify(key)}:${canonicalJson(record[key], depth + 1)}`,
      )
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The request hash an Idempotency-Key is bound to: sha256 of the canonical JSON of the body. */
export function bookingRequestHash(body: unknown): string {
  return createHash("sha256").update(canonicalJson(body)).digest("hex");
}

function hasMessage(key: string): key is MessageKey {
  return Object.hasOwn(CATALOGS.fa, key);
}

/** A message by a key built at run time; one the catalogs lack yet reads as the key itself. */
function message(locale: Locale, key: MessageKey): string {
  return translate(locale, key);
}

/** A field code's message: its own `booking.error.*` text, else the generic one. */
export function fieldMessage(locale: Locale, code: string): string {
  const key = `booking.error.${code}`;
  const params: Params | undefined =
    code === "TOO_YOUNG" ? { days: MINIMUM_AGE_DAYS } : undefined;
  if (hasMessage(key)) return translate(locale, key, params);
  return translate(
    locale,
    code === "REQUIRED" ? "booking.error.REQUIRED" : "booking.error.INVALID",
  );
}

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let current = body;
  for (const part of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}

/** Stable codes for the shape errors zod finds, judged by what was actually sent. */
function shapeErrorCode(issue: z.core.$ZodIssue, body: unknown): string {
  const value = valueAt(body, issue.path);
  switch (issue.code) {
    case "invalid_type":
      return value === undefined || value === null
        ? "REQUIRED"
        : "INVALID_TYPE";
    case "invalid_value":
      return value === undefined || value === null
        ? "REQUIRED"
        : typeof value === "string"
          ? "INVALID"
          : "INVALID_TYPE";
    case "too_big":
      return issue.origin === "string"
        ? "TOO_LONG"
        : issue.origin === "array"
          ? "TOO_MANY_PASSENGERS"
          : "INVALID";
    default:
      return "INVALID";
  }
}

function fieldErrors(
  locale: Locale,
  entries: [string, string][],
): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const [field, code] of entries) {
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, code, message: fieldMessage(locale, code) });
  }
  return errors;
}

function errorBody(
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { error: { code, message, ...extra } };
}

function validationFailed(locale: Locale, entries: [string, string][]): Answer {
  return {
    status: 422,
    body: errorBody(
      "VALIDATION_FAILED",
      translate(locale, "api.bookings.VALIDATION_FAILED"),
      { errors: fieldErrors(locale, entries) },
    ),
  };
}

/** The state a traveller sees: a hold that ran out is expired even before the expiry job has run. */
export function visibleStatus(
  booking: Pick<Booking, "status" | "holdExpiresAt">,
  now: Date,
): BookingState {
  if (
    (booking.status === "held" || booking.status === "awaiting_payment") &&
    booking.holdExpiresAt.getTime() <= now.getTime()
  )
    return "expired";
  return booking.status;
}

/** What `GET /api/v1/bookings/{hashId}` adds to a booking: its tickets, payments and refund. */
export interface BookingRecords {
  tickets: readonly BookingTicket[];
  payments: readonly Payment[];
  refund: {
    paid: number;
    penalty: number;
    amount: number;
    status: string;
    destination: string;
    createdAt: Date;
  } | null;
}

/** A booking as `GET /api/v1/bookings/{hashId}` shows it; a payment's gateway token never leaves the server. */
export function apiBooking(
  booking: Booking,
  now: Date,
  records: BookingRecords = { tickets: [], payments: [], refund: null },
) {
  const flightNumberOf = (position: number) =>
    booking.items.find((item) => item.position === position)?.offer
      .flightNumber ?? null;
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
    items: booking.items.map((item) => ({
      position: item.position,
      airline: item.offer.airline,
      flightNumber: item.offer.flightNumber,
      from: item.offer.from,
      to: item.offer.to,
      departAt: item.offer.departAt,
      arriveAt: item.offer.arriveAt,
      fareClass: item.offer.fareClass,
      cabin: item.offer.cabin,
      baggage: { kg: item.offer.baggageKg },
      refundable: item.offer.refundable,
      seats: item.seats,
      base: item.base,
      taxes: item.taxes,
    })),
    passengers: booking.passengers.map((passenger) => ({
      type: passenger.type,
      ...passengerRecord(passenger),
    })),
    tickets: records.tickets.map((ticket) => ({
      flightNumber: flightNumberOf(ticket.itemPosition),
      pnr: ticket.pnr,
      ticketNumber: ticket.ticketNumber,
      passenger: ticket.passengerPosition,
    })),
    payments: records.payments.map((payment) => ({
      hashId: payment.hashId,
      gateway: payment.gateway,
      amount: payment.amount,
      status: payment.status,
      referenceId: payment.referenceId,
      createdAt: payment.createdAt.toISOString(),
    })),
    ...(records.refund
      ? {
          refund: {
            paid: records.refund.paid,
            penalty: records.refund.penalty,
            amount: records.refund.amount,
            status: records.refund.status,
            destination: records.refund.destination,
            createdAt: records.refund.createdAt.toISOString(),
          },
        }
      : {}),
  };
}

function resultAnswer(locale: Locale, result: FlightBookingResult): Answer {
  if (result.ok) {
    const { booking } = result;
    return {
      status: 201,
      body: {
        reference: booking.reference,
        hashId: booking.hashId,
        status: booking.status,
        total: booking.price.total,
        expiresAt: booking.holdExpiresAt.toISOString(),
        price: booking.price,
      },
    };
  }
  switch (result.error) {
    case "INVALID":
      return validationFailed(locale, Object.entries(result.errors));
    case "OFFER_NOT_FOUND":
      return {
        status: 422,
        body: errorBody(
          "OFFER_NOT_FOUND",
          translate(locale, "booking.error.OFFER_NOT_FOUND"),
        ),
      };
    case "SOLD_OUT":
      return {
        status: 409,
        body: errorBody(
          "SOLD_OUT",
          translate(locale, "booking.error.SOLD_OUT"),
        ),
      };
    case "FARE_CHANGED":
      return {
        status: 409,
        body: errorBody(
          "FARE_CHANGED",
          translate(locale, "booking.error.FARE_CHANGED", {
            previous: result.previousFare,
            fare: result.fare,
          }),
          { fare: result.fare, previousFare: result.previousFare },
        ),
      };
    // issue 16 §4 (carry into the new JSON API): a feature the tenant does not offer →
    // 422 {error:{code:"OPTION_NOT_ACTIVE", message, option, field}}.
    case "OPTION_NOT_ACTIVE":
      return {
        status: 422,
        body: errorBody(
          "OPTION_NOT_ACTIVE",
          translate(locale, "api.bookings.OPTION_NOT_ACTIVE"),
          { option: result.option, field: result.field },
        ),
      };
  }
}

interface Locals {
  log?: Logger;
  site?: { tenant: Tenant; configLoaded: boolean };
}

export interface BookingRouteDeps {
  flights: FlightSupplier;
  bookings: BookingRepository;
  idempotency: IdempotencyStore;
  rateLimiter: RateLimiter;
  /** The key of the address hash the lookup limit counts by (IP_HASH_SECRET). */
  ipHashSecret: string;
  clock?: Clock;
  /** Payments (issue 7): `POST /api/v1/bookings/{hashId}/pay`. */
  payments: PaymentRepository;
  paymentGateways: PaymentGateways;
  /** Refunds (issue 8): the quote reads each fare's rule through `flights.refundTerms`. */
  refundTerms: FlightRefundTerms;
  refunds: RefundRepository;
  /** Refunds to the wallet are credited here (issue 10). */
  ledger: LedgerRepository;
  /** City names on the e-ticket; airport codes alone without it. */
  places?: Pick<PlaceSearchPort, "byRouteCode">;
  /** The e-ticket's PDF; react-pdf is loaded on the first ticket asked for unless another renderer is given. */
  renderTicketPdf?: (document: TicketDocument) => Promise<Buffer>;
  /** Sessions and accounts (issue 9): who owns a booking may open it; a signed-in booking is the account's. */
  auth: AuthDeps;
}

const loadTicketRenderer = async (document: TicketDocument) =>
  (await import("#adapters/pdf/ticket-pdf.tsx")).renderTicketPdf(document);

/** `POST …/refund-quote`: nothing to send (an empty object or no body at all). */
const refundQuoteSchema = z.object({}).passthrough();

/** `POST …/refund`: where the money goes. A wallet needs the booking to be an account's (422 DESTINATION_UNAVAILABLE for a guest's). */
const refundSchema = z.object({
  to: z.enum(["card", "wallet"]),
  sheba: z.string().max(64).optional(),
});

/** The reference as a file name may carry it: letters and digits only. */
function ticketFileName(reference: string): string {
  return `ticket-${reference.replace(/[^A-Za-z0-9]/g, "")}.pdf`;
}

function send(res: Response, answer: Answer): void {
  if (answer.status === 201 && typeof answer.body.hashId === "string")
    res.setHeader("Location", `${BOOKINGS_PATH}/${answer.body.hashId}`);
  res.status(answer.status).json(answer.body);
}

function sendError(
  res: Response,
  status: number,
  code: string,
  message: string,
): void {
  res.status(status).json(errorBody(code, message));
}

/** A request without a body at all: no Content-Length (or 0) and no Transfer-Encoding. */
function hasNoBody(req: Request): boolean {
  const length = req.headers["content-length"];
  return (
    req.headers["transfer-encoding"] === undefined &&
    (length === undefined || Number(length) === 0)
  );
}

/** JSON, or nothing at all (a POST that only asks): any other media type is 415. */
function jsonOrNothing(req: Request, res: Response, next: NextFunction): void {
  if (hasNoBody(req)) return next();
  jsonOnly(req, res, next);
}

/** JSON only: anything else (or nothing) is 415 before a byte of it is parsed. */
function jsonOnly(req: Request, res: Response, next: NextFunction): void {
  if (req.is(["application/json", "application/*+json"])) return next();
  res.setHeader("Cache-Control", "no-store");
  sendError(
    res,
    415,
    "UNSUPPORTED_MEDIA_TYPE",
    translate(requestLocale(req), "api.bookings.UNSUPPORTED_MEDIA_TYPE"),
  );
}

/** Why a payment could not start, in the API's error shape: 409 for the booking's or wallet's state, 422 for the request. */
function sendPayRefusal(
  res: Response,
  locale: Locale,
  error: "NOT_PAYABLE" | "GATEWAY_UNAVAILABLE" | "IN_PROGRESS" | WalletRefusal,
): void {
  switch (error) {
    case "NOT_PAYABLE":
      return sendError(
        res,
        409,
        "NOT_PAYABLE",
        translate(locale, "booking.prefactor.expired"),
      );
    case "GATEWAY_UNAVAILABLE":
      return sendError(
        res,
        422,
        "GATEWAY_UNAVAILABLE",
        translate(locale, "payment.gatewayUnavailable"),
      );
    case "WALLET_NOT_ALLOWED":
      return sendError(
        res,
        403,
        error,
        translate(locale, "wallet.pay.error.WALLET_NOT_ALLOWED"),
      );
    case "WALLET_AMOUNT_INVALID": {
      const text = translate(locale, "wallet.pay.error.WALLET_AMOUNT_INVALID");
      res
        .status(422)
        .json(
          errorBody(error, text, {
            field: "walletAmount",
            errors: [{ field: "walletAmount", code: error, message: text }],
          }),
        );
      return;
    }
    default:
      // INSUFFICIENT_FUNDS, IN_PROGRESS (a second click while the first is being paid).
      return sendError(
        res,
        409,
        error,
        translate(locale, `wallet.pay.error.${error}`),
      );
  }
}

/**
 * The routes, on a router mounted after tenant resolution (`res.locals.site`). The JSON parser and
 * the error handler that turns its faults into JSON answers are scoped to these paths only.
 */
export function bookingsRoutes(deps: BookingRouteDeps): Router {
  const router = Router();
  const clock = deps.clock ?? { now: () => new Date() };
  // Compressed bodies are refused (415), so the size limit is the size read.
  const parseJson = express.json({
    limit: BOOKING_BODY_LIMIT_BYTES,
    type: ["application/json", "application/*+json"],
    inflate: false,
    strict: true,
  });

  /** The tenant of a request that may use bookings, or the answer already sent. */
  function tenantOf(res: Response, locale: Locale): Tenant | null {
    const site = (res.locals as Locals).site;
    if (!site?.configLoaded) {
      // The fallback configuration has no tenant in the database: nothing can be booked or found.
      sendError(res, 503, "UNAVAILABLE", translate(locale, "error.tryLater"));
      return null;
    }
    return site.tenant;
  }

  /** A private answer for the request's agency (not cached; varies by host and language): its tenant and language, or null once an error was sent. */
  function openPrivate(
    req: Request,
    res: Response,
  ): { locale: Locale; tenant: Tenant } | null {
    const locale = requestLocale(req);
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Vary", "Host, language, Cookie, Authorization");
    const tenant = tenantOf(res, locale);
    return tenant ? { locale, tenant } : null;
  }

  /** The account the request is signed in as (bearer token, else the session cookie), or null. */
  async function signedInAs(req: Request, res: Response, tenant: Tenant) {
    return requestAuth(deps.auth, req, res, tenant).current();
  }

  /** The booking's passengers join the account's list; a failure is logged and never fails the booking. */
  async function savePassengers(
    account: Account,
    booking: Booking,
    log: Logger | undefined,
  ): Promise<void> {
    const now = clock.now();
    for (const { type: _type, ...person } of booking.passengers) {
      try {
        await deps.auth.accounts.savePassenger(account.id, person, now);
      } catch (error) {
        log?.warn(
          { err: error, reference: booking.reference },
          "a passenger of a booking could not be saved to the account",
        );
      }
    }
  }

  async function placeBooking(
    body: unknown,
    tenant: Tenant,
    locale: Locale,
    account: Account | null,
    log: Logger | undefined,
  ): Promise<Answer> {
    const parsed = bookingRequestSchema.safeParse(body);
    if (!parsed.success) {
      return validationFailed(
        locale,
        parsed.error.issues.map((issue) => [
          issue.path.length > 0 ? issue.path.join(".") : "body",
          shapeErrorCode(issue, body),
        ]),
      );
    }
    const request = parsed.data;
    const result = await placeFlightBooking(
      {
        tenantId: tenant.id,
        // issue 16 §4: a feature not in the tenant's optionActive (company purchase) is refused.
        tenantOptions: tenant.optionActive,
        locale,
        offerIds: request.returnOfferId
          ? [request.offerId, request.returnOfferId]
          : [request.offerId],
        passengers: request.passengers.map((passenger) => ({
          ...passenger,
          wheelchair: passenger.wheelchair ?? undefined,
        })),
        contact: request.contact,
        company: request.company ?? null,
        discountCode: request.discountCode || null,
        expectedFare: request.expectedFare ?? null,
        cause: "api",
        userId: account?.id ?? null,
      },
      { flights: deps.flights, bookings: deps.bookings, clock },
    );
    if (result.ok && account)
      await savePassengers(account, result.booking, log);
    return resultAnswer(locale, result);
  }

  router.post(
    BOOKINGS_PATH,
    jsonOnly,
    parseJson,
    async (req: Request, res: Response) => {
      const opened = openPrivate(req, res);
      if (!opened) return;
      const { locale, tenant } = opened;
      const log = (res.locals as Locals).log;
      if (!isServiceEnabled(tenant, "flight")) {
        sendError(
          res,
          404,
          "SERVICE_UNAVAILABLE",
          translate(locale, "error.notFound.title"),
        );
        return;
      }
      const signedIn = await signedInAs(req, res, tenant);
      if (signedIn && !apiSessionMayAct(req, signedIn.via)) {
        sendError(res, 403, "CSRF", message(locale, "api.bookings.CSRF"));
        return;
      }
      const account = signedIn?.account ?? null;
      const key = req.get("idempotency-key");
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
        sendError(
          res,
          400,
          "IDEMPOTENCY_KEY_INVALID",
          translate(locale, "api.bookings.IDEMPOTENCY_KEY_INVALID"),
        );
        return;
      }
      let requestHash: string;
      try {
        requestHash = bookingRequestHash(req.body);
      } catch (error) {
        if (!(error instanceof TooDeep)) throw error;
        send(res, validationFailed(locale, [["body", "INVALID"]]));
        return;
      }

      // An account's keys are its own: another traveller's same key neither replays nor blocks them.
      const slot = {
        tenantId: tenant.id,
        scope: account
          ? `${IDEMPOTENCY_SCOPE}:${account.id}`
          : IDEMPOTENCY_SCOPE,
        key: key ?? "",
      };
      try {
        if (key !== undefined) {
          const begun = await deps.idempotency.begin({ ...slot, requestHash });
          if (begun.state === "replay") {
            res.setHeader("Idempotent-Replayed", "true");
            send(res, {
              status: begun.statusCode,
              body: begun.body as Record<string, unknown>,
            });
            return;
          }
          if (begun.state === "in_progress") {
            sendError(
              res,
              409,
              "IDEMPOTENCY_IN_PROGRESS",
              translate(locale, "api.bookings.IDEMPOTENCY_IN_PROGRESS"),
            );
            return;
          }
          if (begun.state === "reused") {
            sendError(
              res,
              422,
              "IDEMPOTENCY_KEY_REUSED",
              translate(locale, "api.bookings.IDEMPOTENCY_KEY_REUSED"),
            );
            return;
          }
        }
      } catch (error) {
        log?.error({ err: error }, "idempotency key could not be claimed");
        sendError(res, 503, "UNAVAILABLE", translate(locale, "error.tryLater"));
        return;
      }

      let answer: Answer;
      try {
        answer = await placeBooking(req.body, tenant, locale, account, log);
      } catch (error) {
        // The database or the supplier failed, never the client's input: the key is given back for a retry.
        log?.error({ err: error }, "booking could not be placed");
        if (key !== undefined)
          await deps.idempotency
            .abandon(slot)
            .catch((abandonError: unknown) =>
              log?.error(
                { err: abandonError },
                "idempotency key could not be released",
              ),
            );
        sendError(res, 503, "UNAVAILABLE", translate(locale, "error.tryLater"));
        return;
      }
      if (key !== undefined) {
        try {
          if (STORED_STATUSES.includes(answer.status))
            await deps.idempotency.finish({
              ...slot,
              statusCode: answer.status,
              body: answer.body,
            });
          else await deps.idempotency.abandon(slot);
        } catch (error) {
          // The booking stands; a repeat finds the key still running until it goes stale.
          log?.error({ err: error }, "idempotent answer could not be stored");
        }
      }
      if (answer.status === 201)
        log?.info(
          { reference: answer.body.reference },
          "booking held through the API",
        );
      send(res, answer);
    },
  );

  router.post(
    BOOKING_LOOKUP_PATH,
    jsonOnly,
    parseJson,
    async (req: Request, res: Response) => {
      const opened = openPrivate(req, res);
      if (!opened) return;
      const { locale, tenant } = opened;
      const address = normalizeAddress(req.ip);
      const subject = rateLimitSubject(address);
      try {
        const verdict = await deps.rateLimiter.hit({
          bucket: `booking-lookup:${hashClientAddress(deps.ipHashSecret, subject)}`,
          limit: BOOKING_LOOKUP_RATE_LIMIT,
          windowSeconds: BOOKING_LOOKUP_RATE_WINDOW_SECONDS,
          now: clock.now(),
        });
        if (!verdict.allowed) {
          res.setHeader("Retry-After", String(verdict.retryAfterSeconds));
          sendError(
            res,
            429,
            "RATE_LIMITED",
            translate(locale, "api.bookings.RATE_LIMITED"),
          );
          return;
        }
        const parsed = lookupSchema.safeParse(req.body);
        const reference = parsed.success
          ? normalizeReference(parsed.data.reference)
          : "";
        const mobile = parsed.success
          ? normalizeMobile(parsed.data.mobile)
          : null;
        const wellFormed = REFERENCE.test(reference) && mobile !== null;
        // The query runs for every try, so a malformed one takes about as long as a wrong one.
        const hashId = await deps.bookings.findHashIdByReference(
          tenant.id,
          wellFormed ? reference : "-",
          mobile ?? "-",
        );
        if (!wellFormed || hashId === null) {
          sendError(
            res,
            404,
            "NOT_FOUND",
            translate(locale, "api.bookings.NOT_FOUND"),
          );
          return;
        }
        res.status(200).json({ hashId });
      } catch (error) {
        (res.locals as Locals).log?.error(
          { err: error },
          "booking lookup failed",
        );
        sendError(res, 503, "UNAVAILABLE", translate(locale, "error.tryLater"));
      }
    },
  );

  router.get(
    `${BOOKINGS_PATH}/:hashId`,
    async (req: Request, res: Response) => {
      const opened = openPrivate(req, res);
      if (!opened) return;
      const { locale, tenant } = opened;
      try {
        const booking = await bookingOf(req, res, locale, tenant);
        if (!booking) return;
        const [tickets, payments, refund] = await Promise.all([
          deps.bookings.tickets(booking.id),
          deps.payments.listForBooking(booking.id),
          deps.refunds.findByBooking(booking.id),
        ]);
        res.json(
          apiBooking(booking, clock.now(), { tickets, payments, refund }),
        );
      } catch (error) {
        (res.locals as Locals).log?.error(
          { err: error },
          "booking could not be read",
        );
        sendError(res, 503, "UNAVAILABLE", translate(locale, "error.tryLater"));
      }
    },
  );

  // `POST /api/v1/bookings/{hashId}/pay` {gateway}: the bank's page for the buyer, with our amount.
  router.post(
    `${BOOKINGS_PATH}/:hashId/pay`,
    jsonOnly,
    parseJson,
    async (req: Request, res: Response) => {
      const opened = openPrivate(req, res);
      if (!opened) return;
      const { locale, tenant } = opened;
      const parsed = paySchema.safeParse(req.body ?? {});
      if (!parsed.success) {
        send(
          res,
          validationFailed(
            locale,
            parsed.error.issues.map((issue) => [
              issue.path.length > 0 ? issue.path.join(".") : "body",
              shapeErrorCode(issue, req.body),
            ]),
          ),
        );
        return;
      }
      try {
        const booking = await bookingOf(req, res, locale, tenant);
        if (!booking) return;
        const { walletAmount } = parsed.data;
        const paymentDeps = {
          bookings: deps.bookings,
          payments: deps.payments,
          flights: deps.flights,
          ledger: deps.ledger,
          clock,
          gateway: await deps.paymentGateways.forTenant(tenant.id),
        };
        // A wallet is an account's (spec §6): only the booking's own signed-in account spends it.
        const payer =
          walletAmount === undefined
            ? null
            : await signedInAs(req, res, tenant);
        if (walletAmount !== undefined) {
          if (!payer) {
            res.setHeader("WWW-Authenticate", 'Bearer realm="hamsafar"');
            sendError(
              res,
              401,
              "UNAUTHORIZED",
              translate(locale, "wallet.pay.error.SIGN_IN"),
            );
            return;
          }
          if (booking.userId !== payer.account.id) {
            sendError(
              res,
              403,
              "WALLET_NOT_ALLOWED",
              translate(locale, "wallet.pay.error.WALLET_NOT_ALLOWED"),
            );
            return;
          }
          if (!apiSessionMayAct(req, payer.via)) {
            sendError(res, 403, "CSRF", message(locale, "api.bookings.CSRF"));
            return;
          }
        }
        if (walletAmount !== undefined && parsed.data.gateway === undefined) {
          const paid = await payFromWallet(
            {
              tenantId: tenant.id,
              bookingHashId: booking.hashId,
              userId: payer!.account.id,
              amount: walletAmount,
            },
            paymentDeps,
          );
          if (!paid.ok) {
            sendPayRefusal(res, locale, paid.error);
            return;
          }
          const result = localizePath(
            locale,
            `/payment/paymentp/${booking.reference}/${paid.payment.hashId}/${paid.outcome}`,
          );
          res.status(200).json({
            redirectUrl: `${req.protocol}://${req.get("host") ?? "localhost"}${result}`,
            method: "GET",
            payment: {
              hashId: paid.payment.hashId,
              amount: paid.payment.amount,
              walletAmount: paid.payment.walletAmount,
              gateway: paid.payment.gateway,
              status: paid.payment.status,
            },
          });
          return;
        }
        const gatewayName =
          parsed.data.gateway ?? tenant.paymentGateways[0] ?? "";
        const origin = `${req.protocol}://${req.get("host") ?? "localhost"}`;
        const started = await startPayment(
          {
            tenantId: tenant.id,
            bookingHashId: booking.hashId,
            gateway: gatewayName,
            allowedGateways: tenant.paymentGateways,
            callbackUrl: `${origin}${localizePath(locale, `/payment/callback/${encodeURIComponent(gatewayName)}`)}`,
            description: translate(locale, "payment.description", {
              site: tenant.nameCompany[locale] ?? tenant.nameCompany.fa,
            }),
            ...(payer && walletAmount !== undefined
              ? { wallet: { userId: payer.account.id, amount: walletAmount } }
              : {}),
          },
          paymentDeps,
        );
        if (!started.ok) {
          sendPayRefusal(res, locale, started.error);
          return;
        }
        res.status(200).json({
          redirectUrl: started.redirect.url,
          method: started.redirect.method,
          ...(started.redirect.fields
            ? { fields: started.redirect.fields }
            : {}),
          payment: {
            hashId: started.payment.hashId,
            amount: started.payment.amount,
            walletAmount: started.payment.walletAmount,
            gateway: started.payment.gateway,
            status: started.payment.status,
          },
        });
      } catch (error) {
        (res.locals as Locals).log?.error(
          { err: error },
          "payment could not start",
        );
        sendError(res, 503, "UNAVAILABLE", translate(locale, "error.tryLater"));
      }
    },
  );

  /**
   * The booking of a path's hashId at this tenant, or null once the answer is sent. A guest
   * booking opens with its hashId alone; an account's booking only for that account's session.
   * Anyone else gets the very 404 of an unknown hashId, so nothing tells that it exists.
   */
  async function bookingOf(
    req: Request,
    res: Response,
    locale: Locale,
    tenant: Tenant,
  ): Promise<Booking | null> {
    const hashId = String(req.params.hashId ?? "");
    const booking = isHashId(hashId)
      ? await deps.bookings.findByHashId(tenant.id, hashId)
      : null;
    const signedIn = booking?.userId
      ? await signedInAs(req, res, tenant)
      : null;
    if (
      !booking ||
      (booking.userId !== null && signedIn?.account.id !== booking.userId)
    ) {
      sendError(
        res,
        404,
        "NOT_FOUND",
        translate(locale, "api.bookings.NOT_FOUND"),
      );
      return null;
    }
    // Only the owner gets this far, so the refusal tells a stranger nothing.
    if (signedIn && !apiSessionMayAct(req, signedIn.via)) {
      sendError(res, 403, "CSRF", message(locale, "api.bookings.CSRF"));
      return null;
    }
    return booking;
  }

  /** City names of a booking's airports in a language, as far as the places know them. */
  async function placeNamesOf(
    booking: Booking,
    locale: Locale,
  ): Promise<Record<string, string>> {
    const places = deps.places;
    if (!places) return {};
    const codes = [
      ...new Set(
        booking.items.flatMap((item) => [item.offer.from, item.offer.to]),
      ),
    ];
    const names: Record<string, string> = {};
    await Promise.all(
      codes.map(async (code) => {
        const place = await places
          .byRouteCode(code, "flight", locale)
          .catch(() => null);
        if (place) names[code] = place.name;
      }),
    );
    return names;
  }

  // `GET /api/v1/bookings/{hashId}/ticket.pdf?lang=`: the e-ticket of an issued booking, in the booking's language unless asked otherwise.
  router.get(
    `${BOOKINGS_PATH}/:hashId/ticket.pdf`,
    async (req: Request, res: Response) => {
      const locale = requestLocale(req);
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("X-Robots-Tag", "noindex");
      const tenant = tenantOf(res, locale);
      if (!tenant) return;
      try {
        const booking = await bookingOf(req, res, locale, tenant);
        if (!booking) return;
        if (booking.status !== "issued") {
          sendError(
            res,
            409,
            "NOT_ISSUED",
            message(locale, "api.bookings.NOT_ISSUED"),
          );
          return;
        }
        const lang = Array.isArray(req.query.lang)
          ? req.query.lang[0]
          : req.query.lang;
        const ticketLocale: Locale = isLocale(lang)
          ? lang
          : isLocale(booking.locale)
            ? booking.locale
            : "fa";
        const [tickets, payment, history, placeNames] = await Promise.all([
          deps.bookings.tickets(booking.id),
          deps.payments.verifiedOf(booking.id),
          deps.bookings.history(booking.id),
          placeNamesOf(booking, ticketLocale),
        ]);
        const issuedAt = history.findLast(
          (change) => change.to === "issued",
        )?.at;
        const document = ticketDocument(
          booking,
          tickets,
          payment,
          tenant,
          ticketLocale,
          { issuedAt: issuedAt ? new Date(issuedAt) : null, placeNames },
        );
        const pdf = await (deps.renderTicketPdf ?? loadTicketRenderer)(
          document,
        );
        res.status(200);
        res.setHeader("Content-Type", "application/pdf");
        res.setHeader(
          "Content-Disposition",
          `attachment; filename="${ticketFileName(booking.reference)}"`,
        );
        res.setHeader("Content-Length", String(pdf.length));
        res.end(pdf);
      } catch (error) {
        (res.locals as Locals).log?.error(
          { err: error },
          "e-ticket could not be made",
        );
        sendError(res, 503, "UNAVAILABLE", translate(locale, "error.tryLater"));
      }
    },
  );

  // `POST /api/v1/bookings/{hashId}/refund-quote`: what cancelling would keep and give back, now.
  router.post(
    `${BOOKINGS_PATH}/:hashId/refund-quote`,
    jsonOrNothing,
    parseJson,
    async (req: Request, res: Response) => {
      const opened = openPrivate(req, res);
      if (!opened) return;
      const { locale, tenant } = opened;
      if (
        req.body !== undefined &&
        !refundQuoteSchema.safeParse(req.body).success
      ) {
        send(res, validationFailed(locale, [["body", "INVALID_TYPE"]]));
        return;
      }
      try {
        const booking = await bookingOf(req, res, locale, tenant);
        if (!booking) return;
        const quote = await quoteRefund(booking, {
          terms: deps.refundTerms,
          clock,
        });
        if (!quote.ok) {
          sendError(
            res,
            409,
            quote.error,
            translate(locale, `follow.error.${quote.error}`),
          );
          return;
        }
        res.status(200).json({
          paid: quote.paid,
          penalty: quote.penalty,
          refundAmount: quote.refundAmount,
          lines: quote.lines.map((line) => ({
            flightNumber: line.flightNumber,
            paid: line.paid,
            penaltyPercent: line.penaltyPercent,
            penalty: line.penalty,
            refundAmount: line.refundAmount,
            window: line.window,
            ruleId: line.ruleId,
          })),
          rule: quote.lines.map((line) => line.ruleId),
        });
      } catch (error) {
        (res.locals as Locals).log?.error(
          { err: error },
          "refund could not be quoted",
        );
        sendError(res, 503, "UNAVAILABLE", translate(locale, "error.tryLater"));
      }
    },
  );

  // `POST /api/v1/bookings/{hashId}/refund` {to: "card", sheba} or {to: "wallet"}: the traveller confirms; recorded once.
  router.post(
    `${BOOKINGS_PATH}/:hashId/refund`,
    jsonOnly,
    parseJson,
    async (req: Request, res: Response) => {
      const opened = openPrivate(req, res);
      if (!opened) return;
      const { locale, tenant } = opened;
      const log = (res.locals as Locals).log;
      const parsed = refundSchema.safeParse(req.body);
      if (!parsed.success) {
        send(
          res,
          validationFailed(
            locale,
            parsed.error.issues.map((issue) => [
              issue.path.length > 0 ? issue.path.join(".") : "body",
              shapeErrorCode(issue, req.body),
            ]),
          ),
        );
        return;
      }
      const request = parsed.data;
      try {
        const booking = await bookingOf(req, res, locale, tenant);
        if (!booking) return;
        // A booking that cannot be refunded says so whatever was sent with the request; a wallet
        // refund left half done (refund requested, not yet credited) is finished by asking again.
        if (
          booking.status !== "issued" &&
          !(request.to === "wallet" && booking.status === "refund_requested")
        ) {
          sendError(
            res,
            409,
            "NOT_REFUNDABLE_NOW",
            translate(locale, "follow.error.NOT_REFUNDABLE_NOW"),
          );
          return;
        }
        const to =
          request.to === "card"
            ? { to: "card" as const, sheba: request.sheba ?? "" }
            : { to: "wallet" as const };
        const result = await refundBooking(
          { booking, to, cause: "traveller (API)" },
          {
            terms: deps.refundTerms,
            refunds: deps.refunds,
            flights: deps.flights,
            bookings: deps.bookings,
            clock,
            ledger: deps.ledger,
          },
        );
        if (!result.ok) {
          switch (result.error) {
            case "SHEBA_INVALID": {
              const text = translate(locale, "follow.error.SHEBA_INVALID");
              res
                .status(422)
                .json(
                  errorBody("SHEBA_INVALID", text, {
                    field: "sheba",
                    errors: [
                      { field: "sheba", code: "SHEBA_INVALID", message: text },
                    ],
                  }),
                );
              return;
            }
            case "DESTINATION_UNAVAILABLE":
              res
                .status(422)
                .json(
                  errorBody(
                    "DESTINATION_UNAVAILABLE",
                    message(locale, "api.bookings.DESTINATION_UNAVAILABLE"),
                    { field: "to" },
                  ),
                );
              return;
            default:
              sendError(
                res,
                409,
                result.error,
                translate(locale, `follow.error.${result.error}`),
              );
              return;
          }
        }
        log?.info(
          {
            reference: booking.reference,
            penalty: result.quote.penalty,
            amount: result.quote.refundAmount,
            destination: result.destination,
          },
          "refund requested through the API",
        );
        if (result.destination === "wallet") {
          // Credited at once: the booking is refunded and the money is in the account's wallet.
          res
            .status(200)
            .json({
              status: "refunded",
              refund: {
                paid: result.quote.paid,
                penalty: result.quote.penalty,
                amount: result.quote.refundAmount,
                destination: "wallet",
                status: "paid",
              },
            });
          return;
        }
        res.status(200).json({
          status: "refund_requested",
          refund: {
            paid: result.quote.paid,
            penalty: result.quote.penalty,
            amount: result.quote.refundAmount,
            destination: "card",
            sheba: normalizeSheba(request.sheba ?? ""),
          },
        });
      } catch (error) {
        log?.error({ err: error }, "refund could not be recorded");
        sendError(res, 503, "UNAVAILABLE", translate(locale, "error.tryLater"));
      }
    },
  );

  // Faults of the body parser (too large, malformed, compressed, another charset) and anything
  // else thrown on these paths: JSON answers, never the HTML error page.
  router.use(
    BOOKINGS_PATH,
    (error: unknown, req: Request, res: Response, next: NextFunction) => {
      if (res.headersSent) return next(error);
      const locale = requestLocale(req);
      res.setHeader("Cache-Control", "no-store");
      const { status, type } = (error ?? {}) as {
        status?: unknown;
        type?: unknown;
      };
      if (type === "entity.too.large" || status === 413) {
        sendError(
          res,
          413,
          "BODY_TOO_LARGE",
          translate(locale, "api.bookings.BODY_TOO_LARGE"),
        );
        return;
      }
      if (
        type === "encoding.unsupported" ||
        type === "charset.unsupported" ||
        status === 415
      ) {
        sendError(
          res,
          415,
          "UNSUPPORTED_MEDIA_TYPE",
          translate(locale, "api.bookings.UNSUPPORTED_MEDIA_TYPE"),
        );
        return;
      }
      if (typeof status === "number" && status >= 400 && status < 500) {
        sendError(
          res,
          400,
          "BAD_JSON",
          translate(locale, "api.bookings.BAD_JSON"),
        );
        return;
      }
      (res.locals as Locals).log?.error({ err: error }, "bookings API failed");
      sendError(res, 503, "UNAVAILABLE", translate(locale, "error.tryLater"));
    },
  );

  return router;
}
