import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { TicketPlacement } from "#core/booking/booking.ts";
import type { FarePrice, RefundWindowRule } from "#core/flights/flight.ts";
import type { TrainTicketType, VehicleType, WagonKind } from "#core/trains/train.ts";
import type { BusLayout } from "#core/buses/bus.ts";
import type { ContentBlock, ContentQuestion } from "#core/content/content-page.ts";
import type { SiteSettings } from "#core/back-office/site-settings.ts";
import type { HotelDistance, HotelRating } from "#core/hotels/hotel.ts";
import type { PlaceNames } from "#core/places/place.ts";
import type { LocalizedText, SocialNetwork, TenantColors } from "#core/tenants/site-config.ts";

/**
 * One row per agency. Columns follow spec §3's site configuration; alias fields of the config
 * response (logoSite, arrayOfTels, showContentFirstPageModal…) are derived from these columns.
 */
export const tenants = pgTable(
  "tenants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    status: text("status").notNull().default("active"),
    theme: text("theme").notNull().default("theme-1"),
    locales: text("locales")
      .array()
      .notNull()
      .default(sql`ARRAY['fa','en','ar']::text[]`),
    multiLanguage: boolean("multi_language").notNull().default(true),
    servicesActive: text("services_active")
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    serviceInactive: text("service_inactive")
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    optionActive: text("option_active")
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    nameCompany: jsonb("name_company").$type<LocalizedText>().notNull(),
    nameDomain1: text("name_domain1").notNull().default(""),
    sloganSite: jsonb("slogan_site").$type<LocalizedText>(),
    addressCompany: jsonb("address_company").$type<LocalizedText>(),
    telCompany: text("tel_company")
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    telCompany2: text("tel_company2"),
    telSupportCmp: text("tel_support_cmp"),
    emailCompany: text("email_company")
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    social: jsonb("social").$type<Partial<Record<SocialNetwork, string>>>().notNull().default({}),
    favIcon: text("fav_icon"),
    logo: text("logo"),
    logoHeader: text("logo_header"),
    logoFooter: text("logo_footer"),
    socialImage: text("social_image"),
    colors: jsonb("colors").$type<TenantColors>().notNull(),
    recaptchaV3SiteKey: text("recaptcha_v3_site_key"),
    safarmarketUser: text("safarmarket_user"),
    headerOfSite: jsonb("header_of_site").$type<LocalizedText>(),
    indexPage: text("index_page"),
    blogUrl: text("blog_url").notNull().default("/blog"),
    banner: text("banner"),
    giftEnable: boolean("gift_enable").notNull().default(false),
    firstPageModal: jsonb("first_page_modal").$type<LocalizedText>(),
    googleSiteVerification: text("google_site_verification"),
    mapToken: text("map_token"),
    /** Payment gateways offered to travellers, first is the default: "sandbox", "zarinpal"… (credentials in tenant_credentials). */
    paymentGateways: text("payment_gateways")
      .array()
      .notNull()
      .default(sql`ARRAY['sandbox']::text[]`),
    /** Text messages: "outbox" (built in) or a provider such as "kavenegar" (credentials in tenant_credentials). */
    smsSender: text("sms_sender").notNull().default("outbox"),
    /** Sign-in codes the tenant may send in one Tehran day (against SMS pumping); null means the product default. */
    smsDailyBudget: integer("sms_daily_budget"),
    /**
     * Issue 23: the seller's side of official invoices (Moadian-shaped): which registry files them
     * ("sandbox" or "moadian"), the fiscal memory id the tax ids start with, the seller's economic
     * code and national id, and whether every paid booking (not only companies') gets one. The
     * signing key lives in tenant_credentials ("tax:moadian"); null means no official invoices.
     */
    taxProfile: jsonb("tax_profile").$type<{
      registry: string;
      memoryId: string;
      economicCode: string;
      nationalId: string;
      postalCode: string;
      invoiceEveryBooking: boolean;
    }>(),
    /** Issue 23: the agency's card for card-to-card payments and the number receipts are sent to; null when not offered. */
    cardToCard: jsonb("card_to_card").$type<{
      cardNumber: string;
      holder: LocalizedText;
      bank: string;
      receiptMobile: string;
    }>(),
    /** Issue 23, spec §4: a GDS-pro host starts with every route and service hidden until `showComponentsForGdsPro`. */
    gdsPro: boolean("gds_pro").notNull().default(false),
    showComponentsForGdsPro: boolean("show_components_for_gds_pro").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("tenants_slug_key").on(table.slug),
    // At most one default tenant: the database enforces it, not the seed.
    uniqueIndex("tenants_one_default")
      .on(table.isDefault)
      .where(sql`${table.isDefault}`),
    check("tenants_theme_check", sql`${table.theme} in ('theme-1','theme-2','theme-3')`),
    check("tenants_status_check", sql`${table.status} in ('active','suspended')`),
  ],
);

/** Every host name a tenant answers on; a host belongs to exactly one tenant. */
export const tenantDomains = pgTable(
  "tenant_domains",
  {
    host: text("host").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    isPrimary: boolean("is_primary").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("tenant_domains_tenant_idx").on(table.tenantId),
    uniqueIndex("tenant_domains_one_primary")
      .on(table.tenantId)
      .where(sql`${table.isPrimary}`),
    check("tenant_domains_host_lower", sql`${table.host} = lower(${table.host})`),
  ],
);

/**
 * Per-tenant credentials of outside services (gateway, SMS, tax), encrypted with a key from the
 * environment (NOTES.md). Never part of the config endpoint or a page.
 */
export const tenantCredentials = pgTable(
  "tenant_credentials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    /** e.g. "payment:zarinpal", "sms:kavenegar", "tax:moadian". */
    kind: text("kind").notNull(),
    ciphertext: text("ciphertext").notNull(),
    keyVersion: text("key_version").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("tenant_credentials_kind_key").on(table.tenantId, table.kind)],
);

/**
 * Content pages per language: rows without a tenant are the defaults every site shows; a
 * tenant's own row for the same slug and language overrides it.
 */
export const contentPages = pgTable(
  "content_pages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").references(() => tenants.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    locale: text("locale").notNull(),
    /** The document title and meta description (head info). */
    title: text("title").notNull(),
    description: text("description").notNull(),
    h1: text("h1").notNull(),
    h2: text("h2"),
    blocks: jsonb("blocks").$type<ContentBlock[]>().notNull().default([]),
    questions: jsonb("questions").$type<ContentQuestion[]>().notNull().default([]),
    /** Extra JSON-LD for the page, beside the FAQPage built from the questions. */
    schema: jsonb("schema").$type<Record<string, unknown>>(),
    dontCache: boolean("dont_cache").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("content_pages_tenant_slug_locale_key").on(table.tenantId, table.slug, table.locale).nullsNotDistinct(),
    check("content_pages_locale_check", sql`${table.locale} in ('fa','en','ar')`),
  ],
);

/** Client-side errors reported by browsers (spec §7, POST /userTask/createtikets/0). */
export const clientErrorReports = pgTable(
  "client_error_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").references(() => tenants.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    units: text("units").notNull(),
    title: text("title").notNull(),
    text: text("text").notNull(),
    /** As the client sent it; shown to operators, never used to order work. */
    priority: smallint("priority"),
    taskTime: text("task_time"),
    category: text("category").notNull(),
    pageUrl: text("page_url"),
    userAgent: text("user_agent"),
    /** A keyed hash of the sender's address: enough to spot a flood, not to identify a person. */
    ipHash: text("ip_hash").notNull(),
  },
  (table) => [index("client_error_reports_tenant_created_idx").on(table.tenantId, table.createdAt)],
);

/**
 * Fixed-window counters for rate limits that must hold across every web process (error reports
 * now; sign-in codes and SMS budgets later).
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    bucket: text("bucket").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.windowStart] }), index("rate_limits_window_idx").on(table.windowStart)],
);

/** Reference places: provinces, cities, airports, rail stations, bus terminals, countries. */
export const places = pgTable(
  "places",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    parentId: text("parent_id"),
    countryCode: text("country_code").notNull(),
    iata: text("iata"),
    names: jsonb("names").$type<PlaceNames>().notNull(),
    popularity: integer("popularity").notNull().default(0),
    services: text("services")
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("places_parent_idx").on(table.parentId),
    check("places_kind_check", sql`${table.kind} in ('province','city','airport','station','terminal','country')`),
  ],
);

/**
 * Normalised search keys of each place (every name and alias, and each name from its later
 * words on). Each web process searches a sorted copy in memory (adapters/db/place-index.ts).
 */
