import { describe, expect, it } from "vitest";
import type { Booking, BookingChange, BookingItem, BookingTicket } from "../booking/booking.ts";
import type { BookingRepository } from "../booking/ports.ts";
import type { ServiceId } from "../services/service-ids.ts";
import type { BookingSupplier, SupplierHold, SupplierTicket } from "../suppliers/ports.ts";
import { createSupplierRegistry } from "../suppliers/registry.ts";
import type { LedgerRepository } from "../wallet/ports.ts";
import type { PaymentDeps } from "./deps.ts";
import { releaseExpiredItem } from "./expire-holds.ts";
import { completePaidBooking, issueItem } from "./issue-tickets.ts";
import type { Payment, PaymentState } from "./payment.ts";
import type { PaymentGateway, PaymentRepository } from "./ports.ts";
import { extendItemHolds } from "./start-payment.ts";

const NOW = new Date("2026-03-10T08:00:00Z");
const clock = { now: () => NOW };

/** A supplier that records what it was asked, by method, and issues one ticket per traveller per leg. */
function fakeSupplier(service: ServiceId, name: string, options: { legs?: number; issueFails?: boolean } = {}) {
  const calls: { method: string; holdId?: string }[] = [];
  const supplier: BookingSupplier = {
    service,
    name,
    revalidate: async () => ({ ok: false, error: "NOT_FOUND" }),
    refundTerms: async () => null,
    hold: async (offerId, seats, until) => {
      calls.push({ method: "hold" });
      return { ok: true, hold: { holdId: `${name}-new`, offerId, seats, expiresAt: until.toISOString() } };
    },
    extend: async (hold, until) => {
      calls.push({ method: "extend", holdId: hold.holdId });
      return { ok: true, hold: { ...hold, expiresAt: until.toISOString() } };
    },
    issue: async (hold: SupplierHold, travellers?: number) => {
      calls.push({ method: "issue", holdId: hold.holdId });
      if (options.issueFails) return { ok: false, error: "ISSUE_FAILED" };
      const tickets: SupplierTicket[] = [];
      // The bookings here have no passengers: one ticket per seat, as a supplier does when not told.
      const count = travellers || hold.seats;
      for (let leg = 0; leg < (options.legs ?? 1); leg += 1)
        for (let passengerPosition = 0; passengerPosition < count; passengerPosition += 1)
          tickets.push({
            holdId: hold.holdId,
            pnr: `${name}PNR`,
            ticketNumber: `${name}-${leg}-${passengerPosition}`,
            passengerPosition,
            leg,
          });
      return { ok: true, tickets };
    },
    cancel: async (target) => {
      calls.push({ method: "cancel", holdId: Array.isArray(target) ? target[0]?.holdId : target.holdId });
      return { ok: true };
    },
  };
  return { supplier, calls };
}

function item(position: number, service: ServiceId, supplier: string): BookingItem {
  return {
    position,
    service,
    supplier,
    offerId: `offer-${position}`,
    holdId: `hold-${position}`,
    seats: 2,
    offer: {},
    base: 100_000,
    taxes: 0,
  };
}

function booking(items: BookingItem[], status: Booking["status"] = "paid"): Booking {
  return {
    id: "booking-1",
    tenantId: "tenant-1",
    service: items[0]?.service ?? "flight",
    reference: "ABCD2345",
    hashId: "h".repeat(22),
    status,
    holdExpiresAt: new Date(NOW.getTime() + 60_000),
    party: { adults: 2, children: 0, infants: 0 },
    price: { base: 200_000, taxes: 0, discount: 0, total: 200_000 },
    discountCode: null,
    contact: { mobile: "09121234567", email: null },
    company: null,
    locale: "fa",
    items,
    passengers: [],
    createdAt: NOW,
    userId: null,
  };
}

