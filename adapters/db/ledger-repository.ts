import { and, asc, desc, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { LedgerPostInput, LedgerRepository } from "#core/wallet/ports.ts";
import {
  balanceOf,
  checkPostings,
  isCreditLimit,
  isLedgerAccountKind,
  isLedgerTransactionKind,
  netByAccount,
  walletAllows,
  type AccountRef,
  type LedgerAccount,
  type LedgerAccountKind,
  type LedgerTransactionKind,
  type Posting,
  type SystemAccountKind,
} from "#core/wallet/ledger.ts";
import type { Database } from "./client.ts";
import type { Tx } from "./booking-changes.ts";
import { creditGrants, ledgerAccounts, ledgerEntries, ledgerTransactions, users } from "./schema.ts";

type AccountRow = typeof ledgerAccounts.$inferSelect;

function accountOf(row: AccountRow): LedgerAccount {
  if (!isLedgerAccountKind(row.kind)) throw new Error(`ledger account ${row.id} has an unknown kind ${row.kind}`);
  return {
    id: row.id,
    tenantId: row.tenantId,
    kind: row.kind,
    userId: row.userId,
    creditLimit: row.creditLimit,
    createdAt: row.createdAt,
  };
}

/** The sum of an account's entries; `sum` of integers is a bigint, which both drivers return as text. */
async function balanceIn(db: Database | Tx, accountId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId));
  return Number(row?.total ?? 0);
}

