import { describe, expect, it } from "vitest";
import { MAXIMUM_CONNECTION_MINUTES, layoverProblem, legOf, minimumConnection } from "./connections.ts";
import type { FlightSegment } from "./international-flight.ts";

function segment(from: string, to: string, departAt: string, arriveAt: string): FlightSegment {
  return {
    airline: { code: "FZ", name: "flydubai" },
    flightNumber: "FZ 1",
    from,
    to,
    departAt,
    arriveAt,
    durationMinutes: Math.round((Date.parse(arriveAt) - Date.parse(departAt)) / 60_000),
    aircraft: "B738",
  };
}

// MHD 08:00 (+03:30) → DXB 09:30 (+04:00): 1 h 00 in the air.
const feeder = segment("MHD", "DXB", "2026-11-22T08:00:00+03:30", "2026-11-22T09:30:00+04:00");
const onward = (departAt: string) => segment("DXB", "IST", departAt, "2026-11-22T23:59:00+03:00");

describe("layover rules", () => {
  it("applies each airport's minimum connection time and one maximum", () => {
    expect(minimumConnection("DXB")).toBe(90);
    expect(minimumConnection("IKA")).toBe(120);
    expect(minimumConnection("XXX")).toBe(60);
    expect(layoverProblem("DXB", 89)).toBe("TOO_SHORT");
    expect(layoverProblem("DXB", 90)).toBeNull();
    expect(layoverProblem("DOH", 60)).toBeNull();
    expect(layoverProblem("DXB", MAXIMUM_CONNECTION_MINUTES)).toBeNull();
    expect(layoverProblem("DXB", MAXIMUM_CONNECTION_MINUTES + 1)).toBe("TOO_LONG");
  });
});

describe("legOf", () => {
  it("makes a direct leg of one segment", () => {
    expect(legOf([feeder])).toEqual({ segments: [feeder], layoverMinutes: [], durationMinutes: 60 });
  });

  it("makes a one-stop leg, counting the layover across time zones", () => {
    const next = onward("2026-11-22T11:00:00+04:00");
    expect(legOf([feeder, next])).toMatchObject({ layoverMinutes: [90] });
    // 08:00+03:30 is 04:30Z; 23:59+03:00 is 20:59Z.
    expect(legOf([feeder, next])?.durationMinutes).toBe(16 * 60 + 29);
  });

  it("refuses a connection too short or too long, or that does not connect", () => {
    expect(legOf([feeder, onward("2026-11-22T10:59:00+04:00")])).toBeNull();
    expect(legOf([feeder, onward("2026-11-22T17:31:00+04:00")])).toBeNull();
    expect(legOf([feeder, segment("DOH", "IST", "2026-11-22T12:00:00+03:00", "2026-11-22T16:00:00+03:00")])).toBeNull();
    expect(legOf([feeder, segment("DXB", "MHD", "2026-11-22T12:00:00+04:00", "2026-11-22T14:00:00+03:30")])).toBeNull();
    expect(legOf([segment("MHD", "DXB", "2026-11-22T08:00:00+03:30", "2026-11-22T07:00:00+04:00")])).toBeNull();
    expect(legOf([])).toBeNull();
  });
});
