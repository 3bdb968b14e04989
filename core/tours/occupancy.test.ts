import { describe, expect, it } from "vitest";
import {
  isValidTourRoom,
  partyOfRooms,
  priceTourRooms,
  roomOfEachTraveller,
  roomPriceLines,
  roomRefusal,
  roomsHoldParty,
  seatsOfRooms,
  tourRoomPrice,
} from "./occupancy.ts";
import type { OccupancyPrices, TourRoom } from "./tour.ts";

const PRICES: OccupancyPrices = {
  single: 30_000_000,
  double: 21_000_000,
  triple: 19_000_000,
  childWithBed: 12_000_000,
  childNoBed: 8_000_000,
  infant: 2_000_000,
};

const room = (adults: number, childrenWithBed = 0, childrenNoBed = 0, infants = 0): TourRoom => ({
  adults,
  childrenWithBed,
  childrenNoBed,
  infants,
});

describe("tour room occupancy", () => {
  it("charges each adult the rate of the room's adult count", () => {
    expect(tourRoomPrice(room(1), PRICES)).toBe(30_000_000);
    expect(tourRoomPrice(room(2), PRICES)).toBe(42_000_000);
    expect(tourRoomPrice(room(3), PRICES)).toBe(57_000_000);
  });

  it("adds each child with a bed, child without a bed and infant at their own rate", () => {
    // Two adults at the double rate, a child on the extra bed, one sharing a bed, an infant in a cot.
    expect(tourRoomPrice(room(2, 1, 1, 1), PRICES)).toBe(2 * 21_000_000 + 12_000_000 + 8_000_000 + 2_000_000);
    // A lone adult with a child sharing the bed still pays the single rate.
    expect(tourRoomPrice(room(1, 0, 1), PRICES)).toBe(30_000_000 + 8_000_000);
  });

  it("lists what each kind of occupant pays, for a page to show the sum", () => {
    expect(roomPriceLines(PRICES, room(3, 0, 2))).toEqual([
      { occupancy: "triple", count: 3, each: 19_000_000 },
      { occupancy: "childNoBed", count: 2, each: 8_000_000 },
    ]);
  });

  it("prices each room of a booking in order", () => {
    expect(priceTourRooms([room(2), room(1, 0, 0, 1)], PRICES)).toEqual([
      { ...room(2), price: 42_000_000 },
      { ...room(1, 0, 0, 1), price: 32_000_000 },
    ]);
  });

  it.each([
    ["no adult", room(0, 1)],
    ["four adults", room(4)],
    ["two children on extra beds", room(2, 2)],
    ["three children sharing beds", room(2, 0, 3)],
    ["more infants than adults", room(1, 0, 0, 2)],
    ["a fraction of a traveller", room(1.5)],
    ["a negative child", room(2, 0, -1)],
  ])("refuses a room with %s", (_case, refused) => {
    expect(isValidTourRoom(refused)).toBe(false);
    expect(roomRefusal(refused)).toBe("TOUR_ROOM_INVALID");
    expect(() => tourRoomPrice(refused, PRICES)).toThrow(RangeError);
  });

  it("accepts the fullest room the package lets", () => {
    expect(isValidTourRoom(room(3, 1, 2, 3))).toBe(true);
    expect(roomRefusal(room(3, 1, 2, 3))).toBeNull();
  });

  it("counts the party and the seats the rooms make; infants take no seat", () => {
    const rooms = [room(2, 1, 0, 1), room(1, 0, 2)];
    expect(partyOfRooms(rooms)).toEqual({ adults: 3, children: 3, infants: 1 });
    expect(seatsOfRooms(rooms)).toBe(6);
    expect(roomsHoldParty(rooms, { adults: 3, children: 3, infants: 1 })).toBe(true);
    expect(roomsHoldParty(rooms, { adults: 3, children: 2, infants: 1 })).toBe(false);
    expect(roomsHoldParty(rooms, { adults: 4, children: 3, infants: 1 })).toBe(false);
  });

  it("places each traveller (adults, then children, then infants) in their room", () => {
    expect(roomOfEachTraveller([room(2, 1, 0, 1), room(1, 0, 2)])).toEqual(["1", "1", "2", "1", "2", "2", "1"]);
  });
});
