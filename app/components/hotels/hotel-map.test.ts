import { describe, expect, it } from "vitest";
import { mapPositions } from "./hotel-map.tsx";

const hotel = (hotelId: string, lat: number, lng: number) => ({ hotelId, name: hotelId, address: "", location: { lat, lng } });

describe("the hotels' map", () => {
  it("puts north up and east right, inside the drawing", () => {
    const [west, east, north] = mapPositions([hotel("west", 36.28, 59.55), hotel("east", 36.28, 59.65), hotel("north", 36.35, 59.6)]);
    expect(west!.x).toBeLessThan(east!.x);
    expect(north!.y).toBeLessThan(west!.y);
    expect(west!.y).toBe(east!.y);
    for (const point of [west!, east!, north!]) {
      expect(point.x).toBeGreaterThanOrEqual(0);
      expect(point.x).toBeLessThanOrEqual(400);
      expect(point.y).toBeGreaterThanOrEqual(0);
      expect(point.y).toBeLessThanOrEqual(260);
    }
  });

  it("keeps distances in proportion on both axes (a degree of longitude narrowed by the latitude)", () => {
    const [a, b, c] = mapPositions([hotel("a", 60, 10), hotel("b", 60, 12), hotel("c", 61, 10)]);
    // About 60° north a degree of longitude is half a degree of latitude: two of one span one of the other.
    expect(Math.abs(b!.x - a!.x) / Math.abs(c!.y - a!.y)).toBeCloseTo(1, 1);
  });

  it("centres a lone hotel and keeps hotels at one spot apart", () => {
    expect(mapPositions([hotel("one", 41, 29)])).toEqual([{ x: 200, y: 130 }]);
    const same = mapPositions([hotel("a", 36.3, 59.6), hotel("b", 36.3, 59.6), hotel("c", 36.3, 59.6)]);
    for (let i = 0; i < same.length; i += 1)
      for (let j = i + 1; j < same.length; j += 1)
        expect(Math.hypot(same[i]!.x - same[j]!.x, same[i]!.y - same[j]!.y)).toBeGreaterThanOrEqual(21.5);
    expect(mapPositions([])).toEqual([]);
  });
});
