import { describe, expect, it } from "vitest";
import { createLoadShedder, retryAfterSeconds, type Admission } from "#server/load-shedding.ts";

function admitted(admission: Admission): () => void {
  if (!admission.admitted) throw new Error(`refused: ${admission.reason}`);
  return admission.release;
}

describe("the load shedder", () => {
  it("admits up to the cap, refuses the next, and admits again once a slot is given back", () => {
    const shedder = createLoadShedder({ maxInFlight: 2, maxEventLoopDelayMs: 0, eventLoopDelayMs: () => 0 });
    const first = admitted(shedder.admit());
    admitted(shedder.admit());
    expect(shedder.admit()).toEqual({ admitted: false, reason: "in-flight" });
    expect(shedder.inFlight()).toBe(2);
    first();
    expect(shedder.inFlight()).toBe(1);
    admitted(shedder.admit());
    expect(shedder.admit()).toEqual({ admitted: false, reason: "in-flight" });
  });

  it("gives a slot back once when a request both finishes and closes", () => {
    const shedder = createLoadShedder({ maxInFlight: 2, maxEventLoopDelayMs: 0, eventLoopDelayMs: () => 0 });
    const release = admitted(shedder.admit());
    admitted(shedder.admit());
    release();
    release();
    expect(shedder.inFlight()).toBe(1);
    admitted(shedder.admit());
    expect(shedder.admit().admitted).toBe(false);
  });

  it("has no cap when the cap is 0", () => {
    const shedder = createLoadShedder({ maxInFlight: 0, maxEventLoopDelayMs: 0, eventLoopDelayMs: () => 10_000 });
    for (let index = 0; index < 1_000; index += 1) admitted(shedder.admit());
    expect(shedder.inFlight()).toBe(1_000);
  });

  it("refuses while the event loop's delay is above its limit, and admits again when it falls", () => {
    let delayMs = 400;
    const shedder = createLoadShedder({ maxInFlight: 10, maxEventLoopDelayMs: 250, eventLoopDelayMs: () => delayMs });
    expect(shedder.admit()).toEqual({ admitted: false, reason: "event-loop-delay" });
    // A refused request holds no slot.
    expect(shedder.inFlight()).toBe(0);
    delayMs = 250;
    admitted(shedder.admit());
    expect(shedder.inFlight()).toBe(1);
  });

  it("reports the cap before the delay when both are exceeded", () => {
    const shedder = createLoadShedder({ maxInFlight: 1, maxEventLoopDelayMs: 100, eventLoopDelayMs: () => 0 });
    admitted(shedder.admit());
    expect(shedder.admit()).toEqual({ admitted: false, reason: "in-flight" });
  });
});

describe("Retry-After", () => {
  it("is a whole number of seconds from 1 to 3, spread so a burst's clients do not return together", () => {
    expect(retryAfterSeconds(() => 0)).toBe(1);
    expect(retryAfterSeconds(() => 0.5)).toBe(2);
    expect(retryAfterSeconds(() => 0.9999)).toBe(3);
    const seen = new Set(Array.from({ length: 300 }, () => retryAfterSeconds()));
    expect([...seen].sort()).toEqual([1, 2, 3]);
  });
});
