import { describe, expect, it } from "vitest";
import type { Booking, BookingChange } from "../booking/booking.ts";
import type { RefundListing, RefundRepository, RefundSettlement } from "./refund-booking.ts";
import { settleCardRefund, settlementText, type SettleCardRefundDeps } from "./settle-card-refund.ts";

const NOW = new Date("2026-03-10T09:00:00Z");
const CREATED = new Date("2026-03-08T09:00:00Z");

function refund(overrides: Partial<RefundListing> = {}): RefundListing {
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
    createdAt: CREATED,
    paidAt: null,
    paidBy: null,
    bankReference: null,
    ...overrides,
  };
}

/** One tenant's refunds in memory; the booking follows a settlement as the database moves it. */
function world(rows: RefundListing[]) {
  const settled: { id: string; settlement: RefundSettlement; change: BookingChange }[] = [];
  const notified: string[] = [];
  const refunds = {
    async findByReference(tenantId: string, reference: string) {
      return rows.find((row) => row.tenantId === tenantId && row.reference === reference) ?? null;
    },
    async settleCard(id: string, settlement: RefundSettlement, change: BookingChange) {
      const row = rows.find((candidate) => candidate.id === id);
      if (!row || row.status !== "requested") return false;
      Object.assign(row, { status: "paid", paidAt: settlement.at, paidBy: settlement.paidBy, bankReference: settlement.bankReference });
      settled.push({ id, settlement, change });
      return true;
    },
  } as unknown as RefundRepository;
  const deps: SettleCardRefundDeps = {
    refunds,
    bookings: {
      findById: async (_tenantId, id) => ({ id, reference: "XYZW2345", locale: "en", status: "refunded" }) as unknown as Booking,
    },
    clock: { now: () => NOW },
    notifyPaid: async (_booking, paid) => {
      notified.push(paid.reference);
      return true;
    },
  };
  return { deps, settled, notified };
}

const input = { tenantId: "t1", reference: "rabcd-۲۳۴۵", bankReference: " 1403-PAYA-778899 ", paidBy: "Sara Ahmadi" };

describe("settleCardRefund", () => {
  it("records the settlement once, with who, when and the bank's reference, moves the booking and tells the traveller", async () => {
    const { deps, settled, notified } = world([refund()]);
    const result = await settleCardRefund(input, deps);
    expect(result).toMatchObject({
      ok: true,
      notified: true,
      refund: { reference: "RABCD2345", status: "paid", paidAt: NOW, paidBy: "Sara Ahmadi", bankReference: "1403-PAYA-778899" },
    });
    expect(settled).toHaveLength(1);
    expect(settled[0]!.change).toMatchObject({ from: "refund_requested", to: "refunded", event: "refund_paid" });
    expect(notified).toEqual(["RABCD2345"]);

    const again = await settleCardRefund({ ...input, bankReference: "another", paidBy: "Reza" }, deps);
    expect(again).toMatchObject({ ok: false, error: "ALREADY_PAID", refund: { paidBy: "Sara Ahmadi", bankReference: "1403-PAYA-778899" } });
    expect(settled).toHaveLength(1);
    expect(notified).toHaveLength(1);
  });

  it("refuses an unknown reference, another tenant's refund, a wallet refund and empty settlement texts", async () => {
    const { deps, settled } = world([refund(), refund({ id: "r2", reference: "RWALLET22", destination: "wallet", sheba: null })]);
    expect(await settleCardRefund({ ...input, reference: "RNOPE2345" }, deps)).toEqual({ ok: false, error: "NOT_FOUND" });
    expect(await settleCardRefund({ ...input, tenantId: "t2" }, deps)).toEqual({ ok: false, error: "NOT_FOUND" });
    expect(await settleCardRefund({ ...input, reference: "RWALLET22" }, deps)).toMatchObject({ ok: false, error: "NOT_A_CARD_REFUND" });
    expect(await settleCardRefund({ ...input, bankReference: "  " }, deps)).toEqual({ ok: false, error: "BANK_REFERENCE_INVALID" });
    expect(await settleCardRefund({ ...input, paidBy: "" }, deps)).toEqual({ ok: false, error: "PAID_BY_INVALID" });
    expect(settled).toHaveLength(0);
  });

  it("keeps settlement texts to one line within the limit", () => {
    expect(settlementText("  a\n b  ")).toBe("a b");
    expect(settlementText("x".repeat(101))).toBeNull();
  });
});
