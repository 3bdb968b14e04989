/**
 * Ports: everything the core needs from outside, as interfaces. Adapters implement them; only
 * server/ knows which implementation runs. Later verticals add their own ports here.
 */
import type { Account, Profile, SavedPassenger, SavedPassengerFields, Session, SessionKind } from "./accounts/account.ts";
import type { OtpChallenge } from "./accounts/otp.ts";
import type { PowChallenge } from "./accounts/proof-of-work.ts";
import type { Booking, BookingChange, BookingDetails, BookingTicket, NewBooking } from "./booking/booking.ts";
import type { BookingState } from "./booking/booking-state.ts";
import type { DiscountCode } from "./booking/discount.ts";
import type { Payment, PaymentPurpose, PaymentState } from "./payments/payment.ts";
import type { ContentBlock, ContentQuestion, ContentSlug } from "./content/content-page.ts";
import type { FlightHold, FlightOffer, FlightSearchQuery, FlightTicket } from "./flights/flight.ts";
import type { Locale } from "./i18n/locales.ts";
import type { ServiceId } from "./services/service-ids.ts";
import type { Tenant } from "./tenants/site-config.ts";
import type {
  AccountRef,
  CreditGrant,
  LedgerAccount,
  LedgerBalance,
  LedgerEntry,
  LedgerLinks,
  LedgerTransactionKind,
  SystemAccountKind,
} from "./wallet/ledger.ts";

export interface Clock {
  now(): Date;
}

export interface TenantRepository {
  /** The tenant that owns a normalised host name, or null. */
  findByHost(host: string): Promise<Tenant | null>;
  /** The tenant marked as default, used for unknown hosts in development. */
  findDefault(): Promise<Tenant | null>;
}

export interface StoredContentPage {
  slug: ContentSlug;
  locale: Locale;
  /** null for the product's default text, the tenant's id for its own override. */
  tenantId: string | null;
  title: string;
  description: string;
  h1: string;
  h2: string | null;
  blocks: ContentBlock[];
  questions: ContentQuestion[];
  schema: Record<string, unknown> | null;
  dontCache: boolean;
  updatedAt: Date;
}

export interface ContentRepository {
  /** The tenant's own page and the default page for a slug and language (either may be missing). */
  find(input: {
    tenantId: string | null;
    slug: ContentSlug;
    locale: Locale;
  }): Promise<{ own: StoredContentPage | null; fallback: StoredContentPage | null }>;
}

export interface ClientErrorReport {
  tenantId: string | null;
  units: string;
  title: string;
  text: string;
  priority: number | null;
  taskTime: string | null;
  category: string;
  pageUrl: string | null;
  userAgent: string | null;
  ipHash: string;
}

export interface ClientErrorRepository {
  add(report: ClientErrorReport): Promise<{ id: string }>;
  list(input: { tenantId?: string; limit: number }): Promise<(ClientErrorReport & { id: string; createdAt: Date })[]>;
}

/** Counters shared by every web process (stored in the database), for fixed-window limits. */
export interface RateLimiter {
  /** Counts one hit in the current window; `allowed` is false once the limit is passed. */
  hit(input: {
    bucket: string;
    limit: number;
    windowSeconds: number;
    now: Date;
  }): Promise<{ allowed: boolean; count: number; retryAfterSeconds: number }>;
}

/** Reachability of the primary database, for readiness checks. */
export interface HealthProbe {
  ping(): Promise<void>;
}

/**
 * Inventory suppliers (house inventory, airline systems, …), one per service. The shapes of
 * queries and offers are each service's own; the life cycle is shared by all of them.
 */
