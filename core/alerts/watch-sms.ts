import { DEFAULT_DAILY_SMS_BUDGET, tehranDayStart } from "../accounts/otp.ts";
import type { Clock, SmsSender } from "../ports.ts";

/**
 * Sends the queued SMS of the watchers within each agency's daily budget: the watcher SMS sent
 * today (history lines of kind "sms" since Tehran's midnight) count against it. Over budget a
 * message stays queued for a later run; each is marked sent before it goes, so none goes twice.
 */
export interface WatchSmsQueue {
  due(limit: number): Promise<{ id: string; tenantId: string; mobile: string; text: string }[]>;
  budget(tenantId: string, dayStart: Date): Promise<{ dailyBudget: number | null; sentToday: number }>;
  take(id: string, at: Date): Promise<boolean>;
  putBack(id: string): Promise<void>;
}

export async function sendDueWatchSms(
  deps: { queue: WatchSmsQueue; smsFor(tenantId: string): Promise<SmsSender>; clock: Clock },
  limit = 200,
): Promise<{ sent: number; waiting: number }> {
  const now = deps.clock.now();
  const left = new Map<string, number>();
  let sent = 0;
  let waiting = 0;
  for (const message of await deps.queue.due(limit)) {
    if (!left.has(message.tenantId)) {
      const budget = await deps.queue.budget(message.tenantId, tehranDayStart(now));
      left.set(message.tenantId, (budget.dailyBudget ?? DEFAULT_DAILY_SMS_BUDGET) - budget.sentToday);
    }
    if ((left.get(message.tenantId) ?? 0) <= 0) {
      waiting += 1;
      continue;
    }
    if (!(await deps.queue.take(message.id, now))) continue;
    left.set(message.tenantId, (left.get(message.tenantId) ?? 0) - 1);
    const sender = await deps.smsFor(message.tenantId);
    const result = await sender.send({ mobile: message.mobile, text: message.text }).catch(() => ({ ok: false as const, error: "THROWN" }));
    if (result.ok) sent += 1;
    else {
      // The carrier refused it: queued again for the next run.
      await deps.queue.putBack(message.id);
      waiting += 1;
    }
  }
  return { sent, waiting };
}
