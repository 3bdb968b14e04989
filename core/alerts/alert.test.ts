import { describe, expect, it } from "vitest";
import { alertGroupKey, checkAlertRequest, judgeAlert, type AlertVerdict } from "./alert.ts";
import type { WatchOffer } from "./watch.ts";

// Ten in the morning in Tehran on 1 December 2026.
const NOW = new Date("2026-12-01T06:30:00Z");
const DATE = "2026-12-05";

const offer = (total: number, seatsLeft = 5, offerId = "fare-1"): WatchOffer => ({
  offerId,
  departAt: `${DATE}T08:00:00+03:30`,
  seatsLeft,
  adultFare: total,
  total,
});

const priceAlert = (baselinePrice: number | null, percent = 10) => ({
  kind: "price-drop" as const,
  travelDate: DATE,
  offerId: null,
  party: { adults: 1, children: 0, infants: 0 },
  percent,
  baselinePrice,
  lastSeats: null,
});

const seatsAlert = (lastSeats: number | null, offerId: string | null = "fare-1") => ({
  kind: "seats" as const,
  travelDate: DATE,
  offerId,
  party: { adults: 2, children: 0, infants: 0 },
  percent: null,
  baselinePrice: null,
  lastSeats,
});

/** Feeds the verdict's update back into the alert, as the job stores it. */
function after<A extends { baselinePrice: number | null; lastSeats: number | null }>(alert: A, verdict: AlertVerdict): A {
  if (verdict.kind === "ended") return alert;
  return { ...alert, baselinePrice: verdict.update.baselinePrice, lastSeats: verdict.update.lastSeats };
}

describe("price-drop alerts", () => {
  it("a 10% drop fires with the old and new price, and a 5% drop with percent 10 does not", () => {
    const fired = judgeAlert(priceAlert(1_000_000), [offer(900_000), offer(950_000, 5, "fare-2")], NOW);
    expect(fired).toMatchObject({ kind: "fire", oldPrice: 1_000_000, newPrice: 900_000 });
    expect(judgeAlert(priceAlert(1_000_000), [offer(950_000)], NOW).kind).toBe("quiet");
    // Just short of the threshold by one toman.
    expect(judgeAlert(priceAlert(1_000_000), [offer(900_001)], NOW).kind).toBe("quiet");
  });

  it("fires once per change: the told price is the new baseline, a rise and a fall back stay quiet", () => {
    let alert = priceAlert(1_000_000);
    const first = judgeAlert(alert, [offer(900_000)], NOW);
    expect(first.kind).toBe("fire");
    alert = after(alert, first);
    expect(alert.baselinePrice).toBe(900_000);
    expect(judgeAlert(alert, [offer(900_000)], NOW).kind).toBe("quiet");
    // Up again, then back down to the price already told: no second SMS.
    const rose = judgeAlert(alert, [offer(1_100_000)], NOW);
    expect(rose.kind).toBe("quiet");
    alert = after(alert, rose);
    expect(alert.baselinePrice).toBe(900_000);
    expect(judgeAlert(alert, [offer(900_000)], NOW).kind).toBe("quiet");
    // A further 10% from the told price is a new change.
    expect(judgeAlert(alert, [offer(810_000)], NOW)).toMatchObject({ kind: "fire", oldPrice: 900_000, newPrice: 810_000 });
  });

  it("small drops add up: the baseline stays until the traveller is told", () => {
    let alert = priceAlert(1_000_000);
    for (const price of [970_000, 940_000]) {
      const verdict = judgeAlert(alert, [offer(price)], NOW);
      expect(verdict.kind).toBe("quiet");
      alert = after(alert, verdict);
    }
    expect(judgeAlert(alert, [offer(900_000)], NOW).kind).toBe("fire");
  });

  it("an alert without a baseline measures from the first price it sees; one watching an offer ignores the others", () => {
    const first = judgeAlert(priceAlert(null), [offer(800_000)], NOW);
    expect(first).toMatchObject({ kind: "quiet", update: { baselinePrice: 800_000 } });
    const watched = { ...priceAlert(1_000_000), offerId: "fare-2" };
    expect(judgeAlert(watched, [offer(500_000, 5, "fare-1"), offer(990_000, 5, "fare-2")], NOW).kind).toBe("quiet");
  });
});