export interface Supplier<Query, Offer, Hold, Ticket> {
  readonly service: ServiceId;
  /** Which system it is ("house", an airline's…): bookings record it to release or issue through the same one. */
  readonly name: string;
  search(query: Query): Promise<Offer[]>;
  /** Re-checks price and availability of an offer just before it is held; names come in `locale` (Persian when absent). */
  revalidate(
    offerId: string,
    locale?: Locale,
  ): Promise<{ ok: true; offer: Offer } | { ok: false; error: "SOLD_OUT" | "FARE_CHANGED" | "NOT_FOUND" }>;
  hold(
    offerId: string,
    passengers: number,
    until: Date,
  ): Promise<{ ok: true; hold: Hold } | { ok: false; error: "SOLD_OUT" | "CAPACITY_FULL" }>;
  /** Keeps a hold at least until `until` (the buyer went to the bank); fails when the hold is no longer held. */
  extend(hold: Hold, until: Date): Promise<{ ok: true; hold: Hold } | { ok: false; error: "HOLD_LOST" }>;
  /**
   * Issues a held hold: one ticket per traveller (infants travel on a lap but hold a ticket too;
   * `travellers` defaults to the seats). Asking again for a hold already issued returns the same tickets.
   */
  issue(hold: Hold, travellers?: number): Promise<{ ok: true; tickets: Ticket[] } | { ok: false; error: "ISSUE_FAILED" }>;
  cancel(hold: Hold | Ticket[]): Promise<{ ok: true } | { ok: false; error: "CANCEL_FAILED" }>;
}

/**
 * Domestic flight inventory: the house supplier on our own tables, an airline system later. A
 * supplier answers in its own terms; prices for a party are recomputed by the core from the offer.
 */
export type FlightSupplier = Supplier<FlightSearchQuery, FlightOffer, FlightHold, FlightTicket>;

/** One flight of a route's timetable: the same number at the same time on the weekdays it flies. */
export interface FlightTimetableEntry {
  airlineCode: string;
  airlineName: string;
  flightNumber: string;
  /** Local departure time in Tehran, "HH:MM". */
  departs: string;
  durationMinutes: number;
  aircraft: string;
  /** ISO weekdays it flies in the period asked: 1 Monday … 7 Sunday. */
  weekdays: number[];
}

/** What a route's landing page tells: its timetable over a period. */
export interface FlightRouteInfo {
  timetable(input: { from: string; to: string; firstDate: string; lastDate: string; locale: Locale }): Promise<FlightTimetableEntry[]>;
}

/** The cheapest adult fare of each day of a route (ISO date → tomans), for the day strip and route pages. */
export interface FlightFareCalendar {
  cheapestPerDay(input: { from: string; to: string; firstDate: string; lastDate: string }): Promise<Map<string, number>>;
}

/**
 * A card payment gateway of the Shaparak kind (iran-travel-facts.md: payments): the server asks
 * for a token, sends the buyer to the bank, reads the bank's callback and then verifies with the
 * bank itself, which is the only proof of payment. Amounts cross it in rials; the core works in
 * tomans and converts at the boundary. Expected failures are values; only faults throw.
 */
export type GatewayError =
  /** The gateway could not be reached or answered nonsense: try again later. */
  | "UNAVAILABLE"
  /** The merchant's credentials or the request were refused. */
  | "REJECTED"
  /** The buyer cancelled, or the payment failed at the bank. */
  | "NOT_PAID"
  /** The amount given to verify is not the amount paid. */
  | "AMOUNT_MISMATCH"
  /** No such token at this gateway. */
  | "UNKNOWN_TOKEN"
  /** The payment was reversed (for example, left unverified past the deadline). */
  | "REVERSED";

export interface PaymentGateway {
  /** "sandbox", "zarinpal"…: stored with each payment, so it is verified by the gateway that took it. */
  readonly name: string;
  /** Minutes after which the bank reverses a payment nobody verified. */
  readonly verifyDeadlineMinutes: number;
  /**
   * Origins other than the shop's that the buyer's browser is sent to (the bank's pages, by
   * redirect or form post): the shop's Content-Security-Policy lets its forms reach them.
   */
  readonly browserOrigins?: readonly string[];
  request(input: {
    orderId: string;
    amountRials: number;
    callbackUrl: string;
    description: string;
    mobile?: string;
    email?: string;
  }): Promise<
    | { ok: true; token: string; redirect: { method: "GET" | "POST"; url: string; fields?: Record<string, string> } }
    | { ok: false; error: GatewayError; message?: string }
  >;
  /** The token and the bank's claim of success in a callback (never trusted without verify), or null when it is not this gateway's. */
  readCallback(input: { query: Record<string, string>; body: Record<string, string> }): { token: string; succeeded: boolean } | null;
  /** Verifies (settles) a payment. Verifying again a payment already verified is a success too. */
  verify(input: {
    token: string;
    amountRials: number;
  }): Promise<
    { ok: true; referenceId: string; maskedPan?: string; alreadyVerified: boolean } | { ok: false; error: GatewayError; message?: string }
  >;
  /** Gives the money back to the card: a reversal before settlement, a refund after, as the gateway offers. */
  reverse(input: { token: string; amountRials: number }): Promise<{ ok: true } | { ok: false; error: GatewayError; message?: string }>;
}

