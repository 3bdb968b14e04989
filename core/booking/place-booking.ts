import type { Locale } from "../i18n/locales.ts";
import {
  checkPassengers,
  type NormalizedPassenger,
  type PassengerError,
  type PassengerInput,
  type PassengerType,
} from "../passengers/passenger-rules.ts";
import type { Clock } from "../ports.ts";
import type { BookingRepository } from "./ports.ts";
import type { SupplierRegistry } from "../suppliers/ports.ts";
import { holdOf } from "../suppliers/registry.ts";
import type { ChoiceError, OfferSelection } from "./selection.ts";
import { MAX_ROOMS, MAX_SEATED_PASSENGERS, type Passengers } from "../search/search-forms.ts";
import { tehranToday } from "../search/dates.ts";
import type { ServiceId } from "../services/service-ids.ts";
import type { PassengerRequirements } from "../services/service-module.ts";
import { moduleOfBooking } from "../services/service-modules.ts";
import { tenantOffers, type OptionNotActive } from "../tenants/options.ts";
import {
  HOLD_MINUTES,
  newBookingReference,
  newHashId,
  type Booking,
  type BookingDetails,
  type BookingItem,
  type BookingPrice,
} from "./booking.ts";
import { transition } from "./booking-state.ts";
import { applyDiscount, normalizeDiscountCode } from "./discount.ts";
import {
  checkCompany,
  checkContact,
  type Company,
  type CompanyInput,
  type Contact,
  type ContactInput,
  type PurchaseFieldError,
} from "./purchase-fields.ts";

/**
 * From chosen offers of any service to a held booking (issues 6 and 17): the server checks every
 * field, re-prices the offers through the service's selection (core/booking/selection.ts), tells
 * the traveller of a changed fare before anything is held, holds through the supplier registry and
 * writes the booking. A failure after a hold gives the seats back, so nothing is left half done.
 */
/** The most items one booking holds: a round trip's two flights, or a hotel's four rooms (MAX_ROOMS). */
export const MAX_BOOKING_ITEMS = MAX_ROOMS;

export type PartyError = "ADULT_REQUIRED" | "INFANTS_EXCEED_ADULTS" | "TOO_MANY_PASSENGERS" | "PASSENGERS_REQUIRED";

export interface BookingDetailsInput {
  passengers: PassengerInput[];
  contact: ContactInput;
  company: CompanyInput | null;
  discountCode: string | null;
}

export interface BookingRequest extends BookingDetailsInput {
  tenantId: string;
  /** The tenant's `optionActive`: a feature it does not offer (company purchase) is refused. */
  tenantOptions: readonly string[];
  locale: Locale;
  /** The chosen offers: one, or a domestic round trip's outbound and return (an international round trip is one offer). */
  offerIds: string[];
  /** The fare total the traveller was shown; when the server's differs, nothing is held. */
  expectedFare: number | null;
  /**
   * The part of the fare `expectedFare` does not cover, read from the prepared offers: the passengers
   * page shows the offers' fare and lists each of the service's own choices (a meal, a car) at its
   * price beside its field, so what they add is no change of fare. Absent (the API): `expectedFare`
   * is the whole total.
   */
  fareLeftOut?(offers: readonly unknown[]): number;
  /** Who asked, for the history ("traveller via web", "api"). */
  cause: string;
  /** Booked signed in: the account the booking belongs to (null or absent for a guest). */
  userId?: string | null;
  /** The service's own additions (a train's meals, services and car), checked and priced by its selection. */
  choices?: unknown;
}

/** Every code a field of a booking can be refused with, by the passengers', contact and company checks, the party and the discount. */
export type BookingFieldError = PassengerError | PurchaseFieldError | PartyError | ChoiceError | "DISCOUNT_INVALID" | "PARTY_CHANGED";

/** Refusals by field path (`passengers.0.birthDate`, `contact.mobile`, `discountCode` …). */
export type FieldErrors = Record<string, BookingFieldError>;

export type BookingResult =
  | { ok: true; booking: Booking }
  | { ok: false; error: "INVALID"; errors: FieldErrors }
  | { ok: false; error: "OFFER_NOT_FOUND" | "SOLD_OUT" }
  | { ok: false; error: "SEAT_TAKEN"; seats: number[] }
  | { ok: false; error: "FARE_CHANGED"; fare: number; previousFare: number }
  | OptionNotActive;

