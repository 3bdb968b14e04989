import { tehranPlusMinutes } from "../trains/test-train-offers.ts";
import type { BusOffer, BusType } from "./bus.ts";

/** Offers for unit tests of the bus results: only what a test names differs from a plain Tehran–Isfahan VIP seat. */
export interface BusOfferSpec {
  id: string;
  company?: string;
  busType?: BusType;
  terminal?: string;
  /** Tehran clock of the departure, "HH:MM", on `date`. */
  departs?: string;
  date?: string;
  durationMinutes?: number;
  seatsLeft?: number;
  adult?: number;
  total?: number;
}

export function testBusOffer(spec: BusOfferSpec): BusOffer {
  const date = spec.date ?? "2026-11-22";
  const departAt = `${date}T${spec.departs ?? "22:00"}:00+03:30`;
  const durationMinutes = spec.durationMinutes ?? 390;
  const adult = spec.adult ?? 650_000;
  const company = spec.company ?? "seir-o-safar";
  const terminal = spec.terminal ?? "tehran-south";
  return {
    offerId: spec.id,
    company: { code: company, name: company.toUpperCase() },
    busType: spec.busType ?? "vip25",
    from: "tehran",
    to: "isfahan",
    originTerminal: { code: terminal, name: terminal.toUpperCase() },
    destinationTerminal: { code: "isfahan-kaveh", name: "ISFAHAN-KAVEH" },
    departAt,
    arriveAt: tehranPlusMinutes(departAt, durationMinutes),
    durationMinutes,
    seatsLeft: spec.seatsLeft ?? 12,
    price: { adult, child: adult, infant: 0, total: spec.total ?? adult },
    refundable: true,
  };
}
