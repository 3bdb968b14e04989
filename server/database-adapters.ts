/**
 * The database-backed adapters of every port the server needs, built in one place so the web
 * server, the tests and the tools wire them the same way.
 */
import type { DatabaseHandle } from "#adapters/db/client.ts";
import { createBlogImageStore, createBlogPostRepository } from "#adapters/db/blog-repository.ts";
import { createRouteLandingKeys, type RouteLandingKeys } from "#adapters/db/route-landings.ts";
import { createSharpCoverProcessor } from "#adapters/images/sharp-cover-processor.ts";
import { createSharpLogoProcessor } from "#adapters/images/sharp-logo-processor.ts";
import { createDomainStore } from "#adapters/db/domain-store.ts";
import { createSettingsPreviewStore } from "#adapters/db/settings-preview-store.ts";
import { seedDemoBlog } from "#adapters/db/seed-blog.ts";
import { tenantIdBySlug } from "#adapters/db/seed.ts";
import { enabledServices } from "#core/services/service-ids.ts";
import type { TenantSeed } from "#seed/demo-tenants.ts";
import type { BlogChanged, BlogImageStore, BlogPostRepository, CoverImageProcessor } from "#core/blog/ports.ts";
import { createAccountRepository } from "#adapters/db/account-repository.ts";
import { createSessionRepository } from "#adapters/db/session-repository.ts";
import { createSignInStore } from "#adapters/db/sign-in-store.ts";
import { createRecaptchaVerifier } from "#adapters/captcha/recaptcha/recaptcha-verifier.ts";
import { createBookingRepository } from "#adapters/db/booking-repository.ts";
import { createCredentialStore } from "#adapters/db/credential-store.ts";
import { createTaxInvoiceRepository } from "#adapters/db/tax-invoice-repository.ts";
import { createPaymentRepository } from "#adapters/db/payment-repository.ts";
import { createLedgerRepository } from "#adapters/db/ledger-repository.ts";
import { createFareHistoryRepository } from "#adapters/db/fare-history-repository.ts";
import { recordFareHistory } from "#core/fares/record-fare-history.ts";
import { createAlertRepository } from "#adapters/db/alert-repository.ts";
import { createRefundRepository } from "#adapters/db/refund-repository.ts";
import { createSandboxBank } from "#adapters/payments/sandbox/sandbox-bank.ts";
import { createOutboxSender } from "#adapters/sms/outbox/outbox-sender.ts";
import { createSmsRecorder } from "#adapters/sms/outbox/sms-recorder.ts";
import { tenants } from "#adapters/db/schema.ts";
import { eq } from "drizzle-orm";
import { createClientErrorRepository } from "#adapters/db/client-error-repository.ts";
import { createCreditAccounts } from "#adapters/db/credit-accounts.ts";
import { createDiscountCodeStore } from "#adapters/db/discount-code-store.ts";
import { createContentRepository } from "#adapters/db/content-repository.ts";
import { createIdempotencyStore } from "#adapters/db/idempotency-store.ts";
import { markInventoryChanged } from "#adapters/db/inventory-changes.ts";
import { createPlaceIndex } from "#adapters/db/place-index.ts";
import { createRateLimiter } from "#adapters/db/rate-limiter.ts";
import { seedDefaultContent } from "#adapters/db/seed-content.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { createTenantDirectory, createTenantRepository } from "#adapters/db/tenant-repository.ts";
import { createStaffRepository } from "#adapters/db/staff-repository.ts";
import { createAuditLog } from "#adapters/db/audit-log.ts";
import { createDashboardSource } from "#adapters/db/dashboard-source.ts";
import { createSiteSettingsStore } from "#adapters/db/site-settings-store.ts";
import { createSmsLogSource } from "#adapters/db/sms-log-source.ts";
import { createBookingSearch } from "#adapters/db/booking-search.ts";
import { createAutoReserveRepository } from "#adapters/db/auto-reserve-repository.ts";
import { createDesiredPriceRepository } from "#adapters/db/desired-price-repository.ts";
import { createHouseFlightSupplier } from "#adapters/suppliers/house/flight-supplier.ts";
import { createHouseInternationalFlightSupplier } from "#adapters/suppliers/house/international-flight-supplier.ts";
import { seedInternationalFlightInventory } from "#adapters/db/seed-international-flights.ts";
import { seedTrainInventory } from "#adapters/db/seed-trains.ts";
import { createHouseTrainSupplier } from "#adapters/suppliers/house/train-supplier.ts";
import { seedBusInventory } from "#adapters/db/seed-buses.ts";
import { createHouseBusSupplier } from "#adapters/suppliers/house/bus-supplier.ts";
import { createHotelComments } from "#adapters/db/hotel-comments.ts";
import { seedHotelInventory } from "#adapters/db/seed-hotels.ts";
import { createHouseHotelSupplier } from "#adapters/suppliers/house/hotel-supplier.ts";
import { seedTourInventory } from "#adapters/db/seed-tours.ts";
import { createHouseTourSupplier } from "#adapters/suppliers/house/tour-supplier.ts";
import { seedInsuranceInventory } from "#adapters/db/seed-insurance.ts";
import { createHouseInsuranceSupplier } from "#adapters/suppliers/house/insurance-supplier.ts";
import { expireDueBookings } from "#core/booking/place-flight-booking.ts";
import { releaseExpiredBookingHolds, releaseExpiredItem } from "#core/payments/expire-holds.ts";
import { reconcilePayments } from "#core/payments/reconcile.ts";
import { createChargeSettlement, finishPaidCharges } from "#core/topup/settle-charge.ts";
import { createMobileChargeRepository } from "#adapters/db/mobile-charge-repository.ts";
import { createTopupProviders } from "./topup-providers.ts";
import { checkDueAlerts } from "#core/alerts/check-alerts.ts";
import type { PlaceNamer } from "#core/alerts/purchase-watch.ts";
import { watchSources } from "#core/alerts/watch.ts";
import type { Clock } from "#core/ports.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import type { SupplierRegistry } from "#core/suppliers/ports.ts";
import { createSupplierRegistry } from "#core/suppliers/registry.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { DEFAULT_FLIGHT_WINDOW_DAYS, generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { INTERNATIONAL_AIRLINES } from "#seed/international-flights/airlines.ts";
import { INTERNATIONAL_REFUND_RULES } from "#seed/international-flights/fares.ts";
import { DEFAULT_INTERNATIONAL_WINDOW_DAYS, generateInternationalFlights } from "#seed/international-flights/generate.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { BUS_COMPANIES } from "#seed/buses/companies.ts";
import { BUS_LAYOUTS } from "#seed/buses/layouts.ts";
import { BUS_REFUND_RULES } from "#seed/buses/refund-rules.ts";
import { BUS_TRIPS } from "#seed/buses/schedules.ts";
import { houseHotels } from "#seed/hotels/generate.ts";
import { HOTEL_REFUND_RULES } from "#seed/hotels/refund-rules.ts";
import { IRAN_TERMINALS } from "#seed/places/terminals.ts";
import { TOUR_WINDOW_DAYS, generateTourDepartures, houseTourPackages } from "#seed/tours/generate.ts";
import { TOUR_REFUND_RULES } from "#seed/tours/refund-rules.ts";
import { INSURERS } from "#seed/insurance/insurers.ts";
import { INSURANCE_PLANS } from "#seed/insurance/plans.ts";
import { INSURANCE_ZONE_OF } from "#seed/insurance/zones.ts";
import { TRAIN_EXTRAS } from "#seed/trains/extras.ts";
import { TRAIN_OPERATORS } from "#seed/trains/operators.ts";
import { TRAIN_REFUND_RULES } from "#seed/trains/refund-rules.ts";
import { TRAINS } from "#seed/trains/trains.ts";
import type { Logger } from "./logger.ts";
import { createNotifications } from "./notifications.ts";
import { createPaymentGateways } from "./payment-gateways.ts";
import { createHumanCheck } from "./human-check.ts";
import { createSmsSenders } from "./sms-senders.ts";
import { createCardToCardRepository } from "#adapters/db/card-to-card-repository.ts";
import { createPaymentLinkRepository } from "#adapters/db/payment-link-repository.ts";
import { INBOUND_SMS_CREDENTIAL_KIND } from "./pay-by-others.ts";
import { createTaxRegistries } from "./tax-registries.ts";
import { createTenantSecretsStore } from "#adapters/db/tenant-secrets.ts";
import { createContentEditorStore } from "#adapters/db/content-editor.ts";