export const placeSearchKeys = pgTable(
  "place_search_keys",
  {
    key: text("key").notNull(),
    placeId: text("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.key, table.placeId] }), index("place_search_keys_place_idx").on(table.placeId)],
);

/** Airlines of the house inventory (domestic flights, issue 5). */
export const airlines = pgTable("airlines", {
  code: text("code").primaryKey(),
  names: jsonb("names").$type<LocalizedText>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Refund penalties per airline and fare class, as data (iran-travel-facts.md). */
export const flightRefundRules = pgTable("flight_refund_rules", {
  id: text("id").primaryKey(),
  airlineCode: text("airline_code")
    .notNull()
    .references(() => airlines.code),
  fareClasses: text("fare_classes").array().notNull(),
  charter: boolean("charter").notNull().default(false),
  refundable: boolean("refundable").notNull(),
  windows: jsonb("windows").$type<RefundWindowRule[]>().notNull(),
  afterDeparturePercent: smallint("after_departure_percent").notNull(),
});

/**
 * One departure of one flight. `key` is the generator's stable name for it, so re-seeding a day
 * finds the same row and never touches seats already sold.
 */
export const flights = pgTable(
  "flights",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    airlineCode: text("airline_code")
      .notNull()
      .references(() => airlines.code),
    flightNumber: text("flight_number").notNull(),
    fromIata: text("from_iata").notNull(),
    toIata: text("to_iata").notNull(),
    departAt: timestamp("depart_at", { withTimezone: true }).notNull(),
    arriveAt: timestamp("arrive_at", { withTimezone: true }).notNull(),
    aircraft: text("aircraft").notNull(),
    charter: boolean("charter").notNull().default(false),
    /** scheduled, or cancelled by the airline (refunds without penalty, issue 8). */
    status: text("status").notNull().default("scheduled"),
  },
  (table) => [
    uniqueIndex("flights_key_key").on(table.key),
    // The search: one route, one day.
    index("flights_route_departure_idx").on(table.fromIata, table.toIata, table.departAt),
    check("flights_times_check", sql`${table.arriveAt} > ${table.departAt}`),
    check("flights_status_check", sql`${table.status} in ('scheduled','cancelled')`),
  ],
);

/**
 * A fare class of a departure with its prices (integer tomans) and seats. Seats are only ever
 * taken by a guarded update; the check makes overselling impossible even for wrong code.
 */
export const flightFares = pgTable(
  "flight_fares",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    flightId: uuid("flight_id")
      .notNull()
      .references(() => flights.id, { onDelete: "cascade" }),
    fareClass: text("fare_class").notNull(),
    cabin: text("cabin").notNull(),
    adultPrice: integer("adult_price").notNull(),
    childPrice: integer("child_price").notNull(),
    infantPrice: integer("infant_price").notNull(),
    seatsTotal: smallint("seats_total").notNull(),
    seatsAvailable: smallint("seats_available").notNull(),
    baggageKg: smallint("baggage_kg").notNull(),
    /** Airport and security charges included in the adult and child prices (infants take no seat and pay none). */
    taxesPerSeat: integer("taxes_per_seat").notNull().default(0),
    refundRuleId: text("refund_rule_id")
      .notNull()
      .references(() => flightRefundRules.id),
  },
  (table) => [
    unique("flight_fares_flight_class_key").on(table.flightId, table.fareClass),
    check("flight_fares_seats_check", sql`${table.seatsAvailable} >= 0 and ${table.seatsAvailable} <= ${table.seatsTotal}`),
    check("flight_fares_prices_check", sql`${table.adultPrice} > 0 and ${table.childPrice} >= 0 and ${table.infantPrice} >= 0`),
    check("flight_fares_taxes_check", sql`${table.taxesPerSeat} >= 0 and ${table.taxesPerSeat} <= ${table.childPrice}`),
    check("flight_fares_cabin_check", sql`${table.cabin} in ('economy','business')`),
  ],
);

/**
 * Seats of one fare taken for a booking (issue 5's supplier port; bookings arrive in issue 6).
 * Seats leave `flight_fares` in the same transaction that writes the hold, and come back when it
 * is cancelled or expires, so the two always add up.
 */
export const flightHolds = pgTable(
  "flight_holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fareId: uuid("fare_id")
      .notNull()
      .references(() => flightFares.id),
    seats: smallint("seats").notNull(),
    status: text("status").notNull().default("held"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    pnr: text("pnr"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("flight_holds_pnr_key").on(table.pnr),
    index("flight_holds_expiry_idx")
      .on(table.expiresAt)
      .where(sql`${table.status} = 'held'`),
    check("flight_holds_seats_check", sql`${table.seats} between 1 and 9`),
    check("flight_holds_status_check", sql`${table.status} in ('held','issued','cancelled','expired')`),
  ],
);

/** One ticket number per seat of an issued hold. */
export const flightTickets = pgTable(
  "flight_tickets",
  {
    ticketNumber: text("ticket_number").primaryKey(),
    holdId: uuid("hold_id")
      .notNull()
      .references(() => flightHolds.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("flight_tickets_hold_idx").on(table.holdId)],
);

/**
 * A traveller's order (issue 6), of any service: its public handles, its state in the booking
 * state machine (core/booking/booking-state.ts), the party, the price the server computed and the
 * buyer. What was bought lives in `booking_items` (one per supplier hold), who travels in
 * `booking_passengers`, and every change of state in `booking_events`.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    /** flight, flightRtrip, … (service ids of spec §3). */
    service: text("service").notNull(),
    /** Short and readable, printed on tickets and typed on /follow; unique per agency. */
    reference: text("reference").notNull(),
    /** Unguessable (128 random bits): the only thing that opens the booking's pages. */
    hashId: text("hash_id").notNull(),
    status: text("status").notNull().default("held"),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }).notNull(),
    adults: smallint("adults").notNull(),
    children: smallint("children").notNull(),
    infants: smallint("infants").notNull(),
    /** Integer tomans, computed on the server from the stored offers. */
    baseTotal: integer("base_total").notNull(),
    taxesTotal: integer("taxes_total").notNull(),
    discountTotal: integer("discount_total").notNull().default(0),
    total: integer("total").notNull(),
    discountCodeId: uuid("discount_code_id").references(() => discountCodes.id),
    contactMobile: text("contact_mobile").notNull(),
    contactEmail: text("contact_email"),
    /** The account the booking belongs to: set when booked signed in, or when the contact mobile signs in later. */
    userId: uuid("user_id").references((): AnyPgColumn => users.id),
    /** Company purchase (official invoice): name, national id, economic, postal and branch codes. */
    company: jsonb("company").$type<{
      name: string;
      nationalId: string;
      economicCode: string;
      postalCode: string;
      branchCode: string | null;
    }>(),
    /** The language the traveller booked in: later messages (SMS, PDF) speak it. */
    locale: text("locale").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("bookings_hash_id_key").on(table.hashId),
    uniqueIndex("bookings_tenant_reference_key").on(table.tenantId, table.reference),
    index("bookings_tenant_mobile_idx").on(table.tenantId, table.contactMobile),
    index("bookings_user_idx").on(table.userId, table.createdAt),
    // The official invoices' sweep (issue 23): sold bookings changed lately.
    index("bookings_sold_updated_idx")
      .on(table.updatedAt)
      .where(sql`${table.status} in ('issued','refund_requested','refunded')`),
    // The expiry job's query: holds still open, by their end.
    index("bookings_open_expiry_idx")
      .on(table.holdExpiresAt)
      .where(sql`${table.status} in ('held','awaiting_payment')`),
    check(
      "bookings_status_check",
      sql`${table.status} in ('held','awaiting_payment','paid','issued','expired','cancelled','refund_requested','refunded')`,
    ),
    check(
      "bookings_party_check",
      sql`${table.adults} >= 1 and ${table.children} >= 0 and ${table.infants} >= 0 and ${table.infants} <= ${table.adults} and ${table.adults} + ${table.children} <= 9`,
    ),
    check(
      "bookings_amounts_check",
      sql`${table.baseTotal} >= 0 and ${table.taxesTotal} >= 0 and ${table.discountTotal} >= 0 and ${table.total} = ${table.baseTotal} + ${table.taxesTotal} - ${table.discountTotal} and ${table.total} >= 0`,
    ),
  ],
);

/** One held product of a booking (a flight leg, later a room or a seat): the supplier's hold and the offer as it was priced. */
export const bookingItems = pgTable(
  "booking_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    /** The service it was sold as (a ServiceId): with `supplier`, the key of the supplier every later step goes back to. */
    service: text("service").notNull(),
    supplier: text("supplier").notNull(),
    offerId: text("offer_id").notNull(),
    holdId: text("hold_id").notNull(),
    seats: smallint("seats").notNull(),
    /** The offer as held (times, airline, class, rules): what the pre-invoice and the ticket show. */
    offer: jsonb("offer").$type<Record<string, unknown>>().notNull(),
    baseTotal: integer("base_total").notNull(),
    taxesTotal: integer("taxes_total").notNull(),
  },
  (table) => [
    uniqueIndex("booking_items_position_key").on(table.bookingId, table.position),
    index("booking_items_hold_idx").on(table.supplier, table.holdId),
  ],
);

export const bookingPassengers = pgTable(
  "booking_passengers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    type: text("type").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    firstNameLatin: text("first_name_latin"),
    lastNameLatin: text("last_name_latin"),
    gender: text("gender").notNull(),
    birthDate: text("birth_date").notNull(),
    nationality: text("nationality").notNull(),
    nationalCode: text("national_code"),
    passportNumber: text("passport_number"),
    passportCountry: text("passport_country"),
    passportExpiry: text("passport_expiry"),
    wheelchair: boolean("wheelchair").notNull().default(false),
  },
  (table) => [
    uniqueIndex("booking_passengers_position_key").on(table.bookingId, table.position),
    // Spec §5: a national code appears once per booking; the database says so too.
    uniqueIndex("booking_passengers_national_code_key").on(table.bookingId, table.nationalCode),
    check("booking_passengers_type_check", sql`${table.type} in ('adult','child','infant')`),
    check("booking_passengers_gender_check", sql`${table.gender} in ('male','female')`),
  ],
);

/** The booking's history: every change of state with its time and cause (append only). */
export const bookingEvents = pgTable(
  "booking_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** Null for the event that created the booking. */
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    event: text("event").notNull(),
    cause: text("cause").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (table) => [index("booking_events_booking_idx").on(table.bookingId, table.at)],
);

/**
 * Discount codes an operator creates (`npm run admin -- discount …`): a percentage with an
 * optional cap, or a fixed amount; a validity window; limits on uses in all and per mobile.
 * Uses are counted by a guarded update, backed by the check, so a limit is never passed.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    /** Upper case, Latin letters and digits. */
    code: text("code").notNull(),
    kind: text("kind").notNull(),
    /** Percent (1–100) or tomans. */
    amount: integer("amount").notNull(),
    maxDiscount: integer("max_discount"),
    minTotal: integer("min_total").notNull().default(0),
    /** Services it applies to; empty for all. */
    services: text("services")
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull(),
    validUntil: timestamp("valid_until", { withTimezone: true }).notNull(),
    maxUses: integer("max_uses"),
    maxUsesPerMobile: integer("max_uses_per_mobile"),
    uses: integer("uses").notNull().default(0),
    active: boolean("active").notNull().default(true),
    note: text("note"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("discount_codes_tenant_code_key").on(table.tenantId, table.code),
    check("discount_codes_kind_check", sql`${table.kind} in ('percent','fixed')`),
    check("discount_codes_amount_check", sql`${table.amount} > 0 and (${table.kind} = 'fixed' or ${table.amount} <= 100)`),
    check("discount_codes_window_check", sql`${table.validUntil} > ${table.validFrom}`),
    check("discount_codes_uses_check", sql`${table.uses} >= 0 and (${table.maxUses} is null or ${table.uses} <= ${table.maxUses})`),
  ],
);

/** A code's use by a booking; given back (and the count lowered) when the booking expires or is cancelled unpaid. */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    bookingId: uuid("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    codeId: uuid("code_id")
      .notNull()
      .references(() => discountCodes.id),
    mobile: text("mobile").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("discount_redemptions_code_mobile_idx").on(table.codeId, table.mobile)],
);

/**
 * API requests sent with an `Idempotency-Key`: the first answer is kept and replayed for a repeat;
 * the same key with another body is refused. A row without a status is a request still running.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: smallint("status_code"),
    response: jsonb("response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.scope, table.key] }), index("idempotency_keys_created_idx").on(table.createdAt)],
);

/**
 * A payment of a booking through a gateway (issue 7). The amount is ours, written before the
 * buyer leaves for the bank; the gateway's token is unique per gateway, so a callback finds
 * exactly one payment. Its state only moves by guarded updates, so a callback replayed from
 * two tabs verifies and settles once.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    bookingId: uuid("booking_id").references(() => bookings.id),
    /** Unguessable: the key of the payment's pages (/payment, /payment/paymentp/…). */
    hashId: text("hash_id").notNull(),
    gateway: text("gateway").notNull(),
    token: text("token"),
    /** Integer tomans; the gateway is asked for ten times as many rials. */
    amount: integer("amount").notNull(),
    status: text("status").notNull().default("created"),
    referenceId: text("reference_id"),
    maskedPan: text("masked_pan"),
    /** When the bank reverses a payment nobody verified: reconciliation must verify before it. */
    verifyBy: timestamp("verify_by", { withTimezone: true }).notNull(),
    failure: text("failure"),
    /** Issue 10: "booking" pays a booking; "topup" puts money into its owner's wallet (no booking). */
    purpose: text("purpose").notNull().default("booking"),
    /** The traveller whose wallet a top-up credits, or whose wallet pays part or all of a booking. */
    userId: uuid("user_id").references(() => users.id),
    /**
     * Integer tomans of `amount` taken from the wallet (held while the card part is open); the
     * gateway is asked for the rest. Equal to `amount` for a payment from the wallet alone.
     */
    walletAmount: integer("wallet_amount").notNull().default(0),
    /** Issue 23: the mobile top-up a "charge" payment pays for. */
    chargeId: uuid("charge_id").references((): AnyPgColumn => mobileCharges.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("payments_hash_id_key").on(table.hashId),
    // A double click on "pay from the wallet" opens one wallet payment; the other finds it taken.
    uniqueIndex("payments_one_open_wallet_payment")
      .on(table.bookingId)
      .where(sql`${table.gateway} = 'wallet' and ${table.status} in ('created','verifying')`),
    check("payments_purpose_check", sql`${table.purpose} in ('booking','topup','charge')`),
    // A top-up has an owner and no booking; a booking payment has its booking; only wallets pay from a wallet.
    check(
      "payments_owner_check",
      sql`(${table.purpose} = 'topup' and ${table.bookingId} is null and ${table.chargeId} is null and ${table.userId} is not null and ${table.walletAmount} = 0) or (${table.purpose} = 'booking' and ${table.bookingId} is not null and ${table.chargeId} is null and (${table.walletAmount} = 0 or ${table.userId} is not null)) or (${table.purpose} = 'charge' and ${table.bookingId} is null and ${table.chargeId} is not null and (${table.walletAmount} = 0 or ${table.userId} is not null))`,
    ),
    check("payments_wallet_amount_check", sql`${table.walletAmount} >= 0 and ${table.walletAmount} <= ${table.amount}`),
    uniqueIndex("payments_gateway_token_key").on(table.gateway, table.token),
    index("payments_booking_idx").on(table.bookingId),
    index("payments_charge_idx").on(table.chargeId),
    // Reconciliation's query: payments still waiting for a verdict.
    index("payments_open_idx")
      .on(table.verifyBy)
      .where(sql`${table.status} in ('pending','verifying')`),
    // One verified payment per booking: a second can never settle the same order.
    uniqueIndex("payments_one_verified_per_booking")
      .on(table.bookingId)
      .where(sql`${table.status} = 'verified'`),
    check(
      "payments_status_check",
      sql`${table.status} in ('created','pending','verifying','verified','cancelled','failed','reversed','refund_due')`,
    ),
    check("payments_amount_check", sql`${table.amount} > 0`),
  ],
);

