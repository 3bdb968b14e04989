import { describe, expect, it } from "vitest";
import type { SmsSender } from "../ports.ts";
import { sendDueWatchSms, type WatchSmsQueue } from "./watch-sms.ts";

/** A queue in memory: messages due, and the "sms" lines of today per tenant. */
function memoryQueue(due: { id: string; tenantId: string }[], budget: number | null, sentToday: number) {
  const sent = new Set<string>();
  const queue: WatchSmsQueue = {
    due: async () =>
      due.filter((message) => !sent.has(message.id)).map((message) => ({ ...message, mobile: "09120000000", text: message.id })),
    budget: async () => ({ dailyBudget: budget, sentToday: sentToday + sent.size }),
    take: async (id) => (sent.has(id) ? false : (sent.add(id), true)),
    putBack: async (id) => {
      sent.delete(id);
    },
  };
  return { queue, sent };
}

const clock = { now: () => new Date("2026-11-26T06:00:00Z") };
const carrier = (texts: string[], ok = true): SmsSender => ({
  name: "test",
  send: async ({ text }) => {
    texts.push(text);
    return ok ? { ok: true, messageId: text } : { ok: false, error: "DOWN" };
  },
});

describe("the watchers' SMS within the agency's daily budget", () => {
  it("sends up to what is left of today's budget; the rest waits for a later run, none twice", async () => {
    const { queue } = memoryQueue(
      [
        { id: "a", tenantId: "t" },
        { id: "b", tenantId: "t" },
        { id: "c", tenantId: "t" },
      ],
      5,
      3,
    );
    const texts: string[] = [];
    expect(await sendDueWatchSms({ queue, smsFor: async () => carrier(texts), clock })).toEqual({ sent: 2, waiting: 1 });
    expect(await sendDueWatchSms({ queue, smsFor: async () => carrier(texts), clock })).toEqual({ sent: 0, waiting: 1 });
    expect(texts).toEqual(["a", "b"]);
  });

  it("a message the carrier refuses is queued again", async () => {
    const { queue, sent } = memoryQueue([{ id: "a", tenantId: "t" }], null, 0);
    const texts: string[] = [];
    expect(await sendDueWatchSms({ queue, smsFor: async () => carrier(texts, false), clock })).toEqual({ sent: 0, waiting: 1 });
    expect(sent.size).toBe(0);
    expect(await sendDueWatchSms({ queue, smsFor: async () => carrier(texts), clock })).toEqual({ sent: 1, waiting: 0 });
  });
});
