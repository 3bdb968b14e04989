import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { and, asc, eq, gt, gte, inArray, lt, lte, ne, sql, type SQL } from "drizzle-orm";
import { alias, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import {
  type BusOffer,
  type BusSearchQuery,
  type BusSeat,
  type BusSeatMap,
  type BusTicket,
  type BusType,
  type ChosenSeat,
} from "#core/buses/bus.ts";
import { seatRuleErrors } from "#core/buses/seat-rules.ts";
import type { BusRouteFacts, BusSupplier } from "#core/buses/supplier.ts";
import type { RouteFareCalendar } from "#core/fares/ports.ts";
import { calendarOverRoutes } from "./route-fare-calendar.ts";
import type { RefundRule } from "#core/flights/flight.ts";
import type { Locale } from "#core/i18n/locales.ts";
import { GENDERS, type Gender } from "#core/passengers/passenger-rules.ts";
import type { Clock } from "#core/ports.ts";
import { addDays, daysBetween, isIsoDate, tehranToday } from "#core/search/dates.ts";
import type { SupplierHold } from "#core/suppliers/ports.ts";
import type { Database } from "#adapters/db/client.ts";
import {
  busCompanies,
  busDepartures,
  busHeldSeats,
  busHolds,
  busLayouts,
  busRefundRules,
  busTerminals,
  busTickets,
  busTrips,
} from "#adapters/db/schema.ts";
import { seatsSoldElsewhere, type TerminalSale } from "#seed/buses/sold-elsewhere.ts";

/** Buses are sold this many days ahead, today included; the window rolls with the clock. */
export const BUS_SALES_WINDOW_DAYS = 90;
/** At most this many travellers take seats in one purchase (spec §5). */
const MAX_SEATED = 9;
const TEHRAN_OFFSET = "+03:30";
const DAY_MS = 24 * 3_600_000;
const MINUTE_MS = 60_000;
/** A day of cheapestPerDay at most this far: a landing shows a few weeks. */
const MAX_CALENDAR_DAYS = 92;

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

const OFFER_ID = /^bus1:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The offer of the holds that keep a departure's seats sold at terminals and by other agencies
 * (seed/buses/sold-elsewhere.ts): issued, with no booking of ours, never cancelled through us.
 */
export const SOLD_ELSEWHERE = "sold-elsewhere";

/** "bus1:<departure>": one offer per departure, whatever the party. */
export function busOfferId(departureId: string): string {
  return `bus1:${departureId}`;
}

/** The departure an offer id names, or null when it is not one this supplier made. */
export function parseBusOfferId(offerId: unknown): string | null {
  if (typeof offerId !== "string" || offerId.length > 60) return null;
  return OFFER_ID.exec(offerId)?.[1] ?? null;
}

/** An instant as the traveller reads it: Tehran's clock with its offset. */
function tehranIso(instant: Date): string {
  return `${new Date(instant.getTime() + 3.5 * 3_600_000).toISOString().slice(0, 19)}${TEHRAN_OFFSET}`;
}

const PNR_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A six-character record locator (no 0/O or 1/I to confuse). */
function newBusPnr(): string {
  return Array.from(randomBytes(6), (byte) => PNR_LETTERS[byte % PNR_LETTERS.length]).join("");
}

/** "BS" and twelve digits: the serial printed on a bus ticket. */
function newBusTicketNumber(): string {
  return `BS${String(randomInt(1e6)).padStart(6, "0")}${String(randomInt(1e6)).padStart(6, "0")}`;
}

function localName(names: Record<string, string | undefined>, locale: Locale, fallback: string): string {
  return names[locale] ?? names.fa ?? fallback;
}

function busHoldOf(row: { id: string; offerId: string; seats: number; expiresAt: Date }): SupplierHold {
  return { holdId: row.id, offerId: row.offerId, seats: row.seats, expiresAt: row.expiresAt.toISOString() };
}

/** A trip's departure on a Tehran date: the instant its clock strikes that day. */
function busScheduleOn(trip: { departsMinute: number; durationMinutes: number }, date: string) {
  const departAt = new Date(Date.parse(`${date}T00:00:00${TEHRAN_OFFSET}`) + trip.departsMinute * MINUTE_MS);
  return { departAt, arriveAt: new Date(departAt.getTime() + trip.durationMinutes * MINUTE_MS) };
}

/** The weekday of a Tehran date, Sunday 0 (as trips store the days they run). */
function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00${TEHRAN_OFFSET}`).getUTCDay();
}

/**
 * The seats chosen for a hold, read from the stored offer the pipeline hands over. The selection
 * always writes them: an offer without them is a fault of the caller, not a seat someone took.
 */
function chosenSeatsOf(chosen: unknown, offerId: string, passengers: number): ChosenSeat[] {
  const offer = chosen as { offerId?: unknown; seats?: unknown } | null | undefined;
  if (!Array.isArray(offer?.seats)) throw new Error(`bus hold of ${offerId} without the chosen seats`);
  if (offer.offerId !== offerId) throw new Error(`bus hold of ${offerId} given the seats of ${String(offer.offerId)}`);
  const seats: unknown[] = offer.seats;
  const valid = seats.every(
    (seat: unknown) =>
      typeof seat === "object" &&
      seat !== null &&
      Number.isInteger((seat as ChosenSeat).number) &&
      Number.isInteger((seat as ChosenSeat).passenger) &&
      (GENDERS as readonly unknown[]).includes((seat as ChosenSeat).gender),
  );
  const typed = seats as ChosenSeat[];
  const positions = new Set(typed.map((seat) => seat.passenger));
  if (
    !valid ||
    typed.length !== passengers ||
    positions.size !== typed.length ||
    typed.some((seat) => seat.passenger < 0 || seat.passenger >= passengers)
  )
    throw new Error(`bus hold of ${offerId}: ${passengers} travellers but chosen seats ${JSON.stringify(seats)}`);
  return typed.map((seat) => ({ number: seat.number, passenger: seat.passenger, gender: seat.gender }));
}

/** A unique violation (a seat row another booking inserted first), as PostgreSQL or a driver wrapping it reports it. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause)
    if ((current as { code?: unknown }).code === "23505") return true;
  return false;
}

/** Tickets of a purchase: one per seated traveller, and one per infant on a lap (at most one per seat). */
function ticketCount(seated: number, travellers: number | undefined): number {
  const valid = typeof travellers === "number" && Number.isInteger(travellers) && travellers >= seated && travellers <= 2 * seated;
  return valid ? travellers : seated;
}

/** The days asked that are on sale and at most a calendar's length, or null when none is. */
function calendarRange(firstDate: string, lastDate: string, window: { first: string; last: string }) {
  if (!isIsoDate(firstDate) || !isIsoDate(lastDate)) return null;
  // ISO dates sort as text.
  const first = [firstDate, window.first].sort()[1]!;
  const last = [lastDate, window.last, addDays(first, MAX_CALENDAR_DAYS - 1)].sort()[0]!;
  return last < first ? null : { first, last };
}

/**
 * Sales made elsewhere, packed into as few holds as the nine seats a hold keeps allow: fewer rows
 * to write on a first search. A sale is never split, so travellers of two genders side by side
 * stay within one hold, as one booking of ours would be.
 */
function packedIntoHolds(sales: readonly TerminalSale[]): TerminalSale["seats"][] {
  const holds: TerminalSale["seats"][] = [];
  for (const sale of sales) {
    const last = holds.at(-1);
    if (last && last.length + sale.seats.length <= MAX_SEATED) last.push(...sale.seats);
    else holds.push([...sale.seats]);
  }
  return holds;
}

/**
 * Inserts many rows with one array parameter per column (`unnest`): a first search writes a day's
 * sold seats in one short statement instead of one with thousands of parameters. Columns not
 * given take their defaults.
 */
async function insertByColumn(tx: Transaction, table: PgTable, columns: [PgColumn, unknown[]][]): Promise<void> {
  const names = sql.join(
    columns.map(([column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const arrays = sql.join(
    columns.map(([column, values]) => sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`),
    sql`, `,
  );
  await tx.execute(sql`insert into ${table} (${names}) select * from unnest(${arrays})`);
}

