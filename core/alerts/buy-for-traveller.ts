import type { SavedPassengerFields } from "../accounts/account.ts";
import type { Booking } from "../booking/booking.ts";
import { moveBooking, type PaymentDeps } from "../payments/deps.ts";
import { releaseItem } from "../payments/issue-tickets.ts";
import { payFromWallet } from "../payments/pay-from-wallet.ts";
import { placeBooking, type FieldErrors } from "../booking/place-booking.ts";
import type { Locale } from "../i18n/locales.ts";
import { passengerTypeOn, type Gender, type PassengerInput, type PassengerType } from "../passengers/passenger-rules.ts";
import { chooseSeats } from "../buses/seat-rules.ts";
import type { BusChoicesInput } from "../buses/bus.ts";
import { offerSelectionFor, type Inventory } from "../services/selections.ts";
import type { AccountRepository } from "../accounts/ports.ts";
import type { PanelLink, PlaceNamer } from "./purchase-watch.ts";
import type { WatchService, WatchSource } from "./watch.ts";

/**
 * The one purchase the watchers make for a traveller (issue 22 §2 and §3): the offer is held
 * through the same pipeline as a booking from the site (placeBooking with the service's selection),
 * paid from the traveller's wallet (payFromWallet: only the booking's total is taken) and issued
 * with the usual ticket SMS. A hold above what the traveller allowed is given back untouched.
 */

/** A saved traveller as a booking passenger, typed by their age on the travel day; null when too young to travel. */
export function passengerFromSaved(saved: SavedPassengerFields, travelDate: string): PassengerInput | null {
  const type = passengerTypeOn(saved.birthDate, travelDate);
  if (type === "too-young") return null;
  return {
    type,
    firstName: saved.firstName,
    lastName: saved.lastName,
    ...(saved.firstNameLatin ? { firstNameLatin: saved.firstNameLatin } : {}),
    ...(saved.lastNameLatin ? { lastNameLatin: saved.lastNameLatin } : {}),
    gender: saved.gender,
    birthDate: saved.birthDate,
    ...(saved.nationalCode ? { nationalCode: saved.nationalCode } : {}),
    nationality: saved.nationality,
    ...(saved.passportNumber ? { passportNumber: saved.passportNumber } : {}),
    ...(saved.passportCountry ? { passportCountry: saved.passportCountry } : {}),
    ...(saved.passportExpiry ? { passportExpiry: saved.passportExpiry } : {}),
    wheelchair: saved.wheelchair,
  };
}

/** How many of each type a list of travellers is on the travel day. */
export function partyOnDate(travellers: readonly SavedPassengerFields[], travelDate: string): Record<PassengerType, number> {
  const party = { adult: 0, child: 0, infant: 0 };
  for (const saved of travellers) {
    const type = passengerTypeOn(saved.birthDate, travelDate);
    if (type !== "too-young") party[type] += 1;
  }
  return party;
}

export interface PurchaseRequest {
  tenantId: string;
  userId: string;
  /** The account's mobile: the booking's contact and the ticket SMS's number. */
  mobile: string;
  locale: Locale;
  service: WatchService;
  offerId: string;
  travelDate: string;
  travellers: readonly SavedPassengerFields[];
  /** The most the traveller allowed for the whole party; a dearer hold is given back. */
  maxTotal: number;
  /** The booking history's cause, naming the item or order ("auto-reserve <id>"). */
  cause: string;
}

export type PurchaseFailure =
  | "SOLD_OUT"
  | "FARE_CHANGED"
  | "OFFER_NOT_FOUND"
  | "ABOVE_MAX"
  | "INSUFFICIENT_FUNDS"
  | "NOT_PAYABLE"
  | "NOT_ISSUED"
  | "PASSENGERS_INVALID"
  | "SERVICE_UNAVAILABLE";

export type PurchaseResult = { ok: true; booking: Booking } | { ok: false; error: PurchaseFailure; errors?: FieldErrors };

export interface PurchaseDeps extends PaymentDeps {
  /** The suppliers the service's selection re-prices offers with. */
  inventory: Inventory;
}

/** What both purchase jobs (auto-reserve, desired-price orders) need besides their own rows. */
export interface WatcherJobDeps extends PurchaseDeps {
  sources: ReadonlyMap<WatchService, WatchSource>;
  accounts: Pick<AccountRepository, "findById">;
  /** The absolute address of a panel page for the SMS; without it the SMS carry no link. */
  panelLink?: PanelLink;
  /** Place names for the SMS; without it the SMS name the codes. */
  placeName?: PlaceNamer;
}

