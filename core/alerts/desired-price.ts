import type { SavedPassenger, SavedPassengerFields } from "../accounts/account.ts";
import type { AccountRepository } from "../accounts/ports.ts";
import { partyErrors } from "../booking/place-booking.ts";
import type { Locale } from "../i18n/locales.ts";
import { passengerTypeOn, type PassengerType } from "../passengers/passenger-rules.ts";
import { walletAvailable } from "../payments/wallet-part.ts";
import { addDays, daysBetween, isIsoDate, tehranToday } from "../search/dates.ts";
import { MAX_SEATED_PASSENGERS, type Passengers } from "../search/search-forms.ts";
import { creditWallet, debitWallet } from "../wallet/wallet.ts";
import { checkRoute, MAX_AMOUNT, pickSaved, type AutoReserveFieldError } from "./auto-reserve.ts";
import { buyForTraveller, partyOnDate, PASSING_FAILURES, type PurchaseDeps, type WatcherJobDeps } from "./buy-for-traveller.ts";
import {
  CHECK_EVERY_MINUTES,
  CLAIM_MINUTES,
  groupKey,
  offersWithSeats,
  routeInWords,
  smsEvent,
  watchText,
  type WatchEvent,
  type WatchEventInput,
  mobilesForRun,
} from "./purchase-watch.ts";
import type { WatchOffer, WatchService } from "./watch.ts";

/**
 * Orders at a desired price (issue 22 §3): the traveller names a route, a date range, the price
 * they will pay for the whole party and a latest attempt date. The price is reserved from the
 * wallet in the ledger (wallet → wallet_holds) while the order is open; the worker buys the
 * cheapest offer at or below it, or releases the reservation once the order can no longer be
 * bought. Every release has the reservation's own key, so the money moves back exactly once.
 */

export type DesiredPriceStatus = "open" | "buying" | "bought" | "expired" | "cancelled";

export interface DesiredPriceOrder {
  id: string;
  tenantId: string;
  userId: string;
  locale: Locale;
  service: WatchService;
  from: string;
  to: string;
  dateFrom: string;
  dateTo: string;
  price: number;
  party: Passengers;
  travellers: SavedPassengerFields[];
  latestAttempt: string;
  status: DesiredPriceStatus;
  reservationKey: string;
  bookingId: string | null;
  bookingReference: string | null;
  claimedUntil: Date | null;
  nextCheckAt: Date;
  endedReason: string | null;
  createdAt: Date;
}

export type NewDesiredPriceOrder = Omit<
  DesiredPriceOrder,
  "status" | "bookingId" | "bookingReference" | "claimedUntil" | "endedReason" | "createdAt" | "nextCheckAt"
>;

export interface DesiredPriceRepository {
  /** Writes the open order, due at once, with its "created" history line. */
  create(order: NewDesiredPriceOrder, at: Date): Promise<DesiredPriceOrder>;
  listForUser(tenantId: string, userId: string): Promise<DesiredPriceOrder[]>;
  /** The account's order, or null (another account's included). */
  findForUser(tenantId: string, userId: string, id: string): Promise<DesiredPriceOrder | null>;
  history(ids: readonly string[]): Promise<Map<string, WatchEvent[]>>;
  /** Open orders due now, and orders whose worker's claim lapsed. */
  due(now: Date, limit: number): Promise<DesiredPriceOrder[]>;
  /** Takes the order (open, or a lapsed claim) for one purchase, expiry or cancellation; false when another has it. */
  claim(id: string, now: Date, until: Date): Promise<boolean>;
  settle(
    id: string,
    from: readonly DesiredPriceStatus[],
    next: { status: DesiredPriceStatus; bookingId?: string; endedReason?: string; nextCheckAt?: Date; reservationKey?: string },
    events: readonly WatchEventInput[],
    at: Date,
  ): Promise<boolean>;
  reschedule(ids: readonly string[], now: Date, next: Date): Promise<void>;
  /** A paid or issued booking an earlier purchase under this cause placed (a crashed worker's). */
  bookingOfCause(cause: string): Promise<{ id: string; status: string } | null>;
}

/** The longest date range one order watches: each day is one more search per check. */
export const MAX_RANGE_DAYS = 31;

export type DesiredPriceFieldError =
  | AutoReserveFieldError
  | "DATE_ORDER"
  | "RANGE_TOO_LONG"
  | "LATEST_AFTER_DATES"
  | "COUNT_INVALID"
  | "PASSENGERS_NOT_ENOUGH"
  | "PASSENGERS_MISMATCH"
  | "PRICE_INVALID"
  | "INSUFFICIENT_FUNDS";

