import type { BusLayout, BusType } from "#core/buses/bus.ts";

/** Where a seat is drawn: its printed number, row (1 behind the driver) and column (from 1). */
export interface BusSeatPosition {
  number: number;
  row: number;
  column: number;
}

/** A coach's drawing: the grid and every seat on it, numbered front to back, row by row. */
export interface BusLayoutSeed {
  type: BusType;
  layout: BusLayout;
  seats: BusSeatPosition[];
}

/**
 * Numbers seats row by row from the front, each row in column order, as Iranian tickets print
 * them. `rows` lists the seated columns of each row, row 1 first.
 */
function numberSeats(rows: readonly (readonly number[])[]): BusSeatPosition[] {
  const seats: BusSeatPosition[] = [];
  rows.forEach((columns, index) => {
    for (const column of columns) seats.push({ number: seats.length + 1, row: index + 1, column });
  });
  return seats;
}

function repeat<T>(count: number, item: T): T[] {
  return Array.from({ length: count }, () => item);
}

/** 2+1: the single seat in column 1 (the driver's side), the aisle in 2, the pair in 3–4. */
const VIP_ROW = [1, 3, 4] as const;
/** The row at the middle door (on the pair's side): only the single seat is there. */
const VIP_DOOR_ROW = [1] as const;
/** 2+2: a pair in 1–2, the aisle in 3, a pair in 4–5. */
const ORDINARY_ROW = [1, 2, 4, 5] as const;

function vip(type: BusType, rows: (readonly number[])[]): BusLayoutSeed {
  // The back row runs across the aisle: four seats side by side.
  const all = [...rows, [1, 2, 3, 4]];
  return { type, layout: { rows: all.length, columns: 4, aisleColumn: 2, driverSide: "left" }, seats: numberSeats(all) };
}

function ordinary(type: BusType, rowCount: number): BusLayoutSeed {
  const rows = repeat(rowCount, ORDINARY_ROW);
  return { type, layout: { rows: rowCount, columns: 5, aisleColumn: 3, driverSide: "left" }, seats: numberSeats(rows) };
}

/**
 * The four coaches the house cooperatives run: a VIP of 25 (7 rows of 2+1 and a back row of 4),
 * a VIP of 29 (8 rows of 2+1, a door row with the single seat only, a back row of 4), and
 * ordinary coaches of 10 and 11 rows of 2+2.
 */
export const BUS_LAYOUTS: Record<BusType, BusLayoutSeed> = {
  vip25: vip("vip25", repeat(7, VIP_ROW)),
  vip29: vip("vip29", [...repeat(4, VIP_ROW), VIP_DOOR_ROW, ...repeat(4, VIP_ROW)]),
  ordinary40: ordinary("ordinary40", 10),
  ordinary44: ordinary("ordinary44", 11),
};
