import { describe, expect, it } from "vitest";
import { nestedTooDeep, requestHashOf } from "#server/api/bookings/idempotency.ts";

/** A value `levels` deep: arrays or objects around a string, the shape alternating when asked. */
function nested(levels: number, shape: "array" | "object" | "mixed"): unknown {
  let value: unknown = "x";
  for (let level = 0; level < levels; level += 1) {
    const asArray = shape === "array" || (shape === "mixed" && level % 2 === 0);
    value = asArray ? [1, value] : { a: 1, b: value };
  }
  return value;
}

describe("a booking body too deep to hash", () => {
  it("is found without hashing exactly where hashing refuses it", () => {
    for (const shape of ["array", "object", "mixed"] as const) {
      for (const levels of [0, 1, 31, 32, 33, 34, 60]) {
        const body = { passengers: [], extra: nested(levels, shape) };
        expect(nestedTooDeep(body), `${shape} ${levels}`).toBe(requestHashOf(body) === null);
      }
    }
    expect(nestedTooDeep({ passengers: [], extra: nested(31, "mixed") })).toBe(false);
    expect(nestedTooDeep({ passengers: [], extra: nested(40, "mixed") })).toBe(true);
  });
});
