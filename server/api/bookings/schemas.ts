import { z } from "zod";
import { BOOKING_STATES } from "#core/booking/booking-state.ts";
import { GENDERS } from "#core/passengers/passenger-rules.ts";
import { PAYMENT_STATES } from "#core/payments/payment.ts";
import { MAX_SEATED_PASSENGERS } from "#core/search/search-forms.ts";
import { SERVICE_IDS } from "#core/services/service-ids.ts";
import { SELECTABLE_SERVICES } from "#core/services/selections.ts";
import { apiSchemas } from "../openapi.ts";
import { busItemSchema, seatsRequestSchema, ticketPlacementSchema } from "./schemas-bus.ts";
import { hotelItemSchema, roomsRequestSchema } from "./schemas-hotel.ts";
import { ownFlightRequestSchema, tourItemSchema, tourRoomsRequestSchema } from "./schemas-tour.ts";
import { coverStartRequestSchema, insuranceItemSchema } from "./schemas-insurance.ts";
import { passengerServicesSchema, trainItemSchema, vehicleRequestSchema } from "./schemas-train.ts";

/** Nine seated passengers and as many infants on their laps: anything longer is refused before the core. */
export const MAX_PASSENGERS_IN_REQUEST = MAX_SEATED_PASSENGERS * 2;
const MAX_TEXT = 100;
const MAX_OFFER_ID = 200; // an international round trip with connections names four fares: about 150 characters

/** PostgreSQL text cannot hold NUL; it is dropped rather than letting a client cause a fault. */
const withoutNul = (value: string) => value.replaceAll("\u0000", "");
const text = (max = MAX_TEXT) => z.string().max(max).transform(withoutNul);
const optionalText = (max = MAX_TEXT) =>
  text(max)
    .nullish()
    .transform((value) => value ?? undefined);

/** A booking's only key: 22 url-safe characters. A path with anything else is the 404 of an unknown booking. */
export const hashIdParams = z.object({
  hashId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22}$/)
    .describe("The booking's hashId, as its creation answered."),
});

// --- Requests ------------------------------------------------------------------------------------
// Values are the core's to judge (GENDER_INVALID, BIRTH_DATE_INVALID …); only types and sizes are checked here.
const passengerRequestSchema = z.object({
  type: z.enum(["adult", "child", "infant"]),
  firstName: text(),
  lastName: text(),
  firstNameLatin: optionalText(),
  lastNameLatin: optionalText(),
  gender: text().describe("male or female."),
  birthDate: text().describe("YYYY-MM-DD (Gregorian), any digit set."),
  nationalCode: optionalText().describe("Iranians: the 10-digit national code."),
  nationality: optionalText().describe("ISO country code; IR when absent."),
  passportNumber: optionalText(),
  passportCountry: optionalText(),
  passportExpiry: optionalText().describe("YYYY-MM-DD."),
  wheelchair: z.boolean().nullish(),
  services: passengerServicesSchema,
});

/** The services `POST /api/v1/bookings` books. */
export const API_BOOKING_SERVICES = SELECTABLE_SERVICES;
export type BookableByApi = (typeof API_BOOKING_SERVICES)[number];

