import type { SavedPassenger, SavedPassengerFields } from "../accounts/account.ts";
import type { AccountRepository } from "../accounts/ports.ts";
import { partyErrors, type PartyError } from "../booking/place-booking.ts";
import type { Locale } from "../i18n/locales.ts";
import { walletAvailable } from "../payments/wallet-part.ts";
import { isIsoDate, tehranToday } from "../search/dates.ts";
import type { Passengers } from "../search/search-forms.ts";
import { buyForTraveller, partyOnDate, PASSING_FAILURES, type PurchaseDeps, type WatcherJobDeps } from "./buy-for-traveller.ts";
import {
  CHECK_EVERY_MINUTES,
  CLAIM_MINUTES,
  groupKey,
  isTimeOfDay,
  localTime,
  offersWithSeats,
  routeInWords,
  smsEvent,
  watchText,
  type WatchEvent,
  type WatchEventInput,
  mobilesForRun,
} from "./purchase-watch.ts";
import { isWatchService, type WatchOffer, type WatchService } from "./watch.ts";

/**
 * Auto-reserve (issue 22 §2): a signed-in traveller names a sold-out departure (or a route, day and
 * time window), travellers from their saved list and a cap for the whole party. When seats open at
 * no more than the cap, the worker holds them, pays from the wallet and issues; an item that can no
 * longer succeed ends with an SMS. Two workers never book one item: each purchase follows a claim.
 */

export type AutoReserveStatus = "waiting" | "booking" | "booked" | "ended" | "removed";
export type AutoReserveEnd = "date-passed" | "cap-below-fares" | "wallet" | "passengers";

export interface AutoReserveItem {
  id: string;
  tenantId: string;
  userId: string;
  locale: Locale;
  service: WatchService;
  from: string;
  to: string;
  travelDate: string;
  offerId: string | null;
  timeFrom: string | null;
  timeTo: string | null;
  party: Passengers;
  travellers: SavedPassengerFields[];
  cap: number;
  status: AutoReserveStatus;
  bookingId: string | null;
  /** The booking's reference once booked, for the panel. */
  bookingReference: string | null;
  claimedUntil: Date | null;
  nextCheckAt: Date;
  endedReason: string | null;
  createdAt: Date;
}

export type NewAutoReserve = Omit<
  AutoReserveItem,
  "id" | "status" | "bookingId" | "bookingReference" | "claimedUntil" | "endedReason" | "createdAt" | "nextCheckAt"
>;

export interface AutoReserveRepository {
  /** Writes the item waiting, due at once, with its "created" history line. */
  create(item: NewAutoReserve, at: Date): Promise<AutoReserveItem>;
  /** The account's items, newest first. */
  listForUser(tenantId: string, userId: string): Promise<AutoReserveItem[]>;
  /** History lines by item id, oldest first. */
  history(ids: readonly string[]): Promise<Map<string, WatchEvent[]>>;
  /** Removes a waiting item of this account; "busy" while a worker buys it, "not-found" for anything else. */
  remove(tenantId: string, userId: string, id: string, at: Date): Promise<"removed" | "busy" | "not-found">;
  /** Waiting items due now, and items whose worker's claim lapsed (it crashed mid-purchase). */
  due(now: Date, limit: number): Promise<AutoReserveItem[]>;
  /** Takes the item for one purchase: waiting, or a lapsed claim; false when another worker has it. */
  claim(id: string, now: Date, until: Date): Promise<boolean>;
  /**
   * Moves the item from one of `from` to its next state with its history lines (and queued SMS), in
   * one guarded write; false when it was no longer in `from` (another worker moved it).
   */
  settle(
    id: string,
    from: readonly AutoReserveStatus[],
    next: { status: AutoReserveStatus; bookingId?: string; endedReason?: AutoReserveEnd; nextCheckAt?: Date },
    events: readonly WatchEventInput[],
    at: Date,
  ): Promise<boolean>;
  /** Waiting items looked at without a change: due again at `next`. */
  reschedule(ids: readonly string[], now: Date, next: Date): Promise<void>;
  /** The booking an earlier purchase under this cause placed, if any (a crashed worker's). */
  bookingOfCause(cause: string): Promise<{ id: string; status: string } | null>;
}