describe("the supplier registry", () => {
  it("finds a supplier by the service and name an item stored, and one supplier may serve two services", () => {
    const house = fakeSupplier("flight", "house").supplier;
    const airline = fakeSupplier("flight", "airline").supplier;
    const registry = createSupplierRegistry([
      { service: "flight", supplier: house },
      { service: "flightRtrip", supplier: house },
      { service: "flight", supplier: airline },
    ]);
    expect(registry.find("flight", "house")).toBe(house);
    expect(registry.find("flightRtrip", "house")).toBe(house);
    expect(registry.find("flight", "airline")).toBe(airline);
    expect(registry.find("flightRtrip", "airline")).toBeNull();
    expect(registry.find("train", "house")).toBeNull();
  });

  it("refuses two different suppliers under one (service, name)", () => {
    expect(() =>
      createSupplierRegistry([
        { service: "flight", supplier: fakeSupplier("flight", "house").supplier },
        { service: "flight", supplier: fakeSupplier("flight", "house").supplier },
      ]),
    ).toThrow(/flight/);
  });
});

describe("each step goes back to the supplier that made the hold", () => {
  const setup = () => {
    const house = fakeSupplier("flight", "house");
    const airline = fakeSupplier("flight", "airline", { legs: 2 });
    const suppliers = createSupplierRegistry([
      { service: "flight", supplier: house.supplier },
      { service: "flight", supplier: airline.supplier },
    ]);
    return { house, airline, suppliers };
  };

  it("extends each item's hold at its own supplier", async () => {
    const { house, airline, suppliers } = setup();
    const until = new Date(NOW.getTime() + 30 * 60_000);
    expect(await extendItemHolds(booking([item(0, "flight", "house"), item(1, "flight", "airline")]), until, { suppliers })).toBe(true);
    expect(house.calls).toEqual([{ method: "extend", holdId: "hold-0" }]);
    expect(airline.calls).toEqual([{ method: "extend", holdId: "hold-1" }]);
  });

  it("issues an item at its own supplier, with the supplier's passengers and legs", async () => {
    const { house, airline, suppliers } = setup();
    const bookings = { replaceHold: async () => undefined } as unknown as BookingRepository;
    const issued = await issueItem(booking([item(0, "flight", "airline")]), item(0, "flight", "airline"), { suppliers, bookings, clock });
    expect(house.calls).toEqual([]);
    expect(airline.calls).toEqual([{ method: "issue", holdId: "hold-0" }]);
    expect(issued.ok && issued.tickets.map((ticket) => [ticket.passengerPosition, ticket.leg])).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ]);
  });

  it("takes a lost hold again from the same supplier, never another", async () => {
    const failing = fakeSupplier("flight", "airline", { issueFails: true });
    const house = fakeSupplier("flight", "house");
    const suppliers = createSupplierRegistry([
      { service: "flight", supplier: house.supplier },
      { service: "flight", supplier: failing.supplier },
    ]);
    const replaced: string[] = [];
    const bookings = { replaceHold: async (_id: string, _position: number, holdId: string) => void replaced.push(holdId) };
    const issued = await issueItem(booking([item(0, "flight", "airline")]), item(0, "flight", "airline"), {
      suppliers,
      bookings: bookings as unknown as BookingRepository,
      clock,
    });
    expect(issued).toEqual({ ok: false, error: "ISSUE_FAILED" });
    expect(failing.calls.map((call) => call.method)).toEqual(["issue", "hold", "issue"]);
    expect(replaced).toEqual(["airline-new"]);
    expect(house.calls).toEqual([]);
  });

  it("releases an expired item's hold at its own supplier", async () => {
    const { house, airline, suppliers } = setup();
    expect(await releaseExpiredItem(item(3, "flight", "house"), { suppliers, clock })).toBe("released");
    expect(house.calls).toEqual([{ method: "cancel", holdId: "hold-3" }]);
    expect(airline.calls).toEqual([]);
  });

  it("answers an unknown supplier with a value at every step, calling no other supplier", async () => {
    const { house, airline, suppliers } = setup();
    const unknown = item(0, "flight", "gone-airline");
    const bookings = { replaceHold: async () => undefined } as unknown as BookingRepository;
    expect(await extendItemHolds(booking([unknown]), NOW, { suppliers })).toBe(false);
    expect(await issueItem(booking([unknown]), unknown, { suppliers, bookings, clock })).toEqual({ ok: false, error: "SUPPLIER_UNKNOWN" });
    expect(await releaseExpiredItem(unknown, { suppliers, clock })).toBe("SUPPLIER_UNKNOWN");
    // Same name, other service: the pair is the key, not the name alone.
    expect(await releaseExpiredItem(item(0, "train", "house"), { suppliers, clock })).toBe("SUPPLIER_UNKNOWN");
    expect([...house.calls, ...airline.calls]).toEqual([]);
  });
});

