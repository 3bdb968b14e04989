import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import { isAlertKind, newRemoveToken, type Alert, type AlertStatus } from "#core/alerts/alert.ts";
import type { AlertEvent, AlertRepository } from "#core/alerts/ports.ts";
import { isWatchService } from "#core/alerts/watch.ts";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { rowsOf } from "./chunks.ts";
import type { Database } from "./client.ts";
import { tenantDomains, tenants, watchAlerts, watchEvents } from "./schema.ts";

type AlertRow = typeof watchAlerts.$inferSelect;
type AlertChange = PgUpdateSetSource<typeof watchAlerts>;

/** Quiet checks per statement: six parameters each, far below PostgreSQL's 65,535. */
const QUIET_CHECK_CHUNK = 2000;

const EVENT_ORDER: Record<string, number> = { created: 0, confirmed: 1, fired: 2, sms: 3, ended: 4, removed: 5 };

const ALERT_STATUSES: readonly AlertStatus[] = ["pending", "active", "ended", "removed"];

function alertOf(row: AlertRow): Alert {
  if (!isAlertKind(row.kind)) throw new Error(`alert ${row.id} has an unknown kind ${row.kind}`);
  if (!isWatchService(row.service)) throw new Error(`alert ${row.id} has an unknown service ${row.service}`);
  if (!(ALERT_STATUSES as readonly string[]).includes(row.status)) throw new Error(`alert ${row.id} has an unknown status ${row.status}`);
  return {
    id: row.id,
    tenantId: row.tenantId,
    userId: row.userId,
    mobile: row.mobile,
    locale: row.locale,
    kind: row.kind,
    service: row.service,
    from: row.fromCode,
    to: row.toCode,
    travelDate: row.travelDate,
    offerId: row.offerId,
    party: { adults: row.adults, children: row.children, infants: row.infants },
    percent: row.percent,
    intervalMinutes: row.intervalMinutes,
    status: row.status as AlertStatus,
    baselinePrice: row.baselinePrice,
    lastPrice: row.lastPrice,
    lastSeats: row.lastSeats,
    firedCount: row.firedCount,
    lastFiredAt: row.lastFiredAt,
    nextCheckAt: row.nextCheckAt,
    lastCheckedAt: row.lastCheckedAt,
    removeToken: row.removeToken,
    endedReason: row.endedReason,
    createdAt: row.createdAt,
  };
}