/** Why a request to create an item is refused, by field. */
export type AutoReserveFieldError =
  | "REQUIRED"
  | "SERVICE_INVALID"
  | "ROUTE_SAME"
  | "DATE_INVALID"
  | "DATE_PAST"
  | "TIME_INVALID"
  | "TIME_ORDER"
  | "PASSENGER_UNKNOWN"
  | "PASSENGER_TOO_YOUNG"
  | "CAP_INVALID"
  | "WALLET_BELOW_CAP"
  | PartyError;

export interface AutoReserveInput {
  service: string;
  from: string;
  to: string;
  date: string;
  offerId?: string | null;
  timeFrom?: string | null;
  timeTo?: string | null;
  passengerIds: readonly string[];
  cap: number;
}

/** The most a cap (or a desired price) may be: the ledger's integer column, far above any fare. */
export const MAX_AMOUNT = 2_000_000_000;

/** Checks a route, date and chosen saved travellers shared by both features; fills `errors` by field. */
export function checkRoute(
  input: { service: string; from: string; to: string },
  errors: Record<string, AutoReserveFieldError>,
): input is { service: WatchService; from: string; to: string } {
  if (!isWatchService(input.service)) errors["route.service"] = "SERVICE_INVALID";
  if (!input.from.trim()) errors["route.from"] = "REQUIRED";
  if (!input.to.trim()) errors["route.to"] = "REQUIRED";
  else if (input.from.trim() === input.to.trim()) errors["route.to"] = "ROUTE_SAME";
  return !errors["route.service"] && !errors["route.from"] && !errors["route.to"];
}

/** The saved travellers named by id, in the order named; refusals on `passengerIds`. */
export function pickSaved(
  saved: readonly SavedPassenger[],
  ids: readonly string[],
  travelDate: string | null,
  errors: Record<string, AutoReserveFieldError>,
): SavedPassengerFields[] {
  const unique = [...new Set(ids)];
  if (unique.length === 0) {
    errors.passengerIds = "PASSENGERS_REQUIRED";
    return [];
  }
  const picked: SavedPassengerFields[] = [];
  for (const id of unique) {
    const found = saved.find((entry) => entry.id === id);
    if (!found) {
      errors.passengerIds = "PASSENGER_UNKNOWN";
      return [];
    }
    const { id: _id, updatedAt: _updatedAt, ...fields } = found;
    picked.push(fields);
  }
  if (travelDate) {
    const party = partyOnDate(picked, travelDate);
    if (party.adult + party.child + party.infant < picked.length) errors.passengerIds = "PASSENGER_TOO_YOUNG";
    else {
      const partyError = partyErrors({ adults: party.adult, children: party.child, infants: party.infant });
      if (partyError) errors.passengerIds = partyError;
    }
  }
  return picked;
}

export type CreateAutoReserveResult =
  { ok: true; item: AutoReserveItem } | { ok: false; errors: Partial<Record<string, AutoReserveFieldError>> };

/** Creates an item for a signed-in traveller after every check (the wallet must cover the cap now). */
export async function createAutoReserve(
  request: { tenantId: string; userId: string; locale: Locale; input: AutoReserveInput },
  deps: {
    autoReserves: AutoReserveRepository;
    accounts: Pick<AccountRepository, "savedPassengers">;
    ledger: PurchaseDeps["ledger"];
    clock: PurchaseDeps["clock"];
  },
): Promise<CreateAutoReserveResult> {
  const now = deps.clock.now();
  const today = tehranToday(now);
  const { input } = request;
  const errors: Record<string, AutoReserveFieldError> = {};
  checkRoute(input, errors);
  if (!isIsoDate(input.date)) errors.date = "DATE_INVALID";
  else if (input.date < today) errors.date = "DATE_PAST";
  const timeFrom = input.timeFrom || null;
  const timeTo = input.timeTo || null;
  if (timeFrom !== null && !isTimeOfDay(timeFrom)) errors.timeFrom = "TIME_INVALID";
  if (timeTo !== null && !isTimeOfDay(timeTo)) errors.timeTo = "TIME_INVALID";
  if (timeFrom && timeTo && !errors.timeFrom && !errors.timeTo && timeFrom > timeTo) errors.timeTo = "TIME_ORDER";
  const saved = await deps.accounts.savedPassengers(request.userId);
  const travellers = pickSaved(saved, input.passengerIds, errors.date ? null : input.date, errors);
  if (!Number.isInteger(input.cap) || input.cap <= 0 || input.cap > MAX_AMOUNT) errors.cap = "CAP_INVALID";
  else if ((await walletAvailable(deps, request.tenantId, request.userId)) < input.cap) errors.cap = "WALLET_BELOW_CAP";
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const party = partyOnDate(travellers, input.date);
  const item = await deps.autoReserves.create(
    {
      tenantId: request.tenantId,
      userId: request.userId,
      locale: request.locale,
      service: input.service as WatchService,
      from: input.from.trim(),
      to: input.to.trim(),
      travelDate: input.date,
      offerId: input.offerId?.trim() || null,
      timeFrom,
      timeTo,
      party: { adults: party.adult, children: party.child, infants: party.infant },
      travellers,
      cap: input.cap,
    },
    now,
  );
  return { ok: true, item };
}

