import { tehranPlusMinutes } from "../trains/test-train-offers.ts";
import type { BusOffer, BusType } from "./bus.ts";
import { testBus } from "./test-buses.ts";

/** Offers for tests of the bus results, named by what a filter or sort reads; the rest is testBus's. */
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
  const base = testBus();
  const departAt = `${spec.date ?? base.departAt.slice(0, 10)}T${spec.departs ?? base.departAt.slice(11, 16)}:00+03:30`;
  const durationMinutes = spec.durationMinutes ?? base.durationMinutes;
  const adult = spec.adult ?? base.price.adult;
  const company = spec.company ?? base.company.code;
  const terminal = spec.terminal ?? base.originTerminal.code;
  return testBus({
    offerId: spec.id,
    company: { code: company, name: company.toUpperCase() },
    busType: spec.busType ?? base.busType,
    originTerminal: { code: terminal, name: terminal.toUpperCase() },
    departAt,
    arriveAt: tehranPlusMinutes(departAt, durationMinutes),
    durationMinutes,
    seatsLeft: spec.seatsLeft ?? base.seatsLeft,
    price: { adult, child: adult, infant: 0, total: spec.total ?? adult },
  });
}