export interface PlaceBookingDeps {
  /** Holds go to the supplier the selection names, by (service, supplier), as every later step will. */
  suppliers: SupplierRegistry;
  bookings: BookingRepository;
  clock: Clock;
}

export function partyOf(passengers: { type: string }[]): Passengers {
  const count = (type: PassengerType) => passengers.filter((passenger) => passenger.type === type).length;
  return { adults: count("adult"), children: count("child"), infants: count("infant") };
}

/** Spec §5 counts: at least one adult, infants no more than adults, at most nine seated. */
export function partyErrors(party: Passengers): PartyError | null {
  if (party.adults + party.children + party.infants === 0) return "PASSENGERS_REQUIRED";
  if (party.adults < 1) return "ADULT_REQUIRED";
  if (party.infants > party.adults) return "INFANTS_EXCEED_ADULTS";
  if (party.adults + party.children > MAX_SEATED_PASSENGERS) return "TOO_MANY_PASSENGERS";
  return null;
}

/**
 * A detail asking for a feature the tenant does not offer (its option is not in `optionActive`):
 * a company purchase on a tenant without `companyPurchase`. Refused before anything is held.
 */
export function refusedOption(input: Pick<BookingDetailsInput, "company">, tenantOptions: readonly string[]): OptionNotActive | null {
  if (input.company && !tenantOffers({ optionActive: tenantOptions }, "companyPurchase"))
    return { ok: false, error: "OPTION_NOT_ACTIVE", option: "companyPurchase", field: "company" };
  return null;
}

interface CheckedDetails {
  passengers: NormalizedPassenger[];
  contact: Contact;
  company: Company | null;
  discountCode: string | null;
}

/** The field checks shared by a new booking and an edit; the service's requirements decide the travel dates and name rules. */
function checkDetails(
  input: BookingDetailsInput,
  requirements: PassengerRequirements,
  now: Date,
): { ok: true; details: CheckedDetails } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const passengers = checkPassengers(input.passengers, { ...requirements, today: tehranToday(now) });
  if (!passengers.ok) for (const [key, error] of Object.entries(passengers.errors)) errors[`passengers.${key}`] = error;
  const contact = checkContact(input.contact);
  if (!contact.ok) Object.assign(errors, contact.errors);
  const company = input.company ? checkCompany(input.company) : null;
  if (company && !company.ok) Object.assign(errors, company.errors);
  if (!passengers.ok || !contact.ok || (company && !company.ok)) return { ok: false, errors };
  const code = input.discountCode ? normalizeDiscountCode(input.discountCode) : "";
  return {
    ok: true,
    details: {
      passengers: passengers.passengers,
      contact: contact.contact,
      company: company?.ok ? company.company : null,
      discountCode: code || null,
    },
  };
}

/** The price of held items with a discount code applied; the code's refusal is a field error. */
async function priceWithDiscount(
  deps: Pick<PlaceBookingDeps, "bookings" | "clock">,
  input: {
    tenantId: string;
    service: ServiceId;
    items: { base: number; taxes: number }[];
    details: CheckedDetails;
    currentCode?: string | null;
  },
): Promise<{ ok: true; price: BookingPrice; discount: BookingDetails["discount"] } | { ok: false; errors: FieldErrors }> {
  const base = input.items.reduce((sum, item) => sum + item.base, 0);
  const taxes = input.items.reduce((sum, item) => sum + item.taxes, 0);
  if (!input.details.discountCode) return { ok: true, price: { base, taxes, discount: 0, total: base + taxes }, discount: null };
  const found = await deps.bookings.findDiscount(input.tenantId, input.details.discountCode);
  // An edited booking that keeps its code is not a second use of it.
  const ownUse = found !== null && input.currentCode === found.code ? 1 : 0;
  const code = found && { ...found, uses: found.uses - ownUse };
  const mobileUses = code ? (await deps.bookings.countDiscountUses(code.id, input.details.contact.mobile)) - ownUse : 0;
  const applied = applyDiscount(code, { service: input.service, total: base + taxes, now: deps.clock.now(), mobileUses });
  if (!applied.ok || !code) return { ok: false, errors: { discountCode: "DISCOUNT_INVALID" } };
  return {
    ok: true,
    price: { base, taxes, discount: applied.discount, total: base + taxes - applied.discount },
    discount: { codeId: code.id, mobile: input.details.contact.mobile },
  };
}

