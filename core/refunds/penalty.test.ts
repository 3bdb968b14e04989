import { describe, expect, it } from "vitest";
import type { RefundRule } from "../flights/flight.ts";
import { quoteBooking, refundQuote, type RefundQuoteInput } from "./penalty.ts";

// Copies of seed/flights/refund-rules.ts (core may not import seed).
const IRAN_AIR: RefundRule = {
  id: "IR-ALL",
  airlineCode: "IR",
  fareClasses: ["J", "C", "Y", "V", "Q", "M", "N", "L", "O"],
  charter: false,
  refundable: true,
  windows: [
    { minutesBefore: 24 * 60, penaltyPercent: 30 },
    { minutesBefore: 0, penaltyPercent: 60 },
  ],
  afterDeparturePercent: 60,
};

const QESHM_ARY: RefundRule = {
  id: "QB-ARY",
  airlineCode: "QB",
  fareClasses: ["A", "R", "Y"],
  charter: false,
  refundable: true,
  windows: [
    { minutesBefore: 72 * 60, penaltyPercent: 30 },
    { minutesBefore: 24 * 60, penaltyPercent: 40 },
    { minutesBefore: 2 * 60, penaltyPercent: 60 },
    { minutesBefore: 0, penaltyPercent: 70 },
  ],
  afterDeparturePercent: 70,
};

const QESHM_DUL: RefundRule = {
  id: "QB-DUL",
  airlineCode: "QB",
  fareClasses: ["D", "U", "L"],
  charter: false,
  refundable: false,
  windows: [{ minutesBefore: 0, penaltyPercent: 100 }],
  afterDeparturePercent: 100,
};

const CHARTER: RefundRule = {
  id: "W5-CHARTER",
  airlineCode: "W5",
  fareClasses: ["Y"],
  charter: true,
  refundable: false,
  windows: [{ minutesBefore: 0, penaltyPercent: 100 }],
  afterDeparturePercent: 100,
};

/** 08:00 in Tehran (UTC+03:30): 04:30 UTC. */
const DEPART = new Date("2026-04-10T08:00:00+03:30");
const MINUTE = 60_000;

/** `minutes` (and `ms`) before the scheduled departure; negative is after it. */
function before(minutes: number, ms = 0): Date {
  return new Date(DEPART.getTime() - minutes * MINUTE - ms);
}

function quote(rule: RefundRule, now: Date, extra: Partial<RefundQuoteInput> = {}) {
  return refundQuote({ rule, paid: 2_000_000, departAt: DEPART, now, ...extra });
}

/** The penalty percent that applies, or the error. */
function percentAt(rule: RefundRule, now: Date, extra: Partial<RefundQuoteInput> = {}): number | string {
  const result = quote(rule, now, extra);
  return result.ok ? result.penaltyPercent : result.error;
}

