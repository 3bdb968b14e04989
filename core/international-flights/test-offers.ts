import type { FlightSegment, InternationalFlightOffer } from "./international-flight.ts";

/** Offers for the unit tests of filters and sorts: only what a test names differs from a plain direct IKA–IST economy fare. */
export interface OfferSpec {
  id: string;
  airline?: string;
  /** The way out: [departAt, arriveAt] of each segment, local times with offsets. */
  out?: [string, string][];
  back?: [string, string][];
  adult?: number;
  total?: number;
  kg?: number;
  pieces?: number;
  cabin?: "economy" | "business";
}

function segments(times: [string, string][], airline: string): FlightSegment[] {
  return times.map(([departAt, arriveAt], index) => ({
    airline: { code: airline, name: airline },
    flightNumber: `${airline} ${100 + index}`,
    from: index === 0 ? "IKA" : "DXB",
    to: index === times.length - 1 ? "IST" : "DXB",
    departAt,
    arriveAt,
    durationMinutes: Math.round((Date.parse(arriveAt) - Date.parse(departAt)) / 60_000),
    aircraft: "A320",
  }));
}

function leg(times: [string, string][], airline: string) {
  const flown = segments(times, airline);
  const layoverMinutes = flown
    .slice(1)
    .map((segment, index) => Math.round((Date.parse(segment.departAt) - Date.parse(flown[index]!.arriveAt)) / 60_000));
  const durationMinutes = Math.round((Date.parse(flown[flown.length - 1]!.arriveAt) - Date.parse(flown[0]!.departAt)) / 60_000);
  return { segments: flown, layoverMinutes, durationMinutes };
}

export function testOffer(spec: OfferSpec): InternationalFlightOffer {
  const airline = spec.airline ?? "TK";
  const out = spec.out ?? [["2026-11-22T08:00:00+03:30", "2026-11-22T10:30:00+03:00"]];
  const legs = [leg(out, airline), ...(spec.back ? [leg(spec.back, airline)] : [])];
  const adult = spec.adult ?? 20_000_000;
  return {
    offerId: spec.id,
    validatingAirline: { code: airline, name: airline },
    legs,
    stops: Math.max(...legs.map((item) => item.segments.length - 1)),
    cabin: spec.cabin ?? "economy",
    fareClass: "Y",
    baggage: {
      ...(spec.kg !== undefined ? { kg: spec.kg } : {}),
      ...(spec.pieces !== undefined ? { pieces: spec.pieces } : {}),
      cabinKg: 7,
    },
    seatsLeft: 9,
    refundable: true,
    price: { adult, child: adult, infant: 0, total: spec.total ?? adult },
    taxesPerSeat: 0,
  };
}
