/**
 * The double-entry ledger of issue 10 on each database engine: balanced postings, idempotent
 * replays, the guarded wallet debit with granted credit, the commit-time trigger, and the race
 * the issue asks to prove: many simultaneous debits against funds for only some of them.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountRepository } from "#adapters/db/account-repository.ts";
import { createLedgerRepository } from "#adapters/db/ledger-repository.ts";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "#adapters/db/schema.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import type { LedgerRepository } from "#core/wallet/ports.ts";
import { creditWallet, debitWallet, walletSummary, type WalletMovement } from "#core/wallet/wallet.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";

const MINUTE = 60_000;
/** Every time in this file is relative to this instant; nothing waits on the wall clock. */
const T0 = new Date("2030-04-01T08:00:00Z");
const at = (offsetMs: number) => new Date(T0.getTime() + offsetMs);

let mobileCounter = 0;
const freshMobile = () => `0935${String(10_000_000 + ++mobileCounter).slice(1)}`;
const key = () => randomBytes(8).toString("hex");

describe.each(ENGINES)("the ledger on %s", (engine) => {
  let database: TestDatabase;
  let tenantA: string;
  let tenantB: string;
  let ledger: LedgerRepository;

  const newUser = async (tenantId = tenantA) =>
    (await createAccountRepository(database.handle.db).findOrCreate({ tenantId, mobile: freshMobile(), now: T0 })).account.id;
  const movement = (userId: string, amount: number, overrides: Partial<WalletMovement> = {}): WalletMovement => ({
    tenantId: tenantA,
    userId,
    amount,
    kind: "topup",
    idempotencyKey: key(),
    reason: "test",
    createdBy: "system",
    at: T0,
    ...overrides,
  });
  const topUp = (userId: string, amount: number, overrides: Partial<WalletMovement> = {}) =>
    creditWallet(ledger, { ...movement(userId, amount, overrides), from: "gateway_clearing" });
  const pay = (userId: string, amount: number, overrides: Partial<WalletMovement> = {}) =>
    debitWallet(ledger, { ...movement(userId, amount, { kind: "booking_payment", ...overrides }), to: "revenue" });
  /** Opens enough PostgreSQL connections for racing calls to really run at once (the pool holds 20). */
  const warmPool = () => Promise.all(Array.from({ length: 20 }, () => database.handle.db.execute(sql`select 1`)));
  /** Transactions whose entries do not sum to zero, anywhere in the database: there must be none. */
  const unbalancedTransactions = async () =>
    (
      await database.handle.db
        .select({ id: ledgerEntries.transactionId })
        .from(ledgerEntries)
        .groupBy(ledgerEntries.transactionId)
        .having(sql`sum(${ledgerEntries.amount}) <> 0`)
    ).length;

  /** The trigger's refusal (check_violation with its message), under either driver's wrapping. */
  const refusedByTrigger = async (write: Promise<unknown>, message: RegExp) => {
    const error = await write.then(
      () => null,
      (caught: unknown) => caught,
    );
    let current = error as { code?: string; message?: string; cause?: unknown } | null;
    while (current && current.code !== "23514") current = current.cause as typeof current;
    expect(current?.message).toMatch(message);
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    tenantA = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    tenantB = (await tenantIdBySlug(database.handle.db, "parvaz-sabz"))!;
    ledger = createLedgerRepository(database.handle.db);
  });
  afterAll(async () => {
    await database?.drop();
  });

  describe("accounts and postings", () => {
    it("opens each tenant's own system accounts and one wallet per traveller, once", async () => {
      const clearingA = await ledger.systemAccount(tenantA, "gateway_clearing");
      expect(clearingA).toMatchObject({ tenantId: tenantA, kind: "gateway_clearing", userId: null, creditLimit: 0 });
      expect((await ledger.systemAccount(tenantA, "gateway_clearing")).id).toBe(clearingA.id);
      expect((await ledger.systemAccount(tenantB, "gateway_clearing")).id).not.toBe(clearingA.id);

      const user = await newUser();
      expect(await ledger.findWallet(tenantA, user)).toBeNull();
      const opened = await Promise.all(Array.from({ length: 5 }, () => ledger.walletOf(tenantA, user)));
      expect(new Set(opened.map((wallet) => wallet.id)).size).toBe(1);
      expect(opened[0]).toMatchObject({ tenantId: tenantA, kind: "wallet", userId: user, creditLimit: 0 });
      expect(await ledger.findWallet(tenantA, user)).toEqual(opened[0]);
      // A traveller of one agency has no wallet at another.
      await expect(ledger.walletOf(tenantB, user)).rejects.toThrow(/no account at tenant/);
    });

    it("posts a top-up as two entries and derives both balances from them", async () => {
      const user = await newUser();
      const clearing = await ledger.systemAccount(tenantA, "gateway_clearing");
      const clearingBefore = (await ledger.balance(clearing.id)).balance;
      const result = await topUp(user, 500_000, { reason: "top-up by card", at: at(MINUTE) });
      expect(result).toEqual({ ok: true, transactionId: expect.any(String), replayed: false });

      const wallet = await ledger.walletOf(tenantA, user);
      expect(await ledger.balance(wallet.id)).toEqual({ balance: 500_000, creditLimit: 0, available: 500_000 });
      expect((await ledger.balance(clearing.id)).balance).toBe(clearingBefore - 500_000);
      const [entry] = await ledger.entries(wallet.id, { limit: 10 });
      expect(entry).toMatchObject({
        amount: 500_000,
        at: at(MINUTE),
        kind: "topup",
        reason: "top-up by card",
        createdBy: "system",
        counterparts: ["gateway_clearing"],
      });
      expect(entry!.links).toEqual({ paymentId: null, bookingId: null, refundId: null });
      expect(await ledger.sumAll(tenantA)).toBe(0);
    });

    it("lists a wallet's entries newest first, a page at a time", async () => {
      const user = await newUser();
      for (let index = 0; index < 3; index += 1) await topUp(user, 1000 * (index + 1), { at: at(index * MINUTE) });
      // Two entries of one moment still page in a stable order.
      await topUp(user, 7000, { at: at(2 * MINUTE) });
      const wallet = await ledger.walletOf(tenantA, user);
      const all = await ledger.entries(wallet.id, { limit: 10 });
      expect(all.map((entry) => entry.at.getTime())).toEqual(
        [at(2 * MINUTE), at(2 * MINUTE), at(MINUTE), T0].map((date) => date.getTime()),
      );
      const first = await ledger.entries(wallet.id, { limit: 2 });
      const second = await ledger.entries(wallet.id, { limit: 2, before: first.at(-1)! });
      expect([...first, ...second].map((entry) => entry.id)).toEqual(all.map((entry) => entry.id));
      expect(await ledger.entries(wallet.id, { limit: 2, before: second.at(-1)! })).toEqual([]);
      const summary = await walletSummary(ledger, { tenantId: tenantA, userId: user, limit: 2 });
      expect(summary).toMatchObject({ balance: 13_000, creditLimit: 0, available: 13_000 });
      expect(summary.entries).toHaveLength(2);
    });

    it("posts a key once: a replay answers the first transaction and changes nothing", async () => {
      const user = await newUser();
      const idempotencyKey = key();
      const first = await topUp(user, 300_000, { idempotencyKey });
      const again = await topUp(user, 999_000, { idempotencyKey });
      expect(again).toEqual({ ok: true, transactionId: first.ok ? first.transactionId : "", replayed: true });
      const wallet = await ledger.walletOf(tenantA, user);
      expect((await ledger.balance(wallet.id)).balance).toBe(300_000);

      // Callbacks replayed at once: one posts, the others read it.
      const racingKey = key();
      await warmPool();
      const racing = await Promise.all(Array.from({ length: 8 }, () => topUp(user, 10_000, { idempotencyKey: racingKey })));
      expect(racing.filter((result) => result.ok && !result.replayed)).toHaveLength(1);
      expect(new Set(racing.map((result) => (result.ok ? result.transactionId : "refused"))).size).toBe(1);
      // So do debits racing with one key, even once the first has spent the money.
      const debitKey = key();
      const debits = await Promise.all(Array.from({ length: 6 }, () => pay(user, 310_000, { idempotencyKey: debitKey })));
      expect(debits.every((result) => result.ok)).toBe(true);
      expect(debits.filter((result) => result.ok && !result.replayed)).toHaveLength(1);
      expect((await ledger.balance(wallet.id)).balance).toBe(0);

      // The key is the tenant's: another agency's same key is its own transaction.
      const other = await topUp(await newUser(tenantB), 5000, { tenantId: tenantB, idempotencyKey });
      expect(other).toMatchObject({ ok: true, replayed: false });
    });

    it("refuses an unbalanced transaction and writes nothing; malformed postings throw", async () => {
      const user = await newUser();
      const wallet = await ledger.walletOf(tenantA, user);
      const idempotencyKey = key();
      const base = { tenantId: tenantA, kind: "adjustment" as const, idempotencyKey, reason: "typo", createdBy: "ops", at: T0 };
      expect(
        await ledger.post({
          ...base,
          postings: [
            { account: { id: wallet.id }, amount: 100 },
            { account: { system: "revenue" }, amount: -90 },
          ],
        }),
      ).toEqual({ ok: false, error: "UNBALANCED" });
      expect(
        await database.handle.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, idempotencyKey)),
      ).toEqual([]);
      await expect(
        ledger.post({
          ...base,
          postings: [
            { account: { id: wallet.id }, amount: 0 },
            { account: { system: "revenue" }, amount: 0 },
          ],
        }),
      ).rejects.toThrow(/ZERO_AMOUNT/);
      await expect(
        ledger.post({
          ...base,
          postings: [
            { account: { id: wallet.id }, amount: 10.5 },
            { account: { system: "revenue" }, amount: -10.5 },
          ],
        }),
      ).rejects.toThrow(/NOT_AN_INTEGER/);
      // Another tenant's account cannot take part.
      const foreign = await ledger.systemAccount(tenantB, "revenue");
      await expect(
        ledger.post({
          ...base,
          postings: [
            { account: { id: foreign.id }, amount: -5 },
            { account: { system: "revenue" }, amount: 5 },
          ],
        }),
      ).rejects.toThrow(/another tenant/);
      expect((await ledger.balance(wallet.id)).balance).toBe(0);
    });

    it("has the database refuse, at commit, entries that do not balance or cross tenants, whoever writes them", async () => {
      const revenue = await ledger.systemAccount(tenantA, "revenue");
      const refunds = await ledger.systemAccount(tenantA, "refunds");
      const foreign = await ledger.systemAccount(tenantB, "refunds");
      const write = (entries: { accountId: string; amount: number }[]) =>
        database.handle.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(ledgerTransactions)
            .values({ tenantId: tenantA, kind: "adjustment", idempotencyKey: key(), reason: "raw", createdBy: "test", createdAt: T0 })
            .returning();
          // One at a time: the check is deferred to commit, so a half-written transaction is fine until then.
          for (const entry of entries) await tx.insert(ledgerEntries).values({ transactionId: row!.id, ...entry, createdAt: T0 });
          return row!.id;
        });
      await refusedByTrigger(write([{ accountId: revenue.id, amount: 100 }]), /does not balance: its entries sum to 100/);
      await refusedByTrigger(
        write([
          { accountId: revenue.id, amount: 100 },
          { accountId: refunds.id, amount: -99 },
        ]),
        /does not balance: its entries sum to 1/,
      );
      await refusedByTrigger(
        write([
          { accountId: revenue.id, amount: 100 },
          { accountId: foreign.id, amount: -100 },
        ]),
        /moves money of another tenant/,
      );
      const balanced = await write([
        { accountId: revenue.id, amount: 40 },
        { accountId: refunds.id, amount: -25 },
        { accountId: refunds.id, amount: -15 },
      ]);
      // Changing one entry of a committed transaction is refused too.
      await refusedByTrigger(
        database.handle.db.update(ledgerEntries).set({ amount: 41 }).where(eq(ledgerEntries.accountId, revenue.id)),
        /does not balance/,
      );
      expect(await unbalancedTransactions()).toBe(0);
      expect((await database.handle.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, balanced))).length).toBe(3);
      expect(await ledger.sumAll(tenantA)).toBe(0);
      expect(await ledger.sumAll(tenantB)).toBe(0);
    });
  });

  describe("guarded debits and credit", () => {
    it("refuses a debit that would take the wallet below zero, and takes one that leaves it at zero", async () => {
      const user = await newUser();
      await topUp(user, 100_000);
      expect(await pay(user, 100_001)).toEqual({ ok: false, error: "INSUFFICIENT_FUNDS" });
      const wallet = await ledger.walletOf(tenantA, user);
      expect((await ledger.balance(wallet.id)).balance).toBe(100_000);
      expect(await pay(user, 100_000)).toMatchObject({ ok: true, replayed: false });
      expect(await ledger.balance(wallet.id)).toEqual({ balance: 0, creditLimit: 0, available: 0 });
      expect(await pay(user, 1)).toEqual({ ok: false, error: "INSUFFICIENT_FUNDS" });
      // A raw post debiting the wallet is guarded too, though it names no guard.
      const raw = await ledger.post({
        tenantId: tenantA,
        kind: "adjustment",
        idempotencyKey: key(),
        reason: "raw",
        createdBy: "ops",
        at: T0,
        postings: [
          { account: { walletOf: user }, amount: -1 },
          { account: { system: "revenue" }, amount: 1 },
        ],
      });
      expect(raw).toEqual({ ok: false, error: "INSUFFICIENT_FUNDS" });
    });

    it("lets a wallet go down to minus its granted credit limit, no further, and records who granted it and why", async () => {
      const user = await newUser();
      const wallet = await ledger.walletOf(tenantA, user);
      await topUp(user, 50_000);
      expect(await ledger.setCreditLimit(wallet.id, 200_000, "Sara Ahmadi", "corporate client, contract 14", at(MINUTE))).toEqual({
        previous: 0,
        creditLimit: 200_000,
      });
      expect(await ledger.balance(wallet.id)).toEqual({ balance: 50_000, creditLimit: 200_000, available: 250_000 });
      expect(await pay(user, 250_001)).toEqual({ ok: false, error: "INSUFFICIENT_FUNDS" });
      expect(await pay(user, 250_000)).toMatchObject({ ok: true });
      expect(await ledger.balance(wallet.id)).toEqual({ balance: -200_000, creditLimit: 200_000, available: 0 });

      // Lowered below the debt: the debt stays, further debits wait for money.
      expect(await ledger.setCreditLimit(wallet.id, 100_000, "Reza K", "contract ended", at(2 * MINUTE))).toEqual({
        previous: 200_000,
        creditLimit: 100_000,
      });
      expect(await ledger.balance(wallet.id)).toEqual({ balance: -200_000, creditLimit: 100_000, available: -100_000 });
      expect(await pay(user, 1)).toEqual({ ok: false, error: "INSUFFICIENT_FUNDS" });
      await topUp(user, 150_000);
      expect(await pay(user, 50_000)).toMatchObject({ ok: true });
      expect(await ledger.balance(wallet.id)).toEqual({ balance: -100_000, creditLimit: 100_000, available: 0 });

      const history = await ledger.creditHistory(wallet.id);
      expect(history.map(({ creditLimit, grantedBy, reason, at: when }) => ({ creditLimit, grantedBy, reason, when }))).toEqual([
        { creditLimit: 100_000, grantedBy: "Reza K", reason: "contract ended", when: at(2 * MINUTE) },
        { creditLimit: 200_000, grantedBy: "Sara Ahmadi", reason: "corporate client, contract 14", when: at(MINUTE) },
      ]);
      const [stored] = await database.handle.db
        .select({ creditLimit: ledgerAccounts.creditLimit })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, wallet.id));
      expect(stored?.creditLimit).toBe(100_000);
    });

    it("gives credit only to wallets, within range, with who and why", async () => {
      const revenue = await ledger.systemAccount(tenantA, "revenue");
      await expect(ledger.setCreditLimit(revenue.id, 1000, "ops", "no", T0)).rejects.toThrow(/only a wallet/);
      const wallet = await ledger.walletOf(tenantA, await newUser());
      await expect(ledger.setCreditLimit(wallet.id, -1, "ops", "no", T0)).rejects.toThrow(RangeError);
      await expect(ledger.setCreditLimit(wallet.id, 100_000_001, "ops", "no", T0)).rejects.toThrow(RangeError);
      await expect(ledger.setCreditLimit(wallet.id, 1000, " ", "why", T0)).rejects.toThrow(RangeError);
      await expect(ledger.setCreditLimit(wallet.id, 1000, "ops", "", T0)).rejects.toThrow(RangeError);
      expect(await ledger.creditHistory(wallet.id)).toEqual([]);
    });
  });

  describe("the race: simultaneous debits against funds for only some of them", () => {
    /** A fresh wallet funded with ten top-ups of 100,000, with `credit` granted, then 25 debits of 100,000 at once. */
    async function race(credit: number) {
      const user = await newUser();
      const wallet = await ledger.walletOf(tenantA, user);
      for (let index = 0; index < 10; index += 1) await topUp(user, 100_000);
      if (credit > 0) await ledger.setCreditLimit(wallet.id, credit, "ops", "race test", T0);
      await warmPool();
      const results = await Promise.all(
        Array.from({ length: 25 }, (_, index) => pay(user, 100_000, { idempotencyKey: `race-${wallet.id}-${index}` })),
      );
      return { wallet, results };
    }

    it("lets exactly the funded ten of 25 debits through, leaving the wallet at exactly zero and the ledger summing to zero", async () => {
      const { wallet, results } = await race(0);
      expect(results.filter((result) => result.ok)).toHaveLength(10);
      expect(results.filter((result) => !result.ok && result.error === "INSUFFICIENT_FUNDS")).toHaveLength(15);
      expect(await ledger.balance(wallet.id)).toEqual({ balance: 0, creditLimit: 0, available: 0 });
      const debits = await database.handle.db
        .select()
        .from(ledgerEntries)
        .where(sql`${ledgerEntries.accountId} = ${wallet.id} and ${ledgerEntries.amount} < 0`);
      expect(debits).toHaveLength(10);
      expect(await ledger.sumAll(tenantA)).toBe(0);
      expect(await unbalancedTransactions()).toBe(0);
    });

    it("with a credit limit of 200,000 lets exactly twelve through, down to exactly -200,000", async () => {
      const { wallet, results } = await race(200_000);
      expect(results.filter((result) => result.ok)).toHaveLength(12);
      expect(await ledger.balance(wallet.id)).toEqual({ balance: -200_000, creditLimit: 200_000, available: 0 });
      expect(await ledger.sumAll(tenantA)).toBe(0);
      expect(await unbalancedTransactions()).toBe(0);
    });
  });
});