describe("refundQuote windows", () => {
  it("Iran Air: 30% from exactly 24 h before, 60% from a minute (or a millisecond) less", () => {
    expect(quote(IRAN_AIR, before(3 * 24 * 60))).toEqual({
      ok: true,
      penaltyPercent: 30,
      penalty: 600_000,
      refundAmount: 1_400_000,
      window: { minutesBefore: 1440, label: "before" },
    });
    expect(percentAt(IRAN_AIR, before(1440))).toBe(30);
    expect(percentAt(IRAN_AIR, before(1439))).toBe(60);
    expect(percentAt(IRAN_AIR, before(1439, 59_999))).toBe(60);
    expect(quote(IRAN_AIR, before(1439))).toMatchObject({
      penalty: 1_200_000,
      refundAmount: 800_000,
      window: { minutesBefore: 0, label: "last" },
    });
  });

  it("the time zone of the Dates does not matter, only the instant", () => {
    // 24 h before 08:00 Tehran is 04:30 UTC the day before.
    expect(percentAt(IRAN_AIR, new Date("2026-04-09T04:30:00Z"))).toBe(30);
    expect(percentAt(IRAN_AIR, new Date("2026-04-09T04:31:00Z"))).toBe(60);
  });

  it("Qeshm Air A/R/Y: 30/40/60/70% with every edge at minute precision", () => {
    const cases: [number, number][] = [
      [10 * 24 * 60, 30],
      [4320, 30],
      [4319, 40],
      [1440, 40],
      [1439, 60],
      [120, 60],
      [119, 70],
      [1, 70],
    ];
    for (const [minutes, percent] of cases) expect([minutes, percentAt(QESHM_ARY, before(minutes))]).toEqual([minutes, percent]);
    expect(quote(QESHM_ARY, before(4320))).toMatchObject({ window: { minutesBefore: 4320, label: "before" } });
    expect(quote(QESHM_ARY, before(119))).toMatchObject({ window: { minutesBefore: 0, label: "last" } });
  });

  it("the last window lasts until the moment of departure; after it the after-departure rate applies", () => {
    expect(quote(IRAN_AIR, before(0, 1))).toMatchObject({ penaltyPercent: 60, window: { label: "last" } });
    expect(quote(IRAN_AIR, DEPART)).toMatchObject({ penaltyPercent: 60, window: { minutesBefore: 0, label: "last" } });
    expect(quote(IRAN_AIR, before(0, -1))).toMatchObject({ penaltyPercent: 60, window: { minutesBefore: null, label: "after-departure" } });
    const noShowAll: RefundRule = { ...IRAN_AIR, afterDeparturePercent: 100 };
    expect(quote(noShowAll, before(-30))).toEqual({
      ok: true,
      penaltyPercent: 100,
      penalty: 2_000_000,
      refundAmount: 0,
      window: { minutesBefore: null, label: "after-departure" },
    });
  });

  it("reads windows listed in any order", () => {
    const shuffled: RefundRule = {
      ...QESHM_ARY,
      windows: [QESHM_ARY.windows[3]!, QESHM_ARY.windows[1]!, QESHM_ARY.windows[0]!, QESHM_ARY.windows[2]!],
    };
    for (const minutes of [5000, 4320, 4319, 1440, 1439, 120, 119, 0]) {
      expect([minutes, percentAt(shuffled, before(minutes))]).toEqual([minutes, percentAt(QESHM_ARY, before(minutes))]);
    }
    expect(quote(shuffled, before(119))).toMatchObject({ window: { minutesBefore: 0, label: "last" } });
    expect(QESHM_ARY.windows.map((window) => window.minutesBefore)).toEqual([4320, 1440, 120, 0]);
  });

  it("stretches the last window to departure when it starts above 0, and falls back to the after-departure rate without windows", () => {
    const lastAt30: RefundRule = {
      ...IRAN_AIR,
      windows: [
        { minutesBefore: 30, penaltyPercent: 40 },
        { minutesBefore: 1440, penaltyPercent: 20 },
      ],
      afterDeparturePercent: 90,
    };
    expect(quote(lastAt30, before(10))).toMatchObject({ penaltyPercent: 40, window: { minutesBefore: 30, label: "last" } });
    expect(percentAt(lastAt30, before(-1))).toBe(90);
    const empty: RefundRule = { ...IRAN_AIR, windows: [], afterDeparturePercent: 80 };
    expect(quote(empty, before(5000))).toMatchObject({ penaltyPercent: 80, window: { minutesBefore: null, label: "last" } });
  });
});

