import { describe, expect, it } from "vitest";
import type { FlightSegment } from "./international-flight.ts";
import { legFares, offerIdOf, offerOf, parseOfferId, type InventorySegment, type SegmentFare } from "./offers.ts";

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function fare(id: number, fareClass: string, baseFare: number, seats: number, patch: Partial<SegmentFare> = {}): SegmentFare {
  return {
    id: uuid(id),
    fareClass,
    cabin: "economy",
    baseFare,
    taxes: 1_000_000,
    childPercent: 75,
    infantPercent: 10,
    connectionPercent: 80,
    roundTripPercent: 90,
    baggage: { kg: 20, cabinKg: 7 },
    refundable: true,
    seatsAvailable: seats,
    ...patch,
  };
}

function item(
  from: string,
  to: string,
  departAt: string,
  arriveAt: string,
  fares: SegmentFare[],
  airline = "FZ",
  soldAlone = true,
): InventorySegment {
  const segment: FlightSegment = {
    airline: { code: airline, name: airline },
    flightNumber: `${airline} 1`,
    from,
    to,
    departAt,
    arriveAt,
    durationMinutes: 0,
    aircraft: "B738",
  };
  return { segment, soldAlone, fares };
}

const mhdDxb = item("MHD", "DXB", "2026-11-22T10:40:00+03:30", "2026-11-22T13:10:00+04:00", [
  fare(1, "V", 6_000_000, 5),
  fare(2, "Y", 9_000_000, 9),
]);
const dxbIst = item("DXB", "IST", "2026-11-22T14:40:00+04:00", "2026-11-22T18:40:00+03:00", [fare(3, "V", 10_000_000, 3)]);

describe("legFares", () => {
  it("makes a connection in each class both segments sell, through-priced, with the fewest seats", () => {
    const [leg, ...rest] = legFares([mhdDxb, dxbIst]);
    expect(rest).toEqual([]);
    expect(leg!.fares.map((f) => f.id)).toEqual([uuid(1), uuid(3)]);
    // 80% of 16M is 12.8M: the through fare, dearer than the 10M segment alone and cheaper than both.
    expect(leg!.base).toBe(12_800_000);
    expect(leg!.taxes).toBe(2_000_000);
    expect(leg!.seats).toBe(3);
    expect(leg!.leg.layoverMinutes).toEqual([90]);
  });

  it("sells no leg of feeders alone, of two airlines, or of a connection too short", () => {
    expect(legFares([{ ...mhdDxb, soldAlone: false }])).toEqual([]);
    expect(legFares([mhdDxb, { ...dxbIst, segment: { ...dxbIst.segment, airline: { code: "EK", name: "EK" } } }])).toEqual([]);
    expect(legFares([mhdDxb, { ...dxbIst, segment: { ...dxbIst.segment, departAt: "2026-11-22T14:30:00+04:00" } }])).toEqual([]);
  });
});

describe("offerOf", () => {
  const istMhd = item("IST", "DXB", "2026-11-29T09:00:00+03:00", "2026-11-29T14:00:00+04:00", [fare(4, "V", 10_000_000, 7)]);
  const dxbMhd = item("DXB", "MHD", "2026-11-29T16:00:00+04:00", "2026-11-29T17:30:00+03:30", [fare(5, "V", 6_000_000, 8)]);

  it("prices a round trip as a whole, the way back on the same airline and class", () => {
    const out = legFares([mhdDxb, dxbIst])[0]!;
    const back = legFares([istMhd, dxbMhd])[0]!;
    const offer = offerOf([out, back], { adults: 2, children: 0, infants: 1 })!;
    // 90% of 12.8M + 12.8M, charges of all four departures on top.
    expect(offer.price.adult).toBe(23_040_000 + 4_000_000);
    expect(offer.price.infant).toBe(2_304_000);
    expect(offer.seatsLeft).toBe(3);
    expect(offer.stops).toBe(1);
    expect(parseOfferId(offer.offerId)).toEqual([
      [uuid(1), uuid(3)],
      [uuid(4), uuid(5)],
    ]);
    expect(offerIdOf([out, back])).toBe(offer.offerId);
  });

  it("refuses a way back in another class, or leaving before the way out has landed", () => {
    const out = legFares([mhdDxb])[1]!;
    expect(out.fares[0]!.fareClass).toBe("Y");
    expect(offerOf([out, legFares([istMhd, dxbMhd])[0]!], { adults: 1, children: 0, infants: 0 })).toBeNull();
    const early = item("DXB", "MHD", "2026-11-22T13:30:00+04:00", "2026-11-22T15:00:00+03:30", [fare(6, "V", 6_000_000, 8)]);
    expect(offerOf([legFares([mhdDxb])[0]!, legFares([early])[0]!], { adults: 1, children: 0, infants: 0 })).toBeNull();
  });

  it("reads only well-formed offer ids", () => {
    expect(parseOfferId("nonsense")).toBeNull();
    expect(parseOfferId(`${uuid(1)}.${uuid(2)}.${uuid(3)}`)).toBeNull();
    expect(parseOfferId(uuid(1).toUpperCase())).toEqual([[uuid(1)]]);
  });
});
