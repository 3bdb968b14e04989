import type { TrainOffer, TrainTicketType, WagonKind } from "./train.ts";

/** Offers for unit tests of train rules: only what a test names differs from a plain Tehran–Mashhad 4-bed fare. */
export interface TrainOfferSpec {
  id: string;
  operator?: string;
  /** Tehran clock of the departure, "HH:MM", on `date`. */
  departs?: string;
  date?: string;
  durationMinutes?: number;
  kind?: WagonKind;
  beds?: number;
  ticketType?: TrainTicketType;
  coupe?: boolean;
  seatsLeft?: number;
  adult?: number;
  total?: number;
  cars?: boolean;
  foreignersAllowed?: boolean;
}

const BEDS: Record<WagonKind, number> = { salon: 1, compartment4: 4, compartment6: 6, vip4: 4 };

/** Adds minutes to a Tehran time ("2026-11-22T22:00:00+03:30") and writes it back on Tehran's clock. */
export function tehranPlusMinutes(instant: string, minutes: number): string {
  const shifted = new Date(Date.parse(instant) + (minutes + 210) * 60_000).toISOString();
  return `${shifted.slice(0, 19)}+03:30`;
}

export function testTrainOffer(spec: TrainOfferSpec): TrainOffer {
  const date = spec.date ?? "2026-11-22";
  const departAt = `${date}T${spec.departs ?? "21:00"}:00+03:30`;
  const durationMinutes = spec.durationMinutes ?? 720;
  const kind = spec.kind ?? "compartment4";
  const adult = spec.adult ?? 1_200_000;
  const operator = spec.operator ?? "raja";
  return {
    offerId: spec.id,
    operator: { code: operator, name: operator.toUpperCase() },
    trainNumber: "352",
    trainName: "Noor",
    from: "tehran",
    to: "mashhad",
    departAt,
    arriveAt: tehranPlusMinutes(departAt, durationMinutes),
    durationMinutes,
    wagon: { kind, bedsPerCompartment: spec.beds ?? BEDS[kind] },
    ticketType: spec.ticketType ?? "general",
    coupe: spec.coupe ?? false,
    seatsLeft: spec.seatsLeft ?? 40,
    foreignersAllowed: spec.foreignersAllowed ?? true,
    carTransport: spec.cars ? { sedan: 4_500_000, suv: 5_500_000, motorcycle: 2_000_000 } : null,
    extras: [],
    price: { adult, child: adult, infant: Math.round(adult / 10), total: spec.total ?? adult },
    refundable: true,
  };
}
