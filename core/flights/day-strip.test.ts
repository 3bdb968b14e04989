import { describe, expect, it } from "vitest";
import { addDays } from "../search/dates.ts";
import { cheapestByDay, dayStrip } from "./day-strip.ts";

const TODAY = "2026-11-22";
const HORIZON = addDays(TODAY, 365);
const NONE = new Map<string, number>();

const dates = (strip: { date: string }[]) => strip.map((day) => day.date);
const selected = (strip: { date: string; selected: boolean }[]) => strip.filter((day) => day.selected).map((day) => day.date);

describe("cheapestByDay", () => {
  it("keeps the cheapest adult price of each day, days in order", () => {
    const cheapest = cheapestByDay([
      { date: "2026-11-24", adultPrice: 2_000_000 },
      { date: "2026-11-23", adultPrice: 2_500_000 },
      { date: "2026-11-24", adultPrice: 1_700_000 },
      { date: "2026-11-23", adultPrice: 2_900_000 },
      { date: "2026-11-24", adultPrice: 1_900_000 },
    ]);
    expect([...cheapest]).toEqual([
      ["2026-11-23", 2_500_000],
      ["2026-11-24", 1_700_000],
    ]);
  });

  it("skips entries with an invalid date or price", () => {
    const cheapest = cheapestByDay([
      { date: "2026-02-30", adultPrice: 1 },
      { date: "2026-11-23T00:00", adultPrice: 1 },
      { date: "2026-11-23", adultPrice: Number.NaN },
      { date: "2026-11-23", adultPrice: -5 },
      { date: "2026-11-23", adultPrice: 10.5 },
      { date: "2026-11-23", adultPrice: 3_000_000 },
    ]);
    expect([...cheapest]).toEqual([["2026-11-23", 3_000_000]]);
  });

  it("counts a price of zero as the cheapest, not as missing", () => {
    expect(
      cheapestByDay([
        { date: TODAY, adultPrice: 5 },
        { date: TODAY, adultPrice: 0 },
      ]).get(TODAY),
    ).toBe(0);
  });
});

describe("dayStrip", () => {
  it("centres seven days on the chosen date in the middle of the range", () => {
    const strip = dayStrip("2026-12-10", TODAY, NONE);
    expect(dates(strip)).toEqual(["2026-12-07", "2026-12-08", "2026-12-09", "2026-12-10", "2026-12-11", "2026-12-12", "2026-12-13"]);
    expect(selected(strip)).toEqual(["2026-12-10"]);
  });

  it("fills each day with its cheapest price, null where none is known", () => {
    const cheapest = cheapestByDay([
      { date: "2026-12-09", adultPrice: 1_900_000 },
      { date: "2026-12-12", adultPrice: 2_300_000 },
      { date: "2027-01-01", adultPrice: 1 },
    ]);
    expect(dayStrip("2026-12-10", TODAY, cheapest).map((day) => day.cheapest)).toEqual([
      null,
      null,
      1_900_000,
      null,
      null,
      2_300_000,
      null,
    ]);
  });

  it("starts at today when today is chosen, keeping seven days", () => {
    const strip = dayStrip(TODAY, TODAY, NONE);
    expect(dates(strip)).toEqual([TODAY, "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"]);
    expect(strip[0]).toEqual({ date: TODAY, cheapest: null, selected: true });
  });

  it("slides forward when the chosen date is near today", () => {
    const strip = dayStrip("2026-11-24", TODAY, NONE);
    expect(strip[0]!.date).toBe(TODAY);
    expect(strip).toHaveLength(7);
    expect(strip.findIndex((day) => day.selected)).toBe(2);
  });

  it("is centred again once the chosen date is radius days after today", () => {
    expect(dayStrip("2026-11-25", TODAY, NONE)[0]!.date).toBe(TODAY);
    expect(dayStrip("2026-11-26", TODAY, NONE)[0]!.date).toBe("2026-11-23");
  });

  it("slides back at the booking horizon, never offering a day that cannot be sold", () => {
    const strip = dayStrip(HORIZON, TODAY, NONE);
    expect(strip).toHaveLength(7);
    expect(strip.at(-1)).toEqual({ date: HORIZON, cheapest: null, selected: true });
    expect(strip[0]!.date).toBe(addDays(HORIZON, -6));
    const nearEnd = dayStrip(addDays(HORIZON, -1), TODAY, NONE);
    expect(nearEnd.at(-1)!.date).toBe(HORIZON);
    expect(nearEnd.findIndex((day) => day.selected)).toBe(5);
  });

  it("is centred radius days before the horizon", () => {
    const strip = dayStrip(addDays(HORIZON, -3), TODAY, NONE);
    expect(strip.at(-1)!.date).toBe(HORIZON);
    expect(strip.findIndex((day) => day.selected)).toBe(3);
  });

  it("selects nothing when the chosen date is outside what is sold", () => {
    const past = dayStrip("2026-11-01", TODAY, NONE);
    expect(past[0]!.date).toBe(TODAY);
    expect(selected(past)).toEqual([]);
    const far = dayStrip(addDays(HORIZON, 30), TODAY, NONE);
    expect(far.at(-1)!.date).toBe(HORIZON);
    expect(selected(far)).toEqual([]);
  });

  it("takes other radii", () => {
    expect(dates(dayStrip("2026-12-10", TODAY, NONE, 1))).toEqual(["2026-12-09", "2026-12-10", "2026-12-11"]);
    expect(dates(dayStrip("2026-12-10", TODAY, NONE, 0))).toEqual(["2026-12-10"]);
    expect(dayStrip(TODAY, TODAY, NONE, 5)).toHaveLength(11);
  });

  it("crosses month and year ends", () => {
    expect(dates(dayStrip("2026-12-31", TODAY, NONE, 1))).toEqual(["2026-12-30", "2026-12-31", "2027-01-01"]);
  });

  it("refuses dates that are not ISO and a bad radius", () => {
    expect(() => dayStrip("1405/09/01", TODAY, NONE)).toThrow(RangeError);
    expect(() => dayStrip(TODAY, "today", NONE)).toThrow(RangeError);
    expect(() => dayStrip(TODAY, TODAY, NONE, -1)).toThrow(RangeError);
    expect(() => dayStrip(TODAY, TODAY, NONE, 1.5)).toThrow(RangeError);
  });
});