/** Thrown inside a hold's transaction to undo what it wrote when a chosen seat cannot be had. */
class SeatTaken extends Error {}

const fromTerminal = alias(busTerminals, "bus_from_terminal");
const toTerminal = alias(busTerminals, "bus_to_terminal");

/** A seat row counts while its hold lives: issued, or held and not yet past its expiry. */
const liveSeat = (now: Date): SQL => sql`(${busHeldSeats.ticketNumber} is not null or ${busHeldSeats.expiresAt} > ${now})`;

/**
 * The built-in house supplier of buses, on our own tables (issue 19; README.md beside it). A
 * trip's day is made on the first search of it within the 90-day window, with the seats already
 * sold at terminals and by other agencies (issued holds of SOLD_ELSEWHERE); a seat is a row only
 * while a booking holds it, keyed by (departure, seat number), so the database itself never lets
 * two bookings have one seat. A hold locks its departure, judges the chosen seats against the seat
 * map as it is under that lock (taken seats and the gender rules of core/buses/seat-rules.ts), and
 * writes one row per seat with its traveller's gender, in one transaction.
 */
export function createHouseBusSupplier(
  db: Database,
  clock: Clock,
): BusSupplier & BusRouteFacts & RouteFareCalendar & { releaseExpired(): Promise<number> } {
  const salesWindow = () => {
    const today = tehranToday(clock.now());
    return { first: today, last: addDays(today, BUS_SALES_WINDOW_DAYS - 1) };
  };

  const columns = (now: Date) => ({
    tripCode: busTrips.code,
    busType: busTrips.busType,
    fromCity: busTrips.fromCity,
    toCity: busTrips.toCity,
    departsMinute: busTrips.departsMinute,
    durationMinutes: busTrips.durationMinutes,
    tripPrice: busTrips.price,
    companyCode: busTrips.companyCode,
    companyNames: busCompanies.names,
    fromTerminal: fromTerminal.code,
    fromTerminalNames: fromTerminal.names,
    toTerminal: toTerminal.code,
    toTerminalNames: toTerminal.names,
    refundable: busRefundRules.refundable,
    departureId: busDepartures.id,
    departAt: busDepartures.departAt,
    arriveAt: busDepartures.arriveAt,
    price: busDepartures.price,
    seatCount: busDepartures.seatCount,
    status: busDepartures.status,
    // One query answers a whole results page: the seats taken come with each departure.
    taken: sql<number>`(select count(*)::int from ${busHeldSeats} where ${busHeldSeats.departureId} = ${busDepartures.id} and ${liveSeat(now)})`,
  });

  /** Trips with their company, terminals and rule, and their departure by `departureOn` when made. */
  function tripsWithDepartures(departureOn: SQL, where: SQL | undefined) {
    return db
      .select(columns(clock.now()))
      .from(busTrips)
      .innerJoin(busCompanies, eq(busTrips.companyCode, busCompanies.code))
      .innerJoin(fromTerminal, eq(busTrips.fromTerminal, fromTerminal.code))
      .innerJoin(toTerminal, eq(busTrips.toTerminal, toTerminal.code))
      .innerJoin(busRefundRules, eq(busTrips.refundRuleId, busRefundRules.id))
      .leftJoin(busDepartures, departureOn)
      .where(where);
  }
  type Row = Awaited<ReturnType<typeof tripsWithDepartures>>[number];
  type MadeRow = Row & { departureId: string; departAt: Date; arriveAt: Date; price: number; seatCount: number; status: string };

  /** Every trip of a city pair running on `date`, with its departure that day when made. */
  const routeDay = (from: string, to: string, date: string) =>
    tripsWithDepartures(
      eq(busDepartures.key, sql`${busTrips.code} || '-' || ${date}::text`),
      and(eq(busTrips.fromCity, from), eq(busTrips.toCity, to), sql`${weekdayOf(date)}::smallint = any(${busTrips.weekdays})`),
    );

  const departureById = async (departureId: string): Promise<MadeRow | null> => {
    const [row] = await tripsWithDepartures(eq(busDepartures.tripCode, busTrips.code), eq(busDepartures.id, departureId)).limit(1);
    return row?.departureId ? (row as MadeRow) : null;
  };

  /**
   * Makes these trips' departures on `date`, each with the seats already sold elsewhere, in one
   * transaction: a departure never exists without them. A second search making the same day finds
   * the key taken and writes nothing.
   */
  async function openDay(list: readonly Row[], date: string): Promise<void> {
    if (list.length === 0) return;
    const drawings = await db.select().from(busLayouts);
    const drawingOf = new Map(drawings.map((drawing) => [drawing.busType, drawing]));
    const daysAhead = daysBetween(tehranToday(clock.now()), date);
    const departures = list.map((trip) => ({
      id: randomUUID(),
      key: `${trip.tripCode}-${date}`,
      tripCode: trip.tripCode,
      fromCity: trip.fromCity,
      toCity: trip.toCity,
      ...busScheduleOn(trip, date),
      price: trip.tripPrice,
      seatCount: drawingOf.get(trip.busType)?.seatCount ?? 0,
    }));
    await db.transaction(async (tx) => {
      const made = await tx
        .insert(busDepartures)
        .values(departures)
        .onConflictDoNothing({ target: busDepartures.key })
        .returning({ key: busDepartures.key });
      const madeKeys = new Set(made.map((row) => row.key));
      const holds = { id: [] as string[], departureId: [] as string[], seats: [] as number[], expiresAt: [] as string[] };
      const seats = {
        departureId: [] as string[],
        seatNumber: [] as number[],
        holdId: [] as string[],
        passengerPosition: [] as number[],
        gender: [] as string[],
        expiresAt: [] as string[],
        ticketNumber: [] as string[],
      };
      list.forEach((trip, index) => {
        const departure = departures[index]!;
        if (!madeKeys.has(departure.key)) return;
        const sales = seatsSoldElsewhere({
          tripCode: trip.tripCode,
          date,
          daysAhead,
          departsMinute: trip.departsMinute,
          seats: drawingOf.get(trip.busType)?.seats ?? [],
        });
        // Issued, so no sweep or hold ever ends them; their expiry is only the bus leaving.
        const expiresAt = departure.departAt.toISOString();
        for (const sold of packedIntoHolds(sales)) {
          const holdId = randomUUID();
          holds.id.push(holdId);
          holds.departureId.push(departure.id);
          holds.seats.push(sold.length);
          holds.expiresAt.push(expiresAt);
          sold.forEach((seat, passengerPosition) => {
            seats.departureId.push(departure.id);
            seats.seatNumber.push(seat.number);
            seats.holdId.push(holdId);
            seats.passengerPosition.push(passengerPosition);
            seats.gender.push(seat.gender);
            seats.expiresAt.push(expiresAt);
            // Not a ticket of ours: a stable mark that counts the seat as issued.
            seats.ticketNumber.push(`${departure.key}/${seat.number}`);
          });
        }
      });
      if (holds.id.length === 0) return;
      await insertByColumn(tx, busHolds, [
        [busHolds.id, holds.id],
        [busHolds.offerId, holds.id.map(() => SOLD_ELSEWHERE)],
        [busHolds.departureId, holds.departureId],
        [busHolds.seats, holds.seats],
        [busHolds.status, holds.id.map(() => "issued")],
        [busHolds.expiresAt, holds.expiresAt],
      ]);
      await insertByColumn(tx, busHeldSeats, [
        [busHeldSeats.departureId, seats.departureId],
        [busHeldSeats.seatNumber, seats.seatNumber],
        [busHeldSeats.holdId, seats.holdId],
        [busHeldSeats.passengerPosition, seats.passengerPosition],
        [busHeldSeats.gender, seats.gender],
        [busHeldSeats.expiresAt, seats.expiresAt],
        [busHeldSeats.ticketNumber, seats.ticketNumber],
      ]);
    });
  }

  const sellable = (row: MadeRow) => row.status === "scheduled" && row.departAt.getTime() > clock.now().getTime();

  function offerOf(row: MadeRow, seated: number, locale: Locale): BusOffer {
    return {
      offerId: busOfferId(row.departureId),
      company: { code: row.companyCode, name: localName(row.companyNames, locale, row.companyCode) },
      busType: row.busType as BusType,
      from: row.fromCity,
      to: row.toCity,
      originTerminal: { code: row.fromTerminal, name: localName(row.fromTerminalNames, locale, row.fromTerminal) },
      destinationTerminal: { code: row.toTerminal, name: localName(row.toTerminalNames, locale, row.toTerminal) },
      departAt: tehranIso(row.departAt),
      arriveAt: tehranIso(row.arriveAt),
      durationMinutes: Math.round((row.arriveAt.getTime() - row.departAt.getTime()) / MINUTE_MS),
      seatsLeft: Math.max(0, row.seatCount - Number(row.taken)),
      // A seat costs the same whatever the age of who sits in it; an infant on a lap pays nothing.
      price: { adult: row.price, child: row.price, infant: 0, total: row.price * seated },
      refundable: row.refundable,
    };
  }

  /** The seat map of a departure as it is now: its drawing and the live seat rows. */
  async function mapOf(executor: Database | Transaction, departureId: string, busType: string): Promise<BusSeatMap | null> {
    const [drawing] = await executor.select().from(busLayouts).where(eq(busLayouts.busType, busType)).limit(1);
    if (!drawing) return null;
    const held = await executor
      .select({ number: busHeldSeats.seatNumber, gender: busHeldSeats.gender })
      .from(busHeldSeats)
      .where(and(eq(busHeldSeats.departureId, departureId), liveSeat(clock.now())));
    const genderOf = new Map(held.map((seat) => [seat.number, seat.gender as Gender]));
    const seats: BusSeat[] = drawing.seats.map((seat) => {
      const gender = genderOf.get(seat.number);
      return gender ? { ...seat, status: "taken", gender } : { ...seat, status: "free" };
    });
    return { offerId: busOfferId(departureId), layout: { ...drawing.layout }, seats };
  }

  /** Seats of these holds go back on sale: their rows leave. */
  async function giveBack(tx: Transaction, holdIds: string[]): Promise<void> {
    if (holdIds.length > 0) await tx.delete(busHeldSeats).where(inArray(busHeldSeats.holdId, holdIds));
  }

  /** Holds past their expiry (of one departure, or all) end and give their seats back. */
  async function expireHolds(tx: Transaction, departureId?: string): Promise<number> {
    const expired = await tx
      .update(busHolds)
      .set({ status: "expired", updatedAt: clock.now() })
      .where(
        and(
          eq(busHolds.status, "held"),
          lte(busHolds.expiresAt, clock.now()),
          departureId ? eq(busHolds.departureId, departureId) : undefined,
        ),
      )
      .returning({ id: busHolds.id });
    await giveBack(
      tx,
      expired.map((hold) => hold.id),
    );
    return expired.length;
  }

  return {
    service: "bus",
    name: "house",

    /**
     * Every bus leaving any terminal of `from` for any terminal of `to` on the day that has not
     * left yet and has a seat for each seated traveller, earliest first, priced for the party.
     */
    async search(query: BusSearchQuery): Promise<BusOffer[]> {
      const seated = query.adults + query.children;
      if (!isIsoDate(query.date) || !Number.isInteger(seated) || seated < 1 || seated > MAX_SEATED) return [];
      const window = salesWindow();
      if (query.date < window.first || query.date > window.last) return [];
      const now = clock.now().getTime();
      let day = await routeDay(query.from, query.to, query.date);
      // The first search of a day makes its departures; one that has left is not made.
      const missing = day.filter((row) => !row.departureId && busScheduleOn(row, query.date).departAt.getTime() > now);
      if (missing.length > 0) {
        await openDay(missing, query.date);
        day = await routeDay(query.from, query.to, query.date);
      }
      const locale = query.locale ?? "fa";
      return (day.filter((row) => row.departureId) as MadeRow[])
        .filter((row) => sellable(row) && row.seatCount - Number(row.taken) >= seated)
        .sort((a, b) => a.departAt.getTime() - b.departAt.getTime() || (a.tripCode < b.tripCode ? -1 : 1))
        .map((row) => offerOf(row, seated, locale));
    },

    async seatMap(offerId: string) {
      const departureId = parseBusOfferId(offerId);
      const row = departureId ? await departureById(departureId) : null;
      return row ? mapOf(db, row.departureId, row.busType) : null;
    },

    async revalidate(offerId: string, locale?: Locale) {
      const departureId = parseBusOfferId(offerId);
      const row = departureId ? await departureById(departureId) : null;
      if (!row) return { ok: false, error: "NOT_FOUND" } as const;
      const offer = offerOf(row, 1, locale ?? "fa");
      if (!sellable(row) || offer.seatsLeft < 1) return { ok: false, error: "SOLD_OUT" } as const;
      return { ok: true, offer } as const;
    },

    async hold(offerId: string, passengers: number, until: Date, chosen?: BusOffer) {
      const departureId = parseBusOfferId(offerId);
      if (!departureId || !Number.isInteger(passengers) || passengers < 1 || passengers > MAX_SEATED)
        return { ok: false, error: "SOLD_OUT" } as const;
      const seats = chosenSeatsOf(chosen, offerId, passengers);
      try {
        return await db.transaction(async (tx) => {
          // Holds of one departure queue here: each judges the seats as the one before it left them.
          const [open] = await tx
            .select({ busType: busTrips.busType })
            .from(busDepartures)
            .innerJoin(busTrips, eq(busDepartures.tripCode, busTrips.code))
            .where(and(eq(busDepartures.id, departureId), eq(busDepartures.status, "scheduled"), gt(busDepartures.departAt, clock.now())))
            .for("update", { of: busDepartures });
          if (!open) return { ok: false, error: "SOLD_OUT" } as const;
          await expireHolds(tx, departureId);
          const map = await mapOf(tx, departureId, open.busType);
          if (!map) throw new Error(`bus departure ${departureId} has no layout`);
          if (map.seats.every((seat) => seat.status === "taken")) return { ok: false, error: "SOLD_OUT" } as const;
          // Taken, or a neighbour of another gender sat down since the map was drawn: the map must be looked at again.
          if (Object.keys(seatRuleErrors(map, seats)).length > 0) throw new SeatTaken();
          const [hold] = await tx
            .insert(busHolds)
            .values({ offerId: busOfferId(departureId), departureId, seats: passengers, expiresAt: until })
            .returning();
          await tx.insert(busHeldSeats).values(
            seats.map((seat) => ({
              departureId,
              seatNumber: seat.number,
              holdId: hold!.id,
              passengerPosition: seat.passenger,
              gender: seat.gender,
              expiresAt: until,
            })),
          );
          return { ok: true, hold: busHoldOf(hold!) } as const;
        });
      } catch (error) {
        if (error instanceof SeatTaken || isUniqueViolation(error)) return { ok: false, error: "SEAT_TAKEN" } as const;
        throw error;
      }
    },

    async extend(hold: SupplierHold, until: Date) {
      if (!UUID.test(hold.holdId)) return { ok: false, error: "HOLD_LOST" } as const;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(busHolds)
          .set({ expiresAt: sql`greatest(${busHolds.expiresAt}, ${until})`, updatedAt: clock.now() })
          .where(and(eq(busHolds.id, hold.holdId), eq(busHolds.status, "held"), gt(busHolds.expiresAt, clock.now())))
          .returning();
        if (!row) return { ok: false, error: "HOLD_LOST" } as const;
        await tx.update(busHeldSeats).set({ expiresAt: row.expiresAt }).where(eq(busHeldSeats.holdId, row.id));
        return { ok: true, hold: busHoldOf(row) } as const;
      });
    },

    /**
     * One ticket per traveller: the seated travellers (positions below `hold.seats`) on the seats
     * chosen for them; travellers beyond them are infants on a lap, with a ticket and no seat.
     */
    async issue(hold: SupplierHold, travellers?: number) {
      if (!UUID.test(hold.holdId)) return { ok: false, error: "ISSUE_FAILED" } as const;
      return db.transaction(async (tx) => {
        const [existing] = await tx.select().from(busHolds).where(eq(busHolds.id, hold.holdId)).limit(1);
        // Issue is asked again after a crash between issuing and recording: the same tickets come back.
        if (existing?.status === "issued" && existing.pnr) {
          const issued = await tx
            .select()
            .from(busTickets)
            .where(eq(busTickets.holdId, existing.id))
            .orderBy(asc(busTickets.passengerPosition));
          return {
            ok: true,
            tickets: issued.map((ticket): BusTicket => ({
              holdId: existing.id,
              pnr: existing.pnr!,
              ticketNumber: ticket.ticketNumber,
              passengerPosition: ticket.passengerPosition,
              leg: 0,
              placement: ticket.seatNumber === null ? null : { seat: ticket.seatNumber },
            })),
          } as const;
        }
        const pnr = newBusPnr();
        const [row] = await tx
          .update(busHolds)
          .set({ status: "issued", pnr, updatedAt: clock.now() })
          .where(and(eq(busHolds.id, hold.holdId), eq(busHolds.status, "held")))
          .returning();
        if (!row) return { ok: false, error: "ISSUE_FAILED" } as const;
        const seats = await tx
          .select({ position: busHeldSeats.passengerPosition, number: busHeldSeats.seatNumber })
          .from(busHeldSeats)
          .where(eq(busHeldSeats.holdId, row.id));
        const seatOf = new Map(seats.map((seat) => [seat.position, seat.number]));
        if (seatOf.size < row.seats) throw new Error(`bus hold ${row.id} keeps ${seatOf.size} seats for ${row.seats} travellers`);
        const tickets = Array.from({ length: ticketCount(row.seats, travellers) }, (_, passengerPosition): BusTicket => {
          const seat = seatOf.get(passengerPosition);
          return {
            holdId: row.id,
            pnr,
            ticketNumber: newBusTicketNumber(),
            passengerPosition,
            leg: 0,
            placement: seat === undefined ? null : { seat },
          };
        });
        await tx.insert(busTickets).values(
          tickets.map((ticket) => ({
            ticketNumber: ticket.ticketNumber,
            holdId: ticket.holdId,
            passengerPosition: ticket.passengerPosition,
            seatNumber: ticket.placement?.seat ?? null,
          })),
        );
        for (const ticket of tickets)
          if (ticket.placement)
            await tx
              .update(busHeldSeats)
              .set({ ticketNumber: ticket.ticketNumber })
              .where(and(eq(busHeldSeats.holdId, row.id), eq(busHeldSeats.passengerPosition, ticket.passengerPosition)));
        return { ok: true, tickets } as const;
      });
    },

    /**
     * Cancels a hold or its issued tickets; its seats are on sale again the moment this returns.
     * Seats sold elsewhere are not ours to give back.
     */
    async cancel(target: SupplierHold | BusTicket[]) {
      const holdId = Array.isArray(target) ? target[0]?.holdId : target.holdId;
      if (!holdId || !UUID.test(holdId)) return { ok: false, error: "CANCEL_FAILED" } as const;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(busHolds)
          .set({ status: "cancelled", updatedAt: clock.now() })
          .where(and(eq(busHolds.id, holdId), inArray(busHolds.status, ["held", "issued"]), ne(busHolds.offerId, SOLD_ELSEWHERE)))
          .returning({ id: busHolds.id });
        if (!row) return { ok: false, error: "CANCEL_FAILED" } as const;
        await giveBack(tx, [row.id]);
        return { ok: true } as const;
      });
    },

    /** Holds past their expiry give their seats back; returns how many holds expired. */
    async releaseExpired() {
      return db.transaction((tx) => expireHolds(tx));
    },

    /** The company's refund rule (10% until two hours before, then 50% in person), and the departure it counts back from. */
    async refundTerms(offerId: string) {
      const departureId = parseBusOfferId(offerId);
      if (!departureId) return null;
      const [row] = await db
        .select({ rule: busRefundRules, departAt: busDepartures.departAt, status: busDepartures.status })
        .from(busDepartures)
        .innerJoin(busTrips, eq(busDepartures.tripCode, busTrips.code))
        .innerJoin(busRefundRules, eq(busTrips.refundRuleId, busRefundRules.id))
        .where(eq(busDepartures.id, departureId))
        .limit(1);
      if (!row) return null;
      const { companyCode, freeMinutesAfterIssue, inPersonFromMinutesBefore, inPersonPenaltyPercent, ...stored } = row.rule;
      // The refund module reads the carrier through `airlineCode`; absent periods stay absent.
      const periods = Object.entries({ freeMinutesAfterIssue, inPersonFromMinutesBefore, inPersonPenaltyPercent }).filter(
        ([, minutes]) => minutes !== null,
      );
      const rule: RefundRule = { ...stored, airlineCode: companyCode, charter: false, ...Object.fromEntries(periods) };
      return { rule, departAt: row.departAt, cancelledByAirline: row.status === "cancelled" };
    },

    /** Every route's calendar: the routes of the timetable in one query, each route's days as its landing reads them. */
    async cheapestByRouteAndDay(window) {
      const routes = await db.selectDistinct({ from: busTrips.fromCity, to: busTrips.toCity }).from(busTrips);
      return calendarOverRoutes(routes, (input) => this.cheapestPerDay(input), window);
    },

    /**
     * The cheapest seat of each day of the sales window within the dates asked, from the
     * timetable: a day nobody has searched counts as having a seat (seats sold elsewhere always
     * leave one); a departure made and full, gone or cancelled does not count.
     */
    async cheapestPerDay({ from, to, firstDate, lastDate }) {
      const cheapest = new Map<string, number>();
      const range = calendarRange(firstDate, lastDate, salesWindow());
      if (!range) return cheapest;
      const { first, last } = range;
      const trips = await db
        .select({
          code: busTrips.code,
          departsMinute: busTrips.departsMinute,
          durationMinutes: busTrips.durationMinutes,
          price: busTrips.price,
          weekdays: busTrips.weekdays,
        })
        .from(busTrips)
        .where(and(eq(busTrips.fromCity, from), eq(busTrips.toCity, to)));
      if (trips.length === 0) return cheapest;
      const now = clock.now();
      const made = await db
        .select({
          key: busDepartures.key,
          departAt: busDepartures.departAt,
          price: busDepartures.price,
          status: busDepartures.status,
          full: sql<boolean>`(select count(*) from ${busHeldSeats} where ${busHeldSeats.departureId} = ${busDepartures.id} and ${liveSeat(now)}) >= ${busDepartures.seatCount}`,
        })
        .from(busDepartures)
        .where(
          and(
            eq(busDepartures.fromCity, from),
            eq(busDepartures.toCity, to),
            gte(busDepartures.departAt, new Date(`${first}T00:00:00${TEHRAN_OFFSET}`)),
            lt(busDepartures.departAt, new Date(new Date(`${last}T00:00:00${TEHRAN_OFFSET}`).getTime() + DAY_MS)),
          ),
        );
      const byKey = new Map(made.map((row) => [row.key, row]));
      for (let date = first; date <= last; date = addDays(date, 1)) {
        const weekday = weekdayOf(date);
        for (const trip of trips) {
          const departure = byKey.get(`${trip.code}-${date}`);
          if (!departure && !trip.weekdays.includes(weekday)) continue;
          const departAt = departure?.departAt ?? busScheduleOn(trip, date).departAt;
          if (departAt.getTime() <= now.getTime() || departure?.status === "cancelled" || departure?.full) continue;
          const price = departure?.price ?? trip.price;
          const known = cheapest.get(date);
          if (known === undefined || price < known) cheapest.set(date, price);
        }
      }
      return cheapest;
    },
  };
}