/** Whether an offer is the one the item waits for: its departure, or any in its time window. */
export function offerMatches(item: Pick<AutoReserveItem, "offerId" | "timeFrom" | "timeTo">, offer: WatchOffer): boolean {
  if (item.offerId) return offer.offerId === item.offerId;
  const time = localTime(offer.departAt);
  if (item.timeFrom && time < item.timeFrom) return false;
  if (item.timeTo && time > item.timeTo) return false;
  return true;
}

export type AutoReserveVerdict = { kind: "buy"; offers: WatchOffer[] } | { kind: "end"; reason: AutoReserveEnd } | { kind: "wait" };

/**
 * What to do with a waiting item given the offers of its route and day now: buy the cheapest
 * matching offer within the cap (the next ones if it goes first), end it when seats are free but
 * every matching fare is above the cap, or wait (nothing matching has seats).
 */
export function judgeAutoReserve(
  item: Pick<AutoReserveItem, "offerId" | "timeFrom" | "timeTo" | "party" | "cap" | "travelDate">,
  offers: readonly WatchOffer[],
  today: string,
): AutoReserveVerdict {
  if (item.travelDate < today) return { kind: "end", reason: "date-passed" };
  const matching = offersWithSeats(offers, item.party).filter((offer) => offerMatches(item, offer));
  if (matching.length === 0) return { kind: "wait" };
  const affordable = matching.filter((offer) => offer.total <= item.cap);
  return affordable.length > 0 ? { kind: "buy", offers: affordable } : { kind: "end", reason: "cap-below-fares" };
}

export interface AutoReserveJobDeps extends WatcherJobDeps {
  autoReserves: AutoReserveRepository;
}

export const AUTO_RESERVE_PANEL_PATH = "/account/auto-reserve";

export const autoReserveCause = (id: string) => `auto-reserve ${id}`;

/** The ending SMS of an item, in its traveller's language (`route` already in words). */
export function autoReserveEndText(item: AutoReserveItem, reason: AutoReserveEnd, route: string, link: string | null = null): string {
  return watchText(item.locale, `autoReserve.sms.ended.${reason}`, {
    route,
    date: item.travelDate,
    amount: item.cap,
    link,
  });
}

/**
 * One run of the `auto-reserve` job: due items grouped by (service, route, day, party), one search
 * per group, every item judged against its group's offers; each purchase under a claim.
 */
export async function runAutoReserves(
  deps: AutoReserveJobDeps,
  limit = 500,
): Promise<{ looked: number; searches: number; booked: number; ended: number }> {
  const now = deps.clock.now();
  const today = tehranToday(now);
  const next = new Date(now.getTime() + CHECK_EVERY_MINUTES * 60_000);
  const due = await deps.autoReserves.due(now, limit);
  const counts = { looked: due.length, searches: 0, booked: 0, ended: 0 };
  const mobileOf = mobilesForRun(deps.accounts);
  const end = async (item: AutoReserveItem, reason: AutoReserveEnd, from: readonly AutoReserveStatus[]) => {
    const mobile = await mobileOf(item);
    const events: WatchEventInput[] = [{ kind: "ended", detail: { reason } }];
    const link = (await deps.panelLink?.(item.tenantId, item.locale, AUTO_RESERVE_PANEL_PATH)) ?? null;
    if (mobile) events.push(smsEvent(mobile, autoReserveEndText(item, reason, await routeInWords(item, deps.placeName), link), "ended"));
    if (await deps.autoReserves.settle(item.id, from, { status: "ended", endedReason: reason }, events, deps.clock.now()))
      counts.ended += 1;
  };

  const groups = new Map<string, AutoReserveItem[]>();
  for (const item of due) {
    if (item.travelDate < today) {
      await end(item, "date-passed", [item.status]);
      continue;
    }
    const key = groupKey(item.service, item.from, item.to, item.travelDate, item.party);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }

  for (const items of groups.values()) {
    const first = items[0]!;
    const source = deps.sources.get(first.service);
    if (!source) continue;
    counts.searches += 1;
    const offers = await source.search({
      service: first.service,
      from: first.from,
      to: first.to,
      date: first.travelDate,
      party: first.party,
    });
    const unchanged: string[] = [];
    for (const item of items) {
      const verdict = judgeAutoReserve(item, offers, today);
      if (verdict.kind === "wait" && item.status === "waiting") unchanged.push(item.id);
      else if (verdict.kind === "end") await end(item, verdict.reason, [item.status]);
      else if ((await purchaseFor(item, verdict.kind === "buy" ? verdict.offers : [], deps, { mobileOf, end, next })) === "booked")
        counts.booked += 1;
    }
    await deps.autoReserves.reschedule(unchanged, now, next);
  }
  return counts;
}