/** `POST /api/v1/bookings`; unknown fields are dropped. */
export const bookingRequestSchema = z.object({
  service: z
    .enum(API_BOOKING_SERVICES)
    .default("flight")
    .describe(
      "flight (a domestic flight or, with returnOfferId, a round trip), internationalflight (one offer, a round trip included), train (with returnOfferId, a round trip) bus (one departure, with `seats`), hotel or intHotel (rooms of a hotel in Iran or abroad, with `rooms` and no offerId), tour or intTour (a package departure at one hotel at home or abroad: its offerId, with `rooms` of occupancies and, land only, `ownFlight`), insurance (a plan for every passenger, with `startDate`).",
    ),
  offerId: optionalText(MAX_OFFER_ID).describe(
    "An offer of GET /api/v1/flights/search, of GET /api/v1/internationalflights/search (internationalflight), of GET /api/v1/trains/search (train), of GET /api/v1/buses/search (bus) or a hotel's of GET /api/v1/tours/{tourId} (tour, intTour), or a plan of GET /api/v1/insurance/plans (insurance). Required but for hotels, whose offers are in `rooms`.",
  ),
  returnOfferId: optionalText().describe("The return offer of a domestic flight's or a train's round trip."),
  passengers: z.array(passengerRequestSchema).max(MAX_PASSENGERS_IN_REQUEST),
  contact: z.object({ mobile: text(), email: optionalText(254) }),
  company: z
    .object({ name: text(200), nationalId: text(), economicCode: text(), postalCode: text(), branchCode: optionalText() })
    .nullish()
    .describe("For an invoice in a company's name."),
  discountCode: optionalText(),
  expectedFare: z
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .nullish()
    .describe("The total shown to the traveller; when the fare differs now, 409 FARE_CHANGED and nothing is held."),
  vehicle: vehicleRequestSchema,
  seats: seatsRequestSchema,
  // A hotel's rooms are offers with their guests; a tour's, the occupancy of each room of its one offer.
  rooms: z.union([
    roomsRequestSchema,
    tourRoomsRequestSchema.describe(
      "Tours only (tour, intTour): 1–4 rooms, each 1–3 adults, at most one child with a bed, two without and no more infants than adults (TOUR_ROOM_INVALID on rooms.K); together exactly the passengers (TOUR_ROOMS_PARTY_MISMATCH).",
    ),
  ]),
  ownFlight: ownFlightRequestSchema,
  startDate: coverStartRequestSchema,
});

/** `{gateway}` to the bank; `{walletAmount}` alone pays the whole total from the wallet; both split it. */
export const payRequestSchema = z
  .object({
    gateway: z.string().max(40).optional().describe("One of the agency's gateways; its first when absent."),
    walletAmount: z.number().int().positive().max(2_147_483_647).optional().describe("Tomans from the signed-in owner's wallet."),
  })
  .strict();

export const lookupRequestSchema = z.object({
  reference: z.string().max(64).describe("The booking's reference, any case, spaces and digit set."),
  mobile: z.string().max(64).describe("The contact mobile given when booking."),
});

// --- Answers -------------------------------------------------------------------------------------
/** Integer tomans. */
export const money = z.number().int();
export const instant = z.string().describe("ISO 8601, UTC.");
const bookingStatus = z.enum(BOOKING_STATES).describe("As stored, except that a hold past its time reads expired.");

export const priceSchema = z
  .object({ base: money, taxes: money, discount: money, total: money })
  .strict()
  .describe("Integer tomans; total = base + taxes − discount.");

/** `201` of `POST /api/v1/bookings` (and of its replays). */
export const createdBookingSchema = z
  .object({ reference: z.string(), hashId: z.string(), status: bookingStatus, total: money, expiresAt: instant, price: priceSchema })
  .strict();
createdBookingSchema.register(apiSchemas, { id: "BookingCreated" });

const itemShared = { position: z.number().int(), seats: z.number().int(), base: money, taxes: money };

/** A domestic flight item: one per leg of a round trip. */
const flightItemSchema = z
  .object({
    ...itemShared,
    airline: z.object({ code: z.string(), name: z.string() }).strict(),
    flightNumber: z.string(),
    from: z.string(),
    to: z.string(),
    departAt: z.string(),
    arriveAt: z.string(),
    fareClass: z.string(),
    cabin: z.enum(["economy", "business"]),
    baggage: z.object({ kg: z.number().int() }).strict(),
    refundable: z.boolean(),
  })
  .strict();