/** Tickets of an issued booking item: the supplier's PNR and one ticket number per seat. */
export const bookingTickets = pgTable(
  "booking_tickets",
  {
    ticketNumber: text("ticket_number").primaryKey(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    itemPosition: smallint("item_position").notNull(),
    /** Whose ticket it is: the passenger's position in the booking (infants get one too). */
    passengerPosition: smallint("passenger_position").notNull().default(0),
    /** Which leg of the item it covers: 0 for a one-way flight; an international round trip has one ticket per passenger per leg. */
    leg: smallint("leg").notNull().default(0),
    pnr: text("pnr").notNull(),
    /** Where the ticket sits as the supplier assigned it (a train's wagon, compartment and bed); null when it names none. */
    placement: jsonb("placement").$type<TicketPlacement>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("booking_tickets_booking_idx").on(table.bookingId),
    uniqueIndex("booking_tickets_passenger_key").on(table.bookingId, table.itemPosition, table.passengerPosition, table.leg),
  ],
);

/**
 * A refund of an issued booking (issue 8): the penalty and amount computed from the fare's rules at
 * that moment, and where the money goes (a card by its Sheba number, or later the wallet). One
 * refund per booking; it is paid by the agency within 24–72 hours.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    paid: integer("paid").notNull(),
    penalty: integer("penalty").notNull(),
    amount: integer("amount").notNull(),
    destination: text("destination").notNull(),
    sheba: text("sheba"),
    /** The rule and window applied, for the record. */
    rule: jsonb("rule").$type<Record<string, unknown>>().notNull(),
    status: text("status").notNull().default("requested"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The refund's own reference, quoted to the bank and by the operator (`admin refund paid`). */
    reference: text("reference").notNull(),
    /** Who recorded the settlement of a card refund, and the bank's reference of the transfer. */
    paidBy: text("paid_by"),
    bankReference: text("bank_reference"),
  },
  (table) => [
    uniqueIndex("refunds_booking_key").on(table.bookingId),
    // The official invoices' sweep for refunds without their corrective invoice (issue 23).
    index("refunds_created_idx").on(table.createdAt),
    uniqueIndex("refunds_tenant_reference_key").on(table.tenantId, table.reference),
    check(
      "refunds_amounts_check",
      sql`${table.penalty} >= 0 and ${table.amount} >= 0 and ${table.penalty} + ${table.amount} = ${table.paid}`,
    ),
    check(
      "refunds_destination_check",
      sql`(${table.destination} = 'card' and ${table.sheba} is not null) or ${table.destination} = 'wallet'`,
    ),
    check("refunds_status_check", sql`${table.status} in ('requested','paid')`),
  ],
);

/**
 * Text messages (issue 8): every message the storefront sends, kept whatever the sender. With the
 * built-in outbox sender this table is the delivery; with a provider it records what was sent.
 */
export const smsMessages = pgTable(
  "sms_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").references(() => tenants.id),
    mobile: text("mobile").notNull(),
    text: text("text").notNull(),
    template: text("template"),
    tokens: jsonb("tokens").$type<string[]>(),
    sender: text("sender").notNull(),
    status: text("status").notNull(),
    providerId: text("provider_id"),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("sms_messages_mobile_idx").on(table.mobile, table.createdAt),
    check("sms_messages_status_check", sql`${table.status} in ('stored','sent','failed')`),
  ],
);

/**
 * The sandbox bank's own ledger (adapters/payments/sandbox): what a Shaparak bank keeps about a
 * payment it was asked for, so verify, reverse and its deadline behave like a real bank's.
 */
export const sandboxBankPayments = pgTable(
  "sandbox_bank_payments",
  {
    token: text("token").primaryKey(),
    merchant: text("merchant").notNull(),
    orderId: text("order_id").notNull(),
    amountRials: bigint("amount_rials", { mode: "number" }).notNull(),
    callbackUrl: text("callback_url").notNull(),
    description: text("description").notNull(),
    /** created → paid or cancelled; paid → verified, or reversed when not verified by the deadline; verified → reversed on request. */
    status: text("status").notNull().default("created"),
    referenceId: text("reference_id"),
    maskedPan: text("masked_pan"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    verifyBy: timestamp("verify_by", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("sandbox_bank_payments_status_check", sql`${table.status} in ('created','paid','cancelled','verified','reversed')`),
    check("sandbox_bank_payments_amount_check", sql`${table.amountRials} > 0`),
  ],
);

/**
 * Travellers' accounts (issue 9). An account belongs to one tenant: the same mobile number can hold
 * separate accounts at two agencies. `public_id` is what the `user_id` display cookie carries.
 */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    publicId: text("public_id").notNull(),
    /** Normalised: 09 and nine digits. */
    mobile: text("mobile").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    firstNameLatin: text("first_name_latin"),
    lastNameLatin: text("last_name_latin"),
    nationalCode: text("national_code"),
    /** ISO (Gregorian); shown in the Persian calendar in fa. */
    birthDate: text("birth_date"),
    gender: text("gender"),
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("users_tenant_mobile_key").on(table.tenantId, table.mobile),
    uniqueIndex("users_public_id_key").on(table.publicId),
    check("users_gender_check", sql`${table.gender} is null or ${table.gender} in ('male','female')`),
  ],
);

/**
 * Signed-in sessions: the token is only in the browser's HttpOnly cookie (or an app's bearer
 * header); the database keeps its SHA-256, so a database dump opens no session.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    /** "web" (cookie) or "api" (bearer). */
    kind: text("kind").notNull(),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("sessions_token_hash_key").on(table.tokenHash),
    index("sessions_user_idx").on(table.userId),
    check("sessions_kind_check", sql`${table.kind} in ('web','api')`),
  ],
);

/** The current sign-in code of a number at a tenant (a new send replaces it); the code itself is only in the SMS. */
export const otpChallenges = pgTable(
  "otp_challenges",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    mobile: text("mobile").notNull(),
    codeHash: text("code_hash").notNull(),
    salt: text("salt").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    wrongTries: smallint("wrong_tries").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.mobile] })],
);

/** Every sign-in code sent: the per-number, per-IP and per-tenant-day limits count these rows. */
export const otpSends = pgTable(
  "otp_sends",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    mobile: text("mobile").notNull(),
    /** HMAC of the client address (IP_HASH_SECRET): counted, never stored in clear. */
    ipHash: text("ip_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("otp_sends_mobile_idx").on(table.tenantId, table.mobile, table.createdAt),
    index("otp_sends_ip_idx").on(table.ipHash, table.createdAt),
    index("otp_sends_tenant_idx").on(table.tenantId, table.createdAt),
  ],
);

/** Failed sign-in steps (wrong codes, refused sends) by client address: enough of them ask for a proof of work. */
export const authFailures = pgTable(
  "auth_failures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    ipHash: text("ip_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("auth_failures_ip_idx").on(table.ipHash, table.createdAt)],
);

/** Proof-of-work challenges handed out; each is accepted once (used_at set atomically). */
export const powChallenges = pgTable(
  "pow_challenges",
  {
    id: text("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    seed: text("seed").notNull(),
    difficultyBits: smallint("difficulty_bits").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("pow_challenges_expires_idx").on(table.expiresAt)],
);

/** The previous-passengers list of an account (spec §6): offered on the passenger form to fill one in a tap. */
export const savedPassengers = pgTable(
  "saved_passengers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    nationality: text("nationality").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    firstNameLatin: text("first_name_latin"),
    lastNameLatin: text("last_name_latin"),
    gender: text("gender").notNull(),
    birthDate: text("birth_date").notNull(),
    nationalCode: text("national_code"),
    passportNumber: text("passport_number"),
    passportCountry: text("passport_country"),
    passportExpiry: text("passport_expiry"),
    wheelchair: boolean("wheelchair").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("saved_passengers_user_idx").on(table.userId),
    // One entry per person: Iranians by national code, others by passport number.
    uniqueIndex("saved_passengers_national_code_key").on(table.userId, table.nationalCode),
    uniqueIndex("saved_passengers_passport_key").on(table.userId, table.passportCountry, table.passportNumber),
    check("saved_passengers_gender_check", sql`${table.gender} in ('male','female')`),
    check("saved_passengers_identity_check", sql`${table.nationalCode} is not null or ${table.passportNumber} is not null`),
  ],
);

/**
 * The double-entry ledger (issue 10, docs/decisions/0015-wallet-ledger.md). An account holds money
 * of one kind at one tenant: a traveller's wallet, or one of the tenant's own system accounts.
 * Its balance is never stored: it is the sum of its entries, so it cannot drift from them.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    /** wallet, gateway_clearing, revenue, refunds or wallet_holds. */
    kind: text("kind").notNull(),
    /** The wallet's owner; null for system accounts. Not cascaded: money history outlives an account. */
    userId: uuid("user_id").references(() => users.id),
    /** Integer tomans a wallet may go below zero, granted by an operator (credit_grants keeps who and why). */
    creditLimit: integer("credit_limit").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One wallet per traveller and one account of each system kind per tenant, however many first uses race.
    uniqueIndex("ledger_accounts_wallet_key")
      .on(table.tenantId, table.kind, table.userId)
      .where(sql`${table.userId} is not null`),
    uniqueIndex("ledger_accounts_system_key")
      .on(table.tenantId, table.kind)
      .where(sql`${table.userId} is null`),
    check("ledger_accounts_kind_check", sql`${table.kind} in ('wallet','gateway_clearing','revenue','refunds','wallet_holds')`),
    check("ledger_accounts_owner_check", sql`(${table.kind} = 'wallet') = (${table.userId} is not null)`),
    check("ledger_accounts_credit_check", sql`${table.creditLimit} >= 0 and (${table.kind} = 'wallet' or ${table.creditLimit} = 0)`),
  ],
);

/**
 * One movement of money: its entries sum to zero (checked by the core, and by a deferred trigger
 * at commit, see migration 0009). The idempotency key is unique per tenant, so a replayed callback
 * or a retried job posts once. Kinds grow with features, so they are checked in the core only.
 */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    /** topup, booking_payment, wallet_hold, hold_release, refund, adjustment… */
    kind: text("kind").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** What the movement was for, so the wallet page can link to it. */
    paymentId: uuid("payment_id").references(() => payments.id),
    bookingId: uuid("booking_id").references(() => bookings.id),
    refundId: uuid("refund_id").references(() => refunds.id),
    reason: text("reason").notNull(),
    /** "system", an operator's name, or whoever else caused it. */
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("ledger_transactions_idempotency_key").on(table.tenantId, table.idempotencyKey),
    index("ledger_transactions_booking_idx").on(table.bookingId),
    index("ledger_transactions_payment_idx").on(table.paymentId),
  ],
);

/** One side of a transaction: a signed amount in integer tomans on one account. */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid("account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: integer("amount").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A wallet's history, newest first, and the sum under its lock.
    index("ledger_entries_account_idx").on(table.accountId, table.createdAt),
    index("ledger_entries_transaction_idx").on(table.transactionId),
    check("ledger_entries_amount_check", sql`${table.amount} <> 0`),
  ],
);

