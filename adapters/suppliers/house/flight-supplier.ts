import { randomBytes, randomInt } from "node:crypto";
import { and, asc, eq, gt, gte, inArray, lt, lte, sql } from "drizzle-orm";
import { fareTotal } from "#core/flights/pricing.ts";
import type { FlightOffer, FlightSearchQuery, RefundRule } from "#core/flights/flight.ts";
import type { Clock } from "#core/ports.ts";
import type { FlightFareCalendar, FlightRouteInfo, FlightSupplier } from "#core/flights/ports.ts";
import type { RouteFareCalendar } from "#core/fares/ports.ts";
import type { SupplierHold, SupplierTicket } from "#core/suppliers/ports.ts";
import type { Database } from "#adapters/db/client.ts";
import { airlines, flightFares, flightHolds, flightRefundRules, flightTickets, flights } from "#adapters/db/schema.ts";

/** Sales close this long before departure: check-in has started and the seat cannot be issued in time. */
export const SALES_CLOSE_MINUTES = 60;
const TEHRAN_OFFSET = "+03:30";

type Row = {
  fareId: string;
  fareClass: string;
  cabin: string;
  adultPrice: number;
  childPrice: number;
  infantPrice: number;
  seatsAvailable: number;
  baggageKg: number;
  taxesPerSeat: number;
  refundable: boolean;
  airlineCode: string;
  airlineNames: Record<string, string>;
  flightNumber: string;
  fromIata: string;
  toIata: string;
  departAt: Date;
  arriveAt: Date;
  aircraft: string;
  charter: boolean;
};

/** A departure time as the traveller reads it: Tehran's offset, not UTC's. */
function tehranIso(instant: Date): string {
  const local = new Date(instant.getTime() + 3.5 * 3_600_000);
  return `${local.toISOString().slice(0, 19)}${TEHRAN_OFFSET}`;
}

function toOffer(row: Row, party: { adults: number; children: number; infants: number }, locale: string): FlightOffer {
  return {
    offerId: row.fareId,
    airline: { code: row.airlineCode, name: row.airlineNames[locale] ?? row.airlineNames.fa ?? row.airlineCode },
    flightNumber: row.flightNumber,
    from: row.fromIata,
    to: row.toIata,
    departAt: tehranIso(row.departAt),
    arriveAt: tehranIso(row.arriveAt),
    durationMinutes: Math.round((row.arriveAt.getTime() - row.departAt.getTime()) / 60_000),
    aircraft: row.aircraft,
    fareClass: row.fareClass,
    cabin: row.cabin === "business" ? "business" : "economy",
    seatsLeft: row.seatsAvailable,
    charter: row.charter,
    baggageKg: row.baggageKg,
    refundable: row.refundable,
    price: fareTotal({ adult: row.adultPrice, child: row.childPrice, infant: row.infantPrice }, party),
    taxesPerSeat: row.taxesPerSeat,
    // Our own inventory prints Persian names on domestic tickets; passports bring Latin ones.
    latinNamesRequired: false,
  };
}

const PNR_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A six-character record locator, as airlines print them (no 0/O or 1/I to confuse). */
function newPnr(): string {
  return Array.from(randomBytes(6), (byte) => PNR_LETTERS[byte % PNR_LETTERS.length]).join("");
}

/** The rows of a raw statement: node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

function holdOf(row: { id: string; fareId: string; seats: number; expiresAt: Date }): SupplierHold {
  return { holdId: row.id, offerId: row.fareId, seats: row.seats, expiresAt: row.expiresAt.toISOString() };
}

/**
 * The built-in house supplier of domestic flights, on our own tables (issue 5): search and
 * revalidation read the inventory; a hold takes seats with a guarded update in the same
 * transaction that records it, so seats and holds always add up and nothing is oversold.
 */
