import { describe, expect, it } from "vitest";
import type { Gender } from "../passengers/passenger-rules.ts";
import type { BusSeat } from "./bus.ts";
import { chooseSeats, gendersAllowed, neighboursOf, seatRuleErrors } from "./seat-rules.ts";

/**
 * A 2+1 coach of three rows: column 1 the single seat, column 2 the aisle, columns 3–4 the pair.
 *   row 1:  1 |  2  3
 *   row 2:  4 |  5  6
 *   row 3:  7 |  8  9
 */
function coach(taken: Record<number, Gender> = {}): { seats: BusSeat[] } {
  const seats: BusSeat[] = [];
  let number = 1;
  for (let row = 1; row <= 3; row += 1)
    for (const column of [1, 3, 4]) {
      const gender = taken[number];
      seats.push(gender ? { number, row, column, status: "taken", gender } : { number, row, column, status: "free" });
      number += 1;
    }
  return { seats };
}

const seat = (map: { seats: BusSeat[] }, number: number) => map.seats.find((candidate) => candidate.number === number)!;

describe("bus seat rules", () => {
  it("treats only the next column of the same row as beside, never across the aisle", () => {
    const map = coach();
    expect(neighboursOf(map, seat(map, 5)).map((next) => next.number)).toEqual([6]);
    expect(neighboursOf(map, seat(map, 6)).map((next) => next.number)).toEqual([5]);
    // Seat 4 sits alone across the aisle from 5.
    expect(neighboursOf(map, seat(map, 4))).toEqual([]);
  });

  it("refuses a woman in the first row and lets a man sit there", () => {
    const map = coach();
    for (const number of [1, 2, 3]) {
      expect(seatRuleErrors(map, [{ number, gender: "female" }])).toEqual({ 0: "SEAT_FIRST_ROW_WOMEN" });
      expect(seatRuleErrors(map, [{ number, gender: "male" }])).toEqual({});
    }
    expect(seatRuleErrors(map, [{ number: 4, gender: "female" }])).toEqual({});
  });

  it("sells the seat beside a woman of another booking only to a woman, and beside a man only to a man", () => {
    const besideWoman = coach({ 6: "female" });
    expect(seatRuleErrors(besideWoman, [{ number: 5, gender: "male" }])).toEqual({ 0: "SEAT_NEIGHBOUR_GENDER" });
    expect(seatRuleErrors(besideWoman, [{ number: 5, gender: "female" }])).toEqual({});
    const besideMan = coach({ 9: "male" });
    expect(seatRuleErrors(besideMan, [{ number: 8, gender: "female" }])).toEqual({ 0: "SEAT_NEIGHBOUR_GENDER" });
    expect(seatRuleErrors(besideMan, [{ number: 8, gender: "male" }])).toEqual({});
  });

  it("lets travellers of one booking sit side by side whatever their genders", () => {
    expect(
      seatRuleErrors(coach(), [
        { number: 5, gender: "male" },
        { number: 6, gender: "female" },
      ]),
    ).toEqual({});
  });

  it("does not count a woman across the aisle as beside", () => {
    expect(seatRuleErrors(coach({ 4: "female" }), [{ number: 5, gender: "male" }])).toEqual({});
  });

  it("refuses a taken seat, a seat the bus does not have and a seat chosen twice, each on its own choice", () => {
    const map = coach({ 7: "male" });
    expect(
      seatRuleErrors(map, [
        { number: 7, gender: "male" },
        { number: 40, gender: "male" },
        { number: 8, gender: "male" },
        { number: 8, gender: "male" },
      ]),
    ).toEqual({ 0: "SEAT_TAKEN", 1: "SEAT_INVALID", 3: "SEAT_DUPLICATE" });
  });

  it("judges a choice without a known gender only on the seat itself", () => {
    const map = coach({ 6: "female" });
    expect(seatRuleErrors(map, [{ number: 1, gender: null }])).toEqual({});
    expect(seatRuleErrors(map, [{ number: 5, gender: null }])).toEqual({});
    expect(seatRuleErrors(map, [{ number: 6, gender: null }])).toEqual({ 0: "SEAT_TAKEN" });
  });

  it("marks which genders may still take each free seat", () => {
    const map = coach({ 6: "female", 9: "male" });
    expect(gendersAllowed(map, seat(map, 2))).toEqual(["male"]);
    expect(gendersAllowed(map, seat(map, 5))).toEqual(["female"]);
    expect(gendersAllowed(map, seat(map, 8))).toEqual(["male"]);
    expect(gendersAllowed(map, seat(map, 4))).toEqual(["male", "female"]);
    // A first-row seat beside a woman: a man may not sit beside her and a woman may not sit in row 1.
    const blocked = coach({ 3: "female" });
    expect(gendersAllowed(blocked, seat(blocked, 2))).toEqual([]);
  });

  it("chooses seats for travellers who did not: a woman behind the first row, no one beside another booking's other gender", () => {
    const couple = [
      { passenger: 0, gender: "male" as const },
      { passenger: 1, gender: "female" as const },
    ];
    // The man takes seat 1 (row 1); the woman cannot sit in row 1, so she takes 4.
    expect(chooseSeats(coach(), couple)).toEqual([
      { number: 1, passenger: 0, gender: "male" },
      { number: 4, passenger: 1, gender: "female" },
    ]);
    // Seat 5 is beside another booking's woman (6): a man skips it, a woman takes it.
    const full = coach({ 1: "male", 2: "male", 3: "male", 4: "male", 6: "female" });
    expect(chooseSeats(full, [{ passenger: 0, gender: "male" }])).toEqual([{ number: 7, passenger: 0, gender: "male" }]);
    expect(chooseSeats(full, [{ passenger: 0, gender: "female" }])).toEqual([{ number: 5, passenger: 0, gender: "female" }]);
    // Every seat a woman may take is gone: nothing is chosen for anyone.
    expect(chooseSeats(coach({ 4: "male", 5: "male", 6: "male", 7: "male", 8: "male", 9: "male" }), couple)).toBeNull();
  });
});
