import type { Booking, BookingTicket } from "../booking/booking.ts";
import type { Locale } from "../i18n/locales.ts";
import type { PassengerContext } from "../passengers/passenger-rules.ts";
import type { MessageKey } from "../i18n/messages.ts";
import type { PlaceService } from "../places/place.ts";
import type { CalendarKind } from "../search/dates.ts";
import type { Passengers } from "../search/search-forms.ts";
import type { ServiceId } from "./service-ids.ts";

/**
 * A bookable service describes itself once (issue 17): how to read the offer a booking item
 * stores, how to name it on pages, tickets, SMS and refunds, what its passengers must give and
 * where its pages are. Everything after "Select" (payments, refunds, tickets, tracking, the
 * account, the API) goes through this and never names a service's own offer type.
 */

/** What the describing functions need besides the offer: the language, calendar and names it is shown with. */
export interface DescribeContext {
  locale: Locale;
  /** The calendar dates are written in (fa: Persian by default, en/ar: Gregorian). */
  calendar: CalendarKind;
  /** A place's name in `locale` by the code the offer stores ("MHD" → "مشهد"); undefined shows the code. */
  placeName?: (code: string) => string | undefined;
  /** A carrier's name in `locale` by its code (airline, railway, bus company); undefined keeps the stored name. */
  carrierName?: (code: string) => string | undefined;
}

/** Facts of an item that need no language: codes and instants as the offer stores them. */
export interface ItemFacts {
  /** How the item is told apart on tickets, refunds and SMS: "IR 451", a train number, a hotel's name. */
  code: string;
  /** Place codes at each end for name lookups ({@link ServiceModule.places}); null when the item has no route (a hotel, insurance). */
  from: string | null;
  to: string | null;
  /** ISO 8601 instant with its UTC offset: departure, check-in, start of cover. Sorting and refund timing count from it. */
  startsAt: string;
  /** Arrival, check-out, end of cover; null when there is none. */
  endsAt: string | null;
}

/** One labelled line of an item ("Baggage" → "20 kg"); both texts already in the page's language and digits. */
export interface DetailLine {
  label: string;
  value: string;
}

/** An item as pages, the account and tracking show it, in one language. */
export interface ItemSummary extends ItemFacts {
  /** The headline: "Tehran → Mashhad" (the arrow follows the reading direction). */
  title: string;
  /** The day of `startsAt` in the context's calendar and digits. */
  date: string;
  /** Clock of `startsAt` / `endsAt` in the language's digits ("۰۸:۳۰"), local to the place. */
  startTime: string;
  endTime: string | null;
  /** Labelled lines under the headline: carrier and class, baggage, refundability… */
  details: DetailLine[];
}

/** One box of the e-ticket PDF and of the invoice's tickets: every text ready to print. */
export interface TicketLine {
  /** What it is, the box's label: "Flight", "Train". */
  kind: string;
  /** Who runs it: "Iran Air". */
  operator: string;
  /** Its code, printed left to right: "IR 451". */
  code: string;
  /** Ends, named with their codes: "Tehran (THR)". */
  from: string;
  to: string;
  /** Date and time as the traveller reads them. */
  departure: string;
  arrival: string;
  /** Further labelled facts: class, baggage, wagon and seat. */
  details: DetailLine[];
  /** The supplier's booking code of the item ("" until issued). */
  pnr: string;
}

/** What core/refunds needs of an item besides the supplier's rule. */
export interface ItemRefundTerms {
  /** As the offer was sold; the supplier's rule has the last word. */
  refundable: boolean;
  /** ISO instant the penalty windows count back from (the scheduled departure, check-in…). */
  countsFrom: string;
  /** Quoted on each refund line: the item's {@link ItemFacts.code}. */
  code: string;
  /** What the supplier looks its penalty rule up by (airline and fare class, train company…), as data for the record. */
  ruleKey: Record<string, string | boolean>;
}

/**
 * What each traveller of a purchase must give, judged on the offers: the checks of
 * core/passengers/passenger-rules.ts take it with today's date.
 */
export type PassengerRequirements = Omit<PassengerContext, "today">;

/** The booking a path is for: its service (one module can cover two, e.g. flight and flightRtrip), reference and hashId. */
export type BookingRef = Pick<Booking, "service" | "reference" | "hashId">;

/** Locale-free paths of a service's purchase pages (spec §2); callers localize them. */
export interface ServicePaths<Offer> {
  /** The passengers page for chosen offers and party (a round trip: the outbound and return). */
  passengers(offers: readonly Offer[], party: Passengers): string;
  /** The pre-invoice of a held booking. */
  prefactor(booking: BookingRef): string;
  /** The invoice and tickets of a booking. */
  factor(booking: BookingRef): string;
}

/** Tickets of one item: one per passenger, with the supplier's PNR. */
export type ItemTickets = readonly Pick<BookingTicket, "passengerPosition" | "pnr" | "ticketNumber" | "placement">[];