export async function placeBooking(request: BookingRequest, selection: OfferSelection, deps: PlaceBookingDeps): Promise<BookingResult> {
  const now = deps.clock.now();
  const party = partyOf(request.passengers);
  const partyError = partyErrors(party);
  if (partyError) return { ok: false, error: "INVALID", errors: { passengers: partyError } };
  const refused = refusedOption(request, request.tenantOptions);
  if (refused) return refused;
  if (request.offerIds.length < 1 || request.offerIds.length > MAX_BOOKING_ITEMS) return { ok: false, error: "OFFER_NOT_FOUND" };

  // Price and seats as the supplier sees them now, never as the browser remembers them.
  const selected = await selection.prepare(request.offerIds, party, request.locale, request.choices, request.passengers);
  if (!selected.ok) {
    if (selected.error !== "INVALID") return selected;
    // The travellers' own refusals come back with the choices', so one answer says everything to fix.
    const details = selected.requirements ? checkDetails(request, selected.requirements, now) : null;
    return { ok: false, error: "INVALID", errors: { ...(details && !details.ok ? details.errors : {}), ...selected.errors } };
  }
  const { service, offers, itemPrices } = selected.selection;
  const supplier = deps.suppliers.find(service, selected.selection.supplierName);
  // A selection names a supplier this deployment registered: anything else is a configuration fault.
  if (!supplier) throw new Error(`no supplier "${selected.selection.supplierName}" registered for ${service}`);

  const checked = checkDetails(request, selected.selection.requirements, now);
  if (!checked.ok) return { ok: false, error: "INVALID", errors: checked.errors };
  const priced = await priceWithDiscount(deps, { tenantId: request.tenantId, service, items: itemPrices, details: checked.details });
  if (!priced.ok) return { ok: false, error: "INVALID", errors: priced.errors };

  const fare = priced.price.base + priced.price.taxes - (request.fareLeftOut?.(offers.map((chosen) => chosen.offer)) ?? 0);
  if (request.expectedFare !== null && request.expectedFare !== fare)
    return { ok: false, error: "FARE_CHANGED", fare, previousFare: request.expectedFare };

  // Hold every offer; if one cannot be held, give back what was taken.
  const seats = party.adults + party.children;
  const wanted = new Date(now.getTime() + HOLD_MINUTES * 60_000);
  const items: BookingItem[] = [];
  // A supplier may hold for less than we ask: the booking lasts as long as its shortest hold.
  let holdExpiresAt = wanted.getTime();
  const releaseAll = async () => {
    for (const item of items) await supplier.cancel(holdOf(item, wanted));
  };
  for (const [position, { offerId, offer, units = seats }] of offers.entries()) {
    const held = await supplier.hold(offerId, units, wanted, offer);
    if (!held.ok) {
      await releaseAll();
      // The seat went to someone between the seat map and the hold: which ones is the map's to say now.
      return held.error === "SEAT_TAKEN" ? { ok: false, error: "SEAT_TAKEN", seats: [] } : { ok: false, error: "SOLD_OUT" };
    }
    items.push({
      position,
      service,
      supplier: supplier.name,
      offerId,
      holdId: held.hold.holdId,
      seats: units,
      offer,
      ...itemPrices[position]!,
    });
    const supplierExpiry = Date.parse(held.hold.expiresAt);
    if (Number.isFinite(supplierExpiry)) holdExpiresAt = Math.min(holdExpiresAt, supplierExpiry);
  }

  try {
    for (let attempt = 0; ; attempt += 1) {
      const created = await deps.bookings.create({
        tenantId: request.tenantId,
        service,
        reference: newBookingReference(),
        hashId: newHashId(),
        holdExpiresAt: new Date(holdExpiresAt),
        party,
        price: priced.price,
        discount: priced.discount,
        contact: checked.details.contact,
        company: checked.details.company,
        locale: request.locale,
        items,
        passengers: checked.details.passengers,
        createdAt: now,
        cause: request.cause,
        userId: request.userId ?? null,
      });
      if (created.ok) return { ok: true, booking: created.booking };
      if (created.error === "DISCOUNT_INVALID") {
        // The code's last use went to someone else between the check and the write.
        await releaseAll();
        return { ok: false, error: "INVALID", errors: { discountCode: "DISCOUNT_INVALID" } };
      }
      // A reference is 40 bits: a clash is rare, and a new draw settles it.
      if (attempt >= 4) throw new Error("could not draw a free booking reference");
    }
  } catch (error) {
    await releaseAll();
    throw error;
  }
}