export interface SmsSender {
  readonly name: string;
  send(input: {
    mobile: string;
    text: string;
    template?: { name: string; tokens: string[] };
  }): Promise<{ ok: true; messageId: string } | { ok: false; error: string }>;
}

/**
 * Bookings (issue 6) with their items, passengers and history. Every write that changes state is
 * guarded by the state it expects, in one transaction with its history row, so two processes can
 * never both move the same booking.
 */
export interface BookingRepository {
  /** Writes a held booking and, when a code is used, counts the use (refused when the code ran out). */
  create(booking: NewBooking): Promise<{ ok: true; booking: Booking } | { ok: false; error: "DISCOUNT_INVALID" | "REFERENCE_TAKEN" }>;
  findByHashId(tenantId: string, hashId: string): Promise<Booking | null>;
  findById(tenantId: string, id: string): Promise<Booking | null>;
  /** The hashId of the booking with this reference and contact mobile, or null for any mismatch. */
  findHashIdByReference(tenantId: string, reference: string, mobile: string): Promise<string | null>;
  /** Replaces passengers, contact, company and discount of a booking still in `expectStatus`. */
  updateDetails(
    bookingId: string,
    expectStatus: BookingState,
    details: BookingDetails,
    change: { at: Date; cause: string },
  ): Promise<{ ok: true } | { ok: false; error: "NOT_EDITABLE" | "DISCOUNT_INVALID" }>;
  /** Applies a state change if the booking is still in `change.from`; a use of a discount code is given back on expiry or cancellation. */
  applyChange(bookingId: string, change: BookingChange): Promise<boolean>;
  /** Bookings whose hold has run out while they were still held or at the bank. */
  dueForExpiry(now: Date, limit: number): Promise<Booking[]>;
  /** The supplier kept the hold longer (the buyer is at the bank): the booking's hold ends later too. */
  extendHold(bookingId: string, until: Date): Promise<void>;
  /** A new supplier hold for an item (a late payment re-took the seats). */
  replaceHold(bookingId: string, position: number, holdId: string): Promise<void>;
  /** Tickets written and paid → issued, together. */
  recordTickets(bookingId: string, tickets: BookingTicket[], change: BookingChange): Promise<boolean>;
  tickets(bookingId: string): Promise<BookingTicket[]>;
  /** Paid bookings without tickets since before `before` (a crash between payment and issue). */
  paidWithoutTickets(before: Date, limit: number): Promise<Booking[]>;
  history(bookingId: string): Promise<(BookingChange | (Omit<BookingChange, "from"> & { from: null }))[]>;
  findDiscount(tenantId: string, code: string): Promise<DiscountCode | null>;
  /** Live (not expired or cancelled) bookings of this mobile that use the code. */
  countDiscountUses(codeId: string, mobile: string): Promise<number>;
  /** An account's bookings, newest first, at most `limit`. */
  listForUser(tenantId: string, userId: string, limit: number): Promise<Booking[]>;
}

/**
 * Payments (issue 7). Each change is guarded by the state it expects, and the changes that touch a
 * booking too (verified → paid, tickets → issued) happen in one transaction with its history.
 */