describe("seats alerts", () => {
  it("fire when seats open after a check that saw none, and re-arm when sold out again", () => {
    let alert = seatsAlert(0);
    expect(judgeAlert(alert, [], NOW).kind).toBe("quiet");
    // One seat is not enough for a party of two.
    expect(judgeAlert(alert, [offer(900_000, 1)], NOW).kind).toBe("quiet");
    const opened = judgeAlert(alert, [offer(900_000, 3)], NOW);
    expect(opened).toMatchObject({ kind: "fire", seats: 3 });
    alert = after(alert, opened);
    expect(judgeAlert(alert, [offer(900_000, 3)], NOW).kind).toBe("quiet");
    const soldOut = judgeAlert(alert, [], NOW);
    alert = after(alert, soldOut);
    expect(alert.lastSeats).toBe(0);
    expect(judgeAlert(alert, [offer(900_000, 2)], NOW).kind).toBe("fire");
  });

  it("a route-wide seats alert fires for any departure of the day", () => {
    expect(judgeAlert(seatsAlert(null, null), [offer(700_000, 4, "other")], NOW).kind).toBe("fire");
  });
});

describe("the end of an alert", () => {
  it("ends when Tehran's today is past its date, and when its departure has left", () => {
    expect(judgeAlert(priceAlert(1_000_000), [], new Date("2026-12-05T21:00:00Z"))).toEqual({ kind: "ended", reason: "date-passed" });
    // Late on the travel day itself it still runs.
    expect(judgeAlert(priceAlert(1_000_000), [], new Date("2026-12-05T19:00:00Z")).kind).toBe("quiet");
    const departed = judgeAlert(seatsAlert(0), [offer(900_000, 3)], new Date("2026-12-05T05:00:00Z"));
    expect(departed).toEqual({ kind: "ended", reason: "departed" });
  });
});

describe("checking a request", () => {
  const base = { kind: "price-drop", service: "flight", from: "thr", to: "MHD", date: DATE, mobile: "۰۹۱۲۱۲۳۴۵۶۷" };

  it("accepts a valid request with defaults and normalises codes and the mobile", () => {
    const checked = checkAlertRequest(base, NOW);
    expect(checked).toEqual({
      ok: true,
      alert: {
        kind: "price-drop",
        service: "flight",
        from: "THR",
        to: "MHD",
        travelDate: DATE,
        offerId: null,
        party: { adults: 1, children: 0, infants: 0 },
        percent: 10,
        intervalMinutes: 60,
        mobile: "09121234567",
      },
    });
    expect(checkAlertRequest({ ...base, kind: "seats", percent: 50 }, NOW)).toMatchObject({ ok: true, alert: { percent: null } });
  });

  it("refuses each bad field on that field", () => {
    const checked = checkAlertRequest(
      { ...base, service: "ship", date: "2026-11-30", percent: 95, intervalMinutes: 45, mobile: "12", adults: 2, infants: 3 },
      NOW,
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        "route.service": "SERVICE_UNKNOWN",
        date: "DATE_PAST",
        percent: "PERCENT_INVALID",
        intervalMinutes: "INTERVAL_INVALID",
        mobile: "MOBILE_INVALID",
        infants: "INFANTS_EXCEED_ADULTS",
      },
    });
    expect(checkAlertRequest({ ...base, date: "2028-01-01" }, NOW)).toMatchObject({ ok: false, errors: { date: "DATE_TOO_FAR" } });
    expect(checkAlertRequest({ ...base, percent: 0 }, NOW)).toMatchObject({ ok: false, errors: { percent: "PERCENT_INVALID" } });
    expect(checkAlertRequest({ ...base, percent: 1 }, NOW).ok).toBe(true);
    expect(checkAlertRequest({ ...base, adults: 0 }, NOW)).toMatchObject({ ok: false, errors: { adults: "ADULT_REQUIRED" } });
    expect(checkAlertRequest({ ...base, kind: "cheap" }, NOW)).toMatchObject({ ok: false, errors: { kind: "KIND_UNKNOWN" } });
  });

  it("groups alerts that share one search", () => {
    const party = { adults: 1, children: 0, infants: 0 };
    const a = { service: "flight" as const, from: "THR", to: "MHD", travelDate: DATE, party };
    expect(alertGroupKey(a)).toBe(alertGroupKey({ ...a }));
    expect(alertGroupKey(a)).not.toBe(alertGroupKey({ ...a, party: { ...party, adults: 2 } }));
  });
});
