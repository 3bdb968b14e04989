import { randomBytes, randomInt } from "node:crypto";
import { trainFare } from "#core/trains/pricing.ts";
import { and, asc, eq, gt, gte, inArray, lt, lte, sql } from "drizzle-orm";
import type { FarePrice, RefundRule } from "#core/flights/flight.ts";
import type { Locale } from "#core/i18n/locales.ts";
import type { Clock } from "#core/ports.ts";
import { addDays, isIsoDate, tehranToday } from "#core/search/dates.ts";
import type { TrainRouteFacts, TrainSupplier } from "#core/trains/supplier.ts";
import type { RouteFareCalendar } from "#core/fares/ports.ts";
import { calendarOverRoutes } from "./route-fare-calendar.ts";
import {
  TRAIN_TICKET_TYPES,
  WAGON_KINDS,
  type TrainHold,
  type TrainOffer,
  type TrainPlacement,
  type TrainSearchQuery,
  type TrainTicket,
  type TrainTicketType,
  type WagonKind,
} from "#core/trains/train.ts";
import type { Database } from "#adapters/db/client.ts";
import {
  trainCompartments,
  trainDepartures,
  trainHeldBeds,
  trainHolds,
  trainOperators,
  trainRefundRules,
  trainTickets,
  trains,
} from "#adapters/db/schema.ts";

/** Sales close this long before departure: the ticket must be issued and the traveller on the platform. */
export const TRAIN_SALES_CLOSE_MINUTES = 30;
/** Trains are sold this many days ahead, today included (Raja's 90-day window); it rolls with the clock. */
export const TRAIN_SALES_WINDOW_DAYS = 90;
const TEHRAN_OFFSET = "+03:30";
const DAY_MS = 24 * 3_600_000;
const MINUTE_MS = 60_000;
/** Tries of a hold that found the compartments it wanted locked by other holds in flight. */
const HOLD_ATTEMPTS = 3;
/** A day of cheapestPerDay at most this far: a landing shows a few weeks. */
const MAX_CALENDAR_DAYS = 92;

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What an offer id names: one wagon kind and ticket type of one departure, bought by the bed or by the compartment. */
export interface TrainOfferKey {
  departureId: string;
  kind: WagonKind;
  ticketType: TrainTicketType;
  coupe: boolean;
}

const OFFER_ID = new RegExp(
  `^tr1:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):(${WAGON_KINDS.join("|")}):(${TRAIN_TICKET_TYPES.join("|")}):([cb])$`,
);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "tr1:<departure>:<wagon kind>:<ticket type>:<c|b>" (c: whole compartments, b: beds); 80 characters at most. */
export function trainOfferId(key: TrainOfferKey): string {
  return `tr1:${key.departureId}:${key.kind}:${key.ticketType}:${key.coupe ? "c" : "b"}`;
}

/** The key of an offer id, or null when it is not one this supplier made (a salon is never sold by the compartment). */
export function parseTrainOfferId(offerId: unknown): TrainOfferKey | null {
  if (typeof offerId !== "string" || offerId.length > 200) return null;
  const match = OFFER_ID.exec(offerId);
  if (!match) return null;
  const key = { departureId: match[1]!, kind: match[2] as WagonKind, ticketType: match[3] as TrainTicketType, coupe: match[4] === "c" };
  return key.coupe && key.kind === "salon" ? null : key;
}

/** Prices are quoted in whole thousands of tomans. */
function roundToman(amount: number): number {
  return Math.round(amount / 1_000) * 1_000;
}

/** Prices of one fare for a party: per bed, and the party's total by the core's rule (coupe: every bed at the adult price). */
export function trainPartyPrice(
  bed: { adult: number; child: number; infant: number },
  party: { adults: number; children: number; infants: number },
  coupe: boolean,
  bedsPerCompartment: number,
): FarePrice {
  const price = { adult: bed.adult, child: bed.child, infant: bed.infant, total: 0 };
  return { ...price, total: trainFare({ coupe, wagon: { kind: "compartment4", bedsPerCompartment }, price }, party) };
}

/** An instant as the traveller reads it: Tehran's clock with its offset. */
function tehranIso(instant: Date): string {
  return `${new Date(instant.getTime() + 3.5 * 3_600_000).toISOString().slice(0, 19)}${TEHRAN_OFFSET}`;
}

