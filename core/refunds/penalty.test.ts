import { describe, expect, it } from "vitest";
import type { RefundRule } from "../flights/flight.ts";
import { quoteBooking, refundQuote, refundTimeline, type RefundQuoteInput } from "./penalty.ts";

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

const iso = (date: Date) => date.toISOString();

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
      window: { minutesBefore: 1440, label: "before", endsAt: iso(before(1440)) },
    });
    expect(percentAt(IRAN_AIR, before(1440))).toBe(30);
    expect(percentAt(IRAN_AIR, before(1439))).toBe(60);
    expect(percentAt(IRAN_AIR, before(1439, 59_999))).toBe(60);
    expect(quote(IRAN_AIR, before(1439))).toMatchObject({
      penalty: 1_200_000,
      refundAmount: 800_000,
      window: { minutesBefore: 0, label: "last", endsAt: iso(DEPART) },
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
      window: { minutesBefore: null, label: "after-departure", endsAt: null },
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
    expect(QESHM_ARY.windows.map((window) => ("minutesBefore" in window ? window.minutesBefore : null))).toEqual([4320, 1440, 120, 0]);
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
      window: { minutesBefore: null, label: "airline-cancelled", endsAt: null },
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
      window: { minutesBefore: 0, label: "last", endsAt: iso(DEPART) },
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

/** Raja (iran-travel-facts.md): free within 1 h of issue, 10% until 12:00 the day before, 30% until 3 h before, 50% until departure, nothing after. */
const RAJA: RefundRule = {
  id: "RAJA-ALL",
  airlineCode: "RAJA",
  fareClasses: [],
  charter: false,
  refundable: true,
  windows: [
    { noonDaysBefore: 1, penaltyPercent: 10 },
    { minutesBefore: 3 * 60, penaltyPercent: 30 },
    { minutesBefore: 0, penaltyPercent: 50 },
  ],
  afterDeparturePercent: 100,
  freeMinutesAfterIssue: 60,
};

describe("refundQuote with Raja's windows", () => {
  /** Tehran wall-clock time as an instant (+03:30 all year). */
  const tehran = (local: string) => new Date(`${local}+03:30`);
  const ms = (date: Date, delta: number) => new Date(date.getTime() + delta);
  /** Wednesday 5 Azar 1405, 02:00: the day before's noon is 14 h earlier. */
  const NIGHT_TRAIN = tehran("2026-11-26T02:00:00");
  /** The same day at 23:00: noon the day before is 35 h earlier. */
  const LATE_TRAIN = tehran("2026-11-26T23:00:00");
  const ISSUED = tehran("2026-11-20T10:00:00");

  function raja(departAt: Date, now: Date, extra: Partial<RefundQuoteInput> = {}) {
    return refundQuote({ rule: RAJA, paid: 1_000_000, departAt, now, issuedAt: ISSUED, ...extra });
  }
  const at = (departAt: Date, now: Date, extra: Partial<RefundQuoteInput> = {}) => {
    const result = raja(departAt, now, extra);
    return result.ok ? [result.penaltyPercent, result.window.label, result.window.endsAt] : result.error;
  };

  it("is free within the hour after issue, to the millisecond, and says until when", () => {
    expect(raja(NIGHT_TRAIN, ISSUED)).toEqual({
      ok: true,
      penaltyPercent: 0,
      penalty: 0,
      refundAmount: 1_000_000,
      window: { minutesBefore: null, label: "free-after-issue", endsAt: "2026-11-20T07:30:00.000Z" },
    });
    const freeUntil = tehran("2026-11-20T11:00:00");
    expect(at(NIGHT_TRAIN, freeUntil)).toEqual([0, "free-after-issue", freeUntil.toISOString()]);
    expect(at(NIGHT_TRAIN, ms(freeUntil, 1))).toEqual([10, "before", tehran("2026-11-25T12:00:00").toISOString()]);
  });

  it("charges 10% until 12:00 Tehran time the day before a 02:00 departure (14 h before), 30% until 3 h before, 50% until departure, everything after", () => {
    const noon = tehran("2026-11-25T12:00:00");
    const threeHours = tehran("2026-11-25T23:00:00");
    expect(NIGHT_TRAIN.getTime() - noon.getTime()).toBe(14 * 60 * MINUTE);
    expect(at(NIGHT_TRAIN, noon)).toEqual([10, "before", noon.toISOString()]);
    expect(at(NIGHT_TRAIN, ms(noon, 1))).toEqual([30, "before", threeHours.toISOString()]);
    expect(raja(NIGHT_TRAIN, ms(noon, 1))).toMatchObject({ penalty: 300_000, refundAmount: 700_000, window: { minutesBefore: 180 } });
    expect(at(NIGHT_TRAIN, threeHours)).toEqual([30, "before", threeHours.toISOString()]);
    expect(at(NIGHT_TRAIN, ms(threeHours, 1))).toEqual([50, "last", NIGHT_TRAIN.toISOString()]);
    expect(at(NIGHT_TRAIN, NIGHT_TRAIN)).toEqual([50, "last", NIGHT_TRAIN.toISOString()]);
    expect(raja(NIGHT_TRAIN, ms(NIGHT_TRAIN, 1))).toEqual({
      ok: true,
      penaltyPercent: 100,
      penalty: 1_000_000,
      refundAmount: 0,
      window: { minutesBefore: null, label: "after-departure", endsAt: null },
    });
  });

  it("takes the noon of the day before in Tehran for a 23:00 departure (35 h before) and one just after midnight", () => {
    const noon = tehran("2026-11-25T12:00:00");
    expect(LATE_TRAIN.getTime() - noon.getTime()).toBe(35 * 60 * MINUTE);
    expect(at(LATE_TRAIN, noon)).toEqual([10, "before", noon.toISOString()]);
    expect(at(LATE_TRAIN, ms(noon, 1))).toEqual([30, "before", tehran("2026-11-26T20:00:00").toISOString()]);
    expect(at(LATE_TRAIN, tehran("2026-11-26T20:00:00.001"))).toEqual([50, "last", LATE_TRAIN.toISOString()]);
    // 00:30 in Tehran is still the day before in UTC: the day counts in Tehran, so the noon is 12.5 h earlier.
    const afterMidnight = tehran("2026-11-26T00:30:00");
    expect(afterMidnight.toISOString().slice(0, 10)).toBe("2026-11-25");
    expect(at(afterMidnight, tehran("2026-11-25T11:59:59.999"))).toEqual([10, "before", noon.toISOString()]);
    expect(at(afterMidnight, ms(noon, 1))).toEqual([30, "before", tehran("2026-11-25T21:30:00").toISOString()]);
  });

  it("never frees a ticket after departure, and ends the free hour at departure when it comes first", () => {
    const issuedLate = ms(NIGHT_TRAIN, -30 * MINUTE);
    expect(at(NIGHT_TRAIN, ms(NIGHT_TRAIN, -1), { issuedAt: issuedLate })).toEqual([0, "free-after-issue", NIGHT_TRAIN.toISOString()]);
    expect(at(NIGHT_TRAIN, ms(NIGHT_TRAIN, 1), { issuedAt: issuedLate })).toEqual([100, "after-departure", null]);
    // Issued 2 h before: free for its hour, then the last window, not the 30% one it fell inside.
    const issued2h = ms(NIGHT_TRAIN, -120 * MINUTE);
    expect(at(NIGHT_TRAIN, ms(NIGHT_TRAIN, -61 * MINUTE), { issuedAt: issued2h })).toEqual([
      0,
      "free-after-issue",
      ms(NIGHT_TRAIN, -60 * MINUTE).toISOString(),
    ]);
    expect(at(NIGHT_TRAIN, ms(NIGHT_TRAIN, -60 * MINUTE + 1), { issuedAt: issued2h })).toEqual([50, "last", NIGHT_TRAIN.toISOString()]);
  });

  it("lets the free hour run over the noon: after it, the next window is the 30% one", () => {
    const issued = tehran("2026-11-25T11:30:00");
    expect(at(NIGHT_TRAIN, tehran("2026-11-25T12:15:00"), { issuedAt: issued })).toEqual([
      0,
      "free-after-issue",
      tehran("2026-11-25T12:30:00").toISOString(),
    ]);
    expect(at(NIGHT_TRAIN, tehran("2026-11-25T12:30:00.001"), { issuedAt: issued })).toEqual([
      30,
      "before",
      tehran("2026-11-25T23:00:00").toISOString(),
    ]);
  });

  it("gives no free hour when the issue time is not known, nor for a rule without one", () => {
    expect(at(NIGHT_TRAIN, ISSUED, { issuedAt: null })).toEqual([10, "before", tehran("2026-11-25T12:00:00").toISOString()]);
    expect(at(NIGHT_TRAIN, ISSUED, { rule: { ...RAJA, freeMinutesAfterIssue: undefined } })).toEqual([
      10,
      "before",
      tehran("2026-11-25T12:00:00").toISOString(),
    ]);
    // Flights have no free hour: an issue time changes nothing for them.
    expect(quote(IRAN_AIR, before(10), { issuedAt: before(20) })).toMatchObject({ penaltyPercent: 60, window: { label: "last" } });
  });

  it("keeps the noon where it is when the train is late, and moves the windows counted from departure", () => {
    const late = { delayedMinutes: 60 };
    const noon = tehran("2026-11-25T12:00:00");
    expect(at(NIGHT_TRAIN, noon, late)).toEqual([10, "before", noon.toISOString()]);
    expect(at(NIGHT_TRAIN, ms(noon, 1), late)).toEqual([30, "before", tehran("2026-11-26T00:00:00").toISOString()]);
    expect(at(NIGHT_TRAIN, tehran("2026-11-25T23:30:00"), late)).toEqual([30, "before", tehran("2026-11-26T00:00:00").toISOString()]);
    // Half an hour after the timetable, the late train has not left: the last window, until it leaves.
    expect(at(NIGHT_TRAIN, tehran("2026-11-26T02:30:00"), late)).toEqual([50, "last", tehran("2026-11-26T03:00:00").toISOString()]);
    // More than 2 h late, or cancelled by the railway: everything back, even after departure.
    expect(at(NIGHT_TRAIN, tehran("2026-11-26T05:00:00"), { delayedMinutes: 121 })).toEqual([0, "airline-cancelled", null]);
    expect(at(NIGHT_TRAIN, ms(noon, 1), { cancelledByAirline: true })).toEqual([0, "airline-cancelled", null]);
  });

  it("lays out the whole timeline from issue to after departure", () => {
    expect(refundTimeline({ rule: RAJA, departAt: NIGHT_TRAIN, issuedAt: ISSUED })).toEqual([
      { penaltyPercent: 0, label: "free-after-issue", minutesBefore: null, endsAt: tehran("2026-11-20T11:00:00").toISOString() },
      { penaltyPercent: 10, label: "before", minutesBefore: null, endsAt: tehran("2026-11-25T12:00:00").toISOString() },
      { penaltyPercent: 30, label: "before", minutesBefore: 180, endsAt: tehran("2026-11-25T23:00:00").toISOString() },
      { penaltyPercent: 50, label: "last", minutesBefore: 0, endsAt: NIGHT_TRAIN.toISOString() },
      { penaltyPercent: 100, label: "after-departure", minutesBefore: null, endsAt: null },
    ]);
    // Issued after the noon: the 10% window never applied to this ticket and is not in its timeline.
    expect(
      refundTimeline({ rule: RAJA, departAt: NIGHT_TRAIN, issuedAt: tehran("2026-11-25T15:00:00") }).map((stage) => stage.penaltyPercent),
    ).toEqual([0, 30, 50, 100]);
    // Without an issue time: the rule's windows alone, in the order they end, however they are listed.
    expect(
      refundTimeline({ rule: { ...RAJA, windows: [...RAJA.windows].reverse() }, departAt: NIGHT_TRAIN }).map((stage) => [
        stage.penaltyPercent,
        stage.label,
      ]),
    ).toEqual([
      [10, "before"],
      [30, "before"],
      [50, "last"],
      [100, "after-departure"],
    ]);
  });

  it("throws on a rule whose days or free minutes are broken", () => {
    for (const noonDaysBefore of [1.5, -1, Number.NaN]) {
      expect(() => raja(NIGHT_TRAIN, ISSUED, { rule: { ...RAJA, windows: [{ noonDaysBefore, penaltyPercent: 10 }] } })).toThrow(RangeError);
    }
    expect(() => raja(NIGHT_TRAIN, ISSUED, { rule: { ...RAJA, freeMinutesAfterIssue: Number.NaN } })).toThrow(RangeError);
    expect(() => raja(NIGHT_TRAIN, ISSUED, { issuedAt: new Date(Number.NaN) })).toThrow(RangeError);
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
          window: { minutesBefore: 0, label: "last", endsAt: iso(DEPART) },
        },
        {
          index: 1,
          paid: 1_830_001,
          penaltyPercent: 30,
          penalty: 549_000,
          refundAmount: 1_281_001,
          window: { minutesBefore: 4320, label: "before", endsAt: iso(new Date(inbound.departAt.getTime() - 4320 * MINUTE)) },
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

// A copy of the bus rule (seed/buses): free within an hour of issue while more than 2 h remain,
// 10% until 2 h before departure, then 50% refunded in person at the terminal only.
const BUS: RefundRule = {
  id: "bus",
  airlineCode: "seir-o-safar",
  fareClasses: [],
  charter: false,
  refundable: true,
  windows: [{ minutesBefore: 120, penaltyPercent: 10 }],
  afterDeparturePercent: 100,
  freeMinutesAfterIssue: 60,
  inPersonFromMinutesBefore: 120,
  inPersonPenaltyPercent: 50,
};

describe("refundQuote with the bus rule (online until 2 h before, then in person)", () => {
  const departAt = new Date("2026-11-22T08:00:00+03:30");
  const issuedAt = new Date("2026-11-21T20:00:00+03:30");
  const bus = (now: string, extra: Partial<RefundQuoteInput> = {}) =>
    refundQuote({ rule: BUS, paid: 1_700_000, departAt, issuedAt, now: new Date(now), ...extra });
  const IN_PERSON_WINDOW = { label: "in-person", minutesBefore: 120, endsAt: "2026-11-22T04:30:00.000Z" };

  it("is free within the hour after issue, its end included", () => {
    expect(bus("2026-11-21T20:30:00+03:30")).toMatchObject({ ok: true, penaltyPercent: 0, penalty: 0, refundAmount: 1_700_000 });
    expect(bus("2026-11-21T21:00:00+03:30")).toMatchObject({ ok: true, penaltyPercent: 0, window: { label: "free-after-issue" } });
  });

  it("keeps 10% from then until exactly 2 h before departure", () => {
    expect(bus("2026-11-21T21:00:00.001+03:30")).toEqual({
      ok: true,
      penaltyPercent: 10,
      penalty: 170_000,
      refundAmount: 1_530_000,
      window: { label: "before", minutesBefore: 120, endsAt: "2026-11-22T02:30:00.000Z" },
    });
    expect(bus("2026-11-22T06:00:00+03:30")).toMatchObject({ ok: true, penaltyPercent: 10 });
  });

  it("refuses online refund from 2 h before departure, naming the 50% kept at the terminal", () => {
    expect(bus("2026-11-22T06:00:00.001+03:30")).toEqual({
      ok: false,
      error: "IN_PERSON_ONLY",
      penaltyPercent: 50,
      window: IN_PERSON_WINDOW,
    });
    expect(bus("2026-11-22T08:00:00+03:30")).toMatchObject({ ok: false, error: "IN_PERSON_ONLY" });
  });

  it("ends the free hour where in-person refund begins: bought 90 minutes before, the free hour is no use", () => {
    const late = new Date("2026-11-22T06:30:00+03:30");
    expect(bus("2026-11-22T06:40:00+03:30", { issuedAt: late })).toMatchObject({ ok: false, error: "IN_PERSON_ONLY" });
    const early = new Date("2026-11-22T05:30:00+03:30");
    expect(bus("2026-11-22T05:50:00+03:30", { issuedAt: early })).toMatchObject({ ok: true, penaltyPercent: 0 });
    expect(bus("2026-11-22T06:10:00+03:30", { issuedAt: early })).toMatchObject({ ok: false, error: "IN_PERSON_ONLY" });
  });

  it("refunds nothing after departure, and everything when the company cancels or is more than 2 h late", () => {
    expect(bus("2026-11-22T08:00:00.001+03:30")).toMatchObject({
      ok: true,
      penaltyPercent: 100,
      refundAmount: 0,
      window: { label: "after-departure" },
    });
    expect(bus("2026-11-22T07:00:00+03:30", { cancelledByAirline: true })).toMatchObject({ ok: true, penalty: 0 });
    expect(bus("2026-11-22T07:00:00+03:30", { delayedMinutes: 121 })).toMatchObject({ ok: true, penalty: 0 });
    // A shorter delay moves the in-person stage with the departure.
    expect(bus("2026-11-22T06:20:00+03:30", { delayedMinutes: 30 })).toMatchObject({ ok: true, penaltyPercent: 10 });
  });

  it("draws the timeline with the in-person stage between the last online window and departure", () => {
    expect(refundTimeline({ rule: BUS, departAt, issuedAt })).toEqual([
      { label: "free-after-issue", minutesBefore: null, endsAt: "2026-11-21T17:30:00.000Z", penaltyPercent: 0 },
      { label: "before", minutesBefore: 120, endsAt: "2026-11-22T02:30:00.000Z", penaltyPercent: 10 },
      { ...IN_PERSON_WINDOW, penaltyPercent: 50 },
      { label: "after-departure", minutesBefore: null, endsAt: null, penaltyPercent: 100 },
    ]);
  });

  it("refuses a whole booking online when one item is refunded only in person, naming it", () => {
    const now = new Date("2026-11-22T07:00:00+03:30");
    expect(
      quoteBooking(
        [
          { rule: IRAN_AIR, paid: 100, departAt: new Date("2026-11-25T08:00:00+03:30") },
          { rule: BUS, paid: 100, departAt },
        ],
        now,
      ),
    ).toEqual({
      ok: false,
      error: "IN_PERSON_ONLY",
      penaltyPercent: 50,
      window: IN_PERSON_WINDOW,
      index: 1,
    });
  });
});