export interface DesiredPriceInput {
  service: string;
  from: string;
  to: string;
  dateFrom: string;
  dateTo: string;
  price: number;
  adults: number;
  children?: number;
  infants?: number;
  latestAttempt: string;
  passengerIds?: readonly string[] | null;
}

/**
 * The saved travellers for the counts when none were chosen: per type on `travelDate`, the most
 * recently updated first (the list's own order). Null when the list has too few of a type.
 */
export function chooseSavedPassengers(
  saved: readonly SavedPassenger[],
  counts: Passengers,
  travelDate: string,
): SavedPassengerFields[] | null {
  const wanted: Record<PassengerType, number> = { adult: counts.adults, child: counts.children, infant: counts.infants };
  const ordered = [...saved].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
  const chosen: SavedPassengerFields[] = [];
  for (const entry of ordered) {
    const type = passengerTypeOn(entry.birthDate, travelDate);
    if (type === "too-young" || wanted[type] <= 0) continue;
    wanted[type] -= 1;
    const { id: _id, updatedAt: _updatedAt, ...fields } = entry;
    chosen.push(fields);
  }
  return wanted.adult + wanted.child + wanted.infant === 0 ? chosen : null;
}

/** The reservation key of an order's `attempt`th reservation: a new one after each failed purchase. */
export const reservationKeyOf = (orderId: string, attempt: number) => `desired-price:${orderId}:${attempt}`;
export function nextReservationKey(key: string): string {
  const at = key.lastIndexOf(":");
  return `${key.slice(0, at)}:${Number(key.slice(at + 1)) + 1}`;
}
const releaseKeyOf = (reservationKey: string) => `release:${reservationKey}`;

export const desiredPriceCause = (id: string) => `desired-price order ${id}`;

/** Whether an order can no longer be bought: its latest attempt day or its last travel day is behind Tehran's today. */
export function orderIsOver(order: Pick<DesiredPriceOrder, "latestAttempt" | "dateTo">, today: string): boolean {
  return today > order.latestAttempt || today > order.dateTo;
}