/** One item's purchase under its claim: the wallet checked against the cap, then the cheapest offer that holds. */
async function purchaseFor(
  item: AutoReserveItem,
  offers: readonly WatchOffer[],
  deps: AutoReserveJobDeps,
  helpers: {
    mobileOf(item: AutoReserveItem): Promise<string | null>;
    end(item: AutoReserveItem, reason: AutoReserveEnd, from: readonly AutoReserveStatus[]): Promise<void>;
    next: Date;
  },
): Promise<"booked" | "waiting" | "ended" | "skipped"> {
  const now = deps.clock.now();
  if (!(await deps.autoReserves.claim(item.id, now, new Date(now.getTime() + CLAIM_MINUTES * 60_000)))) return "skipped";
  const cause = autoReserveCause(item.id);
  const mobile = await helpers.mobileOf(item);
  const booked = async (booking: { id: string; reference: string; price: { total: number } }) => {
    const events: WatchEventInput[] = [{ kind: "booked", detail: { reference: booking.reference, total: booking.price.total } }];
    if (mobile)
      events.push(
        smsEvent(
          mobile,
          watchText(item.locale, "autoReserve.sms.booked", {
            route: await routeInWords(item, deps.placeName),
            date: item.travelDate,
            reference: booking.reference,
            amount: booking.price.total,
            link: (await deps.panelLink?.(item.tenantId, item.locale, AUTO_RESERVE_PANEL_PATH)) ?? null,
          }),
          "booked",
        ),
      );
    await deps.autoReserves.settle(item.id, ["booking"], { status: "booked", bookingId: booking.id }, events, deps.clock.now());
    return "booked" as const;
  };
  const backToWaiting = async () => {
    await deps.autoReserves.settle(item.id, ["booking"], { status: "waiting", nextCheckAt: helpers.next }, [], deps.clock.now());
    return "waiting" as const;
  };

  // A lapsed claim: the worker that held it may have booked before it stopped.
  if (item.status === "booking") {
    const earlier = await deps.autoReserves.bookingOfCause(cause);
    if (earlier && ["paid", "issued"].includes(earlier.status)) {
      const booking = await deps.bookings.findById(item.tenantId, earlier.id);
      if (booking) return booked(booking);
    }
  }
  if (!mobile) return backToWaiting();
  // Nothing is held unless the wallet still covers the whole cap (issue 22 §2).
  if ((await walletAvailable(deps, item.tenantId, item.userId)) < item.cap) {
    await helpers.end(item, "wallet", ["booking"]);
    return "ended";
  }
  for (const offer of offers) {
    const bought = await buyForTraveller(
      {
        tenantId: item.tenantId,
        userId: item.userId,
        mobile,
        locale: item.locale,
        service: item.service,
        offerId: offer.offerId,
        travelDate: item.travelDate,
        travellers: item.travellers,
        maxTotal: item.cap,
        cause,
      },
      deps,
    );
    if (bought.ok) return booked(bought.booking);
    if (bought.error === "INSUFFICIENT_FUNDS") {
      await helpers.end(item, "wallet", ["booking"]);
      return "ended";
    }
    if (bought.error === "PASSENGERS_INVALID") {
      await helpers.end(item, "passengers", ["booking"]);
      return "ended";
    }
    if (!PASSING_FAILURES.includes(bought.error)) break;
  }
  return backToWaiting();
}