/**
 * The traveller went back from the pre-invoice to fix a detail: passengers, contact, company or
 * discount change on the same booking and hold, while it is still held. The party stays as held.
 */
export async function editBookingDetails(
  input: BookingDetailsInput & { booking: Booking; cause: string; /** The tenant's `optionActive`. */ tenantOptions: readonly string[] },
  deps: Pick<PlaceBookingDeps, "bookings" | "clock">,
): Promise<{ ok: true } | { ok: false; error: "INVALID"; errors: FieldErrors } | { ok: false; error: "NOT_EDITABLE" } | OptionNotActive> {
  const now = deps.clock.now();
  const { booking } = input;
  if (booking.status !== "held" || booking.holdExpiresAt.getTime() <= now.getTime()) return { ok: false, error: "NOT_EDITABLE" };
  const refused = refusedOption(input, input.tenantOptions);
  if (refused) return refused;
  const party = partyOf(input.passengers);
  if (party.adults !== booking.party.adults || party.children !== booking.party.children || party.infants !== booking.party.infants) {
    return { ok: false, error: "INVALID", errors: { passengers: "PARTY_CHANGED" } };
  }
  // Any service's booking: its module reads the stored offers and says what travellers must give.
  const requirements = moduleOfBooking(booking).passengerRequirements(booking.items.map((item) => item.offer));
  const checked = checkDetails(input, requirements, now);
  if (!checked.ok) return { ok: false, error: "INVALID", errors: checked.errors };
  const priced = await priceWithDiscount(deps, {
    tenantId: booking.tenantId,
    service: booking.service,
    items: booking.items,
    details: checked.details,
    currentCode: booking.discountCode,
  });
  if (!priced.ok) return { ok: false, error: "INVALID", errors: priced.errors };
  const updated = await deps.bookings.updateDetails(
    booking.id,
    "held",
    {
      price: priced.price,
      discount: priced.discount,
      contact: checked.details.contact,
      company: checked.details.company,
      passengers: checked.details.passengers,
    },
    { at: now, cause: input.cause },
  );
  if (!updated.ok)
    return updated.error === "DISCOUNT_INVALID"
      ? { ok: false, error: "INVALID", errors: { discountCode: "DISCOUNT_INVALID" } }
      : { ok: false, error: "NOT_EDITABLE" };
  return { ok: true };
}

/**
 * The expiry job: bookings whose hold ran out move to `expired` (guarded, so a payment that
 * landed meanwhile wins), and only then are their seats given back to the supplier. It takes
 * `limit` at a time and goes on while pages come back full (after a flash sale thousands of
 * holds run out in the same minute, and the sweep runs once a minute), at most `maxRounds` pages.
 */
export async function expireDueBookings(
  deps: {
    bookings: BookingRepository;
    clock: Clock;
    releaseHold(item: BookingItem): Promise<void>;
    /** Told once per booking that expired (issue 10: wallet parts held by its open card payments go back). */
    afterExpiry?(booking: Booking): Promise<void>;
  },
  limit = 100,
  maxRounds = 50,
): Promise<{ expired: number }> {
  let expired = 0;
  for (let round = 0; round < maxRounds; round += 1) {
    const now = deps.clock.now();
    const due = await deps.bookings.dueForExpiry(now, limit);
    let expiredNow = 0;
    for (const booking of due) {
      const change = transition(booking.status, "hold_expired", { at: now, cause: "hold expiry job" });
      if (!change.ok) continue;
      if (!(await deps.bookings.applyChange(booking.id, change.change))) continue;
      expiredNow += 1;
      for (const item of booking.items) await deps.releaseHold(item);
      await deps.afterExpiry?.(booking);
    }
    expired += expiredNow;
    // A short page was the last; a page where none could move would only come back the same.
    if (due.length < limit || expiredNow === 0) break;
  }
  return { expired };
}