describe("refundQuote non-refundable fares, airline cancellation and delays", () => {
  it("refuses non-refundable classes and charters in every window", () => {
    for (const rule of [QESHM_DUL, CHARTER]) {
      for (const now of [before(10 * 24 * 60), before(60), before(-60)])
        expect(quote(rule, now)).toEqual({ ok: false, error: "NON_REFUNDABLE" });
    }
  });

  it("refunds everything when the airline cancels, even a charter, even after departure", () => {
    const full = {
      ok: true,
      penaltyPercent: 0,
      penalty: 0,
      refundAmount: 2_000_000,
      window: { minutesBefore: null, label: "airline-cancelled" },
    };
    expect(quote(CHARTER, before(60), { cancelledByAirline: true })).toEqual(full);
    expect(quote(QESHM_DUL, before(-90), { cancelledByAirline: true })).toEqual(full);
    expect(quote(IRAN_AIR, before(30), { cancelledByAirline: true })).toEqual(full);
    expect(quote(CHARTER, before(60), { cancelledByAirline: false })).toEqual({ ok: false, error: "NON_REFUNDABLE" });
  });

  it("refunds everything from a 121-minute delay, not at 120", () => {
    expect(quote(QESHM_DUL, before(-30), { delayedMinutes: 121 })).toMatchObject({
      ok: true,
      penaltyPercent: 0,
      refundAmount: 2_000_000,
      window: { label: "airline-cancelled" },
    });
    expect(quote(IRAN_AIR, before(10), { delayedMinutes: 121 })).toMatchObject({ penaltyPercent: 0, refundAmount: 2_000_000 });
    expect(quote(QESHM_DUL, before(-30), { delayedMinutes: 120 })).toEqual({ ok: false, error: "NON_REFUNDABLE" });
    expect(percentAt(IRAN_AIR, before(10), { delayedMinutes: 120 })).toBe(60);
  });

  it("counts the windows from the delayed departure", () => {
    // 30 min after the scheduled time, the flight 60 min late has not left: last window, not no-show.
    const noShowAll: RefundRule = { ...IRAN_AIR, afterDeparturePercent: 100 };
    expect(quote(noShowAll, before(-30), { delayedMinutes: 60 })).toMatchObject({ penaltyPercent: 60, window: { label: "last" } });
    expect(quote(noShowAll, before(-61), { delayedMinutes: 60 })).toMatchObject({
      penaltyPercent: 100,
      window: { label: "after-departure" },
    });
    // 23.5 h before the scheduled time is 24.5 h before the delayed one.
    expect(percentAt(IRAN_AIR, before(1410), { delayedMinutes: 60 })).toBe(30);
    // A negative or non-numeric delay is no delay.
    expect(percentAt(IRAN_AIR, before(1410), { delayedMinutes: -60 })).toBe(60);
    expect(percentAt(IRAN_AIR, before(1410), { delayedMinutes: Number.NaN })).toBe(60);
  });
});

describe("refundQuote money", () => {
  it("rounds the penalty down, so the fraction of a toman goes to the traveller", () => {
    expect(quote(IRAN_AIR, before(5000), { paid: 1_000_003 })).toMatchObject({ penalty: 300_000, refundAmount: 700_003 });
    expect(quote(QESHM_ARY, before(60), { paid: 99 })).toMatchObject({ penalty: 69, refundAmount: 30 });
    expect(quote(IRAN_AIR, before(60), { paid: 1 })).toMatchObject({ penalty: 0, refundAmount: 1 });
    const eighth: RefundRule = { ...IRAN_AIR, windows: [{ minutesBefore: 0, penaltyPercent: 12.5 }] };
    expect(quote(eighth, before(60), { paid: 1001 })).toMatchObject({ penalty: 125, refundAmount: 876 });
  });

  it("stays exact for the largest safe amount", () => {
    const paid = Number.MAX_SAFE_INTEGER;
    const expected = Number((BigInt(paid) * 60n) / 100n);
    expect(quote(IRAN_AIR, before(60), { paid })).toMatchObject({ penalty: expected, refundAmount: paid - expected });
  });

  it("quotes a zero amount as zero", () => {
    expect(quote(QESHM_ARY, before(60), { paid: 0 })).toEqual({
      ok: true,
      penaltyPercent: 70,
      penalty: 0,
      refundAmount: 0,
      window: { minutesBefore: 0, label: "last" },
    });
  });

  it("refuses a negative, fractional or non-finite amount, before anything else", () => {
    for (const paid of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(quote(IRAN_AIR, before(60), { paid })).toEqual({ ok: false, error: "INVALID_AMOUNT" });
    }
    expect(quote(CHARTER, before(60), { paid: -5 })).toEqual({ ok: false, error: "INVALID_AMOUNT" });
  });

  it("never gives back more than was paid nor less than nothing", () => {
    const over: RefundRule = {
      ...IRAN_AIR,
      windows: [
        { minutesBefore: 0, penaltyPercent: 120 },
        { minutesBefore: 1440, penaltyPercent: -10 },
      ],
    };
    expect(quote(over, before(60), { paid: 500 })).toMatchObject({ penaltyPercent: 100, penalty: 500, refundAmount: 0 });
    expect(quote(over, before(5000), { paid: 500 })).toMatchObject({ penaltyPercent: 0, penalty: 0, refundAmount: 500 });
  });

  it("throws on an invalid date or a broken rule", () => {
    expect(() => quote(IRAN_AIR, new Date("nonsense"))).toThrow(RangeError);
    expect(() => quote(IRAN_AIR, before(60), { departAt: new Date(Number.NaN) })).toThrow(RangeError);
    expect(() => quote({ ...IRAN_AIR, windows: [{ minutesBefore: 0, penaltyPercent: Number.NaN }] }, before(60))).toThrow(RangeError);
  });
});

