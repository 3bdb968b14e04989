/**
 * Refunds to the wallet (issue 10) against in-memory ports: the credit happens once whatever
 * repeats, a crash between the steps is completed by a retry without paying twice, and a guest's
 * booking has no wallet to go to.
 */
import { describe, expect, it } from "vitest";
import type { Booking, BookingChange } from "../booking/booking.ts";
import type { FlightOffer, RefundRule } from "../flights/flight.ts";
import type { BookingRepository } from "../booking/ports.ts";
import type { FlightSupplier } from "../flights/ports.ts";
import type { LedgerPostInput, LedgerRepository } from "../wallet/ports.ts";
import { createSupplierRegistry } from "../suppliers/registry.ts";
import { refundBooking, refundLedgerKey, type RefundRecord, type RefundRepository } from "./refund-booking.ts";

const NOW = new Date("2030-01-10T08:00:00Z");
const RULE: RefundRule = {
  id: "R",
  airlineCode: "IR",
  fareClasses: ["Y"],
  charter: false,
  refundable: true,
  windows: [{ minutesBefore: 0, penaltyPercent: 30 }],
  afterDeparturePercent: 60,
};

/** The offer as a booking stores it: its module reads it when the refund is quoted. */
const OFFER: FlightOffer = {
  offerId: "o1",
  airline: { code: "IR", name: "Iran Air" },
  flightNumber: "IR123",
  from: "THR",
  to: "MHD",
  departAt: "2030-01-12T08:30:00+03:30",
  arriveAt: "2030-01-12T10:00:00+03:30",
  durationMinutes: 90,
  aircraft: "A320",
  fareClass: "Y",
  cabin: "economy",
  seatsLeft: 9,
  charter: false,
  baggageKg: 20,
  refundable: true,
  price: { adult: 1_000_000, child: 1_000_000, infant: 100_000, total: 1_000_000 },
  taxesPerSeat: 100_000,
  latinNamesRequired: false,
};

function booking(userId: string | null): Booking {
  return {
    id: "b1",
    tenantId: "t1",
    reference: "ABCD2345",
    hashId: "h".repeat(22),
    status: "issued",
    userId,
    price: { discount: 0 },
    service: "flight",
    items: [
      {
        position: 0,
        service: "flight",
        supplier: "house",
        offerId: "o1",
        holdId: "hold1",
        seats: 1,
        base: 900_000,
        taxes: 100_000,
        offer: OFFER,
      },
    ],
  } as unknown as Booking;
}

/** One tenant's ledger, refunds and a supplier whose hold can be cancelled once; `failPost` throws on the next posts. */
function world(start: Booking) {
  let state = { booking: start.status, refund: null as (RefundRecord & { id: string; status: string; createdAt: Date }) | null };
  const posted = new Map<string, LedgerPostInput>();
  let seatsBack = 0;
  let holdCancelled = false;
  const faults = { post: 0, markPaid: 0 };

  const refunds: RefundRepository = {
    async record(refund: RefundRecord, change: BookingChange) {
      if (state.booking !== change.from) return null;
      state = { booking: change.to, refund: { ...refund, id: "r1", status: "requested", createdAt: NOW } };
      return "r1";
    },
    async findByBooking() {
      return state.refund;
    },
    async markPaid(_bookingId: string, change: BookingChange) {
      if (faults.markPaid > 0) {
        faults.markPaid -= 1;
        throw new Error("connection lost");
      }
      if (!state.refund || state.refund.status !== "requested") return false;
      state = { booking: state.booking === change.from ? change.to : state.booking, refund: { ...state.refund, status: "paid" } };
      return true;
    },
    // Card settlements (settle-card-refund.test.ts) play no part in a wallet refund.
    listByTenant: async () => [],
    findByReference: async () => null,
    settleCard: async () => false,
  };
  const ledger = {
    async walletOf(tenantId: string, userId: string) {
      return { id: `wallet:${userId}`, tenantId, kind: "wallet", userId, creditLimit: 0, createdAt: NOW };
    },
    async post(input: LedgerPostInput) {
      if (faults.post > 0) {
        faults.post -= 1;
        throw new Error("connection lost");
      }
      const first = posted.get(input.idempotencyKey);
      if (first) return { ok: true, transactionId: first.idempotencyKey, replayed: true } as const;
      posted.set(input.idempotencyKey, input);
      return { ok: true, transactionId: input.idempotencyKey, replayed: false } as const;
    },
  } as unknown as LedgerRepository;
  const flights = {
    service: "flight",
    name: "house",
    refundTerms: async () => ({ rule: RULE, departAt: new Date("2030-01-20T08:00:00Z"), cancelledByAirline: false }),
    async cancel() {
      if (holdCancelled) return { ok: false, error: "CANCEL_FAILED" } as const;
      holdCancelled = true;
      seatsBack += 1;
      return { ok: true } as const;
    },
  } as unknown as FlightSupplier & { refundTerms: FlightSupplier["refundTerms"] };
  const bookings = {
    tickets: async () => [{ itemPosition: 0, passengerPosition: 0, pnr: "PNR12", ticketNumber: "IR-1" }],
  } as unknown as BookingRepository;
  const deps = {
    suppliers: createSupplierRegistry([{ service: "flight", supplier: flights }]),
    refunds,
    bookings,
    ledger,
    clock: { now: () => NOW },
  };
  /** The booking as a fresh read would find it. */
  const current = (): Booking => ({ ...start, status: state.booking });
  const walletTotal = () =>
    [...posted.values()].reduce((sum, input) => sum + input.postings.filter((p) => "id" in p.account).reduce((s, p) => s + p.amount, 0), 0);
  return { deps, supplier: flights, faults, current, posted, walletTotal, state: () => state, seatsBack: () => seatsBack };
}

