import type { BusSeat } from "#core/buses/bus.ts";
import { FIRST_ROW, seatRuleErrors } from "#core/buses/seat-rules.ts";
import type { Gender } from "#core/passengers/passenger-rules.ts";
import { hash, prng } from "#seed/seeded-random.ts";
import type { BusSeatPosition } from "./layouts.ts";

/** One sale made at a terminal or by another agency: seats bought together, each with its traveller's gender. */
export interface TerminalSale {
  seats: { number: number; gender: Gender }[];
}

/** What decides how a departure was sold before we saw it. */
export interface SoldElsewhereInput {
  tripCode: string;
  /** The departure's Tehran date. */
  date: string;
  /** Days from the day the departure is made (today in Tehran) to its date: 0 for today's buses. */
  daysAhead: number;
  /** Departure clock in Tehran, minutes after midnight. */
  departsMinute: number;
  /** The coach's drawing. */
  seats: readonly BusSeatPosition[];
}

/** About one departure in ten is still entirely free; about one in twelve has one to three seats left. */
const FREE_SHARE = 0.1;
const ALMOST_FULL_SHARE = 0.08;
/** An ordinary departure had 15% to 55% of its seats sold, more close to the day and on weekend evenings. */
const BASE_SOLD = { min: 0.15, spread: 0.4 };
const MAX_SOLD = 0.85;
/** Thursday and Friday (getUTCDay), from 16:00: the buses Iranians take for the weekend. */
const WEEKEND_EVENING = { weekdays: [4, 5], fromMinute: 16 * 60, extra: 0.15 };
/** A pair sold one seat at a time: single travellers leave "men only" and "women only" seats beside them. */
const SINGLE_SEAT_SHARE = 0.3;

/** Weekday of a Tehran date, Sunday 0. */
function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00+03:30`).getUTCDay();
}

/** The share sold by the day the departure is made: the closer the day, the more. */
function closenessExtra(daysAhead: number): number {
  if (daysAhead <= 1) return 0.15;
  if (daysAhead <= 3) return 0.08;
  return daysAhead <= 7 ? 0.04 : 0;
}

/**
 * Runs of seats side by side (same row, next column): a pair, a single seat, or the back row. No
 * seat outside a run is beside a seat in it, so one sale per run never puts strangers together.
 */
function sideBySideRuns(seats: readonly BusSeatPosition[]): BusSeatPosition[][] {
  const ordered = [...seats].sort((a, b) => a.row - b.row || a.column - b.column);
  const runs: BusSeatPosition[][] = [];
  for (const seat of ordered) {
    const last = runs.at(-1)?.at(-1);
    if (last && last.row === seat.row && seat.column - last.column === 1) runs.at(-1)!.push(seat);
    else runs.push([seat]);
  }
  return runs;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Genders of one sale: men together, women together, or a family of both; nobody female in the first row. */
function gendersOf(run: readonly BusSeatPosition[], random: () => number): Gender[] {
  const kind = random();
  const single = run.length === 1;
  return run.map((seat) => {
    const female = single ? kind < 0.45 : kind < 0.4 ? false : kind < 0.65 ? true : random() < 0.5;
    return female && seat.row !== FIRST_ROW ? "female" : "male";
  });
}

/**
 * The seats of a departure already sold at terminals and by other agencies when we first see it,
 * as the sales that bought them. Deterministic: the trip code and date seed the choice (the day it
 * is made only moves how many), so the same departure comes out the same on every engine. Each sale
 * is judged with the seat rules of core/buses/seat-rules.ts against the seats sold before it, as a
 * booking of ours would be: no woman in the first row, strangers of different genders never side by side.
 */
export function seatsSoldElsewhere(input: SoldElsewhereInput): TerminalSale[] {
  const random = prng(hash(`bus-sold|${input.tripCode}|${input.date}`));
  const seatCount = input.seats.length;
  // Every draw is made whatever the day, so only the share depends on when the departure is made.
  const [kind, base, left] = [random(), random(), random()];
  const evening =
    WEEKEND_EVENING.weekdays.includes(weekdayOf(input.date)) && input.departsMinute >= WEEKEND_EVENING.fromMinute
      ? WEEKEND_EVENING.extra
      : 0;
  const almostFull = kind >= FREE_SHARE && kind < FREE_SHARE + ALMOST_FULL_SHARE;
  const share = Math.min(MAX_SOLD, BASE_SOLD.min + base * BASE_SOLD.spread + closenessExtra(input.daysAhead) + evening);
  const target = kind < FREE_SHARE ? 0 : almostFull ? seatCount - 1 - Math.floor(left * 3) : Math.round(share * seatCount);

  const map: { seats: BusSeat[] } = { seats: input.seats.map((seat) => ({ ...seat, status: "free" })) };
  const byNumber = new Map(map.seats.map((seat) => [seat.number, seat]));
  const sales: TerminalSale[] = [];
  let sold = 0;
  for (const whole of shuffle(sideBySideRuns(input.seats), random)) {
    if (sold >= target) break;
    // An almost full bus is sold run by run, so its last free seats are whole runs anyone may take.
    const single = !almostFull && whole.length > 1 && random() < SINGLE_SEAT_SHARE;
    const size = Math.min(target - sold, single ? 1 : whole.length);
    const start = Math.floor(random() * (whole.length - size + 1));
    const run = whole.slice(start, start + size);
    const genders = gendersOf(run, random);
    const sale = run.map((seat, index) => ({ number: seat.number, gender: genders[index]! }));
    if (Object.keys(seatRuleErrors(map, sale)).length > 0) continue;
    for (const seat of sale) Object.assign(byNumber.get(seat.number)!, { status: "taken", gender: seat.gender });
    sales.push({ seats: sale });
    sold += sale.length;
  }
  return sales;
}
