import { and, asc, eq, gt, gte, lt, sql } from "drizzle-orm";
import { fareTotal } from "#core/flights/pricing.ts";
import type { FlightOffer, FlightSearchQuery } from "#core/flights/flight.ts";
import type { Clock, FlightFareCalendar, FlightRouteInfo, FlightSupplier } from "#core/ports.ts";
import type { Database } from "#adapters/db/client.ts";
import { airlines, flightFares, flightRefundRules, flights } from "#adapters/db/schema.ts";

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
  };
}

/**
 * The built-in house supplier of domestic flights, on our own tables (issue 5). Search and
 * revalidation read the inventory; holding, issuing and cancelling come with bookings (issue 6).
 */
export function createHouseFlightSupplier(db: Database, clock: Clock): Pick<FlightSupplier, "service" | "search" | "revalidate"> & FlightFareCalendar & FlightRouteInfo {
  const columns = {
    fareId: flightFares.id,
    fareClass: flightFares.fareClass,
    cabin: flightFares.cabin,
    adultPrice: flightFares.adultPrice,
    childPrice: flightFares.childPrice,
    infantPrice: flightFares.infantPrice,
    seatsAvailable: flightFares.seatsAvailable,
    baggageKg: flightFares.baggageKg,
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

  return {
    service: "flight",
    async search(query: FlightSearchQuery) {
      const dayStart = new Date(`${query.date}T00:00:00${TEHRAN_OFFSET}`);
      const dayEnd = new Date(dayStart.getTime() + 24 * 3_600_000);
      // Infants sit on a lap: only adults and children need seats.
      const seats = query.adults + query.children;
      const rows = await base()
        .where(
          and(
            eq(flights.fromIata, query.from),
            eq(flights.toIata, query.to),
            gte(flights.departAt, dayStart),
            lt(flights.departAt, dayEnd),
            gt(flights.departAt, salesOpenAfter()),
            eq(flights.status, "scheduled"),
            gte(flightFares.seatsAvailable, seats),
            query.cabin ? eq(flightFares.cabin, query.cabin) : undefined,
          ),
        )
        .orderBy(asc(flightFares.adultPrice), asc(flights.departAt));
      return rows.map((row) => toOffer(row as Row, query, query.locale ?? "fa"));
    },
    async revalidate(offerId: string) {
      if (!/^[0-9a-f-]{36}$/i.test(offerId)) return { ok: false, error: "NOT_FOUND" } as const;
      const [row] = await base().where(eq(flightFares.id, offerId)).limit(1);
      if (!row) return { ok: false, error: "NOT_FOUND" } as const;
      if (row.departAt <= salesOpenAfter() || row.seatsAvailable < 1) return { ok: false, error: "SOLD_OUT" } as const;
      return { ok: true, offer: toOffer(row as Row, { adults: 1, children: 0, infants: 0 }, "fa") } as const;
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
        .where(and(eq(flights.fromIata, from), eq(flights.toIata, to), gte(flights.departAt, start), lt(flights.departAt, end), eq(flights.status, "scheduled")))
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
  };
}