/** Every change of a wallet's credit limit: the new limit, who granted it and why. */
export const creditGrants = pgTable(
  "credit_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    creditLimit: integer("credit_limit").notNull(),
    grantedBy: text("granted_by").notNull(),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("credit_grants_account_idx").on(table.accountId, table.createdAt),
    check("credit_grants_limit_check", sql`${table.creditLimit} >= 0`),
  ],
);

/**
 * International flights (issue 17): one departure of one flight abroad (or of a domestic feeder
 * sold only within a trip abroad). Times are instants; the offsets of the two airports' clocks at
 * departure and arrival are kept beside them, so offers show local times without a time-zone table.
 */
export const intlFlightSegments = pgTable(
  "intl_flight_segments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    airlineCode: text("airline_code")
      .notNull()
      .references(() => airlines.code),
    flightNumber: text("flight_number").notNull(),
    fromIata: text("from_iata").notNull(),
    toIata: text("to_iata").notNull(),
    departAt: timestamp("depart_at", { withTimezone: true }).notNull(),
    arriveAt: timestamp("arrive_at", { withTimezone: true }).notNull(),
    departUtcOffset: smallint("depart_utc_offset").notNull(),
    arriveUtcOffset: smallint("arrive_utc_offset").notNull(),
    aircraft: text("aircraft").notNull(),
    /** False for a domestic feeder: only ever the first segment of a connection. */
    soldAlone: boolean("sold_alone").notNull().default(true),
    status: text("status").notNull().default("scheduled"),
  },
  (table) => [
    uniqueIndex("intl_flight_segments_key_key").on(table.key),
    // The search: departures of an airport in a window, and arrivals of the onward segment of a connection.
    index("intl_flight_segments_from_idx").on(table.fromIata, table.departAt),
    index("intl_flight_segments_to_idx").on(table.toIata, table.departAt),
    check("intl_flight_segments_times_check", sql`${table.arriveAt} > ${table.departAt}`),
    check("intl_flight_segments_status_check", sql`${table.status} in ('scheduled','cancelled')`),
  ],
);

/**
 * A fare class of one segment: its own one-way price (connections and round trips are priced from
 * these by core/international-flights/pricing.ts), baggage, refund rule and seats. Seats are taken
 * only by a guarded update, and the check makes overselling impossible even for wrong code.
 */
export const intlSegmentFares = pgTable(
  "intl_segment_fares",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    segmentId: uuid("segment_id")
      .notNull()
      .references(() => intlFlightSegments.id, { onDelete: "cascade" }),
    fareClass: text("fare_class").notNull(),
    cabin: text("cabin").notNull(),
    baseFare: integer("base_fare").notNull(),
    taxes: integer("taxes").notNull(),
    childPercent: smallint("child_percent").notNull(),
    infantPercent: smallint("infant_percent").notNull(),
    connectionPercent: smallint("connection_percent").notNull(),
    roundTripPercent: smallint("round_trip_percent").notNull(),
    baggageKg: smallint("baggage_kg"),
    baggagePieces: smallint("baggage_pieces"),
    cabinKg: smallint("cabin_kg").notNull(),
    refundRuleId: text("refund_rule_id")
      .notNull()
      .references(() => flightRefundRules.id),
    seatsTotal: smallint("seats_total").notNull(),
    seatsAvailable: smallint("seats_available").notNull(),
  },
  (table) => [
    unique("intl_segment_fares_segment_class_key").on(table.segmentId, table.fareClass),
    check("intl_segment_fares_seats_check", sql`${table.seatsAvailable} >= 0 and ${table.seatsAvailable} <= ${table.seatsTotal}`),
    check("intl_segment_fares_prices_check", sql`${table.baseFare} > 0 and ${table.taxes} >= 0`),
    check(
      "intl_segment_fares_percent_check",
      sql`${table.childPercent} between 0 and 100 and ${table.infantPercent} between 0 and 100 and ${table.connectionPercent} between 1 and 100 and ${table.roundTripPercent} between 1 and 100`,
    ),
    check("intl_segment_fares_cabin_check", sql`${table.cabin} in ('economy','business')`),
  ],
);

/** Seats of every segment of an international offer taken for a booking, together. */
export const intlFlightHolds = pgTable(
  "intl_flight_holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    offerId: text("offer_id").notNull(),
    seats: smallint("seats").notNull(),
    status: text("status").notNull().default("held"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    pnr: text("pnr"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("intl_flight_holds_pnr_key").on(table.pnr),
    index("intl_flight_holds_expiry_idx")
      .on(table.expiresAt)
      .where(sql`${table.status} = 'held'`),
    check("intl_flight_holds_seats_check", sql`${table.seats} between 1 and 9`),
    check("intl_flight_holds_status_check", sql`${table.status} in ('held','issued','cancelled','expired')`),
  ],
);

/** What a hold took from each segment fare: given back exactly when it is cancelled or expires. */
export const intlHoldSeats = pgTable(
  "intl_hold_seats",
  {
    holdId: uuid("hold_id")
      .notNull()
      .references(() => intlFlightHolds.id, { onDelete: "cascade" }),
    segmentFareId: uuid("segment_fare_id")
      .notNull()
      .references(() => intlSegmentFares.id),
    seats: smallint("seats").notNull(),
  },
  (table) => [primaryKey({ columns: [table.holdId, table.segmentFareId] })],
);

/** One ticket per traveller per leg of an issued international hold. */
export const intlFlightTickets = pgTable(
  "intl_flight_tickets",
  {
    ticketNumber: text("ticket_number").primaryKey(),
    holdId: uuid("hold_id")
      .notNull()
      .references(() => intlFlightHolds.id),
    passengerPosition: smallint("passenger_position").notNull(),
    leg: smallint("leg").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("intl_flight_tickets_traveller_leg_key").on(table.holdId, table.passengerPosition, table.leg)],
);

/** Trains (issue 18): the rail operators selling under their own brands on the national network. */
export const trainOperators = pgTable("train_operators", {
  code: text("code").primaryKey(),
  names: jsonb("names").$type<LocalizedText>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Refund penalties of an operator's trains, as data (Raja's windows: seed/trains/refund-rules.ts). */
export const trainRefundRules = pgTable(
  "train_refund_rules",
  {
    id: text("id").primaryKey(),
    operatorCode: text("operator_code")
      .notNull()
      .references(() => trainOperators.code),
    /** The wagon kinds the rule covers. */
    fareClasses: text("fare_classes").array().notNull(),
    refundable: boolean("refundable").notNull(),
    windows: jsonb("windows").$type<RefundWindowRule[]>().notNull(),
    afterDeparturePercent: smallint("after_departure_percent").notNull(),
    freeMinutesAfterIssue: smallint("free_minutes_after_issue"),
  },
  (table) => [
    check("train_refund_rules_percent_check", sql`${table.afterDeparturePercent} between 0 and 100`),
    check("train_refund_rules_free_minutes_check", sql`${table.freeMinutesAfterIssue} is null or ${table.freeMinutesAfterIssue} >= 0`),
  ],
);

/** One wagon of a train's make-up: its compartments' ticket types, compartment 1 first (salon bays of four seats). */
export interface TrainWagonLayout {
  number: number;
  kind: WagonKind;
  bedsPerCompartment: number;
  compartments: TrainTicketType[];
}

/**
 * A train that runs one way every day at one clock: its brand, make-up, bed prices per wagon kind,
 * meals and services, and car transport. Reference data of the release, rewritten by every seed;
 * what was sold lives on its departures.
 */
export const trains = pgTable(
  "trains",
  {
    number: text("number").primaryKey(),
    operatorCode: text("operator_code")
      .notNull()
      .references(() => trainOperators.code),
    names: jsonb("names").$type<LocalizedText>().notNull(),
    fromStation: text("from_station").notNull(),
    toStation: text("to_station").notNull(),
    /** Departure clock in Tehran, minutes after midnight. */
    departsMinute: smallint("departs_minute").notNull(),
    durationMinutes: smallint("duration_minutes").notNull(),
    /** Percent of the bed prices by the weekday of departure (Tehran), Sunday first: copied onto each departure. */
    weekdayPercents: smallint("weekday_percents").array().notNull(),
    foreignersAllowed: boolean("foreigners_allowed").notNull(),
    /** Rates per vehicle type (tomans) when the train carries cars. */
    carTransport: jsonb("car_transport").$type<Record<VehicleType, number> | null>(),
    wagons: jsonb("wagons").$type<TrainWagonLayout[]>().notNull(),
    /** Bed prices per wagon kind the train has (tomans), before a departure's day percent. */
    fares: jsonb("fares").$type<Partial<Record<WagonKind, Omit<FarePrice, "total">>>>().notNull(),
    /** Codes of the extras catalog it sells, with prices (0: included). */
    extras: jsonb("extras").$type<{ code: string; kind: "meal" | "service"; names: LocalizedText; price: number }[]>().notNull(),
    refundRuleId: text("refund_rule_id")
      .notNull()
      .references(() => trainRefundRules.id),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("trains_route_idx").on(table.fromStation, table.toStation),
    check("trains_departs_check", sql`${table.departsMinute} between 0 and 1439`),
    check("trains_duration_check", sql`${table.durationMinutes} > 0`),
    check("trains_weekday_percents_check", sql`cardinality(${table.weekdayPercents}) = 7`),
  ],
);

/**
 * One departure of a train on one day. It is made, with all its compartments in the same
 * transaction, the first time a search asks for that train's day within the 90-day sales window:
 * writing every bed of the window up front would be about a million rows, and a fresh start must
 * stay fast. A departure that exists always has its compartments.
 */
export const trainDepartures = pgTable(
  "train_departures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** `${train number}-${Tehran date}`: re-seeding a day finds the same row and never touches beds sold. */
    key: text("key").notNull(),
    trainNumber: text("train_number")
      .notNull()
      .references(() => trains.number),
    fromStation: text("from_station").notNull(),
    toStation: text("to_station").notNull(),
    departAt: timestamp("depart_at", { withTimezone: true }).notNull(),
    arriveAt: timestamp("arrive_at", { withTimezone: true }).notNull(),
    /** Percent of the train's bed prices on this day. */
    pricePercent: smallint("price_percent").notNull().default(100),
    /** scheduled, or cancelled by the operator (refunds without penalty). */
    status: text("status").notNull().default("scheduled"),
  },
  (table) => [
    uniqueIndex("train_departures_key_key").on(table.key),
    // The search: one route, one day.
    index("train_departures_route_idx").on(table.fromStation, table.toStation, table.departAt),
    check("train_departures_times_check", sql`${table.arriveAt} > ${table.departAt}`),
    check("train_departures_status_check", sql`${table.status} in ('scheduled','cancelled')`),
    check("train_departures_price_check", sql`${table.pricePercent} between 50 and 200`),
  ],
);

/**
 * One compartment of one departure (a salon bay of four seats in a salon wagon), of one ticket
 * type, with its free beds. Beds are taken only by a guarded update of `free_beds`; the check
 * keeps the counter between 0 and the compartment's beds even for wrong code.
 */
export const trainCompartments = pgTable(
  "train_compartments",
  {
    departureId: uuid("departure_id")
      .notNull()
      .references(() => trainDepartures.id, { onDelete: "cascade" }),
    wagon: smallint("wagon").notNull(),
    compartment: smallint("compartment").notNull(),
    kind: text("kind").notNull(),
    ticketType: text("ticket_type").notNull(),
    beds: smallint("beds").notNull(),
    freeBeds: smallint("free_beds").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.departureId, table.wagon, table.compartment] }),
    check("train_compartments_beds_check", sql`${table.beds} between 1 and 8`),
    check("train_compartments_free_beds_check", sql`${table.freeBeds} >= 0 and ${table.freeBeds} <= ${table.beds}`),
    check("train_compartments_kind_check", sql`${table.kind} in ('salon','compartment4','compartment6','vip4')`),
    check("train_compartments_ticket_type_check", sql`${table.ticketType} in ('general','brothers','sisters')`),
  ],
);