describe("quoteBooking", () => {
  const now = before(3 * 24 * 60);
  const outbound = { rule: IRAN_AIR, paid: 2_450_000, departAt: DEPART };
  /** The return leg, 4 days later: Qeshm Air, a week away from `now`. */
  const inbound = { rule: QESHM_ARY, paid: 1_830_001, departAt: new Date(DEPART.getTime() + 4 * 24 * 60 * MINUTE) };

  it("quotes each leg in its own window and sums them", () => {
    const result = quoteBooking([outbound, inbound], before(20 * 60));
    expect(result).toEqual({
      ok: true,
      lines: [
        {
          index: 0,
          paid: 2_450_000,
          penaltyPercent: 60,
          penalty: 1_470_000,
          refundAmount: 980_000,
          window: { minutesBefore: 0, label: "last" },
        },
        {
          index: 1,
          paid: 1_830_001,
          penaltyPercent: 30,
          penalty: 549_000,
          refundAmount: 1_281_001,
          window: { minutesBefore: 4320, label: "before" },
        },
      ],
      paid: 4_280_001,
      penalty: 2_019_000,
      refundAmount: 2_261_001,
    });
  });

  it("refuses the whole booking when one item is non-refundable, naming it", () => {
    expect(quoteBooking([outbound, { ...inbound, rule: CHARTER }], now)).toEqual({ ok: false, error: "NON_REFUNDABLE", index: 1 });
    expect(quoteBooking([outbound, { ...inbound, paid: -1 }], now)).toEqual({ ok: false, error: "INVALID_AMOUNT", index: 1 });
  });

  it("applies booking flags to every item and lets an item override them", () => {
    const all = quoteBooking([outbound, { ...inbound, rule: CHARTER }], now, { cancelledByAirline: true });
    expect(all).toMatchObject({ ok: true, paid: 4_280_001, penalty: 0, refundAmount: 4_280_001 });

    // Only the outbound flight was cancelled by the airline; the return keeps its rule.
    const one = quoteBooking([{ ...outbound, cancelledByAirline: true }, inbound], now);
    expect(one).toMatchObject({ ok: true, penalty: 549_000, refundAmount: 2_450_000 + 1_281_001 });
    const overridden = quoteBooking([outbound, { ...inbound, delayedMinutes: 0 }], now, { delayedMinutes: 180 });
    expect(overridden.ok && overridden.lines.map((line) => line.penaltyPercent)).toEqual([0, 30]);
  });

  it("quotes no items as zero", () => {
    expect(quoteBooking([], now)).toEqual({ ok: true, lines: [], paid: 0, penalty: 0, refundAmount: 0 });
  });
});