export function createLedgerRepository(db: Database): LedgerRepository {
  /** Opens the account if it is missing: two first uses at once open one (the partial unique indexes), and both read it. */
  async function openAccount(tenantId: string, kind: LedgerAccountKind, userId: string | null): Promise<LedgerAccount> {
    const find = async () => {
      const [row] = await db
        .select()
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.tenantId, tenantId),
            eq(ledgerAccounts.kind, kind),
            userId === null ? isNull(ledgerAccounts.userId) : eq(ledgerAccounts.userId, userId),
          ),
        )
        .limit(1);
      return row ? accountOf(row) : null;
    };
    const existing = await find();
    if (existing) return existing;
    await db.insert(ledgerAccounts).values({ tenantId, kind, userId }).onConflictDoNothing();
    const opened = await find();
    if (!opened) throw new Error(`ledger account ${kind} of tenant ${tenantId} could not be opened`);
    return opened;
  }

  async function assertUserOf(tenantId: string, userId: string): Promise<void> {
    // users has no (tenant_id, id) key to refer to, so the tenant of a wallet's owner is checked here.
    const [owner] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)))
      .limit(1);
    if (!owner) throw new Error(`user ${userId} has no account at tenant ${tenantId}`);
  }

  async function resolve(tenantId: string, ref: AccountRef): Promise<string> {
    if ("id" in ref) return ref.id;
    if ("system" in ref) return (await openAccount(tenantId, ref.system, null)).id;
    await assertUserOf(tenantId, ref.walletOf);
    return (await openAccount(tenantId, "wallet", ref.walletOf)).id;
  }

  async function findTransaction(executor: Database | Tx, tenantId: string, key: string): Promise<string | null> {
    const [row] = await executor
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.tenantId, tenantId), eq(ledgerTransactions.idempotencyKey, key)))
      .limit(1);
    return row?.id ?? null;
  }

  return {
    systemAccount: (tenantId, kind: SystemAccountKind) => openAccount(tenantId, kind, null),

    async walletOf(tenantId, userId) {
      await assertUserOf(tenantId, userId);
      return openAccount(tenantId, "wallet", userId);
    },

    async findWallet(tenantId, userId) {
      const [row] = await db
        .select()
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.tenantId, tenantId), eq(ledgerAccounts.kind, "wallet"), eq(ledgerAccounts.userId, userId)))
        .limit(1);
      return row ? accountOf(row) : null;
    },

    async post(input: LedgerPostInput) {
      const checked = checkPostings(input.postings.map((posting) => posting.amount));
      if (!checked.ok) {
        if (checked.problem === "UNBALANCED") return { ok: false, error: "UNBALANCED" };
        throw new RangeError(`ledger postings are malformed: ${checked.problem}`);
      }
      if (!isLedgerTransactionKind(input.kind)) throw new RangeError(`unknown ledger transaction kind ${String(input.kind)}`);
      // A replay (the common case of a repeated callback) answers without opening accounts or locking.
      const earlier = await findTransaction(db, input.tenantId, input.idempotencyKey);
      if (earlier) return { ok: true, transactionId: earlier, replayed: true };

      // Accounts are opened before the transaction, so it holds its locks only for the decision and the writes.
      const postings: Posting[] = [];
      for (const posting of input.postings)
        postings.push({
          accountId: await resolve(input.tenantId, posting.account),
          amount: posting.amount,
        });
      const net = netByAccount(postings);
      const ids = [...net.keys()];
      const accounts = await db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids));
      if (accounts.length !== ids.length) throw new Error("a ledger posting names an account that does not exist");
      if (accounts.some((account) => account.tenantId !== input.tenantId))
        throw new Error("a ledger posting names another tenant's account");
      // Every wallet the transaction takes money from is guarded, named or not: no writer can bypass it.
      const debitedWallets = accounts
        .filter((account) => account.kind === "wallet" && (net.get(account.id) ?? 0) < 0)
        .map((account) => account.id)
        .sort();
      if (input.guard && !debitedWallets.includes(input.guard.walletAccountId))
        throw new Error("the guarded wallet is not debited by this transaction");

      return db.transaction(async (tx) => {
        for (const walletId of debitedWallets) {
          // The lock serialises every debit of this wallet (in id order, so two wallets never deadlock);
          // the sum after it, a new statement, sees every debit committed before.
          const [locked] = await tx
            .select({ creditLimit: ledgerAccounts.creditLimit })
            .from(ledgerAccounts)
            .where(eq(ledgerAccounts.id, walletId))
            .for("update");
          // The first holder of the key may have committed while we waited: answer its transaction, not a refusal.
          if (walletId === debitedWallets[0]) {
            const raced = await findTransaction(tx, input.tenantId, input.idempotencyKey);
            if (raced)
              return {
                ok: true as const,
                transactionId: raced,
                replayed: true,
              };
          }
          const balance = await balanceIn(tx, walletId);
          // Nothing is written yet: the transaction ends empty.
          if (
            !walletAllows({
              balance,
              creditLimit: locked!.creditLimit,
              amount: net.get(walletId)!,
            })
          )
            return { ok: false as const, error: "INSUFFICIENT_FUNDS" as const };
        }
        const [created] = await tx
          .insert(ledgerTransactions)
          .values({
            tenantId: input.tenantId,
            kind: input.kind,
            idempotencyKey: input.idempotencyKey,
            paymentId: input.links?.paymentId ?? null,
            bookingId: input.links?.bookingId ?? null,
            refundId: input.links?.refundId ?? null,
            reason: input.reason,
            createdBy: input.createdBy,
            createdAt: input.at,
          })
          .onConflictDoNothing()
          .returning({ id: ledgerTransactions.id });
        if (!created) {
          // An unguarded twin committed the same key first (the insert waited for it): nothing is written.
          const first = await findTransaction(tx, input.tenantId, input.idempotencyKey);
          if (!first) throw new Error("ledger idempotency conflict without a transaction");
          return { ok: true as const, transactionId: first, replayed: true };
        }
        await tx.insert(ledgerEntries).values(
          postings.map((posting) => ({
            transactionId: created.id,
            accountId: posting.accountId,
            amount: posting.amount,
            createdAt: input.at,
          })),
        );
        return {
          ok: true as const,
          transactionId: created.id,
          replayed: false,
        };
      });
    },

    async balance(accountId) {
      const [account] = await db
        .select({ creditLimit: ledgerAccounts.creditLimit })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, accountId));
      if (!account) throw new Error(`no ledger account ${accountId}`);
      return balanceOf(await balanceIn(db, accountId), account.creditLimit);
    },

    async entries(accountId, { limit, before }) {
      const rows = await db
        .select({
          id: ledgerEntries.id,
          transactionId: ledgerEntries.transactionId,
          amount: ledgerEntries.amount,
          at: ledgerEntries.createdAt,
          kind: ledgerTransactions.kind,
          reason: ledgerTransactions.reason,
          createdBy: ledgerTransactions.createdBy,
          paymentId: ledgerTransactions.paymentId,
          bookingId: ledgerTransactions.bookingId,
          refundId: ledgerTransactions.refundId,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(
          and(
            eq(ledgerEntries.accountId, accountId),
            // Keyset paging on (time, id): entries of one moment keep a stable order across pages.
            before
              ? or(lt(ledgerEntries.createdAt, before.at), and(eq(ledgerEntries.createdAt, before.at), lt(ledgerEntries.id, before.id)))
              : undefined,
          ),
        )
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .limit(limit);
      if (rows.length === 0) return [];
      const others = await db
        .selectDistinct({
          transactionId: ledgerEntries.transactionId,
          kind: ledgerAccounts.kind,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(
          and(
            inArray(
              ledgerEntries.transactionId,
              rows.map((row) => row.transactionId),
            ),
            ne(ledgerEntries.accountId, accountId),
          ),
        )
        .orderBy(asc(ledgerAccounts.kind));
      return rows.map((row) => ({
        id: row.id,
        transactionId: row.transactionId,
        amount: row.amount,
        at: row.at,
        // Kinds are written only through post(), which checks them; an unknown one would be a newer release's.
        kind: row.kind as LedgerTransactionKind,
        reason: row.reason,
        createdBy: row.createdBy,
        links: {
          paymentId: row.paymentId,
          bookingId: row.bookingId,
          refundId: row.refundId,
        },
        counterparts: others
          .filter((other) => other.transactionId === row.transactionId && isLedgerAccountKind(other.kind))
          .map((other) => other.kind as LedgerAccountKind),
      }));
    },

    async setCreditLimit(accountId, limit, by, reason, at) {
      if (!isCreditLimit(limit)) throw new RangeError(`credit limit out of range: ${limit}`);
      if (by.trim() === "" || reason.trim() === "") throw new RangeError("a credit limit needs who sets it and why");
      return db.transaction(async (tx) => {
        // Under the wallet's lock, like a debit: a debit decides on the limit before or after this change, never a mix.
        const [account] = await tx
          .select({
            kind: ledgerAccounts.kind,
            creditLimit: ledgerAccounts.creditLimit,
          })
          .from(ledgerAccounts)
          .where(eq(ledgerAccounts.id, accountId))
          .for("update");
        if (!account) throw new Error(`no ledger account ${accountId}`);
        if (account.kind !== "wallet") throw new Error("only a wallet has a credit limit");
        await tx.update(ledgerAccounts).set({ creditLimit: limit }).where(eq(ledgerAccounts.id, accountId));
        await tx.insert(creditGrants).values({
          accountId,
          creditLimit: limit,
          grantedBy: by,
          reason,
          createdAt: at,
        });
        return { previous: account.creditLimit, creditLimit: limit };
      });
    },

    async creditHistory(accountId) {
      const rows = await db
        .select()
        .from(creditGrants)
        .where(eq(creditGrants.accountId, accountId))
        .orderBy(desc(creditGrants.createdAt), desc(creditGrants.id));
      return rows.map((row) => ({
        id: row.id,
        accountId: row.accountId,
        creditLimit: row.creditLimit,
        grantedBy: row.grantedBy,
        reason: row.reason,
        at: row.createdAt,
      }));
    },

    async sumAll(tenantId) {
      const [row] = await db
        .select({
          total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(eq(ledgerAccounts.tenantId, tenantId));
      return Number(row?.total ?? 0);
    },
  };
}
