import type { AutoReserveRepository } from "#core/alerts/auto-reserve.ts";
import type { DesiredPriceRepository } from "#core/alerts/desired-price.ts";
import type { Account, Session } from "#core/accounts/account.ts";
import type { TrainRouteFacts, TrainSupplier } from "#core/trains/supplier.ts";
import type { BusRouteFacts, BusSupplier } from "#core/buses/supplier.ts";
import type { HotelComments, HotelSupplier } from "#core/hotels/supplier.ts";
import type { TourSupplier } from "#core/tours/supplier.ts";
import type { InsuranceSupplier } from "#core/insurance/supplier.ts";
import type { CodeRequestResult, CodeVerificationResult, MobileVerificationResult } from "#core/accounts/sign-in.ts";
import type { Booking, BookingTicket } from "#core/booking/booking.ts";
import type { RefundRepository } from "#core/refunds/refund-booking.ts";
import type { Locale, LocaleDecision } from "#core/i18n/locales.ts";
import type { PlaceService, PlaceSuggestion } from "#core/places/place.ts";
import type { AccountRepository } from "#core/accounts/ports.ts";
import type { BookingRepository } from "#core/booking/ports.ts";
import type { ContentRepository } from "#core/content/ports.ts";
import type { FlightFareCalendar, FlightRouteInfo, FlightSupplier } from "#core/flights/ports.ts";
import type { PaymentGateway, PaymentRepository } from "#core/payments/ports.ts";
import type { LedgerRepository } from "#core/wallet/ports.ts";
import type { FareHistoryRepository } from "#core/fares/ports.ts";
import type { InternationalFlightOffer, InternationalFlightSearchQuery } from "#core/international-flights/international-flight.ts";
import type { InternationalFlightSupplier } from "#core/international-flights/supplier.ts";
import type { Tenant } from "#core/tenants/site-config.ts";
import type { SupplierRegistry } from "#core/suppliers/ports.ts";
import type { AlertRepository } from "#core/alerts/ports.ts";
import type { TaxInvoiceRepository } from "#core/tax/ports.ts";
import type { ChargeDeps } from "#core/topup/settle-charge.ts";
import type { WatchService, WatchSource } from "#core/alerts/watch.ts";
import type { PaymentLinkRepository } from "#core/payment-links/payment-link.ts";
import type { CardToCardRepository } from "#core/card-to-card/card-to-card.ts";
import type { SmsSender } from "#core/ports.ts";
import type { BackOfficePorts } from "#core/back-office/ports.ts";
import type { PreviewCrypto } from "#core/back-office/brand.ts";
import type { BlogPorts } from "#core/blog/ports.ts";
import type { OperationsPorts } from "#core/back-office/operations-ports.ts";

/** What the international flight pages need of the configured supplier. */
export interface InternationalFlightPagesPort {
  search(query: InternationalFlightSearchQuery): Promise<InternationalFlightOffer[]>;
  cheapestPerDay(input: { from: string; to: string; firstDate: string; lastDate: string }): Promise<Map<string, number>>;
}

/**
 * What the server hands every loader and action. The app never opens a database or picks an
 * adapter itself; it gets them here (ARCHITECTURE.md §1).
 */
