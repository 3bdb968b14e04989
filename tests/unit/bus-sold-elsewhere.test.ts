import { describe, expect, it } from "vitest";
import type { BusSeat } from "#core/buses/bus.ts";
import { FIRST_ROW, seatRuleErrors } from "#core/buses/seat-rules.ts";
import { addDays } from "#core/search/dates.ts";
import { BUS_LAYOUTS } from "#seed/buses/layouts.ts";
import { BUS_TRIPS, busClockMinutes, type BusTripSeed } from "#seed/buses/schedules.ts";
import { seatsSoldElsewhere, type TerminalSale } from "#seed/buses/sold-elsewhere.ts";

/** One trip in three of the timetable: every layout and clock, fast enough to judge many days. */
const SAMPLE = BUS_TRIPS.filter((_, index) => index % 3 === 0);

/** A fixed Tuesday: the generator reads no clock, the days ahead are given. */
const DAY = "2031-05-06";
/** Thursday and Friday (getUTCDay 4 and 5). */
const WEEKEND = new Set([4, 5]);

function salesOf(trip: BusTripSeed, date: string, daysAhead: number): TerminalSale[] {
  return seatsSoldElsewhere({
    tripCode: trip.code,
    date,
    daysAhead,
    departsMinute: busClockMinutes(trip.departs),
    seats: BUS_LAYOUTS[trip.busType].seats,
  });
}

const soldCount = (sales: readonly TerminalSale[]) => sales.reduce((total, sale) => total + sale.seats.length, 0);
const average = (values: readonly number[]) => values.reduce((total, value) => total + value, 0) / values.length;

/** Every trip on a week from DAY, each made `daysAhead` days before it runs. */
function soldShares(daysAhead: number, keep: (trip: BusTripSeed, date: string) => boolean = () => true): number[] {
  const shares: number[] = [];
  for (let day = 0; day < 7; day += 1) {
    const date = addDays(DAY, day);
    for (const trip of SAMPLE)
      if (keep(trip, date)) shares.push(soldCount(salesOf(trip, date, daysAhead)) / BUS_LAYOUTS[trip.busType].seats.length);
  }
  return shares;
}

describe("seats sold elsewhere before a departure is made", () => {
  it("are the same for the same trip and date, and differ between departures", () => {
    const trip = BUS_TRIPS[0]!;
    expect(salesOf(trip, DAY, 5)).toEqual(salesOf(trip, DAY, 5));
    const days = Array.from({ length: 10 }, (_, day) => JSON.stringify(salesOf(trip, addDays(DAY, day), 5)));
    expect(new Set(days).size).toBeGreaterThan(5);
  });

  it("obey the seat rules: each sale judged against those before it, no woman in the first row, a seat sold once", () => {
    for (let day = 0; day < 3; day += 1)
      for (const trip of SAMPLE) {
        const seats: BusSeat[] = BUS_LAYOUTS[trip.busType].seats.map((seat) => ({ ...seat, status: "free" }));
        for (const sale of salesOf(trip, addDays(DAY, day), day)) {
          expect(sale.seats.length).toBeGreaterThanOrEqual(1);
          // A hold keeps at most nine travellers.
          expect(sale.seats.length).toBeLessThanOrEqual(9);
          expect(seatRuleErrors({ seats }, sale.seats)).toEqual({});
          for (const { number, gender } of sale.seats) {
            const seat = seats.find((candidate) => candidate.number === number)!;
            if (gender === "female") expect(seat.row).not.toBe(FIRST_ROW);
            Object.assign(seat, { status: "taken", gender });
          }
        }
      }
  });

  it("leave some buses entirely free and a few almost full, never full, most between 15% and 85% sold", () => {
    const shares = soldShares(10);
    const free = shares.filter((share) => share === 0).length / shares.length;
    expect(free).toBeGreaterThan(0.05);
    expect(free).toBeLessThan(0.2);
    // soldShares lists the trips day by day, in the order of SAMPLE.
    const counts = shares.map((share, index) => {
      const seatCount = BUS_LAYOUTS[SAMPLE[index % SAMPLE.length]!.busType].seats.length;
      return seatCount - Math.round(share * seatCount);
    });
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(1);
    const almostFull = counts.filter((left) => left <= 3).length / counts.length;
    expect(almostFull).toBeGreaterThan(0.03);
    expect(almostFull).toBeLessThan(0.15);
    const sold = shares.filter((share) => share > 0 && share < 0.9);
    expect(Math.min(...sold)).toBeGreaterThanOrEqual(0.1);
    expect(average(sold)).toBeGreaterThan(0.25);
    expect(average(sold)).toBeLessThan(0.5);
  });

  it("sell more of the buses close to their day, and of Thursday and Friday evening buses", () => {
    const madeLate = soldShares(30);
    expect(average(soldShares(0))).toBeGreaterThan(average(madeLate) + 0.08);
    const weekday = (date: string) => new Date(`${date}T12:00:00+03:30`).getUTCDay();
    const evening = (trip: BusTripSeed) => busClockMinutes(trip.departs) >= 16 * 60;
    const weekendEvenings = soldShares(30, (trip, date) => WEEKEND.has(weekday(date)) && evening(trip));
    const otherEvenings = soldShares(30, (trip, date) => !WEEKEND.has(weekday(date)) && evening(trip));
    expect(average(weekendEvenings)).toBeGreaterThan(average(otherEvenings) + 0.08);
  });

  it("sell some pairs one seat at a time, so the map has seats for one gender only", () => {
    let besideOneGender = 0;
    for (const trip of BUS_TRIPS.slice(0, 50)) {
      const drawing = BUS_LAYOUTS[trip.busType].seats;
      const sales = salesOf(trip, DAY, 10);
      const sold = new Set(sales.flatMap((sale) => sale.seats.map((seat) => seat.number)));
      for (const sale of sales) {
        if (sale.seats.length !== 1) continue;
        const seat = drawing.find((candidate) => candidate.number === sale.seats[0]!.number)!;
        const beside = drawing.filter((other) => other.row === seat.row && Math.abs(other.column - seat.column) === 1);
        if (beside.some((other) => !sold.has(other.number))) besideOneGender += 1;
      }
      expect(sales.every((sale) => sale.seats.length <= 4)).toBe(true);
    }
    expect(besideOneGender).toBeGreaterThan(10);
  });
});
