import { describe, expect, it } from "vitest";
import type { LedgerPostInput, LedgerRepository } from "./ports.ts";
import { checkPostings, walletAllows, type LedgerAccount } from "./ledger.ts";
import { creditWallet, debitWallet, walletCreditPostings, walletDebitPostings, walletSummary, type WalletMovement } from "./wallet.ts";

const T0 = new Date("2030-04-01T08:00:00Z");

/** Just enough of a ledger in memory: one tenant, accounts by id, the guard on the named wallet. */
function memoryLedger() {
  const wallets = new Map<string, LedgerAccount>();
  const balances = new Map<string, number>();
  const posted: LedgerPostInput[] = [];
  const keys = new Map<string, string>();
  const accountId = (ref: LedgerPostInput["postings"][number]["account"]) =>
    "id" in ref ? ref.id : "system" in ref ? `system:${ref.system}` : `wallet:${ref.walletOf}`;
  const ledger: Pick<LedgerRepository, "walletOf" | "findWallet" | "post" | "balance" | "entries"> = {
    async walletOf(tenantId, userId) {
      const wallet = wallets.get(userId) ?? { id: `wallet:${userId}`, tenantId, kind: "wallet", userId, creditLimit: 0, createdAt: T0 };
      wallets.set(userId, wallet);
      return wallet;
    },
    findWallet: async (_tenantId, userId) => wallets.get(userId) ?? null,
    async post(input) {
      const earlier = keys.get(input.idempotencyKey);
      if (earlier) return { ok: true, transactionId: earlier, replayed: true };
      if (!checkPostings(input.postings.map((posting) => posting.amount)).ok) return { ok: false, error: "UNBALANCED" };
      if (input.guard) {
        const debit = input.postings
          .filter((posting) => accountId(posting.account) === input.guard!.walletAccountId)
          .reduce((sum, posting) => sum + posting.amount, 0);
        const wallet = [...wallets.values()].find((candidate) => candidate.id === input.guard!.walletAccountId)!;
        if (!walletAllows({ balance: balances.get(wallet.id) ?? 0, creditLimit: wallet.creditLimit, amount: debit }))
          return { ok: false, error: "INSUFFICIENT_FUNDS" };
      }
      for (const posting of input.postings)
        balances.set(accountId(posting.account), (balances.get(accountId(posting.account)) ?? 0) + posting.amount);
      posted.push(input);
      keys.set(input.idempotencyKey, `tx${posted.length}`);
      return { ok: true, transactionId: `tx${posted.length}`, replayed: false };
    },
    balance: async (id) => ({ balance: balances.get(id) ?? 0, creditLimit: 0, available: balances.get(id) ?? 0 }),
    entries: async () => [],
  };
  return { ledger: ledger as LedgerRepository, posted, balances };
}

const movement = (amount: number, overrides: Partial<WalletMovement> = {}): WalletMovement => ({
  tenantId: "t1",
  userId: "u1",
  amount,
  kind: "topup",
  idempotencyKey: `k${amount}`,
  reason: "test",
  createdBy: "system",
  at: T0,
  ...overrides,
});

describe("wallet postings", () => {
  it("move money between the wallet and one system account, summing to zero", () => {
    expect(walletDebitPostings("w1", 500, "revenue")).toEqual([
      { account: { id: "w1" }, amount: -500 },
      { account: { system: "revenue" }, amount: 500 },
    ]);
    expect(walletCreditPostings("w1", 500, "gateway_clearing")).toEqual([
      { account: { system: "gateway_clearing" }, amount: -500 },
      { account: { id: "w1" }, amount: 500 },
    ]);
  });
});

describe("debitWallet and creditWallet", () => {
  it("credit then debit the traveller's wallet, guarding the debit on it", async () => {
    const { ledger, posted, balances } = memoryLedger();
    expect(await creditWallet(ledger, { ...movement(1000), from: "gateway_clearing" })).toMatchObject({ ok: true, replayed: false });
    expect(
      await debitWallet(ledger, { ...movement(1001, { kind: "booking_payment", links: { bookingId: "b1" } }), to: "revenue" }),
    ).toEqual({ ok: false, error: "INSUFFICIENT_FUNDS" });
    expect(
      await debitWallet(ledger, { ...movement(600, { kind: "booking_payment", links: { bookingId: "b1" } }), to: "revenue" }),
    ).toMatchObject({ ok: true });
    expect(balances.get("wallet:u1")).toBe(400);
    expect(balances.get("system:revenue")).toBe(600);
    expect(posted[1]).toMatchObject({
      kind: "booking_payment",
      links: { bookingId: "b1" },
      guard: { walletAccountId: "wallet:u1", mustStayAbove: "credit" },
    });
    expect(posted[0]!.guard).toBeUndefined();
  });

  it("refuse amounts that are not positive whole tomans before touching the ledger", async () => {
    const { ledger, posted } = memoryLedger();
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      await expect(debitWallet(ledger, { ...movement(amount), to: "revenue" })).rejects.toThrow(RangeError);
      await expect(creditWallet(ledger, { ...movement(amount), from: "refunds" })).rejects.toThrow(RangeError);
    }
    expect(posted).toEqual([]);
  });
});

describe("walletSummary", () => {
  it("shows an empty wallet without opening one", async () => {
    const { ledger } = memoryLedger();
    expect(await walletSummary(ledger, { tenantId: "t1", userId: "u9", limit: 10 })).toEqual({
      balance: 0,
      creditLimit: 0,
      available: 0,
      entries: [],
    });
    expect(await ledger.findWallet("t1", "u9")).toBeNull();
  });

  it("reads balance and entries of an existing wallet", async () => {
    const { ledger } = memoryLedger();
    await creditWallet(ledger, { ...movement(700), from: "refunds" });
    expect(await walletSummary(ledger, { tenantId: "t1", userId: "u1", limit: 10 })).toMatchObject({ balance: 700, available: 700 });
  });
});