const PLACE_INDEX_TTL_MS = 10 * 60_000;

export const SYSTEM_CLOCK: Clock = { now: () => new Date() };

export interface AdapterOptions {
  /** Where adapters report what they recover from (an unreadable credential, a message not recorded). */
  log?: Pick<Logger, "warn">;
  /** CREDENTIALS_KEY: decrypts tenants' gateway credentials; without it only the sandbox bank is offered. */
  credentialsKey?: string;
  /** Issue 23: MOADIAN_BASE_URL, where Moadian tenants file their official invoices (production when unset). */
  moadianBaseUrl?: string | undefined;
}

/**
 * Who carries each tenant's text messages, and the sender of a tenant known only by id (the
 * worker's and the admin commands' messages), by its current setting.
 */
export function tenantSmsSenders(database: DatabaseHandle, clock: Clock = SYSTEM_CLOCK, options: AdapterOptions = {}) {
  const credentials = createCredentialStore(database.db, { key: options.credentialsKey });
  const outbox = createOutboxSender(database.db, { clock });
  const smsSenders = createSmsSenders({
    outbox,
    recorder: createSmsRecorder(database.db),
    credentials,
    clock,
    ...(options.log ? { log: options.log } : {}),
  });
  const smsForTenantId = async (tenantId: string) => {
    const [row] = await database.db.select({ id: tenants.id, smsSender: tenants.smsSender }).from(tenants).where(eq(tenants.id, tenantId));
    return smsSenders.forTenant(row ?? { id: tenantId, smsSender: "outbox" });
  };
  return { credentials, outbox, smsSenders, smsForTenantId };
}