export interface ServiceModule<Offer, ApiItem = Record<string, unknown>> {
  /** The service ids it sells (a domestic flight module sells one-way `flight` and `flightRtrip`). */
  readonly services: readonly ServiceId[];
  /** The kind of place its stored codes name, for name lookups (`places.byRouteCode(code, places, locale)`). */
  readonly places: PlaceService;
  /** The offer a booking item stores (jsonb), validated; throws on a malformed one (a data fault, not a user error). */
  parseOffer(stored: unknown): Offer;
  facts(offer: Offer): ItemFacts;
  /** Codes of places its texts name besides the route's ends (a hotel's city), looked up like them; none when absent. */
  namedPlaces?(offer: Offer): string[];
  /**
   * Where an item's codes are looked up when that differs by item (a hotel abroad names a city of
   * `outHotel`); `places` when absent. Names are still read back under `places`.
   */
  placesOf?(offer: Offer): PlaceService;
  summary(offer: Offer, context: DescribeContext): ItemSummary;
  /** The e-ticket's boxes of one item, with the item's tickets for its PNR. */
  ticketLines(offer: Offer, tickets: ItemTickets, context: DescribeContext): TicketLine[];
  /** One line of the "tickets issued" SMS for an item, in the context's language. */
  smsLine(offer: Offer, pnr: string, context: DescribeContext): string;
  refundTerms(offer: Offer): ItemRefundTerms;
  /** What every traveller must give for these offers (all items of one booking). */
  passengerRequirements(offers: readonly Offer[]): PassengerRequirements;
  /** The item's fields in the bookings API (`GET /api/v1/bookings/{hashId}` items), besides position, seats and prices. */
  apiItem(offer: Offer): ApiItem;
  readonly paths: ServicePaths<Offer>;
  /** The words its invoice, tracking, account, SMS and printed document use; a flight e-ticket's for any it leaves out. */
  readonly document?: Partial<ServiceDocument>;
}

/**
 * A service's own words wherever a purchase is shown after payment (invoice, tracking, the account,
 * the SMS, the PDF): a hotel's voucher and confirmation number, not a flight's e-ticket and PNR.
 */
export interface ServiceDocument {
  /** The printed document's title ("Flight e-ticket", "Hotel voucher"). */
  title: MessageKey;
  /** What each traveller's number on it is called ("Ticket number", "Voucher number"). */
  ticketNumber: MessageKey;
  /** What the supplier's booking code is called (the airline's PNR, the hotel's confirmation number). */
  reference: MessageKey;
  /** The link that downloads the PDF ("Download the e-ticket (PDF)"). */
  download: MessageKey;
  /** The invoice's heading once issued ("Your ticket is issued"), also in the payment result's heading and the SMS's first words. */
  issued: MessageKey;
  /** What the item's two places are ({@link TicketLine.from}, `to`): origin and destination, a hotel's address and city. */
  from: MessageKey;
  to: MessageKey;
  /** The item's start and end as labels: departure and arrival, check-in and check-out, cover from and to. */
  starts: MessageKey;
  ends: MessageKey;
  /** The advice the document ends with (when to be at the airport, what to show at reception). */
  note: MessageKey;
  /** What refund windows count back from, as a noun in a sentence: departure, check-in, the start of cover. */
  refundFrom: MessageKey;
}

/** A flight e-ticket's words: any a module leaves out. */
export const FLIGHT_DOCUMENT: ServiceDocument = {
  title: "ticket.title",
  ticketNumber: "ticket.ticketNumber",
  reference: "payment.pnr",
  download: "factor.downloadPdf",
  issued: "factor.heading.success",
  from: "ticket.from",
  to: "ticket.to",
  starts: "ticket.departure",
  ends: "ticket.arrival",
  note: "ticket.note.checkIn",
  refundFrom: "refund.from.departure",
};

/**
 * A module with its offer type sealed in: every function takes the offer as a booking stores it
 * (unknown jsonb) and parses it first. This is what payments, refunds, tickets and pages call, so
 * they need no service's types, and one list can hold every service's module.
 */
export interface StoredOfferModule<ApiItem = Record<string, unknown>> {
  readonly services: readonly ServiceId[];
  readonly places: PlaceService;
  facts(stored: unknown): ItemFacts;
  namedPlaces(stored: unknown): string[];
  placesOf(stored: unknown): PlaceService;
  summary(stored: unknown, context: DescribeContext): ItemSummary;
  ticketLines(stored: unknown, tickets: ItemTickets, context: DescribeContext): TicketLine[];
  smsLine(stored: unknown, pnr: string, context: DescribeContext): string;
  refundTerms(stored: unknown): ItemRefundTerms;
  passengerRequirements(stored: readonly unknown[]): PassengerRequirements;
  apiItem(stored: unknown): ApiItem;
  prefactorPath(booking: BookingRef): string;
  factorPath(booking: BookingRef): string;
  readonly document: ServiceDocument;
}

export function sealOffer<Offer, ApiItem>(module: ServiceModule<Offer, ApiItem>): StoredOfferModule<ApiItem> {
  const parse = (stored: unknown) => module.parseOffer(stored);
  return {
    services: module.services,
    places: module.places,
    document: { ...FLIGHT_DOCUMENT, ...module.document },
    facts: (stored) => module.facts(parse(stored)),
    namedPlaces: (stored) => module.namedPlaces?.(parse(stored)) ?? [],
    placesOf: (stored) => module.placesOf?.(parse(stored)) ?? module.places,
    summary: (stored, context) => module.summary(parse(stored), context),
    ticketLines: (stored, tickets, context) => module.ticketLines(parse(stored), tickets, context),
    smsLine: (stored, pnr, context) => module.smsLine(parse(stored), pnr, context),
    refundTerms: (stored) => module.refundTerms(parse(stored)),
    passengerRequirements: (stored) => module.passengerRequirements(stored.map(parse)),
    apiItem: (stored) => module.apiItem(parse(stored)),
    prefactorPath: (booking) => module.paths.prefactor(booking),
    factorPath: (booking) => module.paths.factor(booking),
  };
}