export function createAlertRepository(db: Database): AlertRepository {
  const event = (alert: { id: string; tenantId: string }, kind: string, detail: Record<string, unknown>, at: Date) => ({
    tenantId: alert.tenantId,
    subjectKind: "alert",
    subjectId: alert.id,
    kind,
    detail,
    at,
  });

  /** A guarded change of one alert and its event, in one transaction: nothing is recorded when the guard failed. */
  async function changeWithEvent(
    where: ReturnType<typeof and>,
    set: AlertChange,
    eventOf: (row: { id: string; tenantId: string }) => ReturnType<typeof event> | null,
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const changed = await tx.update(watchAlerts).set(set).where(where).returning({ id: watchAlerts.id, tenantId: watchAlerts.tenantId });
      const [row] = changed;
      if (!row) return false;
      const entry = eventOf(row);
      if (entry) await tx.insert(watchEvents).values(entry);
      return true;
    });
  }

  return {
    async create(input) {
      const { request } = input;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(watchAlerts)
          .values({
            tenantId: input.tenantId,
            userId: input.userId,
            mobile: request.mobile,
            locale: input.locale,
            kind: request.kind,
            service: request.service,
            fromCode: request.from,
            toCode: request.to,
            travelDate: request.travelDate,
            offerId: request.offerId,
            adults: request.party.adults,
            children: request.party.children,
            infants: request.party.infants,
            percent: request.percent,
            intervalMinutes: request.intervalMinutes,
            status: input.status,
            baselinePrice: input.baselinePrice,
            lastPrice: input.baselinePrice,
            lastSeats: input.lastSeats,
            // The first check comes one interval after the price the visitor saw.
            nextCheckAt: new Date(input.now.getTime() + request.intervalMinutes * 60_000),
            removeToken: newRemoveToken(),
            createdAt: input.now,
            updatedAt: input.now,
          })
          .returning();
        if (!row) throw new Error("alert was not stored");
        await tx.insert(watchEvents).values(event(row, "created", { price: input.baselinePrice, seats: input.lastSeats }, input.now));
        if (input.status === "active") await tx.insert(watchEvents).values(event(row, "confirmed", {}, input.now));
        return alertOf(row);
      });
    },

    async findById(tenantId, id) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const [row] = await db
        .select()
        .from(watchAlerts)
        .where(and(eq(watchAlerts.tenantId, tenantId), eq(watchAlerts.id, id)))
        .limit(1);
      return row ? alertOf(row) : null;
    },

    async findByRemoveToken(removeToken) {
      const [row] = await db.select().from(watchAlerts).where(eq(watchAlerts.removeToken, removeToken)).limit(1);
      return row ? alertOf(row) : null;
    },

    async confirm(tenantId, id, userId, now) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
      return changeWithEvent(
        and(eq(watchAlerts.tenantId, tenantId), eq(watchAlerts.id, id), eq(watchAlerts.status, "pending")),
        { status: "active", userId, updatedAt: now },
        (row) => event(row, "confirmed", {}, now),
      );
    },

    async listByUser(tenantId, userId) {
      const rows = await db
        .select()
        .from(watchAlerts)
        .where(and(eq(watchAlerts.tenantId, tenantId), eq(watchAlerts.userId, userId)))
        .orderBy(desc(watchAlerts.createdAt), desc(watchAlerts.id));
      if (rows.length === 0) return [];
      const events = await db
        .select()
        .from(watchEvents)
        .where(
          and(
            eq(watchEvents.subjectKind, "alert"),
            inArray(
              watchEvents.subjectId,
              rows.map((row) => row.id),
            ),
          ),
        )
        .orderBy(asc(watchEvents.at), asc(watchEvents.id));
      // Events of one instant (set and confirmed at once, fired and told) in the order they happen.
      events.sort((a, b) => a.at.getTime() - b.at.getTime() || (EVENT_ORDER[a.kind] ?? 9) - (EVENT_ORDER[b.kind] ?? 9));
      const history = new Map<string, AlertEvent[]>();
      for (const entry of events) {
        const list = history.get(entry.subjectId) ?? [];
        list.push({ kind: entry.kind, detail: (entry.detail ?? {}) as Record<string, unknown>, at: entry.at });
        history.set(entry.subjectId, list);
      }
      return rows.map((row) => ({ ...alertOf(row), history: history.get(row.id) ?? [] }));
    },

    async removeForUser(tenantId, userId, id, now) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
      return changeWithEvent(
        and(
          eq(watchAlerts.tenantId, tenantId),
          eq(watchAlerts.userId, userId),
          eq(watchAlerts.id, id),
          inArray(watchAlerts.status, ["pending", "active", "ended"]),
        ),
        { status: "removed", updatedAt: now },
        (row) => event(row, "removed", { by: "panel" }, now),
      );
    },

    async removeByToken(removeToken, now) {
      return changeWithEvent(
        and(eq(watchAlerts.removeToken, removeToken), inArray(watchAlerts.status, ["pending", "active"])),
        { status: "removed", updatedAt: now },
        (row) => event(row, "removed", { by: "link" }, now),
      );
    },

    async due(now, limit) {
      const rows = await db
        .select()
        .from(watchAlerts)
        .where(and(eq(watchAlerts.status, "active"), lte(watchAlerts.nextCheckAt, now)))
        .orderBy(asc(watchAlerts.nextCheckAt))
        .limit(limit);
      return rows.map(alertOf);
    },

    async recordCheck(alert, input) {
      const { update, fired } = input;
      return changeWithEvent(
        and(eq(watchAlerts.id, alert.id), eq(watchAlerts.status, "active"), eq(watchAlerts.nextCheckAt, alert.nextCheckAt)),
        {
          baselinePrice: update.baselinePrice,
          lastPrice: update.lastPrice,
          lastSeats: update.lastSeats,
          lastCheckedAt: input.now,
          nextCheckAt: input.nextCheckAt,
          updatedAt: input.now,
          ...(fired ? { firedCount: sql`${watchAlerts.firedCount} + 1`, lastFiredAt: input.now } : {}),
        },
        (row) => (fired ? event(row, "fired", fired.detail, input.now) : null),
      );
    },

    async recordQuietChecks(checks, now) {
      let stored = 0;
      for (let start = 0; start < checks.length; start += QUIET_CHECK_CHUNK) {
        const rows = checks
          .slice(start, start + QUIET_CHECK_CHUNK)
          .map(
            ({ alert, update, nextCheckAt }) =>
              sql`(${alert.id}::uuid, ${alert.nextCheckAt.toISOString()}::timestamptz, ${update.baselinePrice}::int, ${update.lastPrice}::int, ${update.lastSeats}::int, ${nextCheckAt.toISOString()}::timestamptz)`,
          );
        const changed = await db.execute<{ id: string }>(sql`
          update ${watchAlerts} as a
          set baseline_price = v.baseline, last_price = v.last_price, last_seats = v.last_seats,
              last_checked_at = ${now.toISOString()}::timestamptz, next_check_at = v.next, updated_at = ${now.toISOString()}::timestamptz
          from (values ${sql.join(rows, sql`, `)}) as v(id, seen, baseline, last_price, last_seats, next)
          where a.id = v.id and a.status = 'active' and a.next_check_at = v.seen
          returning a.id`);
        stored += rowsOf(changed).length;
      }
      return stored;
    },

    async end(alert, reason, now) {
      return changeWithEvent(
        and(eq(watchAlerts.id, alert.id), eq(watchAlerts.status, "active"), eq(watchAlerts.nextCheckAt, alert.nextCheckAt)),
        { status: "ended", endedReason: reason, lastCheckedAt: now, updatedAt: now },
        (row) => event(row, "ended", { reason }, now),
      );
    },

    async endLapsedPending(today, now) {
      return db.transaction(async (tx) => {
        const ended = await tx
          .update(watchAlerts)
          .set({ status: "ended", endedReason: "date-passed", updatedAt: now })
          .where(and(eq(watchAlerts.status, "pending"), lt(watchAlerts.travelDate, today)))
          .returning({ id: watchAlerts.id, tenantId: watchAlerts.tenantId });
        if (ended.length > 0) await tx.insert(watchEvents).values(ended.map((row) => event(row, "ended", { reason: "date-passed" }, now)));
        return ended.length;
      });
    },

    async postpone(alert, nextCheckAt) {
      const changed = await db
        .update(watchAlerts)
        .set({ nextCheckAt })
        .where(and(eq(watchAlerts.id, alert.id), eq(watchAlerts.status, "active"), eq(watchAlerts.nextCheckAt, alert.nextCheckAt)))
        .returning({ id: watchAlerts.id });
      return changed.length > 0;
    },

    async recordSms(alert, detail, now) {
      await db.insert(watchEvents).values(event(alert, "sms", detail, now));
    },

    async watcherSmsSince(tenantId, since) {
      const [row] = await db
        .select({ sent: count() })
        .from(watchEvents)
        .where(and(eq(watchEvents.tenantId, tenantId), eq(watchEvents.kind, "sms"), gte(watchEvents.at, since)));
      return row?.sent ?? 0;
    },

    async tenantFacts(tenantId) {
      const [tenant] = await db.select({ smsDailyBudget: tenants.smsDailyBudget }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
      const [domain] = await db
        .select({ host: tenantDomains.host })
        .from(tenantDomains)
        .where(eq(tenantDomains.tenantId, tenantId))
        .orderBy(desc(tenantDomains.isPrimary), asc(tenantDomains.createdAt))
        .limit(1);
      return { primaryHost: domain?.host ?? null, smsDailyBudget: tenant?.smsDailyBudget ?? null };
    },
  };
}