/**
 * Every supplier a booking item may name, by (service, supplier name): payments, tickets and the
 * jobs go back through it to the system that made a hold. The house flights sell one-way and
 * round-trip domestic flights; a new supplier or service is one more entry.
 */
export function supplierRegistry(suppliers: {
  flights: ReturnType<typeof createHouseFlightSupplier>;
  internationalFlights: ReturnType<typeof createHouseInternationalFlightSupplier>;
  trains: ReturnType<typeof createHouseTrainSupplier>;
  /** Optional so callers that sell no buses (older tests) need not build one. */
  buses?: ReturnType<typeof createHouseBusSupplier>;
  /** One supplier sells hotels at home and abroad: a listing's region says which. */
  hotels?: ReturnType<typeof createHouseHotelSupplier>;
  /** One supplier sells package tours at home and abroad: a package's scope says which. */
  tours?: ReturnType<typeof createHouseTourSupplier>;
  /** Travel insurers' plans (insurance). */
  insurance?: ReturnType<typeof createHouseInsuranceSupplier>;
}): SupplierRegistry {
  return createSupplierRegistry([
    { service: "flight", supplier: suppliers.flights },
    { service: "flightRtrip", supplier: suppliers.flights },
    { service: "internationalflight", supplier: suppliers.internationalFlights },
    { service: "train", supplier: suppliers.trains },
    ...(suppliers.buses ? [{ service: "bus" as const, supplier: suppliers.buses }] : []),
    ...(suppliers.hotels
      ? [
          { service: "hotel" as const, supplier: suppliers.hotels },
          { service: "intHotel" as const, supplier: suppliers.hotels },
        ]
      : []),
    ...(suppliers.tours
      ? [
          { service: "tour" as const, supplier: suppliers.tours },
          { service: "intTour" as const, supplier: suppliers.tours },
        ]
      : []),
    ...(suppliers.insurance ? [{ service: "insurance" as const, supplier: suppliers.insurance }] : []),
  ]);
}