export interface RequestContext {
  requestId: string;
  /** This request's Content-Security-Policy nonce: every inline script of the page carries it. */
  cspNonce: string;
  tenant: Tenant;
  /** False when the tenant configuration could not be loaded: the page is then not cacheable. */
  configLoaded: boolean;
  locale: LocaleDecision;
  /** The Accept-Language header's best supported locale, shown on /testLang. */
  acceptLanguage: { header: string | null; best: string | null };
  environment: "development" | "production" | "test";
  buildVersion: string;
  startedAt: string;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** Content pages (about us, FAQ, rules, /pages/*): the tenant's own text or the product default. */
  content: ContentRepository;
  /** Issue 25: the tenant's blog posts, their covers and the signal that drops cached pages (the back-office writes); null where the deployment keeps none. */
  blog: BlogPorts | null;
  /** Reference places, for search forms: suggestions for typed text, one place by id or by results-route code. */
  places: {
    suggest(input: { service: PlaceService; query: string; locale: Locale; limit?: number }): Promise<PlaceSuggestion[]>;
    byId(id: string, locale: Locale, service?: PlaceService): Promise<PlaceSuggestion | null>;
    byRouteCode(code: string, service: PlaceService, locale: Locale): Promise<PlaceSuggestion | null>;
  };
  /** The current time, from the server's clock (controllable in tests). */
  now(): Date;
  /** Domestic flight inventory (the configured supplier) and its fare calendar. */
  flights: FlightSupplier & FlightFareCalendar & FlightRouteInfo;
  /** Every supplier by (service, name): the payment step goes back to the one that made a hold. */
  suppliers: SupplierRegistry;
  /**
   * International flight inventory (issue 17), as the pages use it: the whole trip's offers for a
   * search, and the cheapest adult fare of each day of a route (route landing pages). Null while
   * the server has no international supplier configured: the pages then say searching is not
   * possible right now, rather than pretending nothing flies. The purchase pages revalidate and
   * hold through the same supplier (core/international-flights/international-selection.ts).
   */
  internationalFlights: (InternationalFlightPagesPort & InternationalFlightSupplier) | null;
  /** Train inventory (issue 18): searches, route facts for landings; null when none is configured (the pages say searching is not possible). */
  trains: (TrainSupplier & TrainRouteFacts) | null;
  /** Bus inventory (issue 19): searches, seat maps, route facts; null when none is configured (the pages say searching is not possible). */
  buses: (BusSupplier & BusRouteFacts) | null;
  /** Hotel inventory at home and abroad (issue 20): lists, hotel pages, rooms; null when none is configured (the pages say searching is not possible). */
  hotels: HotelSupplier | null;
  /** Guests' reviews of hotels; absent with the hotels. */
  hotelComments: HotelComments | null;
  /** Package tours at home and abroad (issue 21): landings, departures, hotels and rooms; null when none is configured. */
  tours: TourSupplier | null;
  /** Travel insurers (issue 21): plans priced for a trip; null when none is configured. */
  insurance: InsuranceSupplier | null;
  /** Counts one try of this visitor (by a hash of their address) against a limit shared by all processes. */
  rateLimit(scope: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Refunds of issued bookings (issue 8). */
  refunds: RefundRepository;
  /** The wallets' double-entry ledger (issue 10); callers scope wallets by the signed-in account. */
  ledger: LedgerRepository;
  /** Each route's fare history (issue 22 §4), read by the buy-or-wait hint; null when none is kept. */
  fareHistory: FareHistoryRepository | null;
  /** Bookings (held, paid, issued…) and discount codes of every tenant; use cases scope them by tenant. */
  bookings: BookingRepository;
  /**
   * True for the router's own data requests (a form submitted with JavaScript). A refused form then
   * answers 200 with its messages, which the page shows; a browser without JavaScript gets 400.
   */
  dataRequest: boolean;
  /** Payments of bookings (issue 7). */
  payments: PaymentRepository;
  /** The gateways this tenant's travellers may pay through, by name, with the tenant's credentials. */
  paymentGateways(): Promise<(name: string) => PaymentGateway | null>;
  /** Messages to travellers (the ticket SMS). */
  notifications: {
    ticketIssued(booking: Booking, tickets: BookingTicket[]): Promise<void>;
    /** The agency paid a card refund (the back-office's refund queue); true when the SMS went out. */
    refundPaid(booking: Booking, refund: { amount: number; bankReference: string }): Promise<boolean>;
  };
  /** The visitor's sign-in (issue 9): their session, asking for and trading SMS codes, signing out. */
  auth: {
    /** The signed-in account of this request (session cookie or bearer token), looked up once. */
    current(): Promise<{ account: Account; session: Session; via: "cookie" | "bearer" } | null>;
    /** Sends a code within the limits. `host` goes on the SMS's last line so a phone can offer the code to this site. */
    requestCode(input: {
      mobile: string;
      locale: Locale;
      host: string;
      powChallengeId?: string | null;
      powNonce?: string | null;
      recaptchaToken?: string | null;
    }): Promise<CodeRequestResult>;
    /** Trades a code for a session; for "web" the session cookie, display cookies and a new CSRF token are set. */
    verifyCode(input: { mobile: string; code: string; kind: "web" | "api" }): Promise<CodeVerificationResult>;
    /** Proves a mobile by its code without signing in (a notify-me alert's number). */
    verifyMobile(input: { mobile: string; code: string }): Promise<MobileVerificationResult>;
    signOut(input: { everywhere: boolean }): Promise<void>;
    /** Sets the `user_name`/`user_id` display cookies again (after a profile change). */
    refreshDisplay(account: Account): void;
    /** The tenant's reCAPTCHA v3 site key when it configured reCAPTCHA, else null (the built-in proof of work is used). */
    recaptchaSiteKey(): Promise<string | null>;
  };
  /** Accounts of this tenant's travellers: profile and previous passengers. Callers scope by the signed-in account. */
  accounts: AccountRepository;
  /** Notify-me alerts (issue 22 §1); callers scope them by tenant and the signed-in account. */
  alerts: AlertRepository;
  /** The watch sources of the services with inventory: an alert's price when it is set. */
  watchSources: ReadonlyMap<WatchService, WatchSource>;
  /** Auto-reserve items and orders at a desired price (issue 22); null where the deployment keeps none. */
  autoReserves: AutoReserveRepository | null;
  desiredPriceOrders: DesiredPriceRepository | null;
  /** Payment by others (issue 23 §2): links sent by SMS, card-to-card receipts, and this tenant's SMS sender. */
  payByOthers: { links: PaymentLinkRepository; receipts: CardToCardRepository; sms(): Promise<SmsSender> };
  /** Issue 23: a booking's official invoices; null where the deployment keeps none. */
  taxInvoices: Pick<TaxInvoiceRepository, "forBooking"> | null;
  /** Issue 23 §3: mobile top-ups, their provider and the tenant's SMS sender; null where the deployment has none. */
  topup: ChargeDeps | null;
  /** CSRF: every form that posts carries `token()` in a hidden `csrf` field; actions refuse when `valid` is false. */
  csrf: { token(): string; valid(submitted: FormDataEntryValue | null): boolean };
  /**
   * Issue 25, the back-office (ADR 0036): staff, audit log and dashboard figures, and the keyed
   * hash of this client's address that audit entries keep. Screens go through app/admin/guard.server.ts.
   */
  backOffice: BackOfficePorts & {
    clientHash(): string;
    previewCrypto: PreviewCrypto;
    /** Whether this request came to PLATFORM_ADMIN_HOST, where a platform operator may pick a tenant. */
    onPlatformHost: boolean;
  };
  /** Issue 25 §1: what the operations screens read (the SMS log…). */
  operations: OperationsPorts;
}

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
