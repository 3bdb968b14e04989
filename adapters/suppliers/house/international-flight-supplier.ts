import { randomBytes, randomInt } from "node:crypto";
import { and, asc, eq, gt, gte, inArray, lte, sql } from "drizzle-orm";
import type { Locale } from "#core/i18n/locales.ts";
import { MAXIMUM_CONNECTION_MINUTES, minimumConnection } from "#core/international-flights/connections.ts";
import type {
  Baggage,
  InternationalFlightHold,
  InternationalFlightOffer,
  InternationalFlightSearchQuery,
  InternationalFlightTicket,
} from "#core/international-flights/international-flight.ts";
import { legFares, offerOf, parseOfferId, seatsFor, type InventorySegment, type LegFare } from "#core/international-flights/offers.ts";
import type { InternationalFareCalendar, InternationalFlightSupplier } from "#core/international-flights/supplier.ts";
import type { RouteFareCalendar } from "#core/fares/ports.ts";
import { calendarOverRoutes } from "./route-fare-calendar.ts";
import { addDays } from "#core/search/dates.ts";
import type { Clock } from "#core/ports.ts";
import type { Database } from "#adapters/db/client.ts";
import {
  airlines,
  flightRefundRules,
  intlFlightHolds,
  intlFlightSegments,
  intlFlightTickets,
  intlHoldSeats,
  intlSegmentFares,
} from "#adapters/db/schema.ts";

/** Sales close three hours before departure: check-in for a flight abroad opens that early, and the ticket must be issued before it. */
export const INTERNATIONAL_SALES_CLOSE_MINUTES = 180;
/** At most this many offers per search, cheapest first: a page shows far fewer. */
export const MAX_INTERNATIONAL_OFFERS = 300;
/** Clocks on Earth run from UTC−12 to UTC+14: a local date lies within these bounds of its UTC midnight. */
const EARLIEST_OFFSET_MS = 14 * 3_600_000;
const LATEST_OFFSET_MS = 12 * 3_600_000;
const DAY_MS = 24 * 3_600_000;
const ANY_CONNECTION_MS = 30 * 60_000;

type SegmentRow = typeof intlFlightSegments.$inferSelect & { airlineNames: Record<string, string> };