export function createHouseFlightSupplier(
  db: Database,
  clock: Clock,
): FlightSupplier & FlightFareCalendar & FlightRouteInfo & RouteFareCalendar & { releaseExpired(): Promise<number> } {
  const columns = {
    fareId: flightFares.id,
    fareClass: flightFares.fareClass,
    cabin: flightFares.cabin,
    adultPrice: flightFares.adultPrice,
    childPrice: flightFares.childPrice,
    infantPrice: flightFares.infantPrice,
    seatsAvailable: flightFares.seatsAvailable,
    baggageKg: flightFares.baggageKg,
    taxesPerSeat: flightFares.taxesPerSeat,
    refundable: flightRefundRules.refundable,
    airlineCode: flights.airlineCode,
    airlineNames: airlines.names,
    flightNumber: flights.flightNumber,
    fromIata: flights.fromIata,
    toIata: flights.toIata,
    departAt: flights.departAt,
    arriveAt: flights.arriveAt,
    aircraft: flights.aircraft,
    charter: flights.charter,
  };
  const salesOpenAfter = () => new Date(clock.now().getTime() + SALES_CLOSE_MINUTES * 60_000);
  const base = () =>
    db
      .select(columns)
      .from(flightFares)
      .innerJoin(flights, eq(flightFares.flightId, flights.id))
      .innerJoin(airlines, eq(flights.airlineCode, airlines.code))
      .innerJoin(flightRefundRules, eq(flightFares.refundRuleId, flightRefundRules.id));

  // Every hold revalidates its fare first: the query is built once and prepared by name, so
  // neither this process nor PostgreSQL parses and plans it again for each booking.
  let revalidationQuery: ReturnType<typeof prepareRevalidation> | null = null;
  const prepareRevalidation = () =>
    base()
      .where(eq(flightFares.id, sql.placeholder("offerId")))
      .limit(1)
      .prepare("house_flight_revalidate");
  const revalidation = () => (revalidationQuery ??= prepareRevalidation());

  // Every results page and API search runs one of these two (with a cabin or without): built once
  // and prepared by name like the revalidation, rather than built and planned for each search.
  const prepareSearch = (withCabin: boolean) =>
    base()
      .where(
        and(
          eq(flights.fromIata, sql.placeholder("from")),
          eq(flights.toIata, sql.placeholder("to")),
          gte(flights.departAt, sql.placeholder("dayStart")),
          lt(flights.departAt, sql.placeholder("dayEnd")),
          gt(flights.departAt, sql.placeholder("salesOpenAfter")),
          eq(flights.status, "scheduled"),
          gte(flightFares.seatsAvailable, sql.placeholder("seats")),
          withCabin ? eq(flightFares.cabin, sql.placeholder("cabin")) : undefined,
        ),
      )
      .orderBy(asc(flightFares.adultPrice), asc(flights.departAt))
      .prepare(withCabin ? "house_flight_search_cabin" : "house_flight_search");
  const searchQueries = new Map<boolean, ReturnType<typeof prepareSearch>>();
  const searchQuery = (withCabin: boolean) => {
    let prepared = searchQueries.get(withCabin);
    if (!prepared) searchQueries.set(withCabin, (prepared = prepareSearch(withCabin)));
    return prepared;
  };

  return {
    service: "flight",
    name: "house",
    async search(query: FlightSearchQuery) {
      const dayStart = new Date(`${query.date}T00:00:00${TEHRAN_OFFSET}`);
      const dayEnd = new Date(dayStart.getTime() + 24 * 3_600_000);
      // Infants sit on a lap: only adults and children need seats.
      const seats = query.adults + query.children;
      const rows = await searchQuery(Boolean(query.cabin)).execute({
        from: query.from,
        to: query.to,
        dayStart: dayStart.toISOString(),
        dayEnd: dayEnd.toISOString(),
        salesOpenAfter: salesOpenAfter().toISOString(),
        seats,
        cabin: query.cabin,
      });
      return rows.map((row) => toOffer(row as Row, query, query.locale ?? "fa"));
    },
    async revalidate(offerId: string, locale?: string) {
      if (!/^[0-9a-f-]{36}$/i.test(offerId)) return { ok: false, error: "NOT_FOUND" } as const;
      const [row] = await revalidation().execute({ offerId });
      if (!row) return { ok: false, error: "NOT_FOUND" } as const;
      if (row.departAt <= salesOpenAfter() || row.seatsAvailable < 1) return { ok: false, error: "SOLD_OUT" } as const;
      return { ok: true, offer: toOffer(row, { adults: 1, children: 0, infants: 0 }, locale ?? "fa") } as const;
    },
    async hold(offerId: string, passengers: number, until: Date) {
      if (!/^[0-9a-f-]{36}$/i.test(offerId) || !Number.isInteger(passengers) || passengers < 1 || passengers > 9)
        return { ok: false, error: "SOLD_OUT" } as const;
      // One statement, so one round trip and its own transaction: the guarded update takes the
      // seats and the insert records the hold only when it did (no row: nothing taken, nothing held).
      const result = await db.execute(sql`
        with taken as (
          update ${flightFares} set seats_available = seats_available - ${passengers}::smallint
          where id = ${offerId}::uuid and seats_available >= ${passengers}::smallint
            and exists (select 1 from ${flights} where ${flights.id} = ${flightFares.flightId}
                          and ${flights.status} = 'scheduled' and ${flights.departAt} > ${salesOpenAfter().toISOString()}::timestamptz)
          returning id
        )
        insert into ${flightHolds} (fare_id, seats, expires_at)
        select id, ${passengers}::smallint, ${until.toISOString()}::timestamptz from taken
        returning id, fare_id, seats, expires_at`);
      const [row] = rowsOf<{ id: string; fare_id: string; seats: number; expires_at: Date | string }>(result);
      if (!row) return { ok: false, error: "CAPACITY_FULL" } as const;
      return {
        ok: true,
        hold: holdOf({ id: row.id, fareId: row.fare_id, seats: Number(row.seats), expiresAt: new Date(row.expires_at) }),
      } as const;
    },
    async extend(hold: SupplierHold, until: Date) {
      const [row] = await db
        .update(flightHolds)
        .set({ expiresAt: sql`greatest(${flightHolds.expiresAt}, ${until})`, updatedAt: clock.now() })
        .where(and(eq(flightHolds.id, hold.holdId), eq(flightHolds.status, "held"), gt(flightHolds.expiresAt, clock.now())))
        .returning();
      return row ? ({ ok: true, hold: holdOf(row) } as const) : ({ ok: false, error: "HOLD_LOST" } as const);
    },
    async issue(hold: SupplierHold, travellers?: number) {
      return db.transaction(async (tx) => {
        const [existing] = await tx.select().from(flightHolds).where(eq(flightHolds.id, hold.holdId)).limit(1);
        // Issue is asked again after a crash between issuing and recording: the same tickets come back.
        if (existing?.status === "issued" && existing.pnr) {
          const issued = await tx
            .select({ ticketNumber: flightTickets.ticketNumber })
            .from(flightTickets)
            .where(eq(flightTickets.holdId, existing.id))
            .orderBy(sql`${flightTickets.ticketNumber} collate "C"`);
          return {
            ok: true,
            tickets: issued.map((ticket, passengerPosition): SupplierTicket => ({
              holdId: existing.id,
              pnr: existing.pnr!,
              ticketNumber: ticket.ticketNumber,
              passengerPosition,
              leg: 0,
            })),
          } as const;
        }
        const pnr = newPnr();
        const [row] = await tx
          .update(flightHolds)
          .set({ status: "issued", pnr, updatedAt: clock.now() })
          .where(and(eq(flightHolds.id, hold.holdId), eq(flightHolds.status, "held")))
          .returning();
        if (!row) return { ok: false, error: "ISSUE_FAILED" } as const;
        const [airline] = await tx
          .select({ code: flights.airlineCode })
          .from(flightFares)
          .innerJoin(flights, eq(flightFares.flightId, flights.id))
          .where(eq(flightFares.id, row.fareId));
        const count =
          travellers !== undefined && Number.isInteger(travellers) && travellers >= row.seats && travellers <= row.seats * 2
            ? travellers
            : row.seats;
        // Airline prefix and ten digits, the shape of an e-ticket number.
        const numbers = Array.from(
          { length: count },
          () => `${airline?.code ?? "XX"}-${String(randomInt(1e9)).padStart(9, "0")}${randomInt(10)}`,
        );
        // In ticket-number order, as a repeated issue reads them back: the n-th traveller keeps the n-th ticket.
        numbers.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        // A domestic flight is one leg: each passenger gets one ticket, leg 0.
        const tickets = numbers.map((ticketNumber, passengerPosition): SupplierTicket => ({
          holdId: row.id,
          pnr,
          ticketNumber,
          passengerPosition,
          leg: 0,
        }));
        await tx.insert(flightTickets).values(tickets.map((ticket) => ({ ticketNumber: ticket.ticketNumber, holdId: ticket.holdId })));
        return { ok: true, tickets } as const;
      });
    },
    async cancel(target: SupplierHold | SupplierTicket[]) {
      const holdId = Array.isArray(target) ? target[0]?.holdId : target.holdId;
      if (!holdId) return { ok: false, error: "CANCEL_FAILED" } as const;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(flightHolds)
          .set({ status: "cancelled", updatedAt: clock.now() })
          .where(and(eq(flightHolds.id, holdId), inArray(flightHolds.status, ["held", "issued"])))
          .returning();
        if (!row) return { ok: false, error: "CANCEL_FAILED" } as const;
        await tx
          .update(flightFares)
          .set({ seatsAvailable: sql`${flightFares.seatsAvailable} + ${row.seats}` })
          .where(eq(flightFares.id, row.fareId));
        return { ok: true } as const;
      });
    },
    /** Holds past their expiry give their seats back; returns how many holds expired. */
    async releaseExpired() {
      return db.transaction(async (tx) => {
        const expired = await tx
          .update(flightHolds)
          .set({ status: "expired", updatedAt: clock.now() })
          .where(and(eq(flightHolds.status, "held"), lte(flightHolds.expiresAt, clock.now())))
          .returning({ fareId: flightHolds.fareId, seats: flightHolds.seats });
        for (const hold of expired) {
          await tx
            .update(flightFares)
            .set({ seatsAvailable: sql`${flightFares.seatsAvailable} + ${hold.seats}` })
            .where(eq(flightFares.id, hold.fareId));
        }
        return expired.length;
      });
    },
    /** The refund rule of a fare, its scheduled departure and whether the airline cancelled the flight. */
    async refundTerms(offerId: string) {
      if (!/^[0-9a-f-]{36}$/i.test(offerId)) return null;
      const [row] = await db
        .select({ rule: flightRefundRules, departAt: flights.departAt, status: flights.status })
        .from(flightFares)
        .innerJoin(flights, eq(flightFares.flightId, flights.id))
        .innerJoin(flightRefundRules, eq(flightFares.refundRuleId, flightRefundRules.id))
        .where(eq(flightFares.id, offerId))
        .limit(1);
      if (!row) return null;
      const rule: RefundRule = {
        id: row.rule.id,
        airlineCode: row.rule.airlineCode,
        fareClasses: row.rule.fareClasses,
        charter: row.rule.charter,
        refundable: row.rule.refundable,
        windows: row.rule.windows,
        afterDeparturePercent: row.rule.afterDeparturePercent,
      };
      return { rule, departAt: row.departAt, cancelledByAirline: row.status === "cancelled" };
    },
    async timetable({ from, to, firstDate, lastDate, locale }) {
      const start = new Date(`${firstDate}T00:00:00${TEHRAN_OFFSET}`);
      const end = new Date(new Date(`${lastDate}T00:00:00${TEHRAN_OFFSET}`).getTime() + 24 * 3_600_000);
      const local = sql`${flights.departAt} at time zone 'Asia/Tehran'`;
      const departs = sql<string>`to_char(${local}, 'HH24:MI')`;
      const rows = await db
        .select({
          airlineCode: flights.airlineCode,
          names: airlines.names,
          flightNumber: flights.flightNumber,
          departs,
          durationMinutes: sql<number>`min(extract(epoch from (${flights.arriveAt} - ${flights.departAt})) / 60)`,
          aircraft: sql<string>`min(${flights.aircraft})`,
          weekdays: sql<number[]>`array_agg(distinct extract(isodow from ${local})::int)`,
        })
        .from(flights)
        .innerJoin(airlines, eq(flights.airlineCode, airlines.code))
        .where(
          and(
            eq(flights.fromIata, from),
            eq(flights.toIata, to),
            gte(flights.departAt, start),
            lt(flights.departAt, end),
            eq(flights.status, "scheduled"),
          ),
        )
        .groupBy(flights.airlineCode, airlines.names, flights.flightNumber, departs)
        .orderBy(departs, flights.flightNumber);
      return rows.map((row) => ({
        airlineCode: row.airlineCode,
        airlineName: row.names[locale] ?? row.names.fa ?? row.airlineCode,
        flightNumber: row.flightNumber,
        departs: row.departs,
        durationMinutes: Math.round(Number(row.durationMinutes)),
        aircraft: row.aircraft,
        weekdays: [...row.weekdays].map(Number).sort((a, b) => a - b),
      }));
    },
    async cheapestPerDay({ from, to, firstDate, lastDate }) {
      const start = new Date(`${firstDate}T00:00:00${TEHRAN_OFFSET}`);
      const end = new Date(new Date(`${lastDate}T00:00:00${TEHRAN_OFFSET}`).getTime() + 24 * 3_600_000);
      const day = sql<string>`to_char(${flights.departAt} at time zone 'Asia/Tehran', 'YYYY-MM-DD')`;
      const rows = await db
        .select({ day, cheapest: sql<number>`min(${flightFares.adultPrice})` })
        .from(flightFares)
        .innerJoin(flights, eq(flightFares.flightId, flights.id))
        .where(
          and(
            eq(flights.fromIata, from),
            eq(flights.toIata, to),
            gte(flights.departAt, start),
            lt(flights.departAt, end),
            gt(flights.departAt, salesOpenAfter()),
            eq(flights.status, "scheduled"),
            gt(flightFares.seatsAvailable, 0),
          ),
        )
        .groupBy(day);
      return new Map(rows.map((row) => [row.day, Number(row.cheapest)]));
    },
    async cheapestByRouteAndDay({ firstDate, lastDate }) {
      // Every route's calendar in one grouped query: what the daily fare history records.
      const start = new Date(`${firstDate}T00:00:00${TEHRAN_OFFSET}`);
      const end = new Date(new Date(`${lastDate}T00:00:00${TEHRAN_OFFSET}`).getTime() + 24 * 3_600_000);
      const day = sql<string>`to_char(${flights.departAt} at time zone 'Asia/Tehran', 'YYYY-MM-DD')`;
      const rows = await db
        .select({ from: flights.fromIata, to: flights.toIata, day, cheapest: sql<number>`min(${flightFares.adultPrice})` })
        .from(flightFares)
        .innerJoin(flights, eq(flightFares.flightId, flights.id))
        .where(
          and(
            gte(flights.departAt, start),
            lt(flights.departAt, end),
            gt(flights.departAt, salesOpenAfter()),
            eq(flights.status, "scheduled"),
            gt(flightFares.seatsAvailable, 0),
          ),
        )
        .groupBy(flights.fromIata, flights.toIata, day);
      return rows.map((row) => ({ from: row.from, to: row.to, departureDate: row.day, cheapest: Number(row.cheapest) }));
    },
  };
}
