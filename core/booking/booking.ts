import type { FarePrice } from "../flights/flight.ts";
import { typedCode } from "../i18n/digits.ts";
import type { NormalizedPassenger } from "../passengers/passenger-rules.ts";
import type { Passengers } from "../search/search-forms.ts";
import type { ServiceId } from "../services/service-ids.ts";
import type { BookingChange, BookingState } from "./booking-state.ts";
import type { Company, Contact } from "./purchase-fields.ts";

/** How long seats are held for a traveller to pay, unless the supplier gives less (issue 6). */
export const HOLD_MINUTES = 15;

export interface BookingPrice {
  /** Fares without airport charges. */
  base: number;
  taxes: number;
  discount: number;
  /** base + taxes − discount, in integer tomans. */
  total: number;
}

/** One held product: a flight leg now, a room or a bus seat later. */
export interface BookingItem {
  position: number;
  /** The service it was sold as: with `supplier`, the key of core/suppliers' registry. */
  service: ServiceId;
  /** Which supplier holds it, so the hold is extended, issued or released through the same one. */
  supplier: string;
  offerId: string;
  holdId: string;
  seats: number;
  /** The offer as held, in its service's own shape: read it through its module's parseOffer (core/services). */
  offer: unknown;
  base: number;
  taxes: number;
}

/** A seat's place as its supplier assigned it: flat names and numbers only, e.g. { wagon: 3, compartment: 2, bed: 4 }. */
export type TicketPlacement = Record<string, string | number | null>;

/** A ticket of one passenger on one leg of an item: the supplier's PNR and the ticket number. */
export interface BookingTicket {
  itemPosition: number;
  passengerPosition: number;
  /** 0 for an item of one leg (a domestic flight); an international round trip has legs 0 and 1. */
  leg: number;
  pnr: string;
  ticketNumber: string;
  /** Where the ticket sits (wagon, compartment, bed; a bus seat), as the supplier assigned it; null when it names none. */
  placement?: TicketPlacement | null;
}

export interface Booking {
  id: string;
  tenantId: string;
  service: ServiceId;
  reference: string;
  hashId: string;
  status: BookingState;
  holdExpiresAt: Date;
  party: Passengers;
  price: BookingPrice;
  discountCode: string | null;
  contact: Contact;
  company: Company | null;
  locale: string;
  items: BookingItem[];
  passengers: NormalizedPassenger[];
  createdAt: Date;
  /** The account it belongs to; null for a guest booking not yet claimed by a sign-in. */
  userId: string | null;
}

export interface NewBooking {
  tenantId: string;
  service: ServiceId;
  reference: string;
  hashId: string;
  holdExpiresAt: Date;
  party: Passengers;
  price: BookingPrice;
  discount: { codeId: string; mobile: string } | null;
  contact: Contact;
  company: Company | null;
  locale: string;
  items: BookingItem[];
  passengers: NormalizedPassenger[];
  createdAt: Date;
  cause: string;
  /** Booked signed in: the account it belongs to. */
  userId?: string | null;
}

export interface BookingDetails {
  price: BookingPrice;
  discount: { codeId: string; mobile: string } | null;
  contact: Contact;
  company: Company | null;
  passengers: NormalizedPassenger[];
}

/**
 * Fare and charges of an offer for a party: adults and children take seats and pay the seat
 * charges, infants sit on a lap. Any offer priced per traveller type (domestic or international).
 */
export function itemPrice(
  offer: { price: Pick<FarePrice, "adult" | "child" | "infant">; taxesPerSeat: number },
  party: Passengers,
): { base: number; taxes: number } {
  const total = offer.price.adult * party.adults + offer.price.child * party.children + offer.price.infant * party.infants;
  const taxes = offer.taxesPerSeat * (party.adults + party.children);
  return { base: total - taxes, taxes };
}

const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const HASH_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

function randomString(alphabet: string, length: number): string {
  // Alphabets of 32 and 64 letters divide 256, so every letter is equally likely.
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
}

/** A reference a traveller reads out on the phone: eight letters and digits without 0/O or 1/I. */
export function newBookingReference(): string {
  return randomString(REFERENCE_ALPHABET, 8);
}

/** 22 url-safe characters: 132 random bits, the only key to a booking's pages. */
export function newHashId(): string {
  return randomString(HASH_ALPHABET, 22);
}

export function isHashId(value: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(value);
}

/** A reference as typed: case, spaces and Persian digits do not matter. */
export function normalizeReference(input: string): string {
  return typedCode(input);
}

export type { BookingChange };
