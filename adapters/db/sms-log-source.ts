import { and, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { SmsLogSource } from "#core/back-office/sms-log.ts";
import type { Database } from "./client.ts";
import { smsMessages } from "./schema.ts";

export const MAX_SMS_LOG_PAGE = 200;

/** The back-office's SMS log over `sms_messages`, always within one tenant. */
export function createSmsLogSource(db: Database): SmsLogSource {
  return {
    async list(tenantId, filter) {
      const conditions: SQL[] = [eq(smsMessages.tenantId, tenantId)];
      if (filter.mobile) conditions.push(eq(smsMessages.mobile, filter.mobile));
      // strpos, not LIKE: a reference is matched as text, whatever characters it holds.
      if (filter.textContains) conditions.push(sql`strpos(${smsMessages.text}, ${filter.textContains}) > 0`);
      if (filter.from) conditions.push(gte(smsMessages.createdAt, filter.from));
      if (filter.to) conditions.push(lt(smsMessages.createdAt, filter.to));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: smsMessages.id,
            mobile: smsMessages.mobile,
            text: smsMessages.text,
            template: smsMessages.template,
            sender: smsMessages.sender,
            status: smsMessages.status,
            createdAt: smsMessages.createdAt,
          })
          .from(smsMessages)
          .where(where)
          .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
          .limit(Math.max(1, Math.min(MAX_SMS_LOG_PAGE, Math.trunc(filter.limit))))
          .offset(Math.max(0, Math.trunc(filter.offset))),
        db.select({ total: count() }).from(smsMessages).where(where),
      ]);
      return { entries: rows, total: total?.total ?? 0 };
    },
  };
}