export interface BlogAdapters {
  posts: BlogPostRepository;
  images: BlogImageStore;
  processor: CoverImageProcessor;
  routeLandings: () => Promise<RouteLandingKeys>;
  changed: BlogChanged;
}

export function databaseAdapters(database: DatabaseHandle, clock: Clock = SYSTEM_CLOCK, options: AdapterOptions = {}) {
  const sandbox = createSandboxBank(database.db, { clock });
  // The built-in supplier of domestic flights; an airline system would be chosen here by configuration.
  const flights = createHouseFlightSupplier(database.db, clock);
  const internationalFlights = createHouseInternationalFlightSupplier(database.db, clock);
  // The built-in train supplier (our own tables); an operator's system would be chosen here by configuration.
  const trains = createHouseTrainSupplier(database.db, clock);
  // The built-in bus supplier (our own tables); a cooperative's system would be chosen here by configuration.
  const buses = createHouseBusSupplier(database.db, clock);
  // The built-in hotel supplier (our own tables), for Iran and abroad; a bed bank would be chosen here by configuration.
  const hotels = createHouseHotelSupplier(database.db, clock);
  // The built-in tour supplier (our own tables), for Iran and abroad; a tour operator's system would be chosen here by configuration.
  const tours = createHouseTourSupplier(database.db, clock);
  // The built-in insurers (our own tables: several insurers' plans and tariffs); an insurer's web service would be chosen here by configuration.
  const insurance = createHouseInsuranceSupplier(database.db, clock);
  const { credentials, outbox, smsSenders, smsForTenantId } = tenantSmsSenders(database, clock, options);
  const siteSettings = createSiteSettingsStore(database.db);
  return {
    database,
    tenants: createTenantRepository(database.db),
    clientErrors: createClientErrorRepository(database.db),
    rateLimiter: createRateLimiter(database.db),
    content: createContentRepository(database.db),
    // Reference places change with releases: each process searches its own copy, refreshed every ten minutes.
    places: createPlaceIndex(database.db, { ttlMs: PLACE_INDEX_TTL_MS }),
    flights,
    // The built-in supplier of international flights, on the same terms.
    internationalFlights,
    trains,
    buses,
    hotels,
    tours,
    insurance,
    hotelComments: createHotelComments(database.db, clock),
    suppliers: supplierRegistry({ flights, internationalFlights, trains, buses, hotels, tours, insurance }),
    bookings: createBookingRepository(database.db),
    payments: createPaymentRepository(database.db),
    refunds: createRefundRepository(database.db),
    ledger: createLedgerRepository(database.db),
    // Text messages: the built-in outbox (the sms_messages table); a provider is chosen here by configuration.
    sms: outbox,
    // Each tenant's sender: the outbox unless it configured a provider (and its credentials can be read).
    smsSenders,
    /** The sender of a tenant known only by id (the worker's messages), by its current setting. */
    smsForTenantId,
    accounts: createAccountRepository(database.db),
    sessions: createSessionRepository(database.db),
    signIn: createSignInStore(database.db),
    humanCheck: createHumanCheck({ verifier: createRecaptchaVerifier(), credentials, ...(options.log ? { log: options.log } : {}) }),
    // The sandbox bank is built in (a complete bank with its own ledger); vendors come from tenant credentials.
    sandboxBank: sandbox.bank,
    paymentGateways: createPaymentGateways({ sandbox: sandbox.gateway, credentials }),
    idempotency: createIdempotencyStore(database.db, { clock }),
    // Each route's cheapest fare per departure day as seen each day (the buy-or-wait hint).
    fareHistory: createFareHistoryRepository(database.db),
    // Notify-me alerts (issue 22 §1) and their history.
    alerts: createAlertRepository(database.db),
    // Issue 22: auto-reserve items and orders at a desired price, bought by the worker.
    autoReserves: createAutoReserveRepository(database.db),
    desiredPriceOrders: createDesiredPriceRepository(database.db),
    // Issue 23 §2, payment by others: links sent by SMS, card-to-card receipts, and each tenant's
    // secret of the inbound SMS webhook (stored encrypted, set by `admin card-to-card webhook`).
    paymentLinks: createPaymentLinkRepository(database.db),
    cardToCardReceipts: createCardToCardRepository(database.db, createBookingRepository(database.db)),
    inboundSmsSecret: async (tenantId: string) => (await credentials.get(tenantId, INBOUND_SMS_CREDENTIAL_KIND))?.secret ?? null,
    // Issue 23: official invoices and the registry each tenant files them with.
    taxInvoices: createTaxInvoiceRepository(database.db),
    taxRegistries: createTaxRegistries({
      credentials,
      moadianBaseUrl: options.moadianBaseUrl,
      ...(options.log ? { log: options.log } : {}),
    }),
    // Issue 23 §3: mobile top-ups and the provider each tenant orders them from (the sandbox unless configured).
    mobileCharges: createMobileChargeRepository(database.db),
    topupProviders: createTopupProviders({ credentials }),
    // Issue 25: the back-office's staff, audit log and dashboard figures.
    backOffice: {
      staff: createStaffRepository(database.db),
      audit: createAuditLog(database.db),
      dashboard: createDashboardSource(database.db),
      settings: siteSettings,
      tenants: createTenantDirectory(database.db),
      brand: {
        images: createBlogImageStore(database.db),
        processor: createSharpLogoProcessor(),
        logos: siteSettings,
        domains: createDomainStore(database.db),
        previews: createSettingsPreviewStore(database.db),
      },
      secrets: createTenantSecretsStore(database.db, { key: options.credentialsKey }),
      contentEditor: createContentEditorStore(database.db),
      discountCodes: createDiscountCodeStore(database.db),
      creditAccounts: createCreditAccounts(database.db),
      clientErrorReports: createClientErrorRepository(database.db),
    },
    // Issue 25 §1: the operations screens.
    operations: { smsLog: createSmsLogSource(database.db), bookingSearch: createBookingSearch(database.db) },
    // Issue 25 §2: blog posts, their covers (files in the database) and the sitemap's route landings.
    blog: blogAdapters(database.db),
  };
}

