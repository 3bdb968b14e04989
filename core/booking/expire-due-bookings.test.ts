import { describe, expect, it } from "vitest";
import type { Booking, BookingItem } from "./booking.ts";
import type { BookingRepository } from "./ports.ts";
import { expireDueBookings } from "./place-booking.ts";

/** Held bookings in memory: `dueForExpiry` pages through those still held, as the database does. */
function heldBookings(count: number, options: { stuck?: Set<string> } = {}) {
  const status = new Map<string, string>();
  const bookings = Array.from({ length: count }, (_, index) => {
    const id = `b${index}`;
    status.set(id, "held");
    return { id, status: "held", items: [{ holdId: `${id}-hold` } as BookingItem] } as unknown as Booking;
  });
  const pagesAsked: number[] = [];
  const repository = {
    async dueForExpiry(_now: Date, limit: number) {
      const page = bookings.filter((booking) => status.get(booking.id) === "held").slice(0, limit);
      pagesAsked.push(page.length);
      return page.map((booking) => ({ ...booking, status: "held" }));
    },
    async applyChange(id: string) {
      if (options.stuck?.has(id)) return false;
      status.set(id, "expired");
      return true;
    },
  } as unknown as BookingRepository;
  return { repository, status, pagesAsked };
}

const clock = { now: () => new Date("2026-11-26T09:00:00Z") };

describe("the hold-expiry sweep", () => {
  it("expires every due booking in one run, a page at a time, and gives back each item once", async () => {
    const { repository, status, pagesAsked } = heldBookings(250);
    const released: string[] = [];
    const result = await expireDueBookings(
      { bookings: repository, clock, releaseHold: async (item) => void released.push(item.holdId) },
      100,
    );
    expect(result).toEqual({ expired: 250 });
    expect(pagesAsked).toEqual([100, 100, 50]);
    expect(new Set(released).size).toBe(250);
    expect([...status.values()].every((value) => value === "expired")).toBe(true);
  });

  it("stops at a page where nothing could move, and after its last round", async () => {
    const stuck = new Set(Array.from({ length: 100 }, (_, index) => `b${index}`));
    const blocked = heldBookings(150, { stuck });
    expect(await expireDueBookings({ bookings: blocked.repository, clock, releaseHold: async () => {} }, 100)).toEqual({ expired: 0 });
    expect(blocked.pagesAsked).toEqual([100]);

    const many = heldBookings(500);
    expect(await expireDueBookings({ bookings: many.repository, clock, releaseHold: async () => {} }, 100, 2)).toEqual({ expired: 200 });
    expect(many.pagesAsked).toEqual([100, 100]);
  });
});
