import { describe, expect, it } from "vitest";
import { instantMillis, tehranMinuteOfDay } from "./clock.ts";

describe("instantMillis", () => {
  it("reads the same instant written with different offsets as equal", () => {
    const utc = instantMillis("2026-11-22T05:00:00Z");
    expect(utc).toBe(Date.UTC(2026, 10, 22, 5, 0, 0));
    expect(instantMillis("2026-11-22T08:30:00+03:30")).toBe(utc);
    expect(instantMillis("2026-11-22T01:00:00-04:00")).toBe(utc);
  });

  it("takes minutes only, seconds and fractions of a second", () => {
    expect(instantMillis("2026-11-22T08:30+03:30")).toBe(Date.UTC(2026, 10, 22, 5, 0, 0));
    expect(instantMillis("2026-11-22T05:00:07.25Z")).toBe(Date.UTC(2026, 10, 22, 5, 0, 7, 250));
    expect(instantMillis("2026-11-22T05:00:07.123456789Z")).toBe(Date.UTC(2026, 10, 22, 5, 0, 7, 123));
  });

  it("crosses a day and a year boundary through the offset", () => {
    expect(instantMillis("2027-01-01T02:00:00+03:30")).toBe(Date.UTC(2026, 11, 31, 22, 30));
  });

  it("refuses text without an offset, which Date.parse would read in the server's zone", () => {
    expect(instantMillis("2026-11-22T08:30:00")).toBeNull();
  });

  it.each([
    "",
    "2026-11-22",
    "2026-02-30T08:00:00Z",
    "2026-11-22T24:00:00Z",
    "2026-11-22T23:60:00Z",
    "2026-11-22T08:00:60Z",
    "2026-11-22T08:00:00+24:00",
    "2026-11-22 08:00:00Z",
    "۲۰۲۶-11-22T08:00:00Z",
    "x".repeat(10_000),
  ])("refuses %j", (text) => {
    expect(instantMillis(text)).toBeNull();
  });

  it("refuses what is not a string", () => {
    expect(instantMillis(undefined)).toBeNull();
    expect(instantMillis(1_700_000_000_000)).toBeNull();
  });
});

describe("tehranMinuteOfDay", () => {
  it("is the clock in Tehran, whatever the offset the time is written in", () => {
    expect(tehranMinuteOfDay("2026-11-22T08:30:00+03:30")).toBe(8 * 60 + 30);
    expect(tehranMinuteOfDay("2026-11-22T05:00:00Z")).toBe(8 * 60 + 30);
    expect(tehranMinuteOfDay("2026-11-22T09:30:00+04:30")).toBe(8 * 60 + 30);
  });

  it("wraps past midnight both ways", () => {
    // 21:00 UTC is 00:30 the next day in Tehran.
    expect(tehranMinuteOfDay("2026-11-22T21:00:00Z")).toBe(30);
    // 00:10 in Tehran written in UTC is 20:40 the evening before.
    expect(tehranMinuteOfDay("2026-11-21T20:40:00Z")).toBe(10);
    // Far west: 14:00 at UTC-10:00 is 00:00 UTC, 03:30 in Tehran.
    expect(tehranMinuteOfDay("2026-11-21T14:00:00-10:00")).toBe(3 * 60 + 30);
  });

  it("is null for an unreadable time", () => {
    expect(tehranMinuteOfDay("08:30")).toBeNull();
  });
});