/**
 * The demo agencies' magazine (issue 25): the demo tenants that sell the blog get the demo
 * articles in their languages, once (a tenant with any post is left alone).
 */
export async function seedDemoMagazine(
  database: DatabaseHandle,
  seeds: readonly TenantSeed[],
  log: Pick<Logger, "info">,
  now = new Date(),
) {
  const tenants: { id: string; locales: readonly string[] }[] = [];
  for (const { tenant } of seeds) {
    if (!enabledServices(tenant.servicesActive ?? [], tenant.serviceInactive ?? []).includes("blog")) continue;
    const id = await tenantIdBySlug(database.db, tenant.slug);
    if (id) tenants.push({ id, locales: tenant.locales ?? [] });
  }
  const written = await seedDemoBlog(blogAdapters(database.db), tenants, now);
  if (written > 0) log.info({ posts: written }, "demo blog posts written");
}

/** The blog's adapters; every write moves the shared pages' stamp so cached pages drop in every process. */
export function blogAdapters(db: DatabaseHandle["db"]): BlogAdapters {
  return {
    posts: createBlogPostRepository(db),
    images: createBlogImageStore(db),
    processor: createSharpCoverProcessor(),
    routeLandings: createRouteLandingKeys(db),
    changed: () => markInventoryChanged(db, "blog"),
  };
}