/** Beds of one departure kept for a booking (a coupe hold keeps whole compartments). */
export const trainHolds = pgTable(
  "train_holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    offerId: text("offer_id").notNull(),
    departureId: uuid("departure_id")
      .notNull()
      .references(() => trainDepartures.id),
    wagonKind: text("wagon_kind").notNull(),
    ticketType: text("ticket_type").notNull(),
    coupe: boolean("coupe").notNull(),
    /** Travellers who take a bed (infants travel on a lap). */
    seats: smallint("seats").notNull(),
    status: text("status").notNull().default("held"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    pnr: text("pnr"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("train_holds_pnr_key").on(table.pnr),
    index("train_holds_expiry_idx")
      .on(table.expiresAt)
      .where(sql`${table.status} = 'held'`),
    check("train_holds_seats_check", sql`${table.seats} between 1 and 9`),
    check("train_holds_status_check", sql`${table.status} in ('held','issued','cancelled','expired')`),
  ],
);

/**
 * Each bed a live hold (held or issued) keeps: the primary key means a bed of a departure is
 * never held by two bookings, whatever the code does. Rows leave when the hold is cancelled or
 * expires, in the same transaction that gives the compartment's counter back.
 */
export const trainHeldBeds = pgTable(
  "train_held_beds",
  {
    departureId: uuid("departure_id").notNull(),
    wagon: smallint("wagon").notNull(),
    compartment: smallint("compartment").notNull(),
    bed: smallint("bed").notNull(),
    holdId: uuid("hold_id")
      .notNull()
      .references(() => trainHolds.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.departureId, table.wagon, table.compartment, table.bed] }),
    foreignKey({
      name: "train_held_beds_compartment_fk",
      columns: [table.departureId, table.wagon, table.compartment],
      foreignColumns: [trainCompartments.departureId, trainCompartments.wagon, trainCompartments.compartment],
    }),
    index("train_held_beds_hold_idx").on(table.holdId),
    check("train_held_beds_bed_check", sql`${table.bed} between 1 and 8`),
  ],
);

/** One ticket per traveller of an issued hold, with where it sits (infants: their adult's bed). */
export const trainTickets = pgTable(
  "train_tickets",
  {
    ticketNumber: text("ticket_number").primaryKey(),
    holdId: uuid("hold_id")
      .notNull()
      .references(() => trainHolds.id),
    passengerPosition: smallint("passenger_position").notNull(),
    wagon: smallint("wagon").notNull(),
    /** Null in a salon wagon. */
    compartment: smallint("compartment"),
    /** The bed, or the seat number in a salon wagon. */
    bed: smallint("bed").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("train_tickets_traveller_key").on(table.holdId, table.passengerPosition)],
);

/** Buses (issue 19): the cooperatives selling seats under their own names. */
export const busCompanies = pgTable("bus_companies", {
  code: text("code").primaryKey(),
  names: jsonb("names").$type<LocalizedText>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The terminals buses leave from and arrive at, with their names: an offer is made from the rows it joins. */
export const busTerminals = pgTable("bus_terminals", {
  code: text("code").primaryKey(),
  city: text("city").notNull(),
  names: jsonb("names").$type<LocalizedText>().notNull(),
});

/** A coach's drawing (seed/buses/layouts.ts): the grid and where each numbered seat is. */
export const busLayouts = pgTable(
  "bus_layouts",
  {
    busType: text("bus_type").primaryKey(),
    layout: jsonb("layout").$type<BusLayout>().notNull(),
    seats: jsonb("seats").$type<{ number: number; row: number; column: number }[]>().notNull(),
    seatCount: smallint("seat_count").notNull(),
  },
  (table) => [check("bus_layouts_seat_count_check", sql`${table.seatCount} between 1 and 60`)],
);

/** Refund penalties of a company's buses, as data (seed/buses/refund-rules.ts). */
export const busRefundRules = pgTable(
  "bus_refund_rules",
  {
    id: text("id").primaryKey(),
    companyCode: text("company_code")
      .notNull()
      .references(() => busCompanies.code),
    /** The bus types the rule covers. */
    fareClasses: text("fare_classes").array().notNull(),
    refundable: boolean("refundable").notNull(),
    windows: jsonb("windows").$type<RefundWindowRule[]>().notNull(),
    afterDeparturePercent: smallint("after_departure_percent").notNull(),
    freeMinutesAfterIssue: smallint("free_minutes_after_issue"),
    inPersonFromMinutesBefore: smallint("in_person_from_minutes_before"),
    inPersonPenaltyPercent: smallint("in_person_penalty_percent"),
  },
  (table) => [
    check("bus_refund_rules_percent_check", sql`${table.afterDeparturePercent} between 0 and 100`),
    check(
      "bus_refund_rules_in_person_check",
      sql`${table.inPersonPenaltyPercent} is null or ${table.inPersonPenaltyPercent} between 0 and 100`,
    ),
  ],
);

/**
 * The timetable: one bus of one company leaving one terminal for another at one Tehran clock on
 * the weekdays it runs. Reference data of the release, rewritten by every seed; what was sold
 * lives on its departures.
 */
export const busTrips = pgTable(
  "bus_trips",
  {
    code: text("code").primaryKey(),
    companyCode: text("company_code")
      .notNull()
      .references(() => busCompanies.code),
    busType: text("bus_type")
      .notNull()
      .references(() => busLayouts.busType),
    fromCity: text("from_city").notNull(),
    toCity: text("to_city").notNull(),
    fromTerminal: text("from_terminal")
      .notNull()
      .references(() => busTerminals.code),
    toTerminal: text("to_terminal")
      .notNull()
      .references(() => busTerminals.code),
    /** Departure clock in Tehran, minutes after midnight. */
    departsMinute: smallint("departs_minute").notNull(),
    durationMinutes: smallint("duration_minutes").notNull(),
    /** Tomans per seat. */
    price: integer("price").notNull(),
    /** Weekdays it runs (Tehran), 0 = Sunday. */
    weekdays: smallint("weekdays").array().notNull(),
    refundRuleId: text("refund_rule_id")
      .notNull()
      .references(() => busRefundRules.id),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("bus_trips_route_idx").on(table.fromCity, table.toCity),
    check("bus_trips_departs_check", sql`${table.departsMinute} between 0 and 1439`),
    check("bus_trips_duration_check", sql`${table.durationMinutes} > 0`),
    check("bus_trips_price_check", sql`${table.price} > 0`),
  ],
);

/**
 * One departure of a trip on one day, made the first time a search asks for that day within the
 * 90-day window (its seats are rows once held or sold elsewhere). Times, price and seat count are copied from
 * the trip when it is made, so a timetable change never moves a bus already sold.
 */
export const busDepartures = pgTable(
  "bus_departures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** `${trip code}-${Tehran date}`: two first searches of a day make it once. */
    key: text("key").notNull(),
    tripCode: text("trip_code")
      .notNull()
      .references(() => busTrips.code),
    fromCity: text("from_city").notNull(),
    toCity: text("to_city").notNull(),
    departAt: timestamp("depart_at", { withTimezone: true }).notNull(),
    arriveAt: timestamp("arrive_at", { withTimezone: true }).notNull(),
    price: integer("price").notNull(),
    seatCount: smallint("seat_count").notNull(),
    /** scheduled, or cancelled by the company (refunds without penalty). */
    status: text("status").notNull().default("scheduled"),
  },
  (table) => [
    uniqueIndex("bus_departures_key_key").on(table.key),
    // The search: one city pair, one day.
    index("bus_departures_route_idx").on(table.fromCity, table.toCity, table.departAt),
    check("bus_departures_times_check", sql`${table.arriveAt} > ${table.departAt}`),
    check("bus_departures_status_check", sql`${table.status} in ('scheduled','cancelled')`),
    check("bus_departures_price_check", sql`${table.price} > 0`),
  ],
);

/** Seats of one departure kept for a booking: the seats themselves are bus_held_seats rows. */
export const busHolds = pgTable(
  "bus_holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    offerId: text("offer_id").notNull(),
    departureId: uuid("departure_id")
      .notNull()
      .references(() => busDepartures.id),
    /** Travellers who take a seat (infants travel on a lap). */
    seats: smallint("seats").notNull(),
    status: text("status").notNull().default("held"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    pnr: text("pnr"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("bus_holds_pnr_key").on(table.pnr),
    index("bus_holds_expiry_idx")
      .on(table.expiresAt)
      .where(sql`${table.status} = 'held'`),
    check("bus_holds_seats_check", sql`${table.seats} between 1 and 9`),
    check("bus_holds_status_check", sql`${table.status} in ('held','issued','cancelled','expired')`),
  ],
);

/**
 * Each seat a live hold keeps (held or issued), with the traveller on it: the primary key means a
 * seat of a departure is never held by two bookings, whatever the code does. A held seat whose
 * `expires_at` has passed counts as free; its row leaves when the next hold of the departure, the
 * sweep, or a cancel gives it back. Issued seats carry their ticket number and never expire.
 */
export const busHeldSeats = pgTable(
  "bus_held_seats",
  {
    departureId: uuid("departure_id")
      .notNull()
      .references(() => busDepartures.id),
    seatNumber: smallint("seat_number").notNull(),
    holdId: uuid("hold_id")
      .notNull()
      .references(() => busHolds.id, { onDelete: "cascade" }),
    passengerPosition: smallint("passenger_position").notNull(),
    gender: text("gender").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ticketNumber: text("ticket_number"),
  },
  (table) => [
    primaryKey({ columns: [table.departureId, table.seatNumber] }),
    uniqueIndex("bus_held_seats_traveller_key").on(table.holdId, table.passengerPosition),
    uniqueIndex("bus_held_seats_ticket_key").on(table.ticketNumber),
    check("bus_held_seats_seat_check", sql`${table.seatNumber} between 1 and 60`),
    check("bus_held_seats_gender_check", sql`${table.gender} in ('male','female')`),
  ],
);

/** One ticket per traveller of an issued hold, with its seat (none for an infant on a lap). */
export const busTickets = pgTable(
  "bus_tickets",
  {
    ticketNumber: text("ticket_number").primaryKey(),
    holdId: uuid("hold_id")
      .notNull()
      .references(() => busHolds.id),
    passengerPosition: smallint("passenger_position").notNull(),
    seatNumber: smallint("seat_number"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("bus_tickets_traveller_key").on(table.holdId, table.passengerPosition)],
);

/** A text in the three languages (a hotel's name, address, a rule). */
type HotelText = { fa: string; en: string; ar: string };

/** Hotels' cancellation rules (RefundRule windows counted back from check-in at 14:00) and the sentence telling each. */
export const hotelRefundRules = pgTable(
  "hotel_refund_rules",
  {
    id: text("id").primaryKey(),
    refundable: boolean("refundable").notNull(),
    windows: jsonb("windows").$type<RefundWindowRule[]>().notNull(),
    afterDeparturePercent: smallint("after_departure_percent").notNull(),
    policy: jsonb("policy").$type<HotelText>().notNull(),
  },
  (table) => [check("hotel_refund_rules_percent_check", sql`${table.afterDeparturePercent} between 0 and 100`)],
);

/** The house supplier's hotels (seed/hotels), written on every start; `id` is the hotelId slug, unique across cities. */
export const hotels = pgTable(
  "hotels",
  {
    id: text("id").primaryKey(),
    city: text("city").notNull(),
    countryCode: text("country_code").notNull(),
    region: text("region").notNull(),
    /** The city's clock ("+03:30"): check-in is at 14:00 on it. */
    utcOffset: text("utc_offset").notNull(),
    kind: text("kind").notNull(),
    stars: smallint("stars").notNull(),
    names: jsonb("names").$type<HotelText>().notNull(),
    addresses: jsonb("addresses").$type<HotelText>().notNull(),
    descriptions: jsonb("descriptions").$type<HotelText>().notNull(),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    facilities: text("facilities").array().notNull(),
    rules: jsonb("rules").$type<{ base: HotelText[]; other: HotelText[] }>().notNull(),
    distances: jsonb("distances").$type<(Omit<HotelDistance, "landmark"> & { landmark: HotelText })[]>().notNull(),
    rating: jsonb("rating").$type<HotelRating>().notNull(),
    images: smallint("images").notNull(),
    refundRuleId: text("refund_rule_id")
      .notNull()
      .references(() => hotelRefundRules.id),
  },
  (table) => [
    index("hotels_city_idx").on(table.city, table.region),
    check("hotels_region_check", sql`${table.region} in ('iran','abroad')`),
    check("hotels_kind_check", sql`${table.kind} in ('hotel','apartment','traditional')`),
    check("hotels_stars_check", sql`${table.stars} between 0 and 5`),
  ],
);

/** A hotel's room types: "<hotelId>:<type>", with how many rooms of it the hotel has each night. */
export const hotelRoomTypes = pgTable(
  "hotel_room_types",
  {
    id: text("id").primaryKey(),
    hotelId: text("hotel_id")
      .notNull()
      .references(() => hotels.id),
    roomType: text("room_type").notNull(),
    names: jsonb("names").$type<HotelText>().notNull(),
    capacity: smallint("capacity").notNull(),
    extraBeds: smallint("extra_beds").notNull(),
    breakfast: boolean("breakfast").notNull(),
    /** Toman per room per ordinary night for an Iranian guest; the supplier prices weekends and Nowruz from it. */
    perNight: integer("per_night").notNull(),
    foreignPerNight: integer("foreign_per_night"),
    extraBedPerNight: integer("extra_bed_per_night").notNull(),
    rooms: smallint("rooms").notNull(),
  },
  (table) => [
    index("hotel_room_types_hotel_idx").on(table.hotelId),
    check("hotel_room_types_type_check", sql`${table.roomType} in ('single','double','twin','triple','suite')`),
    check("hotel_room_types_capacity_check", sql`${table.capacity} between 1 and 6 and ${table.extraBeds} between 0 and 1`),
    check("hotel_room_types_price_check", sql`${table.perNight} > 0 and ${table.extraBedPerNight} >= 0`),
    check("hotel_room_types_rooms_check", sql`${table.rooms} >= 1`),
  ],
);

/**
 * Room-nights: one row per room type and night once anyone held a room of it that night (a night
 * without a row has the seeded total and rooms sold elsewhere). The check is what makes a
 * room-night impossible to sell twice.
 */
export const hotelRoomNights = pgTable(
  "hotel_room_nights",
  {
    roomTypeId: text("room_type_id")
      .notNull()
      .references(() => hotelRoomTypes.id),
    night: date("night", { mode: "string" }).notNull(),
    roomsTotal: smallint("rooms_total").notNull(),
    roomsSold: smallint("rooms_sold").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.roomTypeId, table.night] }),
    check("hotel_room_nights_sold_check", sql`${table.roomsSold} between 0 and ${table.roomsTotal}`),
  ],
);