describe("refunds to the wallet", () => {
  it("credits the account's wallet once from the refunds account, and the refund is paid and the booking refunded at once", async () => {
    const w = world(booking("u1"));
    const result = await refundBooking({ booking: w.current(), to: { to: "wallet" }, cause: "traveller" }, w.deps);
    expect(result).toMatchObject({
      ok: true,
      destination: "wallet",
      status: "paid",
      quote: { paid: 1_000_000, penalty: 300_000, refundAmount: 700_000 },
    });
    expect([...w.posted.keys()]).toEqual([refundLedgerKey("r1")]);
    const input = w.posted.get("refund:r1")!;
    expect(input).toMatchObject({ kind: "refund", tenantId: "t1", links: { bookingId: "b1", refundId: "r1" } });
    expect(input.postings).toEqual([
      { account: { system: "refunds" }, amount: -700_000 },
      { account: { id: "wallet:u1" }, amount: 700_000 },
    ]);
    expect(w.state()).toMatchObject({ booking: "refunded", refund: { destination: "wallet", sheba: null, status: "paid" } });
    expect(w.seatsBack()).toBe(1);

    // Asked again (another tab): refused, nothing more moves.
    expect(await refundBooking({ booking: w.current(), to: { to: "wallet" }, cause: "traveller" }, w.deps)).toEqual({
      ok: false,
      error: "NOT_REFUNDABLE_NOW",
    });
    expect(w.walletTotal()).toBe(700_000);
  });

  it("refuses a guest's booking: a wallet needs an account", async () => {
    const w = world(booking(null));
    expect(await refundBooking({ booking: w.current(), to: { to: "wallet" }, cause: "traveller" }, w.deps)).toEqual({
      ok: false,
      error: "DESTINATION_UNAVAILABLE",
    });
    expect(w.state()).toMatchObject({ booking: "issued", refund: null });
    expect(w.posted.size).toBe(0);
  });

  it("completes on a retry after the credit failed, crediting once", async () => {
    const w = world(booking("u1"));
    w.faults.post = 1;
    await expect(refundBooking({ booking: w.current(), to: { to: "wallet" }, cause: "traveller" }, w.deps)).rejects.toThrow(
      "connection lost",
    );
    // Recorded and the tickets cancelled, no money yet: the booking waits, the refund unpaid.
    expect(w.state()).toMatchObject({ booking: "refund_requested", refund: { status: "requested" } });
    expect(w.walletTotal()).toBe(0);
    const retry = await refundBooking({ booking: w.current(), to: { to: "wallet" }, cause: "traveller" }, w.deps);
    expect(retry).toMatchObject({ ok: true, status: "paid", quote: { refundAmount: 700_000 } });
    expect(w.walletTotal()).toBe(700_000);
    expect(w.state()).toMatchObject({ booking: "refunded", refund: { status: "paid" } });
    // The hold was cancelled once: the retry's cancel is refused by the supplier and returns no seats.
    expect(w.seatsBack()).toBe(1);
  });

  it("completes on a retry after the credit went through but the refund was not marked paid, without paying twice", async () => {
    const w = world(booking("u1"));
    w.faults.markPaid = 1;
    await expect(refundBooking({ booking: w.current(), to: { to: "wallet" }, cause: "traveller" }, w.deps)).rejects.toThrow(
      "connection lost",
    );
    expect(w.walletTotal()).toBe(700_000);
    expect(await refundBooking({ booking: w.current(), to: { to: "wallet" }, cause: "traveller" }, w.deps)).toMatchObject({
      ok: true,
      status: "paid",
    });
    expect(w.walletTotal()).toBe(700_000);
    expect(w.posted.size).toBe(1);
    expect(w.state()).toMatchObject({ booking: "refunded", refund: { status: "paid" } });
  });

  it("does not take up a card refund waiting for the agency as a wallet refund", async () => {
    const w = world(booking("u1"));
    expect(
      await refundBooking({ booking: w.current(), to: { to: "card", sheba: "IR820540102680020817909002" }, cause: "traveller" }, w.deps),
    ).toMatchObject({ ok: true, destination: "card", status: "requested" });
    expect(await refundBooking({ booking: w.current(), to: { to: "wallet" }, cause: "traveller" }, w.deps)).toEqual({
      ok: false,
      error: "NOT_REFUNDABLE_NOW",
    });
    expect(w.posted.size).toBe(0);
    expect(w.state()).toMatchObject({ booking: "refund_requested", refund: { destination: "card", status: "requested" } });
  });

  it("moves no money when the penalty took it all, and still marks the refund paid", async () => {
    const w = world(booking("u1"));
    w.supplier.refundTerms = async () => ({
      rule: { ...RULE, windows: [{ minutesBefore: 0, penaltyPercent: 100 }] },
      departAt: new Date("2030-01-20T08:00:00Z"),
      cancelledByAirline: false,
    });
    expect(await refundBooking({ booking: w.current(), to: { to: "wallet" }, cause: "traveller" }, w.deps)).toMatchObject({
      ok: true,
      status: "paid",
      quote: { refundAmount: 0 },
    });
    expect(w.posted.size).toBe(0);
    expect(w.state()).toMatchObject({ booking: "refunded", refund: { status: "paid", amount: 0 } });
  });
});
