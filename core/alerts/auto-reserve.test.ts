import { describe, expect, it } from "vitest";
import type { SavedPassenger } from "../accounts/account.ts";
import { judgeAutoReserve, offerMatches, pickSaved, type AutoReserveFieldError } from "./auto-reserve.ts";
import type { WatchOffer } from "./watch.ts";

const offer = (offerId: string, time: string, total: number, seatsLeft = 5): WatchOffer => ({
  offerId,
  departAt: `2026-12-01T${time}:00+03:30`,
  seatsLeft,
  adultFare: total,
  total,
});
const party = { adults: 2, children: 0, infants: 0 };
const item = { offerId: null, timeFrom: null, timeTo: null, party, cap: 5_000_000, travelDate: "2026-12-01" };
const today = "2026-11-26";

describe("auto-reserve matching", () => {
  it("matches its one departure by offer id, or any departure in its time window (local time, ends included)", () => {
    expect(offerMatches({ ...item, offerId: "a" }, offer("a", "07:00", 1))).toBe(true);
    expect(offerMatches({ ...item, offerId: "a" }, offer("b", "07:00", 1))).toBe(false);
    const window = { ...item, timeFrom: "06:00", timeTo: "09:30" };
    expect(offerMatches(window, offer("x", "06:00", 1))).toBe(true);
    expect(offerMatches(window, offer("x", "09:30", 1))).toBe(true);
    expect(offerMatches(window, offer("x", "05:59", 1))).toBe(false);
    expect(offerMatches(window, offer("x", "09:31", 1))).toBe(false);
    expect(offerMatches({ ...item, timeFrom: "20:00" }, offer("x", "21:15", 1))).toBe(true);
  });

  it("buys the cheapest offer with seats for the party within the cap, the next ones after it", () => {
    const verdict = judgeAutoReserve(
      item,
      [offer("dear", "08:00", 4_000_000), offer("cheap", "10:00", 3_000_000), offer("full", "11:00", 1_000, 1)],
      today,
    );
    expect(verdict).toEqual({ kind: "buy", offers: [offer("cheap", "10:00", 3_000_000), offer("dear", "08:00", 4_000_000)] });
  });

  it("a total equal to the cap is bought; seats free only above the cap end the item", () => {
    expect(judgeAutoReserve({ ...item, cap: 3_000_000 }, [offer("a", "08:00", 3_000_000)], today).kind).toBe("buy");
    expect(judgeAutoReserve({ ...item, cap: 2_999_999 }, [offer("a", "08:00", 3_000_000)], today)).toEqual({
      kind: "end",
      reason: "cap-below-fares",
    });
  });

  it("waits while nothing it watches has seats for the party; ends once its date has passed", () => {
    expect(judgeAutoReserve(item, [offer("a", "08:00", 1_000, 1)], today)).toEqual({ kind: "wait" });
    expect(judgeAutoReserve({ ...item, offerId: "gone" }, [offer("a", "08:00", 1_000)], today)).toEqual({ kind: "wait" });
    expect(judgeAutoReserve(item, [offer("a", "08:00", 1_000)], "2026-12-02")).toEqual({ kind: "end", reason: "date-passed" });
    // The day itself is still bookable.
    expect(judgeAutoReserve(item, [offer("a", "08:00", 1_000)], "2026-12-01").kind).toBe("buy");
  });
});

const saved = (id: string, birthDate: string, updatedAt: string): SavedPassenger => ({
  id,
  iranian: true,
  nationality: "IR",
  firstName: "علی",
  lastName: "رضایی",
  gender: "male",
  birthDate,
  nationalCode: "0499370899",
  wheelchair: false,
  updatedAt: new Date(updatedAt),
});

describe("choosing travellers from the saved list", () => {
  const list = [
    saved("adult", "1990-01-01", "2026-01-01"),
    saved("infant", "2026-01-01", "2026-02-01"),
    saved("child", "2020-01-01", "2026-03-01"),
  ];

  it("takes the named entries, refuses unknown ids and a party without an adult", () => {
    const errors = {};
    expect(pickSaved(list, ["adult", "child"], "2026-12-01", errors)).toHaveLength(2);
    expect(errors).toEqual({});
    const unknown: Record<string, AutoReserveFieldError> = {};
    pickSaved(list, ["someone"], "2026-12-01", unknown);
    expect(unknown).toEqual({ passengerIds: "PASSENGER_UNKNOWN" });
    const childOnly: Record<string, AutoReserveFieldError> = {};
    pickSaved(list, ["child"], "2026-12-01", childOnly);
    expect(childOnly).toEqual({ passengerIds: "ADULT_REQUIRED" });
    const none: Record<string, AutoReserveFieldError> = {};
    pickSaved(list, [], "2026-12-01", none);
    expect(none).toEqual({ passengerIds: "PASSENGERS_REQUIRED" });
  });
});
