import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { WatchEvent, WatchEventInput, WatchSubjectKind } from "#core/alerts/purchase-watch.ts";
import type { Database } from "./client.ts";
import { tenantDomains, tenants, watchEvents } from "./schema.ts";

/**
 * The history lines of auto-reserve items and desired-price orders (watch_events), and their SMS:
 * queued as "sms-due" lines with the state change that causes them, sent by the job within the
 * agency's daily budget, each turned into an "sms" line by a guarded update before it is sent.
 */

type Executor = Pick<Database, "insert">;

export async function writeEvents(
  executor: Executor,
  subject: { tenantId: string; kind: WatchSubjectKind; id: string },
  events: readonly WatchEventInput[],
  at: Date,
): Promise<void> {
  if (events.length === 0) return;
  await executor.insert(watchEvents).values(
    events.map((event) => ({
      tenantId: subject.tenantId,
      subjectKind: subject.kind,
      subjectId: subject.id,
      kind: event.kind,
      detail: event.detail ?? {},
      at,
    })),
  );
}

export async function readHistory(db: Database, ids: readonly string[]): Promise<Map<string, WatchEvent[]>> {
  const history = new Map<string, WatchEvent[]>();
  if (ids.length === 0) return history;
  const rows = await db
    .select()
    .from(watchEvents)
    .where(inArray(watchEvents.subjectId, [...ids]))
    .orderBy(asc(watchEvents.at), asc(watchEvents.kind));
  for (const row of rows) {
    const lines = history.get(row.subjectId) ?? [];
    lines.push({ kind: row.kind, detail: (row.detail ?? {}) as Record<string, unknown>, at: row.at });
    history.set(row.subjectId, lines);
  }
  return history;
}

export interface DueSms {
  id: string;
  tenantId: string;
  mobile: string;
  text: string;
}

/** A store of the queued SMS of one subject kind, and the count of the agency's watcher SMS today. */
export function createWatchSmsStore(db: Database, subjectKind: WatchSubjectKind) {
  return {
    /** Queued messages, oldest first. */
    async due(limit: number): Promise<DueSms[]> {
      const rows = await db
        .select({ id: watchEvents.id, tenantId: watchEvents.tenantId, detail: watchEvents.detail })
        .from(watchEvents)
        .where(and(eq(watchEvents.subjectKind, subjectKind), eq(watchEvents.kind, "sms-due")))
        .orderBy(asc(watchEvents.at))
        .limit(limit);
      return rows.map((row) => {
        const detail = row.detail as { mobile?: string; text?: string };
        return { id: row.id, tenantId: row.tenantId, mobile: detail.mobile ?? "", text: detail.text ?? "" };
      });
    },
    /** The agency's daily budget (null: the default) and the watchers' SMS it sent since `dayStart`. */
    async budget(tenantId: string, dayStart: Date): Promise<{ dailyBudget: number | null; sentToday: number }> {
      const [tenant] = await db.select({ budget: tenants.smsDailyBudget }).from(tenants).where(eq(tenants.id, tenantId));
      const [sent] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(watchEvents)
        .where(and(eq(watchEvents.tenantId, tenantId), eq(watchEvents.kind, "sms"), gte(watchEvents.at, dayStart)));
      return { dailyBudget: tenant?.budget ?? null, sentToday: Number(sent?.count ?? 0) };
    },
    /** Marks a queued message sent; false when another worker took it first. */
    async take(id: string, at: Date): Promise<boolean> {
      const taken = await db
        .update(watchEvents)
        .set({ kind: "sms", at })
        .where(and(eq(watchEvents.id, id), eq(watchEvents.kind, "sms-due")))
        .returning({ id: watchEvents.id });
      return taken.length > 0;
    },
    /** A message the carrier refused goes back to the queue. */
    async putBack(id: string): Promise<void> {
      await db
        .update(watchEvents)
        .set({ kind: "sms-due" })
        .where(and(eq(watchEvents.id, id), eq(watchEvents.kind, "sms")));
    },
  };
}

export type WatchSmsStore = ReturnType<typeof createWatchSmsStore>;

/** The tenant's primary host, where the links in its SMS point; null for a tenant without one. */
export async function primaryHost(db: Database, tenantId: string): Promise<string | null> {
  const [row] = await db
    .select({ host: tenantDomains.host })
    .from(tenantDomains)
    .where(and(eq(tenantDomains.tenantId, tenantId), eq(tenantDomains.isPrimary, true)))
    .limit(1);
  return row?.host ?? null;
}