/**
 * The daily fare-history recording: every watched service's routes and departure days in bulk,
 * one calendar per service, into the shared history. Safe to run twice or on two workers.
 */
export function fareHistoryJob(
  adapters: Pick<ReturnType<typeof databaseAdapters>, "fareHistory" | "flights" | "internationalFlights" | "trains" | "buses" | "database">,
  clock: Clock = SYSTEM_CLOCK,
) {
  return async () => {
    const recorded = await recordFareHistory({
      clock,
      history: adapters.fareHistory,
      calendars: {
        flight: adapters.flights,
        internationalflight: adapters.internationalFlights,
        train: adapters.trains,
        bus: adapters.buses,
      },
    });
    // Landings show the buy-or-wait hint from this history.
    await markInventoryChanged(adapters.database.db, "fare-history");
    return recorded;
  };
}

/**
 * The hold-expiry sweep the worker runs each minute: bookings whose hold ran out become expired
 * and give their seats back, then holds no booking owns (a checkout that failed between hold
 * and booking, a tab closed mid-way) are released by the supplier's own expiry. Safe to run on
 * several workers at once: each booking moves once (guarded by its state), and a hold is given
 * back once (guarded by its status).
 */
export function holdExpiryJob(
  adapters: Pick<
    ReturnType<typeof databaseAdapters>,
    "bookings" | "flights" | "internationalFlights" | "trains" | "buses" | "suppliers" | "payments" | "ledger"
  > &
    Partial<Pick<ReturnType<typeof databaseAdapters>, "hotels" | "tours" | "insurance">>,
  clock: Clock = SYSTEM_CLOCK,
) {
  return async (): Promise<{ expired: number; orphanHolds: number; unknownSupplier?: number }> => {
    // Items whose supplier this deployment no longer has: their holds end at that supplier's own expiry.
    let unknownSupplier = 0;
    const result = await expireDueBookings({
      bookings: adapters.bookings,
      clock,
      // Ending open card payments needs no bank (their deadline is past): no gateway is looked up.
      afterExpiry: async (booking) => {
        await releaseExpiredBookingHolds(booking, { payments: adapters.payments, ledger: adapters.ledger, clock });
      },
      // Each item's seats go back to the supplier that held them.
      releaseHold: async (item) => {
        if ((await releaseExpiredItem(item, { suppliers: adapters.suppliers, clock })) === "SUPPLIER_UNKNOWN") unknownSupplier += 1;
      },
    });
    // Each house inventory sweeps its own orphan holds.
    const orphanHolds =
      (await adapters.flights.releaseExpired()) +
      (await adapters.internationalFlights.releaseExpired()) +
      (await adapters.trains.releaseExpired()) +
      (await adapters.buses.releaseExpired()) +
      (adapters.hotels ? await adapters.hotels.releaseExpired() : 0) +
      (adapters.tours ? await adapters.tours.releaseExpired() : 0) +
      (adapters.insurance ? await adapters.insurance.releaseExpired() : 0);
    // Named only when it happened: the worker logs a sweep that expired something, with this count.
    return { ...result, orphanHolds, ...(unknownSupplier > 0 ? { unknownSupplier } : {}) };
  };
}

/**
 * The house flight inventories (domestic and international) for the coming days. Departures are
 * inserted by their stable key, so running it again (each start, each day) only adds the days that
 * have come into the window.
 */
export async function rollFlightInventory(database: DatabaseHandle, now: Date, log: Pick<Logger, "info">): Promise<void> {
  const flights = generateFlights({ firstDate: tehranToday(now), days: DEFAULT_FLIGHT_WINDOW_DAYS });
  const written = await seedFlightInventory(database.db, { airlines: AIRLINES, refundRules: REFUND_RULES, flights });
  log.info(written, "flight inventory written");
  // A day earlier than Tehran's today: a segment's date is on its origin's clock, which may still be yesterday.
  const segments = generateInternationalFlights({
    firstDate: addDays(tehranToday(now), -1),
    days: DEFAULT_INTERNATIONAL_WINDOW_DAYS + 1,
  });
  const abroad = await seedInternationalFlightInventory(database.db, {
    airlines: INTERNATIONAL_AIRLINES,
    refundRules: INTERNATIONAL_REFUND_RULES,
    segments,
  });
  log.info(abroad, "international flight inventory written");
  await markInventoryChanged(database.db, "inventory");
}