/** Failures that pass when the inventory moves again: the item or order keeps waiting. */
export const PASSING_FAILURES: readonly PurchaseFailure[] = ["SOLD_OUT", "FARE_CHANGED", "OFFER_NOT_FOUND", "ABOVE_MAX", "NOT_PAYABLE"];

/**
 * The choices a service's purchase needs that the traveller made no page for: a bus's seats,
 * chosen on its map as it is now by the seat rules. Null when they cannot be made (no seat the
 * rules allow someone): the offer is as good as sold out for this party.
 */
async function choicesFor(
  request: PurchaseRequest,
  passengers: readonly PassengerInput[],
  inventory: Inventory,
): Promise<{ ok: true; choices?: BusChoicesInput } | { ok: false }> {
  if (request.service !== "bus") return { ok: true };
  const map = await inventory.buses?.seatMap(request.offerId, request.locale);
  if (!map) return { ok: false };
  // Infants ride on a lap: only adults and children take seats, each by their position in the booking.
  const seated = passengers.flatMap((passenger, position) => {
    const gender: Gender | null = passenger.gender === "male" || passenger.gender === "female" ? passenger.gender : null;
    return passenger.type === "infant" || !gender ? [] : [{ passenger: position, gender }];
  });
  const seats = chooseSeats(map, seated);
  return seats ? { ok: true, choices: { seats } } : { ok: false };
}

/** A held booking the traveller will not pay for goes back as the expiry job would: cancelled, then its seats released. */
async function giveBack(booking: Booking, deps: PurchaseDeps, cause: string): Promise<void> {
  if (!(await moveBooking(deps, booking, "cancelled_by_traveller", cause))) return;
  for (const item of booking.items) await releaseItem(item, deps.clock.now(), deps);
}

export async function buyForTraveller(request: PurchaseRequest, deps: PurchaseDeps): Promise<PurchaseResult> {
  const selection = offerSelectionFor(request.service, deps.inventory);
  if (!selection) return { ok: false, error: "SERVICE_UNAVAILABLE" };
  const passengers: PassengerInput[] = [];
  for (const saved of request.travellers) {
    const passenger = passengerFromSaved(saved, request.travelDate);
    if (!passenger) return { ok: false, error: "PASSENGERS_INVALID" };
    passengers.push(passenger);
  }
  const chosen = await choicesFor(request, passengers, deps.inventory);
  if (!chosen.ok) return { ok: false, error: "SOLD_OUT" };
  const placed = await placeBooking(
    {
      ...(chosen.choices ? { choices: chosen.choices } : {}),
      tenantId: request.tenantId,
      tenantOptions: [],
      locale: request.locale,
      offerIds: [request.offerId],
      // The cap, not a shown fare, is what the traveller agreed to: it is checked on the held total below.
      expectedFare: null,
      cause: request.cause,
      userId: request.userId,
      passengers,
      contact: { mobile: request.mobile },
      company: null,
      discountCode: null,
    },
    selection,
    deps,
  );
  if (!placed.ok) {
    if (placed.error === "INVALID") return { ok: false, error: "PASSENGERS_INVALID", errors: placed.errors };
    if (placed.error === "FARE_CHANGED" || placed.error === "OFFER_NOT_FOUND") return { ok: false, error: placed.error };
    // A seat taken between search and hold, or an option the tenant lacks: the offer is not to be had now.
    return { ok: false, error: "SOLD_OUT" };
  }
  const booking = placed.booking;
  if (booking.price.total > request.maxTotal) {
    await giveBack(booking, deps, `${request.cause}: the total is above the traveller's cap`);
    return { ok: false, error: "ABOVE_MAX" };
  }
  const paid = await payFromWallet(
    { tenantId: request.tenantId, bookingHashId: booking.hashId, userId: request.userId, amount: booking.price.total },
    deps,
  );
  if (!paid.ok) {
    await giveBack(booking, deps, `${request.cause}: the wallet could not pay`);
    return { ok: false, error: paid.error === "INSUFFICIENT_FUNDS" ? "INSUFFICIENT_FUNDS" : "NOT_PAYABLE" };
  }
  // Paid bookings end issued, or refunded when the supplier would not issue (the money is back in the wallet).
  const after = await deps.bookings.findById(request.tenantId, booking.id);
  if (after?.status !== "issued") return { ok: false, error: "NOT_ISSUED" };
  return { ok: true, booking: after };
}