/** Rooms of one type held for one stay (one booking item), and its voucher once issued. */
export const hotelHolds = pgTable(
  "hotel_holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    offerId: text("offer_id").notNull(),
    roomTypeId: text("room_type_id")
      .notNull()
      .references(() => hotelRoomTypes.id),
    checkIn: date("check_in", { mode: "string" }).notNull(),
    checkOut: date("check_out", { mode: "string" }).notNull(),
    rooms: smallint("rooms").notNull(),
    /** The lead guest's position among the booking's passengers: the voucher is in their name. */
    leadPassenger: smallint("lead_passenger").notNull(),
    status: text("status").notNull().default("held"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    confirmation: text("confirmation"),
    voucherNumber: text("voucher_number"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("hotel_holds_confirmation_key").on(table.confirmation),
    index("hotel_holds_expiry_idx")
      .on(table.expiresAt)
      .where(sql`${table.status} = 'held'`),
    check("hotel_holds_stay_check", sql`${table.checkOut} > ${table.checkIn}`),
    check("hotel_holds_rooms_check", sql`${table.rooms} between 1 and 9`),
    check("hotel_holds_status_check", sql`${table.status} in ('held','issued','cancelled','expired')`),
  ],
);

/** Guests' reviews: one per user and hotel, added after a stay booked here is over. */
export const hotelComments = pgTable(
  "hotel_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    // A comment leaves with its author's account.
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    city: text("city").notNull(),
    hotelId: text("hotel_id").notNull(),
    author: text("author").notNull(),
    score: smallint("score").notNull(),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("hotel_comments_author_key").on(table.tenantId, table.userId, table.hotelId),
    index("hotel_comments_hotel_idx").on(table.hotelId, table.createdAt),
    check("hotel_comments_score_check", sql`${table.score} between 1 and 10`),
  ],
);

/** A text of the house tours in the three languages (a title, an itinerary line, a visa message). */
type TourText = { fa: string; en: string; ar: string };

/** Package tours' cancellation rules (RefundRule windows counted back from the group's departure) and the sentence telling each. */
export const tourRefundRules = pgTable(
  "tour_refund_rules",
  {
    id: text("id").primaryKey(),
    refundable: boolean("refundable").notNull(),
    windows: jsonb("windows").$type<RefundWindowRule[]>().notNull(),
    afterDeparturePercent: smallint("after_departure_percent").notNull(),
    policy: jsonb("policy").$type<TourText>().notNull(),
  },
  (table) => [check("tour_refund_rules_percent_check", sql`${table.afterDeparturePercent} between 0 and 100`)],
);

/** The house supplier's packages (seed/tours), written on every start: a trip from a city to a destination by one transport for some nights. */
export const tourPackages = pgTable(
  "tour_packages",
  {
    id: text("id").primaryKey(),
    scope: text("scope").notNull(),
    fromCity: text("from_city").notNull(),
    toCity: text("to_city").notNull(),
    countryCode: text("country_code").notNull(),
    transport: text("transport").notNull(),
    /** Airline IATA, rail operator or bus company; empty for a land-only package (the traveller's own flight). */
    carrierCode: text("carrier_code").notNull(),
    carrierNames: jsonb("carrier_names").$type<TourText>().notNull(),
    nights: smallint("nights").notNull(),
    /** The clocks at each end in minutes east of UTC: departures and returns read on them. */
    fromUtcOffset: smallint("from_utc_offset").notNull(),
    toUtcOffset: smallint("to_utc_offset").notNull(),
    titles: jsonb("titles").$type<TourText>().notNull(),
    descriptions: jsonb("descriptions").$type<TourText>().notNull(),
    itinerary: jsonb("itinerary").$type<TourText[]>().notNull(),
    inclusions: text("inclusions").array().notNull(),
    exclusions: jsonb("exclusions").$type<TourText[]>().notNull(),
    transfer: text("transfer").notNull(),
    visa: jsonb("visa").$type<{
      kind: string;
      message: TourText;
      available: boolean;
      processingDays: number | null;
      fee: number | null;
    } | null>(),
    fromAirports: text("from_airports").array().notNull(),
    toAirports: text("to_airports").array().notNull(),
    refundRuleId: text("refund_rule_id")
      .notNull()
      .references(() => tourRefundRules.id),
    image: text("image").notNull(),
  },
  (table) => [
    index("tour_packages_route_idx").on(table.scope, table.toCity, table.fromCity),
    check("tour_packages_scope_check", sql`${table.scope} in ('domestic','international')`),
    check("tour_packages_transport_check", sql`${table.transport} in ('flight','train','bus')`),
    check("tour_packages_transfer_check", sql`${table.transfer} in ('withPackage','ownFlight')`),
    check("tour_packages_nights_check", sql`${table.nights} between 1 and 30`),
  ],
);

/** The hotels a package offers, each with its board and per-person prices for the whole trip by occupancy (before the season). */
export const tourPackageHotels = pgTable(
  "tour_package_hotels",
  {
    packageId: text("package_id")
      .notNull()
      .references(() => tourPackages.id),
    /** The seed/hotels hotelId: the same hotel the hotel service sells. */
    hotelId: text("hotel_id").notNull(),
    names: jsonb("names").$type<TourText>().notNull(),
    stars: smallint("stars").notNull(),
    board: text("board").notNull(),
    addresses: jsonb("addresses").$type<TourText>().notNull(),
    rating: doublePrecision("rating"),
    single: integer("single").notNull(),
    double: integer("double").notNull(),
    triple: integer("triple").notNull(),
    childWithBed: integer("child_with_bed").notNull(),
    childNoBed: integer("child_no_bed").notNull(),
    infant: integer("infant").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.packageId, table.hotelId] }),
    check("tour_package_hotels_stars_check", sql`${table.stars} between 0 and 5`),
    check("tour_package_hotels_board_check", sql`${table.board} in ('roomOnly','breakfast','halfBoard','fullBoard','allInclusive')`),
    check(
      "tour_package_hotels_price_check",
      sql`${table.infant} > 0 and ${table.childNoBed} >= ${table.infant} and ${table.double} > 0 and ${table.single} >= ${table.double} and ${table.triple} > 0 and ${table.childWithBed} > 0`,
    ),
  ],
);

/**
 * A package's departures (the tourId), rolled in daily by their stable key. The seats belong to the
 * departure whatever hotel each booking chose; the check is what makes a seat impossible to sell twice.
 */
export const tourDepartures = pgTable(
  "tour_departures",
  {
    id: text("id").primaryKey(),
    packageId: text("package_id")
      .notNull()
      .references(() => tourPackages.id),
    departureDate: date("departure_date", { mode: "string" }).notNull(),
    returnDate: date("return_date", { mode: "string" }).notNull(),
    departAt: timestamp("depart_at", { withTimezone: true }).notNull(),
    returnAt: timestamp("return_at", { withTimezone: true }).notNull(),
    capacity: smallint("capacity").notNull(),
    seatsSold: smallint("seats_sold").notNull().default(0),
    /** The season's factor on the package's prices, in percent (100 on ordinary days). */
    pricePercent: smallint("price_percent").notNull().default(100),
  },
  (table) => [
    index("tour_departures_date_idx").on(table.departureDate, table.packageId),
    check("tour_departures_seats_check", sql`${table.capacity} > 0 and ${table.seatsSold} between 0 and ${table.capacity}`),
    check("tour_departures_dates_check", sql`${table.returnDate} >= ${table.departureDate}`),
    check("tour_departures_price_check", sql`${table.pricePercent} between 50 and 300`),
  ],
);

