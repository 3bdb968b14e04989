import { describe, expect, it } from "vitest";
import {
  MAX_CREDIT_LIMIT,
  MAX_ENTRY_AMOUNT,
  balanceOf,
  checkPostings,
  isCreditLimit,
  isLedgerAccountKind,
  isLedgerAmount,
  isLedgerTransactionKind,
  netByAccount,
  walletAllows,
} from "./ledger.ts";

describe("checkPostings", () => {
  it("accepts two or more non-zero integers that sum to zero", () => {
    expect(checkPostings([100, -100])).toEqual({ ok: true });
    expect(checkPostings([-250_000, 200_000, 50_000])).toEqual({ ok: true });
    expect(checkPostings([MAX_ENTRY_AMOUNT, -MAX_ENTRY_AMOUNT])).toEqual({ ok: true });
  });

  it("refuses a set that does not sum to zero", () => {
    expect(checkPostings([100, -99])).toEqual({ ok: false, problem: "UNBALANCED" });
    expect(checkPostings([100, 100])).toEqual({ ok: false, problem: "UNBALANCED" });
  });

  it("refuses fewer than two entries, even a lone zero", () => {
    expect(checkPostings([])).toEqual({ ok: false, problem: "TOO_FEW_ENTRIES" });
    expect(checkPostings([0])).toEqual({ ok: false, problem: "TOO_FEW_ENTRIES" });
  });

  it("refuses zero, fractions, non-numbers and amounts past the column", () => {
    expect(checkPostings([0, 0])).toEqual({ ok: false, problem: "ZERO_AMOUNT" });
    expect(checkPostings([100, 0, -100])).toEqual({ ok: false, problem: "ZERO_AMOUNT" });
    expect(checkPostings([0.5, -0.5])).toEqual({ ok: false, problem: "NOT_AN_INTEGER" });
    expect(checkPostings([Number.NaN, 1])).toEqual({ ok: false, problem: "NOT_AN_INTEGER" });
    expect(checkPostings([Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])).toEqual({ ok: false, problem: "NOT_AN_INTEGER" });
    expect(checkPostings([2 ** 53, -(2 ** 53)])).toEqual({ ok: false, problem: "NOT_AN_INTEGER" });
    expect(checkPostings([MAX_ENTRY_AMOUNT + 1, -(MAX_ENTRY_AMOUNT + 1)])).toEqual({ ok: false, problem: "OUT_OF_RANGE" });
  });
});

describe("wallet rules", () => {
  it("lets a debit go down to minus the credit limit and no further; credits always pass", () => {
    expect(walletAllows({ balance: 100, creditLimit: 0, amount: -100 })).toBe(true);
    expect(walletAllows({ balance: 100, creditLimit: 0, amount: -101 })).toBe(false);
    expect(walletAllows({ balance: 100, creditLimit: 50, amount: -150 })).toBe(true);
    expect(walletAllows({ balance: 100, creditLimit: 50, amount: -151 })).toBe(false);
    // Already past a lowered limit: debits wait, credits still come in.
    expect(walletAllows({ balance: -200, creditLimit: 100, amount: -1 })).toBe(false);
    expect(walletAllows({ balance: -200, creditLimit: 100, amount: 1 })).toBe(true);
  });

  it("nets several postings on one account", () => {
    expect(
      netByAccount([
        { accountId: "w", amount: -60 },
        { accountId: "r", amount: 100 },
        { accountId: "w", amount: -40 },
      ]),
    ).toEqual(
      new Map([
        ["w", -100],
        ["r", 100],
      ]),
    );
  });

  it("derives what is available from balance and credit", () => {
    expect(balanceOf(-50, 200)).toEqual({ balance: -50, creditLimit: 200, available: 150 });
  });

  it("knows amounts, limits and kinds", () => {
    expect(isLedgerAmount(1)).toBe(true);
    expect(isLedgerAmount(MAX_ENTRY_AMOUNT)).toBe(true);
    for (const bad of [0, -1, 1.5, MAX_ENTRY_AMOUNT + 1, Number.NaN]) expect(isLedgerAmount(bad), String(bad)).toBe(false);
    expect(isCreditLimit(0)).toBe(true);
    expect(isCreditLimit(MAX_CREDIT_LIMIT)).toBe(true);
    for (const bad of [-1, MAX_CREDIT_LIMIT + 1, 0.5]) expect(isCreditLimit(bad), String(bad)).toBe(false);
    expect(isLedgerAccountKind("wallet_holds")).toBe(true);
    expect(isLedgerAccountKind("cash")).toBe(false);
    expect(isLedgerTransactionKind("hold_release")).toBe(true);
    expect(isLedgerTransactionKind("gift")).toBe(false);
  });
});