/** "HH:MM" of minutes after midnight, past midnight wrapping to the next day's clock. */
function clockOf(minutes: number): string {
  const day = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(day / 60)).padStart(2, "0")}:${String(day % 60).padStart(2, "0")}`;
}

const PNR_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A six-character record locator (no 0/O or 1/I to confuse). */
function newPnr(): string {
  return Array.from(randomBytes(6), (byte) => PNR_LETTERS[byte % PNR_LETTERS.length]).join("");
}

/** A twelve-digit ticket serial, printed under the train number. */
function newTicketNumber(trainNumber: string): string {
  return `${trainNumber}-${String(randomInt(1e6)).padStart(6, "0")}${String(randomInt(1e6)).padStart(6, "0")}`;
}

function holdOf(row: { id: string; offerId: string; seats: number; expiresAt: Date }): TrainHold {
  return { holdId: row.id, offerId: row.offerId, seats: row.seats, expiresAt: row.expiresAt.toISOString() };
}

function nameIn(names: Record<string, string | undefined>, locale: Locale, fallback: string): string {
  return names[locale] ?? names.fa ?? fallback;
}

/** Thrown inside a hold's transaction to undo the beds already taken when the rest cannot be had. */
class NotEnoughBeds extends Error {}

const trainColumns = {
  trainNumber: trains.number,
  from: trains.fromStation,
  to: trains.toStation,
  departsMinute: trains.departsMinute,
  durationMinutes: trains.durationMinutes,
  weekdayPercents: trains.weekdayPercents,
  trainNames: trains.names,
  foreignersAllowed: trains.foreignersAllowed,
  carTransport: trains.carTransport,
  fares: trains.fares,
  extras: trains.extras,
  operatorCode: trains.operatorCode,
  operatorNames: trainOperators.names,
  refundable: trainRefundRules.refundable,
};
const departureColumns = {
  id: trainDepartures.id,
  departAt: trainDepartures.departAt,
  arriveAt: trainDepartures.arriveAt,
  pricePercent: trainDepartures.pricePercent,
  status: trainDepartures.status,
};
type TrainRow = {
  trainNumber: string;
  from: string;
  to: string;
  departsMinute: number;
  durationMinutes: number;
  weekdayPercents: number[];
  trainNames: Record<string, string | undefined>;
  foreignersAllowed: boolean;
  carTransport: TrainOffer["carTransport"];
  fares: Partial<Record<WagonKind, { adult: number; child: number; infant: number }>>;
  extras: { code: string; kind: "meal" | "service"; names: Record<string, string | undefined>; price: number }[];
  operatorCode: string;
  operatorNames: Record<string, string | undefined>;
  refundable: boolean;
};
type DepartureRow = TrainRow & { id: string; departAt: Date; arriveAt: Date; pricePercent: number; status: string };

/** A train's departure on a Tehran date: the instant its clock strikes that day, and the day's price percent. */
function scheduleOn(train: Pick<TrainRow, "departsMinute" | "durationMinutes" | "weekdayPercents">, date: string) {
  const departAt = new Date(Date.parse(`${date}T00:00:00${TEHRAN_OFFSET}`) + train.departsMinute * MINUTE_MS);
  const weekday = new Date(`${date}T12:00:00${TEHRAN_OFFSET}`).getUTCDay();
  return {
    departAt,
    arriveAt: new Date(departAt.getTime() + train.durationMinutes * MINUTE_MS),
    pricePercent: train.weekdayPercents[weekday] ?? 100,
  };
}

/** Free beds of one wagon kind and ticket type of a departure. */
interface Availability {
  departureId: string;
  kind: WagonKind;
  ticketType: TrainTicketType;
  bedsPerCompartment: number;
  /** Free beds anywhere. */
  free: number;
  /** Beds of compartments wholly free (what a coupe can buy). */
  coupeFree: number;
}

/** One compartment's share of a hold: which beds it took there. */
interface Taken {
  wagon: number;
  compartment: number;
  beds: number[];
}

/**
 * The built-in house supplier of trains, on our own tables (issue 18; README.md beside it). A
 * train's day is made, departure and every compartment together, on the first search of it within
 * the 90-day window, so the window rolls with the clock and a fresh start writes no beds. Each
 * compartment keeps a counter of free beds (a check keeps it between 0 and its beds) and each bed
 * a live hold keeps is a row whose primary key is the bed, so no bed is ever held twice. A hold
 * takes compartments with `FOR UPDATE SKIP LOCKED` and a guarded update in one transaction:
 * concurrent holds take different compartments instead of queueing on one, and cancelling or
 * expiry gives exactly the beds taken back at once.
 */
export function createHouseTrainSupplier(
  db: Database,
  clock: Clock,
): TrainSupplier & TrainRouteFacts & RouteFareCalendar & { releaseExpired(): Promise<number> } {
  const salesOpenAfter = () => new Date(clock.now().getTime() + TRAIN_SALES_CLOSE_MINUTES * MINUTE_MS);
  /** The first and last Tehran dates on sale now. */
  const salesWindow = () => {
    const today = tehranToday(clock.now());
    return { first: today, last: addDays(today, TRAIN_SALES_WINDOW_DAYS - 1) };
  };

  const departures = () =>
    db
      .select({ ...trainColumns, ...departureColumns })
      .from(trainDepartures)
      .innerJoin(trains, eq(trainDepartures.trainNumber, trains.number))
      .innerJoin(trainOperators, eq(trains.operatorCode, trainOperators.code))
      .innerJoin(trainRefundRules, eq(trains.refundRuleId, trainRefundRules.id));

  // Every train search reads its route's day: built once and prepared by name, not planned each time.
  const prepareRouteDay = () =>
    db
      .select({ train: trainColumns, departure: departureColumns })
      .from(trains)
      .innerJoin(trainOperators, eq(trains.operatorCode, trainOperators.code))
      .innerJoin(trainRefundRules, eq(trains.refundRuleId, trainRefundRules.id))
      .leftJoin(trainDepartures, eq(trainDepartures.key, sql`${trains.number} || '-' || ${sql.placeholder("date")}::text`))
      .where(and(eq(trains.fromStation, sql.placeholder("from")), eq(trains.toStation, sql.placeholder("to"))))
      .orderBy(asc(trains.departsMinute), asc(trains.number))
      .prepare("house_train_route_day");
  let routeDayQuery: ReturnType<typeof prepareRouteDay> | null = null;

  /** Every train of a route, with its departure on `date` when that has been made. */
  async function routeDay(from: string, to: string, date: string) {
    routeDayQuery ??= prepareRouteDay();
    return routeDayQuery.execute({ from, to, date });
  }

  /**
   * Makes these trains' departures on `date`, each with every compartment of its make-up, in one
   * transaction: a departure others can see always has its beds. Two searches making the same day
   * at once both end well: the second finds the key taken and makes nothing.
   */
  async function openDay(list: readonly TrainRow[], date: string): Promise<void> {
    if (list.length === 0) return;
    await db.transaction(async (tx) => {
      const created = await tx
        .insert(trainDepartures)
        .values(
          list.map((train) => ({
            key: `${train.trainNumber}-${date}`,
            trainNumber: train.trainNumber,
            fromStation: train.from,
            toStation: train.to,
            ...scheduleOn(train, date),
          })),
        )
        .onConflictDoNothing({ target: trainDepartures.key })
        .returning({ id: trainDepartures.id });
      if (created.length === 0) return;
      await tx.execute(sql`
        insert into ${trainCompartments} (departure_id, wagon, compartment, kind, ticket_type, beds, free_beds)
        select ${trainDepartures.id}, (w.value->>'number')::smallint, c.ordinality::smallint, w.value->>'kind', c.value,
               (w.value->>'bedsPerCompartment')::smallint, (w.value->>'bedsPerCompartment')::smallint
        from ${trainDepartures}
        join ${trains} on ${trains.number} = ${trainDepartures.trainNumber}
        cross join lateral jsonb_array_elements(${trains.wagons}) as w(value)
        cross join lateral jsonb_array_elements_text(w.value->'compartments') with ordinality as c(value, ordinality)
        where ${inArray(
          trainDepartures.id,
          created.map((row) => row.id),
        )}
        on conflict do nothing`);
    });
  }

  // Every train search counts its departures' free beds: built once per shape (with a wagon kind or
  // without) and prepared by name. The ids travel as one array literal, the same text on both engines.
  const prepareAvailability = (withKind: boolean) =>
    db
      .select({
        departureId: trainCompartments.departureId,
        kind: trainCompartments.kind,
        ticketType: trainCompartments.ticketType,
        bedsPerCompartment: sql<number>`max(${trainCompartments.beds})`,
        free: sql<number>`sum(${trainCompartments.freeBeds})`,
        coupeFree: sql<number>`coalesce(sum(${trainCompartments.beds}) filter (where ${trainCompartments.freeBeds} = ${trainCompartments.beds}), 0)`,
      })
      .from(trainCompartments)
      .where(
        and(
          sql`${trainCompartments.departureId} = any(${sql.placeholder("ids")}::uuid[])`,
          eq(trainCompartments.ticketType, sql.placeholder("ticketType")),
          withKind ? eq(trainCompartments.kind, sql.placeholder("kind")) : undefined,
        ),
      )
      .groupBy(trainCompartments.departureId, trainCompartments.kind, trainCompartments.ticketType)
      .prepare(withKind ? "house_train_availability_kind" : "house_train_availability");
  const availabilityQueries = new Map<boolean, ReturnType<typeof prepareAvailability>>();

  async function availability(departureIds: string[], filter: { ticketType: TrainTicketType; kind?: WagonKind }): Promise<Availability[]> {
    if (departureIds.length === 0) return [];
    const withKind = filter.kind !== undefined;
    let query = availabilityQueries.get(withKind);
    if (!query) availabilityQueries.set(withKind, (query = prepareAvailability(withKind)));
    const rows = await query.execute({ ids: `{${departureIds.join(",")}}`, ticketType: filter.ticketType, kind: filter.kind });
    return rows.map((row) => ({
      departureId: row.departureId,
      kind: row.kind as WagonKind,
      ticketType: row.ticketType as TrainTicketType,
      bedsPerCompartment: Number(row.bedsPerCompartment),
      free: Number(row.free),
      coupeFree: Number(row.coupeFree),
    }));
  }

  function offerOf(
    row: DepartureRow,
    available: Availability,
    coupe: boolean,
    party: { adults: number; children: number; infants: number },
    locale: Locale,
  ): TrainOffer | null {
    const fare = row.fares[available.kind];
    if (!fare) return null;
    const bed = {
      adult: roundToman((fare.adult * row.pricePercent) / 100),
      child: roundToman((fare.child * row.pricePercent) / 100),
      infant: roundToman((fare.infant * row.pricePercent) / 100),
    };
    // A salon seat is sold one by one: its bays of four are only how the inventory stores them.
    const bedsPerCompartment = available.kind === "salon" ? 1 : available.bedsPerCompartment;
    return {
      offerId: trainOfferId({ departureId: row.id, kind: available.kind, ticketType: available.ticketType, coupe }),
      operator: { code: row.operatorCode, name: nameIn(row.operatorNames, locale, row.operatorCode) },
      trainNumber: row.trainNumber,
      trainName: nameIn(row.trainNames, locale, row.trainNumber),
      from: row.from,
      to: row.to,
      departAt: tehranIso(row.departAt),
      arriveAt: tehranIso(row.arriveAt),
      durationMinutes: Math.round((row.arriveAt.getTime() - row.departAt.getTime()) / MINUTE_MS),
      wagon: { kind: available.kind, bedsPerCompartment },
      ticketType: available.ticketType,
      coupe,
      seatsLeft: coupe ? available.coupeFree : available.free,
      foreignersAllowed: row.foreignersAllowed,
      carTransport: row.carTransport ? { ...row.carTransport } : null,
      extras: row.extras.map((extra) => ({
        code: extra.code,
        kind: extra.kind,
        name: nameIn(extra.names, locale, extra.code),
        price: extra.price,
      })),
      price: trainPartyPrice(bed, party, coupe, bedsPerCompartment),
      refundable: row.refundable,
    };
  }

  const sellable = (row: Pick<DepartureRow, "status" | "departAt">) =>
    row.status === "scheduled" && row.departAt.getTime() > salesOpenAfter().getTime();

  /** The offer of an id as stored now, priced for one adult (coupe: one compartment), or why it cannot be sold. */
  async function load(
    offerId: string,
    locale: Locale,
  ): Promise<{ ok: true; offer: TrainOffer; key: TrainOfferKey } | { ok: false; error: "NOT_FOUND" | "SOLD_OUT" }> {
    const key = parseTrainOfferId(offerId);
    if (!key) return { ok: false, error: "NOT_FOUND" };
    const [row] = (await departures().where(eq(trainDepartures.id, key.departureId)).limit(1)) as DepartureRow[];
    if (!row || !row.fares[key.kind]) return { ok: false, error: "NOT_FOUND" };
    const [available] = await availability([row.id], { ticketType: key.ticketType, kind: key.kind });
    if (!available) return { ok: false, error: "NOT_FOUND" };
    const offer = offerOf(row, available, key.coupe, { adults: 1, children: 0, infants: 0 }, locale);
    if (!offer) return { ok: false, error: "NOT_FOUND" };
    if (!sellable(row) || offer.seatsLeft < 1) return { ok: false, error: "SOLD_OUT" };
    return { ok: true, offer, key };
  }

  /** Locks the best compartment that has room by `filter` (none when every such one is taken or locked by another hold). */
  async function lockCompartment(
    tx: Transaction,
    key: TrainOfferKey,
    filter: "whole" | { atLeast: number },
    order: "tightest" | "roomiest" | "first",
  ) {
    const columns = trainCompartments;
    const [row] = await tx
      .select({ wagon: columns.wagon, compartment: columns.compartment, beds: columns.beds, freeBeds: columns.freeBeds })
      .from(columns)
      .where(
        and(
          eq(columns.departureId, key.departureId),
          eq(columns.kind, key.kind),
          eq(columns.ticketType, key.ticketType),
          filter === "whole" ? sql`${columns.freeBeds} = ${columns.beds}` : gte(columns.freeBeds, filter.atLeast),
        ),
      )
      .orderBy(
        ...(order === "tightest"
          ? // Partly taken compartments first, the closest fit first: whole ones stay for coupes and families.
            [sql`${columns.freeBeds} = ${columns.beds}`, asc(columns.freeBeds)]
          : order === "roomiest"
            ? [sql`${columns.freeBeds} desc`]
            : []),
        asc(columns.wagon),
        asc(columns.compartment),
      )
      .limit(1)
      .for("update", { skipLocked: true });
    return row ?? null;
  }

  /** Takes `count` beds of a compartment this transaction has locked: the lowest-numbered free ones. */
  async function takeBeds(
    tx: Transaction,
    key: TrainOfferKey,
    compartment: { wagon: number; compartment: number; beds: number },
    count: number,
    holdId: string,
  ): Promise<Taken> {
    const where = and(
      eq(trainCompartments.departureId, key.departureId),
      eq(trainCompartments.wagon, compartment.wagon),
      eq(trainCompartments.compartment, compartment.compartment),
    );
    const [updated] = await tx
      .update(trainCompartments)
      .set({ freeBeds: sql`${trainCompartments.freeBeds} - ${count}` })
      .where(and(where, gte(trainCompartments.freeBeds, count)))
      .returning({ freeBeds: trainCompartments.freeBeds });
    if (!updated) throw new NotEnoughBeds();
    const held = await tx
      .select({ bed: trainHeldBeds.bed })
      .from(trainHeldBeds)
      .where(
        and(
          eq(trainHeldBeds.departureId, key.departureId),
          eq(trainHeldBeds.wagon, compartment.wagon),
          eq(trainHeldBeds.compartment, compartment.compartment),
        ),
      );
    const busy = new Set(held.map((row) => row.bed));
    const beds: number[] = [];
    for (let bed = 1; bed <= compartment.beds && beds.length < count; bed += 1) if (!busy.has(bed)) beds.push(bed);
    // The counter said the beds were free: a bed row without its counter is a fault, not a sell-out.
    if (beds.length < count)
      throw new Error(`train compartment ${compartment.wagon}/${compartment.compartment} counts beds it does not have`);
    await tx
      .insert(trainHeldBeds)
      .values(
        beds.map((bed) => ({ departureId: key.departureId, wagon: compartment.wagon, compartment: compartment.compartment, bed, holdId })),
      );
    return { wagon: compartment.wagon, compartment: compartment.compartment, beds };
  }

  /** By the bed: the whole party in one compartment when one has room, else as few compartments as it takes. */
  async function holdBeds(tx: Transaction, key: TrainOfferKey, seats: number, holdId: string): Promise<Taken[]> {
    const taken: Taken[] = [];
    let remaining = seats;
    while (remaining > 0) {
      const fits = await lockCompartment(tx, key, { atLeast: remaining }, "tightest");
      if (fits) {
        taken.push(await takeBeds(tx, key, fits, remaining, holdId));
        break;
      }
      const roomiest = await lockCompartment(tx, key, { atLeast: 1 }, "roomiest");
      if (!roomiest) throw new NotEnoughBeds();
      const count = Math.min(roomiest.freeBeds, remaining);
      taken.push(await takeBeds(tx, key, roomiest, count, holdId));
      remaining -= count;
    }
    return taken;
  }

  /** Coupe: every bed of as many wholly free compartments as the party needs, side by side when they can be. */
  async function holdCompartments(tx: Transaction, key: TrainOfferKey, compartments: number, holdId: string): Promise<Taken[]> {
    const taken: Taken[] = [];
    for (let index = 0; index < compartments; index += 1) {
      const whole = await lockCompartment(tx, key, "whole", "first");
      if (!whole) throw new NotEnoughBeds();
      taken.push(await takeBeds(tx, key, whole, whole.beds, holdId));
    }
    return taken;
  }

  /** Beds of these holds go back on sale: their rows leave and each compartment's counter is given back. */
  async function giveBack(tx: Transaction, holdIds: string[]): Promise<void> {
    if (holdIds.length === 0) return;
    const released = await tx
      .delete(trainHeldBeds)
      .where(inArray(trainHeldBeds.holdId, holdIds))
      .returning({ departureId: trainHeldBeds.departureId, wagon: trainHeldBeds.wagon, compartment: trainHeldBeds.compartment });
    const counts = new Map<string, { departureId: string; wagon: number; compartment: number; beds: number }>();
    for (const bed of released) {
      const id = `${bed.departureId}|${String(bed.wagon).padStart(3, "0")}|${String(bed.compartment).padStart(3, "0")}`;
      const entry = counts.get(id) ?? { departureId: bed.departureId, wagon: bed.wagon, compartment: bed.compartment, beds: 0 };
      entry.beds += 1;
      counts.set(id, entry);
    }
    // In key order: two releases touching the same compartments lock them in the same order and never deadlock.
    for (const [, entry] of [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      await tx
        .update(trainCompartments)
        .set({ freeBeds: sql`${trainCompartments.freeBeds} + ${entry.beds}` })
        .where(
          and(
            eq(trainCompartments.departureId, entry.departureId),
            eq(trainCompartments.wagon, entry.wagon),
            eq(trainCompartments.compartment, entry.compartment),
          ),
        );
    }
  }

  return {
    service: "train",
    name: "house",

    /**
     * Every wagon kind of every train leaving `from` for `to` on the day, of the ticket type asked
     * and by the bed or by the compartment as asked, priced for the party. Offers whose `seatsLeft`
     * is below the party (even 0) are kept: the service says which trains cannot carry it.
     */
    async search(query: TrainSearchQuery): Promise<TrainOffer[]> {
      if (!isIsoDate(query.date) || !(TRAIN_TICKET_TYPES as readonly string[]).includes(query.ticketType)) return [];
      const locale = query.locale ?? "fa";
      const window = salesWindow();
      const closes = salesOpenAfter().getTime();
      let day = await routeDay(query.from, query.to, query.date);
      // The first search of a day within the window makes its departures; one that has left is not made.
      const missing = day
        .filter((row) => row.departure === null && scheduleOn(row.train, query.date).departAt.getTime() > closes)
        .map((row) => row.train as TrainRow);
      if (missing.length > 0 && query.date >= window.first && query.date <= window.last) {
        await openDay(missing, query.date);
        day = await routeDay(query.from, query.to, query.date);
      }
      const rows = day
        .filter((row) => row.departure !== null)
        .map((row): DepartureRow => ({ ...(row.train as TrainRow), ...row.departure! }))
        .filter(sellable)
        .sort((a, b) => a.departAt.getTime() - b.departAt.getTime() || (a.trainNumber < b.trainNumber ? -1 : 1));
      if (rows.length === 0) return [];
      const found = await availability(
        rows.map((row) => row.id),
        { ticketType: query.ticketType },
      );
      const party = { adults: query.adults, children: query.children, infants: query.infants };
      const offers: TrainOffer[] = [];
      for (const row of rows) {
        const kinds = found
          .filter((available) => available.departureId === row.id && !(query.coupe && available.kind === "salon"))
          .sort((a, b) => WAGON_KINDS.indexOf(a.kind) - WAGON_KINDS.indexOf(b.kind));
        for (const available of kinds) {
          const offer = offerOf(row, available, query.coupe, party, locale);
          if (offer) offers.push(offer);
        }
      }
      return offers;
    },

    async revalidate(offerId: string, locale?: Locale) {
      const found = await load(offerId, locale ?? "fa");
      return found.ok ? ({ ok: true, offer: found.offer } as const) : found;
    },

    async hold(offerId: string, passengers: number, until: Date) {
      if (!Number.isInteger(passengers) || passengers < 1 || passengers > 9) return { ok: false, error: "SOLD_OUT" } as const;
      for (let attempt = 1; ; attempt += 1) {
        const found = await load(offerId, "fa");
        if (!found.ok) return { ok: false, error: "SOLD_OUT" } as const;
        const { key, offer } = found;
        const compartments = key.coupe ? Math.ceil(passengers / offer.wagon.bedsPerCompartment) : 0;
        // Not enough free now: no transaction is opened.
        if (offer.seatsLeft < (key.coupe ? compartments * offer.wagon.bedsPerCompartment : passengers))
          return { ok: false, error: "SOLD_OUT" } as const;
        try {
          return await db.transaction(async (tx) => {
            const [open] = await tx
              .select({ id: trainDepartures.id })
              .from(trainDepartures)
              .where(
                and(
                  eq(trainDepartures.id, key.departureId),
                  eq(trainDepartures.status, "scheduled"),
                  gt(trainDepartures.departAt, salesOpenAfter()),
                ),
              );
            if (!open) throw new NotEnoughBeds();
            const [row] = await tx
              .insert(trainHolds)
              .values({
                offerId: trainOfferId(key),
                departureId: key.departureId,
                wagonKind: key.kind,
                ticketType: key.ticketType,
                coupe: key.coupe,
                seats: passengers,
                expiresAt: until,
              })
              .returning();
            if (key.coupe) await holdCompartments(tx, key, compartments, row!.id);
            else await holdBeds(tx, key, passengers, row!.id);
            return { ok: true, hold: holdOf(row!) } as const;
          });
        } catch (error) {
          if (!(error instanceof NotEnoughBeds)) throw error;
          // Compartments locked by holds in flight were skipped: when the counters still show
          // enough beds, those holds have finished or given up by now, so look again.
          if (attempt >= HOLD_ATTEMPTS) return { ok: false, error: "SOLD_OUT" } as const;
        }
      }
    },

    async extend(hold: TrainHold, until: Date) {
      if (!UUID.test(hold.holdId)) return { ok: false, error: "HOLD_LOST" } as const;
      const [row] = await db
        .update(trainHolds)
        .set({ expiresAt: sql`greatest(${trainHolds.expiresAt}, ${until})`, updatedAt: clock.now() })
        .where(and(eq(trainHolds.id, hold.holdId), eq(trainHolds.status, "held"), gt(trainHolds.expiresAt, clock.now())))
        .returning();
      return row ? ({ ok: true, hold: holdOf(row) } as const) : ({ ok: false, error: "HOLD_LOST" } as const);
    },

    /**
     * One ticket per traveller. The first `hold.seats` positions take the held beds in order
     * (wagon, compartment, bed); travellers beyond them are infants on a lap, and the k-th of them
     * is placed with the k-th seated traveller. A salon ticket names no compartment: its bed is
     * the seat number along the wagon.
     */
    async issue(hold: TrainHold, travellers?: number) {
      if (!UUID.test(hold.holdId)) return { ok: false, error: "ISSUE_FAILED" } as const;
      return db.transaction(async (tx) => {
        const [existing] = await tx.select().from(trainHolds).where(eq(trainHolds.id, hold.holdId)).limit(1);
        // Issue is asked again after a crash between issuing and recording: the same tickets come back.
        if (existing?.status === "issued" && existing.pnr) {
          const issued = await tx
            .select()
            .from(trainTickets)
            .where(eq(trainTickets.holdId, existing.id))
            .orderBy(asc(trainTickets.passengerPosition));
          return {
            ok: true,
            tickets: issued.map((ticket): TrainTicket => ({
              holdId: existing.id,
              pnr: existing.pnr!,
              ticketNumber: ticket.ticketNumber,
              passengerPosition: ticket.passengerPosition,
              leg: 0,
              placement: { wagon: ticket.wagon, compartment: ticket.compartment, bed: ticket.bed },
            })),
          } as const;
        }
        const pnr = newPnr();
        const [row] = await tx
          .update(trainHolds)
          .set({ status: "issued", pnr, updatedAt: clock.now() })
          .where(and(eq(trainHolds.id, hold.holdId), eq(trainHolds.status, "held")))
          .returning();
        if (!row) return { ok: false, error: "ISSUE_FAILED" } as const;
        const beds = await tx
          .select({
            wagon: trainHeldBeds.wagon,
            compartment: trainHeldBeds.compartment,
            bed: trainHeldBeds.bed,
            beds: trainCompartments.beds,
          })
          .from(trainHeldBeds)
          .innerJoin(
            trainCompartments,
            and(
              eq(trainHeldBeds.departureId, trainCompartments.departureId),
              eq(trainHeldBeds.wagon, trainCompartments.wagon),
              eq(trainHeldBeds.compartment, trainCompartments.compartment),
            ),
          )
          .where(eq(trainHeldBeds.holdId, row.id))
          .orderBy(asc(trainHeldBeds.wagon), asc(trainHeldBeds.compartment), asc(trainHeldBeds.bed));
        if (beds.length < row.seats) throw new Error(`train hold ${row.id} keeps ${beds.length} beds for ${row.seats} travellers`);
        const [train] = await tx
          .select({ number: trainDepartures.trainNumber })
          .from(trainDepartures)
          .where(eq(trainDepartures.id, row.departureId));
        const salon = row.wagonKind === "salon";
        const seated: TrainPlacement[] = beds.slice(0, row.seats).map((bed) => ({
          wagon: bed.wagon,
          compartment: salon ? null : bed.compartment,
          bed: salon ? (bed.compartment - 1) * bed.beds + bed.bed : bed.bed,
        }));
        // Infants hold a ticket without a bed: up to one per seated traveller.
        const count =
          travellers !== undefined && Number.isInteger(travellers) && travellers >= row.seats && travellers <= row.seats * 2
            ? travellers
            : row.seats;
        const tickets: TrainTicket[] = Array.from({ length: count }, (_, passengerPosition) => ({
          holdId: row.id,
          pnr,
          ticketNumber: newTicketNumber(train?.number ?? "0"),
          passengerPosition,
          leg: 0,
          placement: { ...seated[passengerPosition % row.seats]! },
        }));
        await tx.insert(trainTickets).values(
          tickets.map((ticket) => ({
            ticketNumber: ticket.ticketNumber,
            holdId: ticket.holdId,
            passengerPosition: ticket.passengerPosition,
            wagon: ticket.placement.wagon,
            compartment: ticket.placement.compartment,
            bed: ticket.placement.bed,
          })),
        );
        return { ok: true, tickets } as const;
      });
    },

    /** Cancels a hold or its issued tickets; its beds are on sale again the moment this returns. */
    async cancel(target: TrainHold | TrainTicket[]) {
      const holdId = Array.isArray(target) ? target[0]?.holdId : target.holdId;
      if (!holdId || !UUID.test(holdId)) return { ok: false, error: "CANCEL_FAILED" } as const;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(trainHolds)
          .set({ status: "cancelled", updatedAt: clock.now() })
          .where(and(eq(trainHolds.id, holdId), inArray(trainHolds.status, ["held", "issued"])))
          .returning({ id: trainHolds.id });
        if (!row) return { ok: false, error: "CANCEL_FAILED" } as const;
        await giveBack(tx, [row.id]);
        return { ok: true } as const;
      });
    },

    /** Holds past their expiry give their beds back; returns how many holds expired. */
    async releaseExpired() {
      return db.transaction(async (tx) => {
        const expired = await tx
          .update(trainHolds)
          .set({ status: "expired", updatedAt: clock.now() })
          .where(and(eq(trainHolds.status, "held"), lte(trainHolds.expiresAt, clock.now())))
          .returning({ id: trainHolds.id });
        await giveBack(
          tx,
          expired.map((hold) => hold.id),
        );
        return expired.length;
      });
    },

    /** The operator's refund rule (Raja's windows), the departure penalties count back from, and whether the operator cancelled it. */
    async refundTerms(offerId: string) {
      const key = parseTrainOfferId(offerId);
      if (!key) return null;
      const [row] = await db
        .select({ rule: trainRefundRules, departAt: trainDepartures.departAt, status: trainDepartures.status, fares: trains.fares })
        .from(trainDepartures)
        .innerJoin(trains, eq(trainDepartures.trainNumber, trains.number))
        .innerJoin(trainRefundRules, eq(trains.refundRuleId, trainRefundRules.id))
        .where(eq(trainDepartures.id, key.departureId))
        .limit(1);
      // An id naming a wagon kind its train does not have was never sold.
      if (!row || !row.fares[key.kind]) return null;
      const rule: RefundRule = {
        id: row.rule.id,
        airlineCode: row.rule.operatorCode,
        fareClasses: row.rule.fareClasses,
        charter: false,
        refundable: row.rule.refundable,
        windows: row.rule.windows,
        afterDeparturePercent: row.rule.afterDeparturePercent,
        ...(row.rule.freeMinutesAfterIssue !== null ? { freeMinutesAfterIssue: row.rule.freeMinutesAfterIssue } : {}),
      };
      return { rule, departAt: row.departAt, cancelledByAirline: row.status === "cancelled" };
    },

    /** Every route's calendar: the routes in one query, each route's days as its landing reads them. */
    async cheapestByRouteAndDay(window) {
      const routes = await db.selectDistinct({ from: trains.fromStation, to: trains.toStation }).from(trains);
      return calendarOverRoutes(routes, (input) => this.cheapestPerDay(input), window);
    },

    /**
     * The cheapest adult bed of each day of the sales window within the dates asked. A day nobody
     * has searched yet has every bed free; a day made sells only the wagon kinds with a bed left.
     */
    async cheapestPerDay({ from, to, firstDate, lastDate }) {
      const cheapest = new Map<string, number>();
      if (!isIsoDate(firstDate) || !isIsoDate(lastDate)) return cheapest;
      const window = salesWindow();
      const first = firstDate > window.first ? firstDate : window.first;
      let last = lastDate < window.last ? lastDate : window.last;
      if (addDays(first, MAX_CALENDAR_DAYS - 1) < last) last = addDays(first, MAX_CALENDAR_DAYS - 1);
      if (last < first) return cheapest;
      const route = (await db
        .select(trainColumns)
        .from(trains)
        .innerJoin(trainOperators, eq(trains.operatorCode, trainOperators.code))
        .innerJoin(trainRefundRules, eq(trains.refundRuleId, trainRefundRules.id))
        .where(and(eq(trains.fromStation, from), eq(trains.toStation, to)))) as TrainRow[];
      if (route.length === 0) return cheapest;
      const start = new Date(`${first}T00:00:00${TEHRAN_OFFSET}`);
      const end = new Date(new Date(`${last}T00:00:00${TEHRAN_OFFSET}`).getTime() + DAY_MS);
      const inRange = and(
        eq(trainDepartures.fromStation, from),
        eq(trainDepartures.toStation, to),
        gte(trainDepartures.departAt, start),
        lt(trainDepartures.departAt, end),
      );
      const made = await db
        .select({
          key: trainDepartures.key,
          id: trainDepartures.id,
          departAt: trainDepartures.departAt,
          pricePercent: trainDepartures.pricePercent,
          status: trainDepartures.status,
        })
        .from(trainDepartures)
        .where(inRange);
      const withBeds = await db
        .select({ id: trainCompartments.departureId, kind: trainCompartments.kind })
        .from(trainCompartments)
        .innerJoin(trainDepartures, eq(trainCompartments.departureId, trainDepartures.id))
        .where(inRange)
        .groupBy(trainCompartments.departureId, trainCompartments.kind)
        .having(sql`sum(${trainCompartments.freeBeds}) > 0`);
      const byKey = new Map(made.map((row) => [row.key, row]));
      const freeKinds = new Map<string, Set<string>>();
      for (const row of withBeds) freeKinds.set(row.id, (freeKinds.get(row.id) ?? new Set()).add(row.kind));
      const closes = salesOpenAfter().getTime();
      for (let date = first; date <= last; date = addDays(date, 1)) {
        for (const train of route) {
          const planned = scheduleOn(train, date);
          const departure = byKey.get(`${train.trainNumber}-${date}`);
          if ((departure?.departAt ?? planned.departAt).getTime() <= closes || departure?.status === "cancelled") continue;
          const percent = departure ? departure.pricePercent : planned.pricePercent;
          for (const [kind, fare] of Object.entries(train.fares)) {
            if (!fare || (departure && !freeKinds.get(departure.id)?.has(kind))) continue;
            const adult = roundToman((fare.adult * percent) / 100);
            const known = cheapest.get(date);
            if (known === undefined || adult < known) cheapest.set(date, adult);
          }
        }
      }
      return cheapest;
    },

    async timetable({ from, to, locale }) {
      const language = (locale ?? "fa") as Locale;
      const rows = await db
        .select({
          number: trains.number,
          names: trains.names,
          operatorCode: trains.operatorCode,
          operatorNames: trainOperators.names,
          departsMinute: trains.departsMinute,
          durationMinutes: trains.durationMinutes,
          wagons: trains.wagons,
          carTransport: trains.carTransport,
        })
        .from(trains)
        .innerJoin(trainOperators, eq(trains.operatorCode, trainOperators.code))
        .where(and(eq(trains.fromStation, from), eq(trains.toStation, to)))
        .orderBy(asc(trains.departsMinute), asc(trains.number));
      return rows.map((row) => ({
        trainNumber: row.number,
        trainName: nameIn(row.names, language, row.number),
        operator: { code: row.operatorCode, name: nameIn(row.operatorNames, language, row.operatorCode) },
        departs: clockOf(row.departsMinute),
        arrives: clockOf(row.departsMinute + row.durationMinutes),
        durationMinutes: row.durationMinutes,
        wagonKinds: WAGON_KINDS.filter((kind) => row.wagons.some((wagon) => wagon.kind === kind)),
        carTransport: row.carTransport !== null,
      }));
    },
  };
}