/** Seats of one departure held for one booking item at its chosen hotel, with the rooms as chosen (the vouchers name them). */
export const tourHolds = pgTable(
  "tour_holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    offerId: text("offer_id").notNull(),
    departureId: text("departure_id")
      .notNull()
      .references(() => tourDepartures.id),
    hotelId: text("hotel_id").notNull(),
    seats: smallint("seats").notNull(),
    /** Who sleeps in each room: adults, children with and without a bed, infants. */
    rooms: jsonb("rooms").$type<{ adults: number; childrenWithBed: number; childrenNoBed: number; infants: number }[]>().notNull(),
    status: text("status").notNull().default("held"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    confirmation: text("confirmation"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("tour_holds_confirmation_key").on(table.confirmation),
    index("tour_holds_expiry_idx")
      .on(table.expiresAt)
      .where(sql`${table.status} = 'held'`),
    index("tour_holds_departure_idx").on(table.departureId),
    check("tour_holds_seats_check", sql`${table.seats} between 1 and 24`),
    check("tour_holds_status_check", sql`${table.status} in ('held','issued','released','cancelled')`),
  ],
);

/** One voucher per traveller of an issued hold (infants too), with the room they sleep in. */
export const tourVouchers = pgTable(
  "tour_vouchers",
  {
    voucherNumber: text("voucher_number").primaryKey(),
    holdId: uuid("hold_id")
      .notNull()
      .references(() => tourHolds.id),
    passengerPosition: smallint("passenger_position").notNull(),
    room: text("room").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("tour_vouchers_traveller_key").on(table.holdId, table.passengerPosition)],
);

/** A text in the three languages (an insurer's or a plan's name). */
type InsuranceText = { fa: string; en: string; ar: string };

/** Travel insurers the house supplier sells (seed/insurance), written on every start; policy numbers start with `policy_prefix`. */
export const insurers = pgTable(
  "insurers",
  {
    code: text("code").primaryKey(),
    names: jsonb("names").$type<InsuranceText>().notNull(),
    policyPrefix: text("policy_prefix").notNull(),
    /** The order insurers are listed in (the results' insurer filter). */
    position: smallint("position").notNull(),
  },
  (table) => [
    uniqueIndex("insurers_policy_prefix_key").on(table.policyPrefix),
    check("insurers_prefix_check", sql`${table.policyPrefix} ~ '^[0-9]{4}$'`),
  ],
);

/** The zone each destination country falls in, and whether it is a Schengen member (the EUR 30,000 rule). */
export const insuranceZones = pgTable(
  "insurance_zones",
  {
    countryCode: text("country_code").primaryKey(),
    zone: text("zone").notNull(),
    schengen: boolean("schengen").notNull(),
  },
  (table) => [
    check("insurance_zones_zone_check", sql`${table.zone} in ('neighbours','asia','schengen','europe','worldwide')`),
    check("insurance_zones_country_check", sql`${table.countryCode} ~ '^[A-Z]{2}$' and ${table.countryCode} <> 'IR'`),
  ],
);

/** An insurer's plan: the zone it covers (and every one before it), its cover in euros, the oldest age and longest trip it takes. */
export const insurancePlans = pgTable(
  "insurance_plans",
  {
    id: text("id").primaryKey(),
    insurerCode: text("insurer_code")
      .notNull()
      .references(() => insurers.code),
    names: jsonb("names").$type<InsuranceText>().notNull(),
    zone: text("zone").notNull(),
    medicalEur: integer("medical_eur").notNull(),
    evacuationEur: integer("evacuation_eur"),
    baggageLossEur: integer("baggage_loss_eur"),
    flightDelayEur: integer("flight_delay_eur"),
    covid: boolean("covid").notNull(),
    maxAge: smallint("max_age").notNull(),
    maxDays: smallint("max_days").notNull(),
  },
  (table) => [
    index("insurance_plans_insurer_idx").on(table.insurerCode),
    check("insurance_plans_zone_check", sql`${table.zone} in ('neighbours','asia','schengen','europe','worldwide')`),
    check("insurance_plans_cover_check", sql`${table.medicalEur} > 0`),
    check("insurance_plans_limits_check", sql`${table.maxAge} between 1 and 120 and ${table.maxDays} between 1 and 365`),
    check("insurance_plans_id_check", sql`${table.id} !~ ':'`),
  ],
);

/** A plan's price per traveller in tomans, by trip length band and age band (core/insurance/insurance.ts). */
export const insurancePrices = pgTable(
  "insurance_prices",
  {
    planId: text("plan_id")
      .notNull()
      .references(() => insurancePlans.id, { onDelete: "cascade" }),
    durationBand: text("duration_band").notNull(),
    ageBand: text("age_band").notNull(),
    price: integer("price").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.planId, table.durationBand, table.ageBand] }),
    check("insurance_prices_price_check", sql`${table.price} > 0`),
  ],
);

/** A plan held for a booking item: its destination, start and length, and how many travellers it insures. */
export const insuranceHolds = pgTable(
  "insurance_holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    offerId: text("offer_id").notNull(),
    planId: text("plan_id")
      .notNull()
      .references(() => insurancePlans.id),
    countryCode: text("country_code").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    insured: smallint("insured").notNull(),
    status: text("status").notNull().default("held"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("insurance_holds_expiry_idx")
      .on(table.expiresAt)
      .where(sql`${table.status} = 'held'`),
    check("insurance_holds_insured_check", sql`${table.insured} between 1 and 18`),
    check("insurance_holds_dates_check", sql`${table.endDate} >= ${table.startDate}`),
    check("insurance_holds_status_check", sql`${table.status} in ('held','issued','cancelled','expired')`),
  ],
);

/** One policy per insured traveller of an issued hold; the policy number is unique across every insurer. */
export const insurancePolicies = pgTable(
  "insurance_policies",
  {
    policyNumber: text("policy_number").primaryKey(),
    holdId: uuid("hold_id")
      .notNull()
      .references(() => insuranceHolds.id),
    passengerPosition: smallint("passenger_position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("insurance_policies_traveller_key").on(table.holdId, table.passengerPosition)],
);

/*
 * Watching the inventory for travellers (issue 22, ADR 0026): alerts (notify-me), auto-reserve
 * items and orders at a desired price. The worker checks them batched per route and day, so
 * every row of one (service, from, to, date, party) costs one search per interval, not one each.
 */

/** A notify-me alert: an SMS when a route's (or one departure's) price drops by `percent`, or seats open. */
export const watchAlerts = pgTable(
  "watch_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    /** The account of the verified mobile; null while a guest's alert waits for its code. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Normalised (09 and nine digits): where the SMS goes. */
    mobile: text("mobile").notNull(),
    locale: text("locale").notNull(),
    /** price-drop or seats. */
    kind: text("kind").notNull(),
    service: text("service").notNull(),
    fromCode: text("from_code").notNull(),
    toCode: text("to_code").notNull(),
    travelDate: date("travel_date", { mode: "string" }).notNull(),
    /** One departure's offer; null watches the whole route and day. */
    offerId: text("offer_id"),
    adults: smallint("adults").notNull().default(1),
    children: smallint("children").notNull().default(0),
    infants: smallint("infants").notNull().default(0),
    /** The drop that fires a price-drop alert, in whole percent; null for seats. */
    percent: smallint("percent"),
    intervalMinutes: integer("interval_minutes").notNull(),
    /** pending (mobile not verified yet), active, ended (its date passed) or removed. */
    status: text("status").notNull(),
    /** The price a drop is measured from: the cheapest when set, then the price of the last SMS. */
    baselinePrice: integer("baseline_price"),
    lastPrice: integer("last_price"),
    lastSeats: integer("last_seats"),
    firedCount: integer("fired_count").notNull().default(0),
    lastFiredAt: timestamp("last_fired_at", { withTimezone: true }),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }).notNull(),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    /** The unguessable token of the remove link in every SMS (hash-free: it removes one alert, nothing more). */
    removeToken: text("remove_token").notNull(),
    endedReason: text("ended_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("watch_alerts_due_idx")
      .on(table.nextCheckAt)
      .where(sql`${table.status} = 'active'`),
    index("watch_alerts_user_idx").on(table.tenantId, table.userId),
    index("watch_alerts_mobile_idx").on(table.tenantId, table.mobile),
    uniqueIndex("watch_alerts_remove_token_key").on(table.removeToken),
    check("watch_alerts_kind_check", sql`${table.kind} in ('price-drop','seats')`),
    check("watch_alerts_status_check", sql`${table.status} in ('pending','active','ended','removed')`),
    check(
      "watch_alerts_percent_check",
      sql`(${table.kind} = 'price-drop') = (${table.percent} is not null) and (${table.percent} is null or ${table.percent} between 1 and 90)`,
    ),
    check("watch_alerts_interval_check", sql`${table.intervalMinutes} between 5 and 10080`),
    check("watch_alerts_party_check", sql`${table.adults} >= 1 and ${table.children} >= 0 and ${table.infants} >= 0`),
  ],
);

/**
 * An auto-reserve item: when seats open on a departure (or a route, day and time window) at no
 * more than `cap`, the worker holds them for the saved passengers, pays from the wallet and issues.
 * `claimedUntil` is a worker's claim: two workers never book one item, and a crashed one's lapses.
 */
export const autoReserves = pgTable(
  "auto_reserves",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    service: text("service").notNull(),
    fromCode: text("from_code").notNull(),
    toCode: text("to_code").notNull(),
    travelDate: date("travel_date", { mode: "string" }).notNull(),
    offerId: text("offer_id"),
    /** Local departure window "HH:MM"; null for any time. */
    timeFrom: text("time_from"),
    timeTo: text("time_to"),
    adults: smallint("adults").notNull(),
    children: smallint("children").notNull().default(0),
    infants: smallint("infants").notNull().default(0),
    /** The travellers as chosen from the saved list, copied so a later edit of the list changes nothing. */
    passengers: jsonb("passengers").notNull(),
    /** The most the traveller will pay for the whole party, in tomans. */
    cap: integer("cap").notNull(),
    /** waiting, booking (a worker holds the claim), booked, ended or removed. */
    status: text("status").notNull(),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }).notNull(),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    endedReason: text("ended_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("auto_reserves_due_idx")
      .on(table.nextCheckAt)
      .where(sql`${table.status} in ('waiting','booking')`),
    index("auto_reserves_user_idx").on(table.tenantId, table.userId),
    check("auto_reserves_status_check", sql`${table.status} in ('waiting','booking','booked','ended','removed')`),
    check("auto_reserves_cap_check", sql`${table.cap} > 0`),
    check("auto_reserves_party_check", sql`${table.adults} >= 1 and ${table.children} >= 0 and ${table.infants} >= 0`),
  ],
);

/**
 * An order at a desired price: the first offer of the route within the dates at or below `price`
 * (the whole party's total) is bought before `latestAttempt`. The price is reserved from the
 * wallet (ledger key `reservationKey`) while the order is open and released when it ends.
 */
export const desiredPriceOrders = pgTable(
  "desired_price_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    service: text("service").notNull(),
    fromCode: text("from_code").notNull(),
    toCode: text("to_code").notNull(),
    dateFrom: date("date_from", { mode: "string" }).notNull(),
    dateTo: date("date_to", { mode: "string" }).notNull(),
    price: integer("price").notNull(),
    adults: smallint("adults").notNull(),
    children: smallint("children").notNull().default(0),
    infants: smallint("infants").notNull().default(0),
    passengers: jsonb("passengers").notNull(),
    /** The last day (Tehran) the worker tries; the reservation is released after it. */
    latestAttempt: date("latest_attempt", { mode: "string" }).notNull(),
    /** open, buying (a worker holds the claim), bought, expired or cancelled. */
    status: text("status").notNull(),
    reservationKey: text("reservation_key").notNull(),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }).notNull(),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    endedReason: text("ended_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("desired_price_orders_due_idx")
      .on(table.nextCheckAt)
      .where(sql`${table.status} in ('open','buying')`),
    index("desired_price_orders_user_idx").on(table.tenantId, table.userId),
    uniqueIndex("desired_price_orders_reservation_key").on(table.tenantId, table.reservationKey),
    check("desired_price_orders_status_check", sql`${table.status} in ('open','buying','bought','expired','cancelled')`),
    check("desired_price_orders_price_check", sql`${table.price} > 0`),
    check("desired_price_orders_dates_check", sql`${table.dateTo} >= ${table.dateFrom}`),
    check("desired_price_orders_party_check", sql`${table.adults} >= 1 and ${table.children} >= 0 and ${table.infants} >= 0`),
  ],
);

/** The history the panel shows of an alert, auto-reserve item or order: created, fired, booked, ended… */
export const watchEvents = pgTable(
  "watch_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    /** alert, auto-reserve or desired-price. */
    subjectKind: text("subject_kind").notNull(),
    subjectId: uuid("subject_id").notNull(),
    kind: text("kind").notNull(),
    detail: jsonb("detail").notNull().default({}),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("watch_events_subject_idx").on(table.subjectId, table.at),
    // SMS sent by the watchers today count against the agency's daily budget.
    index("watch_events_tenant_day_idx").on(table.tenantId, table.kind, table.at),
    check("watch_events_subject_check", sql`${table.subjectKind} in ('alert','auto-reserve','desired-price')`),
  ],
);

/**
 * Each route's fare history for the buy-or-wait hint: the cheapest adult fare of a departure day
 * as seen on each day before it. Inventory is shared by every tenant, so the history is too.
 */
