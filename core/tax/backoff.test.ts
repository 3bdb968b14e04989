import { describe, expect, it } from "vitest";
import { backoffMinutes, nextAttemptAfter, nextInquiryAt } from "./backoff.ts";

describe("the filing backoff", () => {
  it("waits 1, 2, 5, 15 and 30 minutes, then an hour each time", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(backoffMinutes)).toEqual([1, 2, 5, 15, 30, 60, 60, 60]);
  });

  it("dates the next attempt from now", () => {
    const now = new Date("2026-11-26T08:00:00Z");
    expect(nextAttemptAfter(3, now).toISOString()).toBe("2026-11-26T08:05:00.000Z");
    expect(nextAttemptAfter(0, now).toISOString()).toBe("2026-11-26T08:01:00.000Z");
  });

  it("asks about a pending verdict after half the time waited, from a minute to an hour", () => {
    const submitted = new Date("2026-11-26T08:00:00Z");
    const after = (minutes: number) => {
      const now = new Date(submitted.getTime() + minutes * 60_000);
      return (nextInquiryAt(submitted, now).getTime() - now.getTime()) / 60_000;
    };
    expect([1, 10, 30, 90, 600].map(after)).toEqual([1, 5, 15, 45, 60]);
  });
});
