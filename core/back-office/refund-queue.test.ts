import { describe, expect, it } from "vitest";
import type { Booking, BookingChange } from "../booking/booking.ts";
import type { RefundListing, RefundRepository, RefundSettlement } from "../refunds/refund-booking.ts";
import type { Actor, AuditLog, NewAuditEntry } from "./audit.ts";
import { markRefundPaid, recorderName, refundQueue } from "./refund-queue.ts";

const NOW = new Date("2026-03-10T09:00:00Z");
const ACTOR: Actor = { userId: "u1", mobile: "09121234567", role: "operator", via: "web", clientHash: "h" };

function refund(overrides: Partial<RefundListing>): RefundListing {
  return {
    id: "r1",
    reference: "RABCD2345",
    tenantId: "t1",
    bookingId: "b1",
    bookingReference: "XYZW2345",
    amount: 1_200_000,
    destination: "card",
    sheba: "IR820540102680020817909002",
    status: "requested",
    createdAt: new Date("2026-03-08T09:00:00Z"),
    paidAt: null,
    paidBy: null,
    bankReference: null,
    ...overrides,
  };
}

function world(rows: RefundListing[]) {
  const recorded: NewAuditEntry[] = [];
  const refunds = {
    async listByTenant(tenantId: string, filter: { status?: string } = {}) {
      return rows.filter((row) => row.tenantId === tenantId && (!filter.status || row.status === filter.status));
    },
    async findByReference(tenantId: string, reference: string) {
      return rows.find((row) => row.tenantId === tenantId && row.reference === reference) ?? null;
    },
    async settleCard(id: string, settlement: RefundSettlement, _change: BookingChange) {
      const row = rows.find((candidate) => candidate.id === id);
      if (!row || row.status !== "requested") return false;
      Object.assign(row, { status: "paid", paidAt: settlement.at, paidBy: settlement.paidBy, bankReference: settlement.bankReference });
      return true;
    },
  } as unknown as RefundRepository;
  const audit: AuditLog = { record: async (entry) => void recorded.push(entry), list: async () => ({ entries: [], total: 0 }) };
  const deps = {
    refunds,
    bookings: { findById: async (_tenantId: string, id: string) => ({ id, reference: "XYZW2345" }) as unknown as Booking },
    clock: { now: () => NOW },
    audit,
    notifyPaid: async () => true,
  };
  return { deps, refunds, recorded };
}

describe("the refund queue", () => {
  it("lists a tenant's requested refunds only, the longest-waiting first", async () => {
    const { refunds } = world([
      refund({ id: "r1", reference: "RNEWER222", createdAt: new Date("2026-03-09T09:00:00Z") }),
      refund({ id: "r2", reference: "ROLDER222", createdAt: new Date("2026-03-07T09:00:00Z") }),
      refund({ id: "r3", reference: "RPAID2222", status: "paid" }),
      refund({ id: "r4", reference: "ROTHER222", tenantId: "t2" }),
    ]);
    expect((await refundQueue(refunds, "t1")).map((row) => row.reference)).toEqual(["ROLDER222", "RNEWER222"]);
  });

  it("records a mark paid once with its before and after; a second one is refused and records nothing", async () => {
    const { deps, recorded } = world([refund({})]);
    const input = { tenantId: "t1", reference: "rabcd-2345", bankReference: "PAYA 1", paidBy: recorderName(ACTOR) };
    const first = await markRefundPaid(deps, ACTOR, input);
    expect(first).toMatchObject({ ok: true, refund: { status: "paid", paidBy: "0912***4567 (operator)", bankReference: "PAYA 1" } });
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      action: "refund.markPaid",
      subject: { type: "refund", id: "RABCD2345" },
      actorMobile: "0912***4567",
      before: { status: "requested", bankReference: null },
      after: { status: "paid", bankReference: "PAYA 1", paidAt: NOW.toISOString() },
    });
    // The Sheba is the traveller's account: the log keeps the refund's state, not it.
    expect(JSON.stringify(recorded[0])).not.toContain("IR82");

    const second = await markRefundPaid(deps, ACTOR, { ...input, bankReference: "PAYA 2" });
    expect(second).toMatchObject({ ok: false, error: "ALREADY_PAID", refund: { bankReference: "PAYA 1" } });
    expect(recorded).toHaveLength(1);
  });

  it("records nothing for an unknown reference or another tenant's refund", async () => {
    const { deps, recorded } = world([refund({ tenantId: "t2" })]);
    const result = await markRefundPaid(deps, ACTOR, { tenantId: "t1", reference: "RABCD2345", bankReference: "PAYA 1", paidBy: "x" });
    expect(result).toEqual({ ok: false, error: "NOT_FOUND" });
    expect(recorded).toHaveLength(0);
  });
});
