import { describe, expect, it } from "vitest";
import { CLI_ACTOR, type AuditLog, type NewAuditEntry } from "../back-office/audit.ts";
import { readCreditLimit, readCreditMobile, readCreditRecordText, setWalletCreditLimit } from "./credit-limits.ts";
import { balanceOf } from "./ledger.ts";

describe("reading credit fields", () => {
  it("reads a mobile, a limit in any digits, and a reason; names what it refuses", () => {
    expect(readCreditMobile("+989121234567")).toEqual({ ok: true, value: "09121234567" });
    expect(readCreditMobile("")).toMatchObject({ ok: false, field: "mobile", code: "REQUIRED" });
    expect(readCreditLimit("۵,۰۰۰,۰۰۰")).toEqual({ ok: true, value: 5_000_000 });
    expect(readCreditLimit("0")).toEqual({ ok: true, value: 0 });
    expect(readCreditLimit("100,000,001")).toMatchObject({ ok: false, field: "limit", code: "INVALID" });
    expect(readCreditLimit("-5")).toMatchObject({ ok: false, code: "INVALID" });
    expect(readCreditRecordText("reason", " \u0007 ")).toMatchObject({ ok: false, field: "reason", code: "REQUIRED" });
    expect(readCreditRecordText("reason", "x".repeat(501))).toMatchObject({ ok: false, code: "TOO_LONG" });
    expect(readCreditRecordText("by", "Sara\u202e Ahmadi")).toEqual({ ok: true, value: "Sara Ahmadi" });
  });
});

describe("setting a credit limit", () => {
  it("records a change with before and after (mobile masked); the same limit records nothing", async () => {
    let limit = 0;
    const recorded: NewAuditEntry[] = [];
    const deps = {
      ledger: {
        walletOf: async () => ({ id: "w1", tenantId: "t1", kind: "wallet", userId: "u1", creditLimit: limit }) as never,
        setCreditLimit: async (_id: string, next: number) => {
          const previous = limit;
          limit = next;
          return { previous, creditLimit: next };
        },
        balance: async () => balanceOf(-1000, limit),
      },
      audit: { record: async (entry: NewAuditEntry) => void recorded.push(entry) } as AuditLog,
      clock: { now: () => new Date("2026-03-10T00:00:00Z") },
    };
    const input = { tenantId: "t1", userId: "u1", mobile: "09121234567", limit: 5000, by: "sara", reason: "contract" };
    expect(await setWalletCreditLimit(deps, CLI_ACTOR, input)).toMatchObject({ changed: true, previous: 0, creditLimit: 5000 });
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      action: "credit.set",
      subject: { type: "wallet", id: "w1" },
      before: { creditLimit: 0, account: "0912***4567" },
      after: { creditLimit: 5000, reason: "contract" },
    });
    expect(await setWalletCreditLimit(deps, CLI_ACTOR, input)).toEqual({ changed: false, creditLimit: 5000 });
    expect(recorded).toHaveLength(1);
  });
});