/**
 * The house train inventory: operators, refund rules and trains as the release has them. Its
 * 90-day window needs no roll: the supplier makes a train's day, with every compartment, on the
 * first search of it within the window as the clock reads it (a fresh start writes no beds).
 */
export async function writeTrainInventory(database: DatabaseHandle, log: Pick<Logger, "info">): Promise<void> {
  const written = await seedTrainInventory(database.db, {
    operators: TRAIN_OPERATORS,
    refundRules: TRAIN_REFUND_RULES,
    extras: TRAIN_EXTRAS,
    trains: TRAINS,
  });
  log.info(written, "train inventory written");
}

/**
 * The house bus inventory: companies, terminals, layouts, refund rules and the timetable as the
 * release has them. Like trains, its 90-day window needs no roll: the supplier makes a trip's day
 * on the first search of it, and a seat is written only when someone holds it.
 */
export async function writeBusInventory(database: DatabaseHandle, log: Pick<Logger, "info">): Promise<void> {
  const written = await seedBusInventory(database.db, {
    companies: BUS_COMPANIES,
    terminals: IRAN_TERMINALS,
    layouts: Object.values(BUS_LAYOUTS),
    refundRules: BUS_REFUND_RULES,
    trips: BUS_TRIPS,
  });
  log.info(written, "bus inventory written");
}

/**
 * The house hotels: refund rules, hotels and room types as the release has them. Its 180-day
 * window needs no roll: a room-night is written only when someone holds a room that night.
 */
export async function writeHotelInventory(database: DatabaseHandle, log: Pick<Logger, "info">): Promise<void> {
  const started = performance.now();
  const written = await seedHotelInventory(database.db, { refundRules: HOTEL_REFUND_RULES, hotels: houseHotels() });
  log.info({ ...written, ms: Math.round(performance.now() - started) }, "hotel inventory written");
}

/**
 * The house tours: refund rules, packages and their hotels as the release has them, and their
 * departures over the coming days. Departures are inserted by their stable key, so running it
 * again (each start, each day's roll) only adds the days that have come into the window.
 */
export async function rollTourInventory(database: DatabaseHandle, now: Date, log: Pick<Logger, "info">): Promise<void> {
  const started = performance.now();
  const written = await seedTourInventory(database.db, {
    refundRules: TOUR_REFUND_RULES,
    packages: houseTourPackages(),
    departures: generateTourDepartures({ firstDate: tehranToday(now), days: TOUR_WINDOW_DAYS }),
  });
  log.info({ ...written, ms: Math.round(performance.now() - started) }, "tour inventory written");
  await markInventoryChanged(database.db, "inventory");
}

/** The house insurers: insurers, the country → zone table, plans and their tariffs, as the release has them. */
export async function writeInsuranceInventory(database: DatabaseHandle, log: Pick<Logger, "info">): Promise<void> {
  const started = performance.now();
  const written = await seedInsuranceInventory(database.db, { insurers: INSURERS, zones: INSURANCE_ZONE_OF, plans: INSURANCE_PLANS });
  log.info({ ...written, ms: Math.round(performance.now() - started) }, "insurance inventory written");
}

/**
 * Data that ships with the code, like the schema does: the default content pages, the
 * reference places, the trains, the buses, the hotels, the tours and the insurers' plans. Written by `db:migrate`, `db:seed` and a migrating start.
 */