/** An instant as the traveller reads it at the airport: its local clock with the offset written out. */
export function localIso(instant: Date, offsetMinutes: number): string {
  const local = new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

function localDate(instant: Date, offsetMinutes: number): string {
  return new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

const PNR_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A six-character record locator, as airlines print them (no 0/O or 1/I to confuse). */
function newPnr(): string {
  return Array.from(randomBytes(6), (byte) => PNR_LETTERS[byte % PNR_LETTERS.length]).join("");
}

function holdOf(row: { id: string; offerId: string; seats: number; expiresAt: Date }): InternationalFlightHold {
  return { holdId: row.id, offerId: row.offerId, seats: row.seats, expiresAt: row.expiresAt.toISOString() };
}

/** How long a route's fare calendar is reused, and for how many routes at most. */
const CALENDAR_CACHE_MS = 5 * 60_000;
const CALENDAR_CACHE_ROUTES = 500;

/** Thrown inside a hold's transaction to undo the seats already taken when a later segment has too few. */
class NotEnoughSeats extends Error {}

/**
 * The built-in house supplier of international flights, on our own tables (issue 17). Offers are
 * made at search time from segments and their fare classes (core/international-flights/offers.ts):
 * direct flights, one-stop connections at a hub, and round trips. A hold takes seats on every
 * segment of every leg in one transaction with guarded updates, in a fixed order so two holds
 * never deadlock, and records what it took so cancelling gives exactly that back.
 */
export function createHouseInternationalFlightSupplier(
  db: Database,
  clock: Clock,
): InternationalFlightSupplier & InternationalFareCalendar & RouteFareCalendar & { releaseExpired(): Promise<number> } {
  const salesOpenAfter = () => new Date(clock.now().getTime() + INTERNATIONAL_SALES_CLOSE_MINUTES * 60_000);

  const segmentColumns = {
    id: intlFlightSegments.id,
    key: intlFlightSegments.key,
    airlineCode: intlFlightSegments.airlineCode,
    flightNumber: intlFlightSegments.flightNumber,
    fromIata: intlFlightSegments.fromIata,
    toIata: intlFlightSegments.toIata,
    departAt: intlFlightSegments.departAt,
    arriveAt: intlFlightSegments.arriveAt,
    departUtcOffset: intlFlightSegments.departUtcOffset,
    arriveUtcOffset: intlFlightSegments.arriveUtcOffset,
    aircraft: intlFlightSegments.aircraft,
    soldAlone: intlFlightSegments.soldAlone,
    status: intlFlightSegments.status,
    airlineNames: airlines.names,
  };
  const segments = () =>
    db.select(segmentColumns).from(intlFlightSegments).innerJoin(airlines, eq(intlFlightSegments.airlineCode, airlines.code));

  /** The fare classes of these segments with at least `seats` seats (and of `cabin` when given), by segment. */
  async function faresOf(segmentIds: string[], seats: number, cabin?: string) {
    const bySegment = new Map<string, InventorySegment["fares"][number][]>();
    if (segmentIds.length === 0) return bySegment;
    const rows = await db
      .select({ fare: intlSegmentFares, refundable: flightRefundRules.refundable })
      .from(intlSegmentFares)
      .innerJoin(flightRefundRules, eq(intlSegmentFares.refundRuleId, flightRefundRules.id))
      .where(
        and(
          inArray(intlSegmentFares.segmentId, segmentIds),
          gte(intlSegmentFares.seatsAvailable, seats),
          cabin ? eq(intlSegmentFares.cabin, cabin) : undefined,
        ),
      )
      .orderBy(asc(intlSegmentFares.baseFare));
    for (const { fare, refundable } of rows) {
      const baggage: Baggage = { cabinKg: fare.cabinKg };
      if (fare.baggageKg !== null) baggage.kg = fare.baggageKg;
      if (fare.baggagePieces !== null) baggage.pieces = fare.baggagePieces;
      const list = bySegment.get(fare.segmentId) ?? [];
      list.push({
        id: fare.id,
        fareClass: fare.fareClass,
        cabin: fare.cabin === "business" ? "business" : "economy",
        baseFare: fare.baseFare,
        taxes: fare.taxes,
        childPercent: fare.childPercent,
        infantPercent: fare.infantPercent,
        connectionPercent: fare.connectionPercent,
        roundTripPercent: fare.roundTripPercent,
        baggage,
        refundable,
        seatsAvailable: fare.seatsAvailable,
      });
      bySegment.set(fare.segmentId, list);
    }
    return bySegment;
  }

  function inventory(row: SegmentRow, fares: InventorySegment["fares"], locale: Locale): InventorySegment {
    return {
      soldAlone: row.soldAlone,
      fares,
      segment: {
        airline: { code: row.airlineCode, name: row.airlineNames[locale] ?? row.airlineNames.fa ?? row.airlineCode },
        flightNumber: row.flightNumber,
        from: row.fromIata,
        to: row.toIata,
        departAt: localIso(row.departAt, row.departUtcOffset),
        arriveAt: localIso(row.arriveAt, row.arriveUtcOffset),
        durationMinutes: Math.round((row.arriveAt.getTime() - row.departAt.getTime()) / 60_000),
        aircraft: row.aircraft,
      },
    };
  }

  /** Every leg from `from` to `to` leaving on `date` (the origin's clock), direct or with one stop, in every class with the seats. */
  async function legsOn(input: {
    from: string;
    to: string;
    date: string;
    seats: number;
    cabin?: string;
    locale: Locale;
  }): Promise<LegFare[]> {
    const midnight = Date.parse(`${input.date}T00:00:00Z`);
    const firsts = (
      await segments().where(
        and(
          eq(intlFlightSegments.fromIata, input.from),
          gte(intlFlightSegments.departAt, new Date(midnight - EARLIEST_OFFSET_MS)),
          lte(intlFlightSegments.departAt, new Date(midnight + DAY_MS + LATEST_OFFSET_MS)),
          gt(intlFlightSegments.departAt, salesOpenAfter()),
          eq(intlFlightSegments.status, "scheduled"),
        ),
      )
    ).filter((row) => localDate(row.departAt, row.departUtcOffset) === input.date && row.toIata !== input.from);
    const direct = firsts.filter((row) => row.toIata === input.to);
    const feeders = firsts.filter((row) => row.toIata !== input.to);
    let onward: SegmentRow[] = [];
    if (feeders.length > 0) {
      const landed = feeders.map((row) => row.arriveAt.getTime());
      onward = await segments().where(
        and(
          inArray(intlFlightSegments.fromIata, [...new Set(feeders.map((row) => row.toIata))]),
          eq(intlFlightSegments.toIata, input.to),
          gte(intlFlightSegments.departAt, new Date(Math.min(...landed) + ANY_CONNECTION_MS)),
          lte(intlFlightSegments.departAt, new Date(Math.max(...landed) + MAXIMUM_CONNECTION_MINUTES * 60_000)),
          eq(intlFlightSegments.status, "scheduled"),
        ),
      );
    }
    const pairs: [SegmentRow, SegmentRow][] = [];
    for (const first of feeders) {
      for (const second of onward) {
        if (second.fromIata !== first.toIata || second.airlineCode !== first.airlineCode) continue;
        const ground = (second.departAt.getTime() - first.arriveAt.getTime()) / 60_000;
        if (ground >= minimumConnection(first.toIata) && ground <= MAXIMUM_CONNECTION_MINUTES) pairs.push([first, second]);
      }
    }
    const ids = [...new Set([...direct, ...pairs.flat()].map((row) => row.id))];
    const fares = await faresOf(ids, input.seats, input.cabin);
    const item = (row: SegmentRow) => inventory(row, fares.get(row.id) ?? [], input.locale);
    return [...direct.map((row) => legFares([item(row)])), ...pairs.map(([first, second]) => legFares([item(first), item(second)]))].flat();
  }

  /** The offer of an id as stored now (priced for one adult), or why it cannot be sold. */
  async function load(
    offerId: string,
    seats: number,
    locale: Locale,
  ): Promise<{ ok: true; offer: InternationalFlightOffer } | { ok: false; error: "NOT_FOUND" | "SOLD_OUT" }> {
    const ids = parseOfferId(offerId);
    if (!ids) return { ok: false, error: "NOT_FOUND" };
    const rows = await db
      .select({ fare: intlSegmentFares.id, segment: segmentColumns })
      .from(intlSegmentFares)
      .innerJoin(intlFlightSegments, eq(intlSegmentFares.segmentId, intlFlightSegments.id))
      .innerJoin(airlines, eq(intlFlightSegments.airlineCode, airlines.code))
      .where(inArray(intlSegmentFares.id, ids.flat()));
    const segmentOf = new Map(rows.map((row) => [row.fare, row.segment]));
    if (ids.flat().some((id) => !segmentOf.has(id))) return { ok: false, error: "NOT_FOUND" };
    const fares = await faresOf([...new Set(rows.map((row) => row.segment.id))], 0);
    const legs: LegFare[] = [];
    for (const legIds of ids) {
      const items = legIds.map((id) => {
        const segment = segmentOf.get(id)!;
        return inventory(
          segment,
          (fares.get(segment.id) ?? []).filter((fare) => fare.id === id),
          locale,
        );
      });
      const [leg] = legFares(items);
      if (!leg) return { ok: false, error: "NOT_FOUND" };
      legs.push(leg);
    }
    const offer = offerOf(legs, { adults: 1, children: 0, infants: 0 });
    if (!offer) return { ok: false, error: "NOT_FOUND" };
    const closes = salesOpenAfter().getTime();
    const unsellable = rows.some((row) => row.segment.status !== "scheduled" || row.segment.departAt.getTime() <= closes);
    if (unsellable || offer.seatsLeft < seats) return { ok: false, error: "SOLD_OUT" };
    return { ok: true, offer };
  }

  async function giveBack(tx: Parameters<Parameters<Database["transaction"]>[0]>[0], holdIds: string[]) {
    if (holdIds.length === 0) return;
    const taken = await tx.select().from(intlHoldSeats).where(inArray(intlHoldSeats.holdId, holdIds));
    for (const row of taken) {
      await tx
        .update(intlSegmentFares)
        .set({ seatsAvailable: sql`${intlSegmentFares.seatsAvailable} + ${row.seats}` })
        .where(eq(intlSegmentFares.id, row.segmentFareId));
    }
  }

  async function search(query: InternationalFlightSearchQuery): Promise<InternationalFlightOffer[]> {
    // The house inventory sells economy and business; nothing flies in premium economy or first.
    if (query.cabin === "premium" || query.cabin === "first") return [];
    const locale = query.locale ?? "fa";
    const party = { adults: query.adults, children: query.children, infants: query.infants };
    const common = { seats: seatsFor(party), locale, ...(query.cabin ? { cabin: query.cabin } : {}) };
    const out = await legsOn({ ...common, from: query.from, to: query.to, date: query.date });
    const offers: InternationalFlightOffer[] = [];
    if (query.returnDate) {
      const back = await legsOn({ ...common, from: query.to, to: query.from, date: query.returnDate });
      for (const there of out) {
        for (const home of back) {
          const offer = offerOf([there, home], party);
          if (offer) offers.push(offer);
        }
      }
    } else {
      for (const leg of out) {
        const offer = offerOf([leg], party);
        if (offer) offers.push(offer);
      }
    }
    offers.sort((a, b) => a.price.total - b.price.total || a.legs[0]!.durationMinutes - b.legs[0]!.durationMinutes);
    return offers.slice(0, MAX_INTERNATIONAL_OFFERS);
  }

  /** The cheapest one-adult fare of each day: offers are made from segments at search time (connections included), so each day is a search. */
  async function fareCalendar(from: string, to: string, firstDate: string, lastDate: string): Promise<Map<string, number>> {
    // A week of days at a time: a landing shows a few weeks.
    const days: string[] = [];
    for (let day = firstDate; day <= lastDate && days.length < 62; day = addDays(day, 1)) days.push(day);
    const cheapest = new Map<string, number>();
    for (let start = 0; start < days.length; start += 7) {
      const week = days.slice(start, start + 7);
      const found = await Promise.all(week.map((date) => search({ from, to, date, adults: 1, children: 0, infants: 0 })));
      week.forEach((date, index) => {
        const first = found[index]![0];
        if (first) cheapest.set(date, first.price.adult);
      });
    }
    return cheapest;
  }

  const calendarCache = new Map<string, { until: number; days: Map<string, number> }>();

  return {
    service: "internationalflight",
    name: "house",
    search,
    async revalidate(offerId: string, locale?: Locale) {
      return load(offerId, 1, locale ?? "fa");
    },
    /**
     * Every route's calendar: the routes flown without a change in one query, each route's days
     * priced as a search prices them (connections included, which only a search makes).
     */
    async cheapestByRouteAndDay(window) {
      const routes = await db
        .selectDistinct({ from: intlFlightSegments.fromIata, to: intlFlightSegments.toIata })
        .from(intlFlightSegments)
        .where(
          and(
            eq(intlFlightSegments.soldAlone, true),
            eq(intlFlightSegments.status, "scheduled"),
            gt(intlFlightSegments.departAt, salesOpenAfter()),
          ),
        );
      return calendarOverRoutes(routes, ({ from, to, firstDate, lastDate }) => fareCalendar(from, to, firstDate, lastDate), window);
    },
    async cheapestPerDay({ from, to, firstDate, lastDate }) {
      // A route landing asks for weeks of days, each a search: kept a few minutes per route and
      // window, so a busy landing page searches once, not on every visit.
      const key = `${from}|${to}|${firstDate}|${lastDate}`;
      const now = clock.now().getTime();
      const kept = calendarCache.get(key);
      if (kept && kept.until > now) return new Map(kept.days);
      const days = await fareCalendar(from, to, firstDate, lastDate);
      if (calendarCache.size >= CALENDAR_CACHE_ROUTES) calendarCache.delete(calendarCache.keys().next().value!);
      calendarCache.set(key, { until: now + CALENDAR_CACHE_MS, days });
      return new Map(days);
    },
    async refundTerms(offerId: string) {
      const legs = parseOfferId(offerId);
      if (!legs) return null;
      const fareIds = legs.flat();
      // The first segment's fare carries the trip's rule (one airline and class throughout) and its
      // departure starts the penalty clock; a cancelled segment anywhere refunds without penalty.
      const rows = await db
        .select({
          fareId: intlSegmentFares.id,
          rule: flightRefundRules,
          departAt: intlFlightSegments.departAt,
          status: intlFlightSegments.status,
        })
        .from(intlSegmentFares)
        .innerJoin(intlFlightSegments, eq(intlSegmentFares.segmentId, intlFlightSegments.id))
        .innerJoin(flightRefundRules, eq(intlSegmentFares.refundRuleId, flightRefundRules.id))
        .where(inArray(intlSegmentFares.id, fareIds));
      const first = rows.find((row) => row.fareId === fareIds[0]);
      if (!first || rows.length !== new Set(fareIds).size) return null;
      const { rule } = first;
      return {
        rule: {
          id: rule.id,
          airlineCode: rule.airlineCode,
          fareClasses: rule.fareClasses,
          charter: rule.charter,
          refundable: rule.refundable,
          windows: rule.windows,
          afterDeparturePercent: rule.afterDeparturePercent,
        },
        departAt: first.departAt,
        cancelledByAirline: rows.some((row) => row.status === "cancelled"),
      };
    },

    async hold(offerId: string, passengers: number, until: Date) {
      if (!Number.isInteger(passengers) || passengers < 1 || passengers > 9) return { ok: false, error: "SOLD_OUT" } as const;
      const found = await load(offerId, passengers, "fa");
      if (!found.ok) return { ok: false, error: found.error === "SOLD_OUT" ? "CAPACITY_FULL" : "SOLD_OUT" } as const;
      // One row per segment fare, in id order: two holds lock shared rows in the same order and never deadlock.
      const fareIds = [...new Set(parseOfferId(offerId)!.flat())].sort();
      try {
        return await db.transaction(async (tx) => {
          for (const fareId of fareIds) {
            const [taken] = await tx
              .update(intlSegmentFares)
              .set({ seatsAvailable: sql`${intlSegmentFares.seatsAvailable} - ${passengers}` })
              .where(
                and(
                  eq(intlSegmentFares.id, fareId),
                  gte(intlSegmentFares.seatsAvailable, passengers),
                  sql`exists (select 1 from ${intlFlightSegments} where ${intlFlightSegments.id} = ${intlSegmentFares.segmentId} and ${intlFlightSegments.status} = 'scheduled' and ${intlFlightSegments.departAt} > ${salesOpenAfter()})`,
                ),
              )
              .returning({ id: intlSegmentFares.id });
            if (!taken) throw new NotEnoughSeats();
          }
          const [row] = await tx
            .insert(intlFlightHolds)
            .values({ offerId: found.offer.offerId, seats: passengers, expiresAt: until })
            .returning();
          await tx.insert(intlHoldSeats).values(fareIds.map((segmentFareId) => ({ holdId: row!.id, segmentFareId, seats: passengers })));
          return { ok: true, hold: holdOf(row!) } as const;
        });
      } catch (error) {
        if (error instanceof NotEnoughSeats) return { ok: false, error: "CAPACITY_FULL" } as const;
        throw error;
      }
    },
    async extend(hold: InternationalFlightHold, until: Date) {
      const [row] = await db
        .update(intlFlightHolds)
        .set({ expiresAt: sql`greatest(${intlFlightHolds.expiresAt}, ${until})`, updatedAt: clock.now() })
        .where(and(eq(intlFlightHolds.id, hold.holdId), eq(intlFlightHolds.status, "held"), gt(intlFlightHolds.expiresAt, clock.now())))
        .returning();
      return row ? ({ ok: true, hold: holdOf(row) } as const) : ({ ok: false, error: "HOLD_LOST" } as const);
    },
    async issue(hold: InternationalFlightHold, travellers?: number) {
      if (!/^[0-9a-f-]{36}$/i.test(hold.holdId)) return { ok: false, error: "ISSUE_FAILED" } as const;
      return db.transaction(async (tx) => {
        const [existing] = await tx.select().from(intlFlightHolds).where(eq(intlFlightHolds.id, hold.holdId)).limit(1);
        // Issue is asked again after a crash between issuing and recording: the same tickets come back.
        if (existing?.status === "issued" && existing.pnr) {
          const issued = await tx
            .select()
            .from(intlFlightTickets)
            .where(eq(intlFlightTickets.holdId, existing.id))
            .orderBy(asc(intlFlightTickets.passengerPosition), asc(intlFlightTickets.leg));
          return {
            ok: true,
            tickets: issued.map((ticket) => ({
              holdId: existing.id,
              pnr: existing.pnr!,
              ticketNumber: ticket.ticketNumber,
              passengerPosition: ticket.passengerPosition,
              leg: ticket.leg,
            })),
          } as const;
        }
        const pnr = newPnr();
        const [row] = await tx
          .update(intlFlightHolds)
          .set({ status: "issued", pnr, updatedAt: clock.now() })
          .where(and(eq(intlFlightHolds.id, hold.holdId), eq(intlFlightHolds.status, "held")))
          .returning();
        if (!row) return { ok: false, error: "ISSUE_FAILED" } as const;
        const legIds = parseOfferId(row.offerId) ?? [];
        const [airline] = await tx
          .select({ code: intlFlightSegments.airlineCode })
          .from(intlSegmentFares)
          .innerJoin(intlFlightSegments, eq(intlSegmentFares.segmentId, intlFlightSegments.id))
          .where(eq(intlSegmentFares.id, legIds[0]?.[0] ?? row.offerId.slice(0, 36)));
        // Infants hold a ticket without a seat: up to one per seated traveller.
        const count =
          travellers !== undefined && Number.isInteger(travellers) && travellers >= row.seats && travellers <= row.seats * 2
            ? travellers
            : row.seats;
        const tickets: InternationalFlightTicket[] = [];
        for (let passengerPosition = 0; passengerPosition < count; passengerPosition += 1) {
          for (let leg = 0; leg < Math.max(1, legIds.length); leg += 1) {
            tickets.push({
              holdId: row.id,
              pnr,
              // Airline prefix and ten digits, the shape of an e-ticket number.
              ticketNumber: `${airline?.code ?? "XX"}-${String(randomInt(1e9)).padStart(9, "0")}${randomInt(10)}`,
              passengerPosition,
              leg,
            });
          }
        }
        await tx.insert(intlFlightTickets).values(
          tickets.map((ticket) => ({
            ticketNumber: ticket.ticketNumber,
            holdId: ticket.holdId,
            passengerPosition: ticket.passengerPosition,
            leg: ticket.leg,
          })),
        );
        return { ok: true, tickets } as const;
      });
    },
    async cancel(target: InternationalFlightHold | InternationalFlightTicket[]) {
      const holdId = Array.isArray(target) ? target[0]?.holdId : target.holdId;
      if (!holdId || !/^[0-9a-f-]{36}$/i.test(holdId)) return { ok: false, error: "CANCEL_FAILED" } as const;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(intlFlightHolds)
          .set({ status: "cancelled", updatedAt: clock.now() })
          .where(and(eq(intlFlightHolds.id, holdId), inArray(intlFlightHolds.status, ["held", "issued"])))
          .returning({ id: intlFlightHolds.id });
        if (!row) return { ok: false, error: "CANCEL_FAILED" } as const;
        await giveBack(tx, [row.id]);
        return { ok: true } as const;
      });
    },
    /** Holds past their expiry give their seats back; returns how many holds expired. */
    async releaseExpired() {
      return db.transaction(async (tx) => {
        const expired = await tx
          .update(intlFlightHolds)
          .set({ status: "expired", updatedAt: clock.now() })
          .where(and(eq(intlFlightHolds.status, "held"), lte(intlFlightHolds.expiresAt, clock.now())))
          .returning({ id: intlFlightHolds.id });
        await giveBack(
          tx,
          expired.map((hold) => hold.id),
        );
        return expired.length;
      });
    },
  };
}
