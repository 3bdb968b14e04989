import { describe, expect, it } from "vitest";
import {
  BOOKING_EVENTS,
  BOOKING_STATES,
  FINAL_STATES,
  isPayable,
  nextState,
  transition,
  visibleStatus,
  type BookingState,
} from "./booking-state.ts";

const at = new Date("2026-11-22T10:00:00Z");

describe("the booking state machine", () => {
  it("follows the purchase path: held → awaiting payment → paid → issued", () => {
    let state: BookingState = "held";
    for (const [event, expected] of [
      ["go_to_bank", "awaiting_payment"],
      ["payment_verified", "paid"],
      ["tickets_issued", "issued"],
    ] as const) {
      const result = transition(state, event, { at, cause: "test" });
      expect(result.ok, event).toBe(true);
      if (!result.ok) return;
      expect(result.change).toEqual({ from: state, to: expected, event, at: at.toISOString(), cause: "test" });
      state = result.change.to;
    }
  });

  it("makes a booking payable again after the bank page is cancelled", () => {
    expect(nextState("awaiting_payment", "payment_cancelled")).toBe("held");
  });

  it("never leaves money without a ticket: a failed issue leads to a refund", () => {
    expect(nextState("paid", "issue_failed")).toBe("refund_requested");
    expect(nextState("refund_requested", "refund_paid")).toBe("refunded");
  });

  it("refuses what the path does not allow", () => {
    expect(transition("held", "tickets_issued", { at, cause: "bug" })).toEqual({ ok: false, error: "TRANSITION_NOT_ALLOWED" });
    expect(nextState("issued", "payment_verified")).toBeNull();
    expect(nextState("expired", "tickets_issued")).toBeNull();
  });

  it("has final states that nothing leaves", () => {
    for (const state of FINAL_STATES) for (const event of BOOKING_EVENTS) expect(nextState(state, event), `${state} ${event}`).toBeNull();
  });

  it("reaches every state from held", () => {
    const seen = new Set<BookingState>(["held"]);
    let frontier: BookingState[] = ["held"];
    while (frontier.length > 0) {
      const next: BookingState[] = [];
      for (const state of frontier) {
        for (const event of BOOKING_EVENTS) {
          const to = nextState(state, event);
          if (to && !seen.has(to)) {
            seen.add(to);
            next.push(to);
          }
        }
      }
      frontier = next;
    }
    expect([...seen].sort()).toEqual([...BOOKING_STATES].sort());
  });

  it("is payable only while held or at the bank and before the hold runs out", () => {
    const later = new Date(at.getTime() + 60_000);
    expect(isPayable("held", later, at)).toBe(true);
    expect(isPayable("awaiting_payment", later, at)).toBe(true);
    expect(isPayable("held", at, at)).toBe(false);
    expect(isPayable("paid", later, at)).toBe(false);
    expect(isPayable("expired", later, at)).toBe(false);
  });

  it("shows a hold past its time as expired, and every other state as stored", () => {
    const later = new Date(at.getTime() + 60_000);
    expect(visibleStatus({ status: "held", holdExpiresAt: later }, at)).toBe("held");
    expect(visibleStatus({ status: "held", holdExpiresAt: at }, at)).toBe("expired");
    expect(visibleStatus({ status: "awaiting_payment", holdExpiresAt: at }, later)).toBe("expired");
    for (const status of BOOKING_STATES.filter((state) => state !== "held" && state !== "awaiting_payment")) {
      expect(visibleStatus({ status, holdExpiresAt: at }, later), status).toBe(status);
    }
  });
});