/** Just enough of the repositories and a gateway for completePaidBooking: what it records is kept for the assertions. */
function paidBookingDeps(stored: Booking, suppliers: PaymentDeps["suppliers"]) {
  const recorded: { tickets: BookingTicket[]; changes: BookingChange[]; moves: PaymentState[]; reversed: number } = {
    tickets: [],
    changes: [],
    moves: [],
    reversed: 0,
  };
  let current = stored;
  const payer: Payment = {
    id: "payment-1",
    tenantId: stored.tenantId,
    purpose: "booking",
    bookingId: stored.id,
    userId: null,
    hashId: "p".repeat(22),
    gateway: "sandbox",
    token: "token-1",
    amount: stored.price.total,
    walletAmount: 0,
    status: "verified",
    referenceId: "ref",
    maskedPan: null,
    verifyBy: NOW,
    failure: null,
    createdAt: NOW,
    updatedAt: NOW,
  };
  const bookings: Partial<BookingRepository> = {
    findById: async () => current,
    applyChange: async (_id, change) => {
      recorded.changes.push(change);
      current = { ...current, status: change.to };
      return true;
    },
    recordTickets: async (_id, tickets, change) => {
      recorded.tickets = tickets;
      recorded.changes.push(change);
      current = { ...current, status: change.to };
      return true;
    },
    replaceHold: async () => undefined,
  };
  const payments: Partial<PaymentRepository> = {
    payerOf: async () => payer,
    move: async (_id, _from, to) => {
      recorded.moves.push(to);
      return true;
    },
  };
  const gateway = {
    name: "sandbox",
    reverse: async () => {
      recorded.reversed += 1;
      return { ok: true };
    },
  } as unknown as PaymentGateway;
  const deps: PaymentDeps = {
    bookings: bookings as BookingRepository,
    payments: payments as PaymentRepository,
    suppliers,
    clock,
    ledger: {} as LedgerRepository,
    gateway: (name) => (name === "sandbox" ? gateway : null),
  };
  return { deps, recorded };
}

describe("a paid booking's tickets", () => {
  it("are issued item by item at each item's supplier and recorded with their legs", async () => {
    const house = fakeSupplier("flightRtrip", "house");
    const airline = fakeSupplier("flightRtrip", "airline", { legs: 2 });
    const suppliers = createSupplierRegistry([
      { service: "flightRtrip", supplier: house.supplier },
      { service: "flightRtrip", supplier: airline.supplier },
    ]);
    const { deps, recorded } = paidBookingDeps(booking([item(0, "flightRtrip", "house"), item(1, "flightRtrip", "airline")]), suppliers);
    await completePaidBooking("tenant-1", "booking-1", deps);
    expect(recorded.changes.map((change) => change.to)).toEqual(["issued"]);
    expect(recorded.tickets.map((ticket) => `${ticket.itemPosition}:${ticket.ticketNumber}`)).toEqual([
      "0:house-0-0",
      "0:house-0-1",
      "1:airline-0-0",
      "1:airline-0-1",
      "1:airline-1-0",
      "1:airline-1-1",
    ]);
    expect(recorded.tickets.filter((ticket) => ticket.leg === 1)).toHaveLength(2);
  });

  it("end refunded, the money returned and the known supplier's holds released, when an item's supplier is unknown", async () => {
    const house = fakeSupplier("flight", "house");
    const suppliers = createSupplierRegistry([{ service: "flight", supplier: house.supplier }]);
    const { deps, recorded } = paidBookingDeps(booking([item(0, "flight", "house"), item(1, "flight", "gone-airline")]), suppliers);
    await completePaidBooking("tenant-1", "booking-1", deps);
    expect(recorded.tickets).toEqual([]);
    expect(recorded.changes.map((change) => change.to)).toEqual(["refund_requested", "refunded"]);
    expect(recorded.changes[0]?.cause).toContain("gone-airline");
    expect(recorded.moves).toEqual(["refund_due", "reversed"]);
    expect(recorded.reversed).toBe(1);
    // The house item was issued before the unknown one was met; its seats go back to the house.
    expect(house.calls.map((call) => call.method)).toEqual(["issue", "cancel"]);
  });
});
