import { describe, expect, it } from "vitest";
import { matchReceipt } from "./match-receipt.ts";
import type { ParsedReceipt } from "./receipt-parser.ts";

const CARD = "6219861023456782";
const now = new Date("2026-11-26T11:00:00Z");
const booking = { totalTomans: 1_250_000, createdAt: new Date("2026-11-26T10:45:00Z") };
const receipt = (overrides: Partial<ParsedReceipt> = {}): ParsedReceipt => ({
  bank: "mellat",
  amountRials: 12_500_000,
  cardSuffix: "6782",
  sourceCard: null,
  paidAt: new Date("2026-11-26T10:50:00Z"),
  trace: "552211",
  impossible: false,
  ...overrides,
});

describe("matchReceipt", () => {
  it("matches the exact total in rials, into the agency's card, after the booking was made, with a trace", () => {
    expect(matchReceipt(receipt(), booking, CARD, now)).toEqual({ verdict: "matched" });
  });

  it("allows a few minutes of clock difference around the booking's creation and now", () => {
    expect(matchReceipt(receipt({ paidAt: new Date("2026-11-26T10:41:00Z") }), booking, CARD, now).verdict).toBe("matched");
    expect(matchReceipt(receipt({ paidAt: new Date("2026-11-26T11:04:00Z") }), booking, CARD, now).verdict).toBe("matched");
  });

  it("refuses what cannot be ours: nothing readable, impossible values, another card, a time in the future", () => {
    expect(matchReceipt(null, booking, CARD, now)).toEqual({ verdict: "refused", reason: "NOT_A_RECEIPT" });
    expect(matchReceipt(receipt({ impossible: true }), booking, CARD, now)).toEqual({ verdict: "refused", reason: "IMPOSSIBLE" });
    expect(matchReceipt(receipt({ cardSuffix: "1111" }), booking, CARD, now)).toEqual({ verdict: "refused", reason: "WRONG_CARD" });
    expect(matchReceipt(receipt({ paidAt: new Date("2026-11-26T12:00:00Z") }), booking, CARD, now)).toEqual({
      verdict: "refused",
      reason: "IMPOSSIBLE",
    });
  });

  it("leaves to an operator what is ours but not exact", () => {
    const pending = (overrides: Partial<ParsedReceipt>) => matchReceipt(receipt(overrides), booking, CARD, now);
    expect(pending({ amountRials: 12_500_010 })).toEqual({ verdict: "pending", reason: "AMOUNT_DIFFERS" });
    // Tomans written where rials belong: ten times too little is not the total.
    expect(pending({ amountRials: 1_250_000 })).toEqual({ verdict: "pending", reason: "AMOUNT_DIFFERS" });
    expect(pending({ cardSuffix: null })).toEqual({ verdict: "pending", reason: "CARD_UNCLEAR" });
    expect(pending({ paidAt: null })).toEqual({ verdict: "pending", reason: "TIME_UNCLEAR" });
    expect(pending({ paidAt: new Date("2026-11-26T09:00:00Z") })).toEqual({ verdict: "pending", reason: "TIME_BEFORE_BOOKING" });
    expect(pending({ trace: null })).toEqual({ verdict: "pending", reason: "TRACE_MISSING" });
    expect(pending({ bank: null })).toEqual({ verdict: "pending", reason: "UNKNOWN_BANK" });
  });
});