export const fareHistory = pgTable(
  "fare_history",
  {
    service: text("service").notNull(),
    fromCode: text("from_code").notNull(),
    toCode: text("to_code").notNull(),
    departureDate: date("departure_date", { mode: "string" }).notNull(),
    seenOn: date("seen_on", { mode: "string" }).notNull(),
    cheapest: integer("cheapest").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.service, table.fromCode, table.toCode, table.departureDate, table.seenOn] }),
    index("fare_history_route_seen_idx").on(table.service, table.fromCode, table.toCode, table.seenOn),
    check("fare_history_cheapest_check", sql`${table.cheapest} > 0`),
  ],
);

/**
 * Issue 23: official invoices (صورتحساب الکترونیکی) filed with the tax registry within 72 hours of
 * payment. One original per paid booking that needs one; a refund files a corrective one that
 * refers to it. `body` is the invoice as filed (seller, buyer, lines with VAT, payment), frozen
 * when it is made so a later change of the booking or tenant never alters what was filed.
 */
export const taxInvoices = pgTable(
  "tax_invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id),
    /** original, or corrective (a refund's, referring to `refersTo`). */
    kind: text("kind").notNull(),
    refersTo: uuid("refers_to").references((): AnyPgColumn => taxInvoices.id),
    refundId: uuid("refund_id").references(() => refunds.id),
    /** 1: with the buyer's identity (companies); 2: without. */
    invoiceType: smallint("invoice_type").notNull(),
    /** The 22-character tax id (fiscal memory id, day, serial, check digit). */
    taxId: text("tax_id").notNull(),
    /** The seller's running number of invoices, per tenant. */
    serial: bigint("serial", { mode: "number" }).notNull(),
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    /** Integer rials as filed: the total before VAT, the VAT, and the total with it. */
    amount: bigint("amount", { mode: "number" }).notNull(),
    vat: bigint("vat", { mode: "number" }).notNull(),
    /** pending (to file), submitted (waiting for the registry's verdict), accepted, refused (will be filed again), failed (given up; an operator must act). */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    /** The registry's reference of the last submission, to inquire its status by. */
    registryReference: text("registry_reference"),
    lastError: text("last_error"),
    /** When the money came: the 72-hour promise (and the 60-hour alarm) counts from here. */
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("tax_invoices_tax_id_key").on(table.taxId),
    uniqueIndex("tax_invoices_tenant_serial_key").on(table.tenantId, table.serial),
    // One original per booking and one corrective per refund, however often the job runs.
    uniqueIndex("tax_invoices_one_original")
      .on(table.bookingId)
      .where(sql`${table.kind} = 'original'`),
    uniqueIndex("tax_invoices_one_per_refund").on(table.refundId),
    // The filing job's query: invoices still to file or to ask about, by when.
    index("tax_invoices_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('pending','submitted','refused')`),
    index("tax_invoices_tenant_status_idx").on(table.tenantId, table.status, table.paidAt),
    check("tax_invoices_kind_check", sql`${table.kind} in ('original','corrective')`),
    check(
      "tax_invoices_refers_check",
      sql`(${table.kind} = 'original' and ${table.refersTo} is null) or (${table.kind} = 'corrective' and ${table.refersTo} is not null)`,
    ),
    check("tax_invoices_type_check", sql`${table.invoiceType} in (1, 2)`),
    check("tax_invoices_tax_id_check", sql`length(${table.taxId}) = 22`),
    check("tax_invoices_status_check", sql`${table.status} in ('pending','submitted','accepted','refused','failed')`),
  ],
);

/**
 * Issue 23: a link that lets someone else pay a held booking. Only a hash of the link's token is
 * stored; the link works until the hold ends or the booking is paid, whichever comes first.
 */
export const paymentLinks = pgTable(
  "payment_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** SHA-256 of the token in the link, hex. */
    tokenHash: text("token_hash").notNull(),
    /** The mobile the link was sent to by SMS. */
    mobile: text("mobile").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set when the booking was paid through this link. */
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("payment_links_token_hash_key").on(table.tokenHash), index("payment_links_booking_idx").on(table.bookingId)],
);

/**
 * Issue 23: a bank's card-to-card receipt, sent by SMS to the agency's number or pasted on the
 * pre-invoice. What the parser read is kept beside the text; a receipt's trace number is unique
 * per bank, so the same receipt cannot pay twice.
 */
export const cardToCardReceipts = pgTable(
  "card_to_card_receipts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    /** The booking it was sent for (pasted on its page) or matched to; null while unmatched. */
    bookingId: uuid("booking_id").references(() => bookings.id),
    /** page or sms. */
    source: text("source").notNull(),
    senderMobile: text("sender_mobile"),
    text: text("text").notNull(),
    /** What the parser read: the bank, the amount in rials, the destination card's last digits, the time, the trace number. */
    bank: text("bank"),
    amountRials: bigint("amount_rials", { mode: "number" }),
    cardSuffix: text("card_suffix"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    trace: text("trace"),
    /** matched (paid the booking), pending (an operator must look), refused (forged, replayed or not ours), rejected (by an operator), confirmed (by an operator). */
    status: text("status").notNull(),
    reason: text("reason"),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("card_to_card_receipts_trace_key")
      .on(table.tenantId, table.bank, table.trace)
      .where(sql`${table.status} in ('matched','pending','confirmed')`),
    index("card_to_card_receipts_status_idx").on(table.tenantId, table.status, table.createdAt),
    index("card_to_card_receipts_booking_idx").on(table.bookingId),
    check("card_to_card_receipts_source_check", sql`${table.source} in ('page','sms')`),
    check("card_to_card_receipts_status_check", sql`${table.status} in ('matched','pending','refused','rejected','confirmed')`),
  ],
);

/**
 * Issue 23: a mobile top-up (direct charge or PIN voucher), paid like a booking through a gateway
 * or the wallet (payments.purpose = 'charge') and delivered by the tenant's top-up provider. A
 * failed delivery after payment returns the money once.
 */
export const mobileCharges = pgTable(
  "mobile_charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id),
    /** Unguessable: the key of the top-up's result page. */
    hashId: text("hash_id").notNull(),
    userId: uuid("user_id").references(() => users.id),
    mobile: text("mobile").notNull(),
    /** mci, irancell, rightel. */
    operator: text("operator").notNull(),
    /** direct or pin. */
    kind: text("kind").notNull(),
    /** Integer tomans, one of the operator's amounts. */
    amount: integer("amount").notNull(),
    /** The top-up provider that delivers it, and its reference once delivered. */
    provider: text("provider").notNull(),
    providerReference: text("provider_reference"),
    /** A PIN voucher's code and serial, once delivered. */
    pin: text("pin"),
    pinSerial: text("pin_serial"),
    /** awaiting_payment, paid, delivered, failed (not paid), refunded (paid, not delivered: money returned). */
    status: text("status").notNull().default("awaiting_payment"),
    failure: text("failure"),
    locale: text("locale").notNull(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("mobile_charges_hash_id_key").on(table.hashId),
    index("mobile_charges_user_idx").on(table.userId, table.createdAt),
    // Reconciliation's query: top-ups paid and not yet delivered or refunded.
    index("mobile_charges_paid_idx")
      .on(table.updatedAt)
      .where(sql`${table.status} = 'paid'`),
    check("mobile_charges_operator_check", sql`${table.operator} in ('mci','irancell','rightel')`),
    check("mobile_charges_kind_check", sql`${table.kind} in ('direct','pin')`),
    check("mobile_charges_status_check", sql`${table.status} in ('awaiting_payment','paid','delivered','failed','refunded')`),
    check("mobile_charges_amount_check", sql`${table.amount} > 0`),
  ],
);

/**
 * Issue 24 §2: what the shared pages show changed (an inventory roll, a day's fare history). Web
 * processes read the largest version every few seconds and drop their cached landings when it
 * moves, whichever process (the web's own worker or a separate one) made the change.
 */
export const inventoryChanges = pgTable("inventory_changes", {
  scope: text("scope").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(1),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issue 25 §1, the back-office (ADR 0036): each tenant's staff, one role per user. A platform
 * operator is a member with role "platform" at the tenant of PLATFORM_ADMIN_HOST.
 */
export const staffMembers = pgTable(
  "staff_members",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.userId] }),
    check("staff_members_role_check", sql`${table.role} in ('owner','operator','editor','support','platform')`),
  ],
);

/** Every back-office write (web, API or CLI): who, what, before and after (secrets only as "set"), when. */
export const auditEntries = pgTable(
  "audit_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    /** No foreign key: the record outlives the account. */
    actorUserId: uuid("actor_user_id"),
    actorMobile: text("actor_mobile"),
    actorRole: text("actor_role"),
    via: text("via").notNull(),
    clientHash: text("client_hash"),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("audit_entries_tenant_at_idx").on(table.tenantId, table.at),
    index("audit_entries_tenant_actor_idx").on(table.tenantId, table.actorUserId, table.at),
    index("audit_entries_tenant_subject_idx").on(table.tenantId, table.subjectType, table.subjectId),
    check("audit_entries_via_check", sql`${table.via} in ('web','api','cli')`),
  ],
);

/**
 * Issue 25 §2: blog posts, one row per tenant, language and article. The body is kept as written
 * (Markdown) and as the sanitised HTML rendered from it at save time; pages read only the HTML.
 * A scheduled post is public once `published_at` has passed (read against the clock, no job).
 */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    /** {id, width, height, widths, fallback} of the uploaded cover (blog_images), or null. */
    cover: jsonb("cover").$type<{ id: string; width: number; height: number; widths: number[]; fallback: "jpg" | "png" | "webp" }>(),
    coverAlt: text("cover_alt").notNull().default(""),
    bodyMarkdown: text("body_markdown").notNull(),
    bodyHtml: text("body_html").notNull(),
    categories: text("categories")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    authorName: text("author_name").notNull(),
    /** draft, scheduled or published. */
    status: text("status").notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** [{label, path}], each path one of our own (checked when saved). */
    relatedLinks: jsonb("related_links").$type<{ label: string; path: string }[]>().notNull().default([]),
    /** Shared by the versions of one article in other languages (hreflang). */
    translationKey: text("translation_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("blog_posts_slug_key").on(table.tenantId, table.locale, table.slug),
    // The list's query: a language's public posts, newest first.
    index("blog_posts_list_idx").on(table.tenantId, table.locale, table.publishedAt),
    index("blog_posts_translation_idx").on(table.tenantId, table.translationKey),
    check("blog_posts_status_check", sql`${table.status} in ('draft','scheduled','published')`),
    check("blog_posts_locale_check", sql`${table.locale} in ('fa','en','ar')`),
    check("blog_posts_schedule_check", sql`${table.status} = 'draft' or ${table.publishedAt} is not null`),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value)),
});

/**
 * Issue 25 §2: the files of uploaded blog covers, one row per width and format. Kept in PostgreSQL
 * (not on a local disk) so every web process serves every upload (ADR 0035).
 */
export const blogImages = pgTable(
  "blog_images",
  {
    id: uuid("id").notNull(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    /** webp, avif, jpg or png. */
    format: text("format").notNull(),
    bytes: bytea("bytes").notNull(),
    /** The upload's own size, for the page's aspect ratio. */
    originalWidth: integer("original_width").notNull(),
    originalHeight: integer("original_height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.id, table.width, table.format] }),
    index("blog_images_tenant_idx").on(table.tenantId, table.id),
    check("blog_images_format_check", sql`${table.format} in ('webp','avif','jpg','png')`),
  ],
);

/**
 * Issue 25 §1: unsaved settings shown by a preview token for its few minutes (ADR 0036, 0037).
 * In the database, not one process's memory, so any web process behind the balancer can show
 * the preview the owner asked another for; rows past their expiry are dropped as new ones come.
 */
export const settingsPreviews = pgTable(
  "settings_previews",
  {
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    digest: text("digest").notNull(),
    settings: jsonb("settings").$type<SiteSettings>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.digest] }), index("settings_previews_expires_idx").on(table.expiresAt)],
);
