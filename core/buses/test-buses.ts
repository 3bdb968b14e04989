import type { BusOffer } from "./bus.ts";

/**
 * Bus offers for unit and API tests: Seir-o-Safar's VIP 25-seat coach leaving Tehran's south
 * terminal for Isfahan's Kaveh terminal at 08:00, 7 hours, 850,000 tomans a seat.
 */
export function testBus(overrides: Partial<BusOffer> = {}): BusOffer {
  return {
    offerId: "bus-seir-o-safar-0800",
    company: { code: "seir-o-safar", name: "Seir-o-Safar" },
    busType: "vip25",
    from: "tehran",
    to: "isfahan",
    originTerminal: { code: "tehran-south", name: "Tehran South Terminal" },
    destinationTerminal: { code: "isfahan-kaveh", name: "Isfahan Kaveh Terminal" },
    departAt: "2026-11-22T08:00:00+03:30",
    arriveAt: "2026-11-22T15:00:00+03:30",
    durationMinutes: 420,
    seatsLeft: 20,
    price: { adult: 850_000, child: 850_000, infant: 0, total: 850_000 },
    refundable: true,
    ...overrides,
  };
}
