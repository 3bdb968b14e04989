import type { IdempotencyStore } from "#adapters/db/idempotency-store.ts";
import type { TrainRouteFacts, TrainSupplier } from "#core/trains/supplier.ts";
import type { BusRouteFacts, BusSupplier } from "#core/buses/supplier.ts";
import type { HotelComments, HotelSupplier } from "#core/hotels/supplier.ts";
import type { TourSupplier } from "#core/tours/supplier.ts";
import type { InsuranceSupplier } from "#core/insurance/supplier.ts";
import type { InternationalFlightSupplier } from "#core/international-flights/supplier.ts";
import type { PlaceSearchPort } from "#core/places/suggest.ts";
import type { Clock, RateLimiter } from "#core/ports.ts";
import type { BookingRepository } from "#core/booking/ports.ts";
import type { ClientErrorRepository } from "#core/client-errors/ports.ts";
import type { FlightSupplier } from "#core/flights/ports.ts";
import type { PaymentRepository } from "#core/payments/ports.ts";
import type { LedgerRepository } from "#core/wallet/ports.ts";
import type { RefundRepository } from "#core/refunds/refund-booking.ts";
import type { SupplierRegistry } from "#core/suppliers/ports.ts";
import type { FareHistoryRepository } from "#core/fares/ports.ts";
import type { AlertRepository } from "#core/alerts/ports.ts";
import type { WatchService, WatchSource } from "#core/alerts/watch.ts";
import type { AutoReserveRepository } from "#core/alerts/auto-reserve.ts";
import type { DesiredPriceRepository } from "#core/alerts/desired-price.ts";
import type { TaxInvoiceRepository } from "#core/tax/ports.ts";
import type { MobileChargeRepository, TopupProviders } from "#core/topup/ports.ts";
import type { AuthDeps } from "../auth.ts";
import type { PaymentGateways } from "../payment-gateways.ts";
import type { PaymentLinkRepository } from "#core/payment-links/payment-link.ts";
import type { CardToCardRepository } from "#core/card-to-card/card-to-card.ts";
import type { SmsSender } from "#core/ports.ts";
import type { BlogPorts, BlogPostRepository } from "#core/blog/ports.ts";
import type { Booking, BookingTicket } from "#core/booking/booking.ts";
import type { PlaceService } from "#core/places/place.ts";
import type { Locale } from "#core/i18n/locales.ts";
import type { Tenant } from "#core/tenants/site-config.ts";
import type { BackOfficePorts } from "#core/back-office/ports.ts";
import type { OperationsPorts } from "#core/back-office/operations-ports.ts";

/**
 * What the JSON API's handlers may use: ports only, chosen by the composition root
 * (server/app.ts). Every route receives the same object; a route takes what it needs.
 */
export interface ApiDeps {
  clock: Clock;
  auth: AuthDeps;
  rateLimiter: RateLimiter;
  /** The key of client address hashes (IP_HASH_SECRET). */
  ipHashSecret: string;
  places: PlaceSearchPort;
  flights: FlightSupplier;
  internationalFlights: InternationalFlightSupplier;
  /** Train inventory (issue 18); null when the deployment has none, and train searches say so. */
  trains: (TrainSupplier & TrainRouteFacts) | null;
  /** Bus inventory (issue 19); null when the deployment has none, and bus searches say so. */
  buses: (BusSupplier & BusRouteFacts) | null;
  /** Hotel inventory at home and abroad (issue 20); null when the deployment has none, and hotel searches say so. */
  hotels: HotelSupplier | null;
  hotelComments: HotelComments | null;
  /** Package tours at home and abroad (issue 21); null when the deployment has none, and tour searches say so. */
  tours: TourSupplier | null;
  /** Travel insurers (issue 21); null when the deployment has none, and insurance searches say so. */
  insurance: InsuranceSupplier | null;
  /** Every supplier by (service, name): payments go back to the one that made a hold. */
  suppliers: SupplierRegistry;
  bookings: BookingRepository;
  idempotency: IdempotencyStore;
  payments: PaymentRepository;
  paymentGateways: PaymentGateways;
  refunds: RefundRepository;
  ledger: LedgerRepository;
  clientErrors: ClientErrorRepository;
  /** Each route's fare history (issue 22 §4); null when the deployment keeps none, and the trend says so. */
  fareHistory: FareHistoryRepository | null;
  /** Notify-me alerts (issue 22 §1). */
  alerts: AlertRepository;
  /** The watch sources of the services with inventory: a new alert's price and seats. */
  watchSources: ReadonlyMap<WatchService, WatchSource>;
  /** Auto-reserve items (issue 22 §2); null where the deployment keeps none. */
  autoReserves: AutoReserveRepository | null;
  /** Orders at a desired price (issue 22 §3); null where the deployment keeps none. */
  desiredPriceOrders: DesiredPriceRepository | null;
  /** Issue 25: blog posts, read by the blog API; null where the deployment keeps none. */
  blogPosts: BlogPostRepository | null;
  /** Issue 25: the blog's write ports for the admin API (covers, the cached pages' signal); null where the deployment keeps none. */
  blog: BlogPorts | null;
  /** Payment by others (issue 23 §2): links, card-to-card receipts, a tenant's SMS sender and ticket SMS, place names for the link's SMS. */
  payByOthers: {
    links: PaymentLinkRepository;
    receipts: CardToCardRepository;
    smsFor(tenant: Tenant): Promise<SmsSender>;
    onIssued(tenant: Tenant, booking: Booking, tickets: BookingTicket[]): Promise<void>;
    placeName(code: string, places: PlaceService, locale: Locale): Promise<string | null>;
  };
  /** Issue 23: a booking's official invoices; null where the deployment keeps none. */
  taxInvoices: Pick<TaxInvoiceRepository, "forBooking"> | null;
  /** Mobile top-ups (issue 23 §3): charges, providers and each tenant's SMS sender; null where the deployment has none. */
  topup: {
    charges: MobileChargeRepository;
    providers: TopupProviders;
    smsFor(tenant: Pick<Tenant, "id" | "smsSender">): Promise<SmsSender>;
  } | null;
  /** Issue 25: the back-office's staff, audit log and dashboard figures (server/api/admin). */
  backOffice: BackOfficePorts;
  /** Issue 25 §1: what the operations screens read (the SMS log…). */
  operations: OperationsPorts;
}