export async function writeProductData(database: DatabaseHandle, log: Pick<Logger, "info">): Promise<void> {
  const content = await seedDefaultContent(database.db);
  log.info(content, "default content pages written");
  const places = referencePlaces();
  await seedPlaces(database.db, places);
  log.info({ places: places.length }, "reference places written");
  await writeTrainInventory(database, log);
  await writeBusInventory(database, log);
  await writeHotelInventory(database, log);
  await writeInsuranceInventory(database, log);
  await rollFlightInventory(database, new Date(), log);
  await rollTourInventory(database, new Date(), log);
}

/**
 * The payment reconciliation the worker runs each minute: payments whose buyer never came back are
 * verified before the bank's deadline, interrupted settlements are finished, the sandbox bank
 * reverses what was left unverified past its own deadline.
 */
export function paymentReconciliationJob(
  adapters: Pick<
    ReturnType<typeof databaseAdapters>,
    "bookings" | "payments" | "suppliers" | "ledger" | "paymentGateways" | "sandboxBank" | "smsForTenantId" | "places"
  > &
    Partial<Pick<ReturnType<typeof databaseAdapters>, "mobileCharges" | "topupProviders">>,
  clock: Clock = SYSTEM_CLOCK,
  log: Pick<Logger, "warn"> = { warn: () => {} },
) {
  // Issue 23 §3: a top-up's payment is settled with its delivery, and paid charges left undelivered are finished.
  const chargeDeps =
    adapters.mobileCharges && adapters.topupProviders
      ? { charges: adapters.mobileCharges, providers: adapters.topupProviders, smsFor: adapters.smsForTenantId, log }
      : null;
  const notifications = createNotifications({
    smsFor: adapters.smsForTenantId,
    log,
    placeName: async (code, places, locale) => (await adapters.places.byRouteCode(code, places, locale))?.name ?? null,
  });
  return async () => {
    const result = await reconcilePayments({
      bookings: adapters.bookings,
      payments: adapters.payments,
      suppliers: adapters.suppliers,
      ledger: adapters.ledger,
      clock,
      gatewaysFor: (tenantId) => adapters.paymentGateways.forTenant(tenantId),
      onIssued: (booking, tickets) => notifications.ticketIssued(booking, tickets),
      ...(chargeDeps ? { charges: createChargeSettlement(chargeDeps) } : {}),
    });
    const charges = chargeDeps
      ? await finishPaidCharges(
          chargeDeps,
          async (tenantId) => ({
            bookings: adapters.bookings,
            payments: adapters.payments,
            suppliers: adapters.suppliers,
            ledger: adapters.ledger,
            clock,
            gateway: await adapters.paymentGateways.forTenant(tenantId),
            charges: createChargeSettlement(chargeDeps),
          }),
          clock,
        )
      : null;
    const reversedBySandbox = await adapters.sandboxBank.reverseOverdue(clock.now());
    return { ...result, reversedBySandbox, ...(charges ? { charges: charges.looked } : {}) };
  };
}

/**
 * The notify-me check the worker runs each minute (issue 22 §1): due alerts judged against one
 * search per route, day and party, an SMS through each agency's sender within its daily budget.
 */
export function alertCheckJob(
  adapters: Pick<
    ReturnType<typeof databaseAdapters>,
    "alerts" | "flights" | "internationalFlights" | "trains" | "buses" | "smsForTenantId" | "places"
  >,
  clock: Clock = SYSTEM_CLOCK,
  log: Pick<Logger, "warn"> = { warn: () => {} },
) {
  const sources = watchSources(adapters);
  return () =>
    checkDueAlerts({
      alerts: adapters.alerts,
      sources,
      smsFor: adapters.smsForTenantId,
      placeName: watchPlaceNames(adapters),
      clock,
      log,
    });
}

/** Place names for the watchers' SMS, by the code each service stores, from the reference places. */
export function watchPlaceNames(adapters: Pick<ReturnType<typeof databaseAdapters>, "places">): PlaceNamer {
  return async (service, code, locale) => (await adapters.places.byRouteCode(code, service, locale))?.name ?? null;
}