/** An international flight item: the whole trip, its legs (out, and back on a round trip) and their segments. */
const internationalFlightItemSchema = z
  .object({
    ...itemShared,
    validatingAirline: z.object({ code: z.string(), name: z.string() }).strict(),
    legs: z.array(
      z
        .object({
          segments: z.array(
            z
              .object({
                airline: z.object({ code: z.string(), name: z.string() }).strict(),
                flightNumber: z.string(),
                from: z.string(),
                to: z.string(),
                departAt: z.string().describe("ISO 8601 with the airport's local offset."),
                arriveAt: z.string().describe("ISO 8601 with the airport's local offset."),
              })
              .strict(),
          ),
          layoverMinutes: z.array(z.number().int()).describe("Minutes on the ground between each two segments."),
        })
        .strict(),
    ),
    fareClass: z.string(),
    cabin: z.enum(["economy", "business"]),
    baggage: z
      .object({ kg: z.number().optional(), pieces: z.number().int().optional(), cabinKg: z.number() })
      .strict()
      .describe("Checked baggage by weight, or by pieces; cabin bag in kg."),
    refundable: z.boolean(),
  })
  .strict();

/** The item fields follow the booking's service: a union that grows as services join (additive). */
const bookingItemSchema = z.union([
  flightItemSchema,
  internationalFlightItemSchema,
  trainItemSchema(itemShared),
  busItemSchema(itemShared),
  hotelItemSchema(itemShared),
  tourItemSchema(itemShared),
  insuranceItemSchema(itemShared),
]);

const nullableText = z.string().nullable();
const bookingPassengerSchema = z
  .object({
    type: z.enum(["adult", "child", "infant"]),
    nationality: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    firstNameLatin: nullableText,
    lastNameLatin: nullableText,
    gender: z.enum(GENDERS),
    birthDate: z.string(),
    nationalCode: nullableText,
    passportNumber: nullableText,
    passportCountry: nullableText,
    passportExpiry: nullableText,
    wheelchair: z.boolean(),
  })
  .strict();

/** A booking as `GET /api/v1/bookings/{hashId}` shows it; a payment's gateway token never leaves the server. */
export const bookingSchema = z
  .object({
    reference: z.string(),
    hashId: z.string(),
    status: bookingStatus,
    service: z.enum(SERVICE_IDS),
    expiresAt: instant,
    createdAt: instant,
    party: z.object({ adults: z.number().int(), children: z.number().int(), infants: z.number().int() }).strict(),
    price: priceSchema,
    discountCode: nullableText,
    contact: z.object({ mobile: z.string(), email: nullableText }).strict(),
    company: z
      .object({ name: z.string(), nationalId: z.string(), economicCode: z.string(), postalCode: z.string(), branchCode: nullableText })
      .strict()
      .nullable(),
    items: z.array(bookingItemSchema),
    passengers: z.array(bookingPassengerSchema),
    tickets: z.array(
      z
        .object({
          flightNumber: nullableText,
          pnr: z.string(),
          ticketNumber: z.string(),
          passenger: z.number().int(),
          leg: z.number().int().min(0).describe("0 out, 1 back: a round trip abroad has a ticket per passenger per leg"),
          placement: ticketPlacementSchema,
        })
        .strict(),
    ),
    payments: z.array(
      z
        .object({
          hashId: z.string(),
          gateway: z.string(),
          amount: money,
          status: z.enum(PAYMENT_STATES),
          referenceId: nullableText,
          createdAt: instant,
        })
        .strict(),
    ),
    refund: z
      .object({ paid: money, penalty: money, amount: money, status: z.string(), destination: z.string(), createdAt: instant })
      .strict()
      .optional()
      .describe("Present once a refund was asked for."),
  })
  .strict();
bookingSchema.register(apiSchemas, { id: "Booking" });

export const lookupAnswerSchema = z.object({ hashId: z.string() }).strict();

const paymentSummarySchema = z
  .object({ hashId: z.string(), amount: money, walletAmount: money, gateway: z.string(), status: z.enum(PAYMENT_STATES) })
  .strict();

export const paymentStartSchema = z
  .object({
    redirectUrl: z.string().describe("Where to send the buyer: the bank's page, or the result page of a wallet payment."),
    method: z.enum(["GET", "POST"]),
    fields: z.record(z.string(), z.string()).optional().describe("With POST: the form fields to send."),
    payment: paymentSummarySchema,
  })
  .strict();
