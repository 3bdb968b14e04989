import { describe, expect, it } from "vitest";
import "../i18n/catalogs.ts";
import type { SmsSender } from "../ports.ts";
import type { Alert } from "./alert.ts";
import { alertLink, alertResultsPath, checkDueAlerts } from "./check-alerts.ts";
import type { AlertRepository } from "./ports.ts";
import type { WatchOffer, WatchQuery, WatchService, WatchSource } from "./watch.ts";

const NOW = new Date("2026-12-01T06:30:00Z");

function alert(id: string, overrides: Partial<Alert> = {}): Alert {
  return {
    id,
    tenantId: "tenant-1",
    userId: null,
    mobile: "09121234567",
    locale: "en",
    kind: "price-drop",
    service: "flight",
    from: "THR",
    to: "MHD",
    travelDate: "2026-12-05",
    offerId: null,
    party: { adults: 1, children: 0, infants: 0 },
    percent: 10,
    intervalMinutes: 60,
    status: "active",
    baselinePrice: 1_000_000,
    lastPrice: null,
    lastSeats: null,
    firedCount: 0,
    lastFiredAt: null,
    nextCheckAt: new Date(NOW.getTime() - 60_000),
    lastCheckedAt: null,
    removeToken: "0123456789abcdef0123456789abcdef",
    endedReason: null,
    createdAt: NOW,
    ...overrides,
  };
}

/** A repository over a list, recording what the job stores. */
function memoryRepository(alerts: Alert[], smsBudget: number | null = null) {
  const stored = { fired: [] as string[], quiet: [] as string[], postponed: [] as string[], sms: [] as string[] };
  const repository: AlertRepository = {
    create: () => Promise.reject(new Error("not used")),
    findById: () => Promise.resolve(null),
    findByRemoveToken: () => Promise.resolve(null),
    confirm: () => Promise.resolve(false),
    listByUser: () => Promise.resolve([]),
    removeForUser: () => Promise.resolve(false),
    removeByToken: () => Promise.resolve(false),
    due: () => Promise.resolve(alerts),
    recordCheck: (row, input) => {
      if (input.fired) stored.fired.push(row.id);
      return Promise.resolve(true);
    },
    recordQuietChecks: (checks) => {
      stored.quiet.push(...checks.map((check) => check.alert.id));
      return Promise.resolve(checks.length);
    },
    end: () => Promise.resolve(true),
    endLapsedPending: () => Promise.resolve(0),
    postpone: (row) => {
      stored.postponed.push(row.id);
      return Promise.resolve(true);
    },
    recordSms: (row) => {
      stored.sms.push(row.id);
      return Promise.resolve();
    },
    watcherSmsSince: () => Promise.resolve(0),
    tenantFacts: () => Promise.resolve({ primaryHost: "shop.example", smsDailyBudget: smsBudget }),
  };
  return { repository, stored };
}

function countingSource(offers: (query: WatchQuery) => WatchOffer[]) {
  const queries: WatchQuery[] = [];
  const source: WatchSource = {
    service: "flight",
    search: (query) => {
      queries.push(query);
      return Promise.resolve(offers(query));
    },
  };
  return { sources: new Map<WatchService, WatchSource>([["flight", source]]), queries };
}

const offer = (total: number): WatchOffer => ({
  offerId: "fare-1",
  departAt: "2026-12-05T08:00:00+03:30",
  seatsLeft: 5,
  adultFare: total,
  total,
});

function outbox() {
  const sent: { mobile: string; text: string }[] = [];
  const sender: SmsSender = {
    name: "memory",
    send: (input) => {
      sent.push(input);
      return Promise.resolve({ ok: true, messageId: String(sent.length) });
    },
  };
  return { sender, sent };
}

describe("checking due alerts", () => {
  it("searches once per route, day and party, and tells only the alerts whose drop is big enough", async () => {
    const due = [
      alert("a", { percent: 10 }),
      alert("b", { percent: 20 }),
      alert("c", { percent: 5, mobile: "09351234567" }),
      alert("d", { to: "SYZ" }),
      alert("e", { party: { adults: 2, children: 0, infants: 0 } }),
    ];
    const { repository, stored } = memoryRepository(due);
    const { sources, queries } = countingSource(() => [offer(880_000)]);
    const { sender, sent } = outbox();
    const result = await checkDueAlerts({
      alerts: repository,
      sources,
      smsFor: () => Promise.resolve(sender),
      placeName: (_service, code) => Promise.resolve(code === "THR" ? "Tehran" : null),
      clock: { now: () => NOW },
    });
    expect(result).toMatchObject({ alerts: 5, groups: 3, searches: 3 });
    expect(queries).toHaveLength(3);
    // 12% down fires at 10% and 5%, not at 20%; the other routes measured 880,000 against 1,000,000 too.
    expect(stored.fired.sort()).toEqual(["a", "c", "d", "e"]);
    expect(stored.quiet).toEqual(["b"]);
    expect(sent).toHaveLength(4);
    expect(sent[0]!.text).toContain("The price of Tehran to MHD");
    expect(sent[0]!.text).toContain("1,000,000");
    expect(sent[0]!.text).toContain("https://shop.example/en/flight/THR-MHD?date=2026-12-05&adults=1&children=0&infants=0");
    expect(sent[0]!.text).toContain("https://shop.example/en/alerts/remove/0123456789abcdef0123456789abcdef");
  });

  it("holds an SMS back when the agency's daily budget is spent", async () => {
    const { repository, stored } = memoryRepository([alert("a")], 0);
    const { sources } = countingSource(() => [offer(500_000)]);
    const { sender, sent } = outbox();
    const result = await checkDueAlerts({
      alerts: repository,
      sources,
      smsFor: () => Promise.resolve(sender),
      placeName: () => Promise.resolve(null),
      clock: { now: () => NOW },
    });
    expect(result).toMatchObject({ deferred: 1, fired: 0, sms: 0 });
    expect(stored.postponed).toEqual(["a"]);
    expect(sent).toHaveLength(0);
  });

  it("builds links on the agency's host in the alert's language", () => {
    const path = alertResultsPath({
      service: "train",
      from: "tehran",
      to: "mashhad",
      travelDate: "2026-12-05",
      party: { adults: 2, children: 1, infants: 0 },
    });
    expect(path).toBe("/train/tehran-mashhad?date=2026-12-05&adults=2&children=1&infants=0");
    expect(alertLink("shop.example", "fa", path)).toBe(`https://shop.example${path}`);
    expect(alertLink("shop.example", "ar", "/alerts/remove/x")).toBe("https://shop.example/ar/alerts/remove/x");
  });
});