/** The travel days of an order still ahead (from today), each one search of its route. */
export function datesToSearch(order: Pick<DesiredPriceOrder, "dateFrom" | "dateTo">, today: string): string[] {
  const dates: string[] = [];
  for (let date = order.dateFrom < today ? today : order.dateFrom; date <= order.dateTo; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** The offers an order would buy, cheapest first: seats for its party, total at or below its price. */
export function offersWithinPrice(
  order: Pick<DesiredPriceOrder, "party" | "price">,
  offersByDate: ReadonlyMap<string, readonly WatchOffer[]>,
): { date: string; offer: WatchOffer }[] {
  const candidates: { date: string; offer: WatchOffer }[] = [];
  for (const [date, offers] of offersByDate)
    for (const offer of offersWithSeats(offers, order.party)) if (offer.total <= order.price) candidates.push({ date, offer });
  return candidates.sort((a, b) => a.offer.total - b.offer.total || a.date.localeCompare(b.date));
}

type Errors = Record<string, DesiredPriceFieldError>;

const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= MAX_SEATED_PASSENGERS;

export type CreateDesiredPriceResult =
  { ok: true; order: DesiredPriceOrder } | { ok: false; errors: Partial<Record<string, DesiredPriceFieldError>>; available?: number };

export interface DesiredPriceDeps {
  orders: DesiredPriceRepository;
  accounts: Pick<AccountRepository, "savedPassengers">;
  ledger: PurchaseDeps["ledger"];
  clock: PurchaseDeps["clock"];
}

/** Checks dates, party and travellers; fills `errors`. */
function checkOrder(input: DesiredPriceInput, today: string, errors: Errors): void {
  checkRoute(input, errors as Record<string, AutoReserveFieldError>);
  if (!isIsoDate(input.dateFrom)) errors.dateFrom = "DATE_INVALID";
  else if (input.dateFrom < today) errors.dateFrom = "DATE_PAST";
  if (!isIsoDate(input.dateTo)) errors.dateTo = "DATE_INVALID";
  else if (!errors.dateFrom && input.dateTo < input.dateFrom) errors.dateTo = "DATE_ORDER";
  else if (!errors.dateFrom && daysBetween(input.dateFrom, input.dateTo) >= MAX_RANGE_DAYS) errors.dateTo = "RANGE_TOO_LONG";
  if (!isIsoDate(input.latestAttempt)) errors.latestAttempt = "DATE_INVALID";
  else if (input.latestAttempt < today) errors.latestAttempt = "DATE_PAST";
  else if (!errors.dateTo && input.latestAttempt > input.dateTo) errors.latestAttempt = "LATEST_AFTER_DATES";
  const counts = { adults: input.adults, children: input.children ?? 0, infants: input.infants ?? 0 };
  for (const [field, value] of Object.entries(counts)) if (!isCount(value)) errors[field] = "COUNT_INVALID";
  if (!errors.adults && !errors.children && !errors.infants) {
    const partyError = partyErrors(counts);
    if (partyError) errors[partyError === "INFANTS_EXCEED_ADULTS" ? "infants" : "adults"] = partyError;
  }
  if (!Number.isInteger(input.price) || input.price <= 0 || input.price > MAX_AMOUNT) errors.price = "PRICE_INVALID";
}

/**
 * Places an order: every field checked, the wallet must cover the full price, the price is
 * reserved under the order's first key and only then is the order written; a failed write gives
 * the reservation back, so no money stays held for an order that does not exist.
 */
export async function createDesiredPriceOrder(
  request: { tenantId: string; userId: string; locale: Locale; input: DesiredPriceInput; newId: () => string },
  deps: DesiredPriceDeps,
): Promise<CreateDesiredPriceResult> {
  const now = deps.clock.now();
  const today = tehranToday(now);
  const { input } = request;
  const errors: Errors = {};
  checkOrder(input, today, errors);
  const counts = { adults: input.adults, children: input.children ?? 0, infants: input.infants ?? 0 };
  let travellers: SavedPassengerFields[] = [];
  if (!errors.dateFrom && !errors.adults && !errors.children && !errors.infants) {
    const saved = await deps.accounts.savedPassengers(request.userId);
    if (input.passengerIds && input.passengerIds.length > 0) {
      travellers = pickSaved(saved, input.passengerIds, input.dateFrom, errors as Record<string, AutoReserveFieldError>);
      const party = partyOnDate(travellers, input.dateFrom);
      if (!errors.passengerIds && (party.adult !== counts.adults || party.child !== counts.children || party.infant !== counts.infants))
        errors.passengerIds = "PASSENGERS_MISMATCH";
    } else {
      const chosen = chooseSavedPassengers(saved, counts, input.dateFrom);
      if (chosen) travellers = chosen;
      else errors.passengerIds = "PASSENGERS_NOT_ENOUGH";
    }
  }
  const available = await walletAvailable(deps, request.tenantId, request.userId);
  if (!errors.price && available < input.price) errors.price = "INSUFFICIENT_FUNDS";
  if (Object.keys(errors).length > 0) return { ok: false, errors, available };

  const id = request.newId();
  const reservationKey = reservationKeyOf(id, 1);
  const reserved = await debitWallet(deps.ledger, {
    tenantId: request.tenantId,
    userId: request.userId,
    amount: input.price,
    to: "wallet_holds",
    kind: "wallet_hold",
    idempotencyKey: reservationKey,
    reason: `reserved for an order at a desired price (${input.from} → ${input.to})`,
    createdBy: "traveller",
    at: now,
  });
  // The guarded debit decides under the wallet's lock: a payment at the same moment may have spent it.
  if (!reserved.ok) return { ok: false, errors: { price: "INSUFFICIENT_FUNDS" }, available };
  const order = {
    id,
    tenantId: request.tenantId,
    userId: request.userId,
    locale: request.locale,
    service: input.service as WatchService,
    from: input.from.trim(),
    to: input.to.trim(),
    dateFrom: input.dateFrom,
    dateTo: input.dateTo,
    price: input.price,
    party: counts,
    travellers,
    latestAttempt: input.latestAttempt,
    reservationKey,
  };
  try {
    return { ok: true, order: await deps.orders.create(order, now) };
  } catch (error) {
    await releaseReservation(order, "the order could not be written", deps);
    throw error;
  }
}

/** Gives an order's current reservation back to the wallet, once: only a reservation that was made is released. */
async function releaseReservation(
  order: Pick<DesiredPriceOrder, "id" | "tenantId" | "userId" | "price" | "reservationKey">,
  why: string,
  deps: Pick<DesiredPriceDeps, "ledger" | "clock"> & { payments?: PurchaseDeps["payments"] },
): Promise<void> {
  if (deps.payments && !(await deps.payments.ledgerKeyPosted(order.tenantId, order.reservationKey))) return;
  await creditWallet(deps.ledger, {
    tenantId: order.tenantId,
    userId: order.userId,
    amount: order.price,
    from: "wallet_holds",
    kind: "hold_release",
    idempotencyKey: releaseKeyOf(order.reservationKey),
    reason: `order at a desired price: ${why}`,
    createdBy: "system",
    at: deps.clock.now(),
  });
}

export type CancelResult = "cancelled" | "busy" | "closed" | "not-found";

/** The traveller cancels an open order: claimed like a purchase, its reservation released, then cancelled. */
export async function cancelDesiredPriceOrder(
  request: { tenantId: string; userId: string; id: string },
  deps: DesiredPriceDeps & { payments: PurchaseDeps["payments"] },
): Promise<CancelResult> {
  const order = await deps.orders.findForUser(request.tenantId, request.userId, request.id);
  if (!order) return "not-found";
  if (order.status === "cancelled") return "cancelled";
  if (order.status !== "open" && order.status !== "buying") return "closed";
  const now = deps.clock.now();
  if (!(await deps.orders.claim(order.id, now, new Date(now.getTime() + CLAIM_MINUTES * 60_000)))) return "busy";
  await releaseReservation(order, "cancelled by the traveller", deps);
  await deps.orders.settle(
    order.id,
    ["buying"],
    { status: "cancelled", endedReason: "traveller" },
    [{ kind: "cancelled", detail: { reason: "traveller" } }],
    deps.clock.now(),
  );
  return "cancelled";
}

export interface DesiredPriceJobDeps extends WatcherJobDeps {
  orders: DesiredPriceRepository;
}

export const DESIRED_PRICE_PANEL_PATH = "/account/desired-price";
const linkOf = (order: DesiredPriceOrder, deps: DesiredPriceJobDeps) =>
  deps.panelLink ? deps.panelLink(order.tenantId, order.locale, DESIRED_PRICE_PANEL_PATH) : Promise.resolve(null);

/** The travel day of a held offer that names its departure (flights and trains do). */
function travelDateOf(offer: unknown): string | null {
  const departAt = (offer as { departAt?: unknown } | undefined)?.departAt;
  return typeof departAt === "string" ? departAt.slice(0, 10) : null;
}

/**
 * One run of the `desired-price-orders` job: orders past their last day expire (released once,
 * with an SMS); the others are grouped by (route, each day of their range from today, party),
 * searched once per group, and the cheapest offer at or below an order's price is bought.
 */
export async function runDesiredPriceOrders(
  deps: DesiredPriceJobDeps,
  limit = 500,
): Promise<{ looked: number; searches: number; bought: number; expired: number }> {
  const now = deps.clock.now();
  const today = tehranToday(now);
  const next = new Date(now.getTime() + CHECK_EVERY_MINUTES * 60_000);
  const due = await deps.orders.due(now, limit);
  const counts = { looked: due.length, searches: 0, bought: 0, expired: 0 };
  const mobileOf = mobilesForRun(deps.accounts);

  const live: DesiredPriceOrder[] = [];
  const groups = new Map<string, { order: DesiredPriceOrder; date: string }[]>();
  for (const order of due) {
    if (orderIsOver(order, today)) {
      if (await expire(order, deps, mobileOf)) counts.expired += 1;
      continue;
    }
    live.push(order);
    for (const date of datesToSearch(order, today)) {
      const key = groupKey(order.service, order.from, order.to, date, order.party);
      groups.set(key, [...(groups.get(key) ?? []), { order, date }]);
    }
  }

  const offersOf = new Map<string, Map<string, readonly WatchOffer[]>>();
  for (const members of groups.values()) {
    const { order, date } = members[0]!;
    const source = deps.sources.get(order.service);
    if (!source) continue;
    counts.searches += 1;
    const offers = await source.search({ service: order.service, from: order.from, to: order.to, date, party: order.party });
    for (const member of members) {
      const byDate = offersOf.get(member.order.id) ?? new Map<string, readonly WatchOffer[]>();
      byDate.set(member.date, offers);
      offersOf.set(member.order.id, byDate);
    }
  }

  const unchanged: string[] = [];
  for (const order of live) {
    const candidates = offersWithinPrice(order, offersOf.get(order.id) ?? new Map());
    if (candidates.length === 0 && order.status === "open") {
      unchanged.push(order.id);
      continue;
    }
    if ((await purchaseFor(order, candidates, deps, mobileOf, next)) === "bought") counts.bought += 1;
  }
  await deps.orders.reschedule(unchanged, now, next);
  return counts;
}

/** An order past its last day: claimed, its reservation released (once, by its key), expired with an SMS. */
async function expire(
  order: DesiredPriceOrder,
  deps: DesiredPriceJobDeps,
  mobileOf: (order: DesiredPriceOrder) => Promise<string | null>,
): Promise<boolean> {
  const now = deps.clock.now();
  if (!(await deps.orders.claim(order.id, now, new Date(now.getTime() + CLAIM_MINUTES * 60_000)))) return false;
  await releaseReservation(order, "expired", deps);
  const mobile = await mobileOf(order);
  const events: WatchEventInput[] = [{ kind: "expired", detail: { released: order.price } }];
  if (mobile)
    events.push(
      smsEvent(
        mobile,
        watchText(order.locale, "desiredPrice.sms.expired", {
          route: await routeInWords(order, deps.placeName),
          amount: order.price,
          link: await linkOf(order, deps),
        }),
        "expired",
      ),
    );
  return deps.orders.settle(order.id, ["buying"], { status: "expired", endedReason: "expired" }, events, deps.clock.now());
}

async function purchaseFor(
  order: DesiredPriceOrder,
  candidates: readonly { date: string; offer: WatchOffer }[],
  deps: DesiredPriceJobDeps,
  mobileOf: (order: DesiredPriceOrder) => Promise<string | null>,
  next: Date,
): Promise<"bought" | "open" | "cancelled" | "skipped"> {
  const now = deps.clock.now();
  if (!(await deps.orders.claim(order.id, now, new Date(now.getTime() + CLAIM_MINUTES * 60_000)))) return "skipped";
  const cause = desiredPriceCause(order.id);
  const mobile = await mobileOf(order);
  const bought = async (booking: { id: string; reference: string; price: { total: number } }, date: string) => {
    const events: WatchEventInput[] = [{ kind: "bought", detail: { reference: booking.reference, total: booking.price.total, date } }];
    if (mobile)
      events.push(
        smsEvent(
          mobile,
          watchText(order.locale, "desiredPrice.sms.bought", {
            route: await routeInWords(order, deps.placeName),
            date,
            reference: booking.reference,
            amount: booking.price.total,
            link: await linkOf(order, deps),
          }),
          "bought",
        ),
      );
    await deps.orders.settle(order.id, ["buying"], { status: "bought", bookingId: booking.id }, events, deps.clock.now());
    return "bought" as const;
  };

  // A lapsed claim: the worker that held it may have bought (after releasing) before it stopped.
  if (order.status === "buying") {
    const earlier = await deps.orders.bookingOfCause(cause);
    const booking = earlier && (await deps.bookings.findById(order.tenantId, earlier.id));
    if (booking) return bought(booking, travelDateOf(booking.items[0]?.offer) ?? order.dateFrom);
  }
  // The reservation becomes spendable money again, and the purchase takes at most the price from it.
  await releaseReservation(order, "buying", deps);
  if (mobile)
    for (const { date, offer } of candidates) {
      const result = await buyForTraveller(
        {
          tenantId: order.tenantId,
          userId: order.userId,
          mobile,
          locale: order.locale,
          service: order.service,
          offerId: offer.offerId,
          travelDate: date,
          travellers: order.travellers,
          maxTotal: order.price,
          cause,
        },
        deps,
      );
      if (result.ok) return bought(result.booking, date);
      if (!PASSING_FAILURES.includes(result.error)) break;
    }

  // Not bought: the price is reserved again under a new key (written first, so a crash leaves nothing unaccounted).
  const reservationKey = nextReservationKey(order.reservationKey);
  if (!(await deps.orders.settle(order.id, ["buying"], { status: "buying", reservationKey }, [], deps.clock.now()))) return "skipped";
  const reserved = await debitWallet(deps.ledger, {
    tenantId: order.tenantId,
    userId: order.userId,
    amount: order.price,
    to: "wallet_holds",
    kind: "wallet_hold",
    idempotencyKey: reservationKey,
    reason: `reserved again for an order at a desired price (${order.from} → ${order.to})`,
    createdBy: "system",
    at: deps.clock.now(),
  });
  if (reserved.ok) {
    await deps.orders.settle(order.id, ["buying"], { status: "open", nextCheckAt: next }, [], deps.clock.now());
    return "open";
  }
  const events: WatchEventInput[] = [{ kind: "cancelled", detail: { reason: "wallet" } }];
  if (mobile)
    events.push(
      smsEvent(
        mobile,
        watchText(order.locale, "desiredPrice.sms.cancelled.wallet", {
          route: await routeInWords(order, deps.placeName),
          amount: order.price,
          link: await linkOf(order, deps),
        }),
        "cancelled",
      ),
    );
  await deps.orders.settle(order.id, ["buying"], { status: "cancelled", endedReason: "wallet" }, events, deps.clock.now());
  return "cancelled";
}