export interface PaymentRepository {
  /** A booking payment (with `walletAmount` held from `userId`'s wallet when given) or a top-up of `userId`'s wallet. */
  create(input: {
    tenantId: string;
    bookingId: string | null;
    hashId: string;
    gateway: string;
    amount: number;
    verifyBy: Date;
    at: Date;
    purpose?: PaymentPurpose;
    userId?: string | null;
    walletAmount?: number;
  }): Promise<Payment>;
  /**
   * A payment of a booking from the wallet alone, opened already `verifying` (it has no bank to
   * wait for); null while another wallet payment of the booking is open (a double click).
   */
  openWalletPayment(input: {
    tenantId: string;
    bookingId: string;
    userId: string;
    hashId: string;
    amount: number;
    at: Date;
  }): Promise<Payment | null>;
  /** The payment that paid a booking (status verified; there is at most one). */
  payerOf(bookingId: string): Promise<Payment | null>;
  /** Card payments of a booking still open (created, pending) that hold part of a wallet. */
  openWithWalletPart(bookingId: string): Promise<Payment[]>;
  /** Bookings that ended (expired or cancelled) while a card payment holding part of a wallet was still open. */
  endedWithOpenWalletPart(limit: number): Promise<{ id: string; tenantId: string }[]>;
  /** Whether the ledger has the transaction of this key (a wallet part held, say), read where payments are. */
  ledgerKeyPosted(tenantId: string, key: string): Promise<boolean>;
  findByHashId(tenantId: string, hashId: string): Promise<Payment | null>;
  findById(tenantId: string, id: string): Promise<Payment | null>;
  findByToken(gateway: string, token: string): Promise<Payment | null>;
  /** The gateway gave a token: created → pending. */
  setToken(paymentId: string, token: string, at: Date): Promise<boolean>;
  /** Moves a payment from one of `from` to `to`; false when it was in none of them. */
  move(
    paymentId: string,
    from: readonly PaymentState[],
    to: PaymentState,
    at: Date,
    details?: { failure?: string; referenceId?: string; maskedPan?: string },
  ): Promise<boolean>;
  /** Takes a payment to verify: pending, or verifying left unfinished since `staleBefore`. */
  claimForVerify(paymentId: string, at: Date, staleBefore: Date): Promise<boolean>;
  /**
   * The gateway verified it: verifying → verified and the booking's change (→ paid), together. Fails,
   * changing nothing, when the booking is not in `change.from` or already has a verified payment.
   */
  recordVerified(
    paymentId: string,
    details: { referenceId: string; maskedPan: string | null; at: Date },
    bookingId: string,
    change: BookingChange,
  ): Promise<boolean>;
  /** Payments waiting for a verdict that reconciliation should look at now. */
  dueForReconciliation(input: { pendingBefore: Date; verifyingBefore: Date; limit: number }): Promise<Payment[]>;
  /** The verified payment of a booking, if any. */
  verifiedOf(bookingId: string): Promise<Payment | null>;
  /** Every payment of a booking, oldest first. */
  listForBooking(bookingId: string): Promise<Payment[]>;
}

/** Travellers' accounts (issue 9), each within one tenant, with their previous-passengers list. */
export interface AccountRepository {
  /** The account of this number at this tenant, opened on its first sign-in (two first sign-ins at once open one). */
  findOrCreate(input: { tenantId: string; mobile: string; now: Date }): Promise<{ account: Account; created: boolean }>;
  findById(tenantId: string, id: string): Promise<Account | null>;
  updateProfile(tenantId: string, id: string, profile: Profile, now: Date): Promise<Account | null>;
  /** Bookings of this tenant made as a guest with the account's mobile become the account's; returns how many. */
  attachGuestBookings(tenantId: string, userId: string, mobile: string): Promise<number>;
  /** Most recently updated first. */
  savedPassengers(userId: string): Promise<SavedPassenger[]>;
  /** Adds a person or updates the one with the same national code (or passport). */
  savePassenger(userId: string, passenger: SavedPassengerFields, now: Date): Promise<SavedPassenger>;
  /** False when the entry is not this account's (or is gone). */
  deletePassenger(userId: string, id: string): Promise<boolean>;
}

export interface SessionRepository {
  create(input: {
    tenantId: string;
    userId: string;
    tokenHash: string;
    kind: SessionKind;
    userAgent: string | null;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<Session>;
  /** The live (not revoked, not expired) session with this token hash at this tenant, with its account. */
  findLive(tenantId: string, tokenHash: string, now: Date): Promise<{ session: Session; account: Account } | null>;
  revoke(sessionId: string, now: Date): Promise<void>;
  /** Sign out everywhere: every live session of the account ends. Returns how many. */
  revokeAll(tenantId: string, userId: string, now: Date): Promise<number>;
}

/** The sign-in counters (sent codes, failures), the current code of each number, and proof-of-work challenges. */
export interface SignInStore {
  current(tenantId: string, mobile: string): Promise<OtpChallenge | null>;
  counts(input: {
    tenantId: string;
    mobile: string;
    ipHash: string;
    now: Date;
    numberWindowSeconds: number;
    ipWindowSeconds: number;
    failureWindowSeconds: number;
    tenantDayStart: Date;
  }): Promise<{
    forNumber: number;
    oldestForNumber: Date | null;
    forIp: number;
    oldestForIp: Date | null;
    forTenantToday: number;
    failuresForIp: number;
  }>;
  /**
   * Stores a new code and counts its send, if the number's current code is still `previous` (by
   * its lastSentAt; null for none). False when another request sent one first.
   */
  recordSend(challenge: OtpChallenge, previous: OtpChallenge | null, ipHash: string): Promise<boolean>;
  /** Stores a try's outcome if the code is still as `previous` (same hash, tries and use). */
  recordTry(previous: OtpChallenge, next: OtpChallenge): Promise<boolean>;
  recordFailure(tenantId: string, ipHash: string, at: Date): Promise<void>;
  issueChallenge(tenantId: string, challenge: PowChallenge): Promise<void>;
  findChallenge(tenantId: string, id: string): Promise<PowChallenge | null>;
  /** Marks a challenge used; false when it was already used (or is unknown). */
  consumeChallenge(tenantId: string, id: string, at: Date): Promise<boolean>;
}

/** Google reCAPTCHA v3, for tenants that configure its keys: a token from the page, judged by Google. */
export interface RecaptchaVerifier {
  verify(input: {
    token: string;
    secret: string;
    remoteIp: string | null;
    expectedAction: string;
  }): Promise<{ ok: true; score: number } | { ok: false; error: "INVALID" | "UNAVAILABLE" }>;
}

/** The input of one ledger transaction (core/wallet/ledger.ts). */
export interface LedgerPostInput {
  tenantId: string;
  kind: LedgerTransactionKind;
  /** Unique per tenant: posting the same key again changes nothing and answers the first transaction. */
  idempotencyKey: string;
  postings: { account: AccountRef; amount: number }[];
  reason: string;
  createdBy: string;
  links?: LedgerLinks;
  at: Date;
  /**
   * Names the wallet this transaction debits. Every wallet a transaction debits is guarded anyway
   * (locked, its balance summed, refused below minus its credit limit); naming one asserts it is debited.
   */
  guard?: { walletAccountId: string; mustStayAbove: "credit" };
}

export type LedgerPostResult =
  { ok: true; transactionId: string; replayed: boolean } | { ok: false; error: "INSUFFICIENT_FUNDS" | "UNBALANCED" };

/**
 * The double-entry ledger of wallets and credit (issue 10). Balances are derived from entries; a
 * debit of a wallet is decided under a lock of that wallet, so simultaneous debits never spend
 * the same money twice.
 */
export interface LedgerRepository {
  /** The tenant's account of a system kind, opened on first use. */
  systemAccount(tenantId: string, kind: SystemAccountKind): Promise<LedgerAccount>;
  /** The traveller's wallet, opened on first use; throws when the user is not this tenant's. */
  walletOf(tenantId: string, userId: string): Promise<LedgerAccount>;
  /** The traveller's wallet if it was ever opened, without opening it. */
  findWallet(tenantId: string, userId: string): Promise<LedgerAccount | null>;
  /** Writes one balanced transaction, or replays the first with the same key. Malformed postings (zero, fractional, one entry) throw. */
  post(input: LedgerPostInput): Promise<LedgerPostResult>;
  balance(accountId: string): Promise<LedgerBalance>;
  /** Newest first; `before` is the last entry of the previous page. */
  entries(accountId: string, page: { limit: number; before?: Pick<LedgerEntry, "id" | "at"> }): Promise<LedgerEntry[]>;
  /** Sets a wallet's credit limit and records who and why; existing debt is kept when it is lowered. */
  setCreditLimit(
    accountId: string,
    limit: number,
    by: string,
    reason: string,
    at: Date,
  ): Promise<{ previous: number; creditLimit: number }>;
  /** Every change of a wallet's credit limit, newest first. */
  creditHistory(accountId: string): Promise<CreditGrant[]>;
  /** The sum of every entry of the tenant: 0 unless the ledger is broken. */
  sumAll(tenantId: string): Promise<number>;
}
