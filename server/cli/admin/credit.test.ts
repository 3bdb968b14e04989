import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountRepository } from "#adapters/db/account-repository.ts";
import { openDatabase, type DatabaseHandle } from "#adapters/db/client.ts";
import { createLedgerRepository } from "#adapters/db/ledger-repository.ts";
import { creditGrants, ledgerAccounts } from "#adapters/db/schema.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { creditWallet, debitWallet } from "#core/wallet/wallet.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { ADMIN_COMMANDS, adminUsage, runAdmin, type AdminContext } from "./commands.ts";
import { createCreditCommand, creditCommand, readLimit, readMobile, readRecordText } from "./credit.ts";

/** 15:30 in Tehran. */
const NOW = new Date("2025-03-10T12:00:00Z");
let clock = NOW;
const command = createCreditCommand({ now: () => clock });

let database: DatabaseHandle;
const tenantIds: Record<string, string> = {};
const userIds: Record<string, string> = {};

beforeAll(async () => {
  database = await openDatabase({ kind: "pglite", dataDir: null });
  await database.migrate();
  await seedTenants(database.db, DEMO_TENANTS);
  for (const slug of ["hamsafar", "parvaz-sabz"]) tenantIds[slug] = (await tenantIdBySlug(database.db, slug))!;
  const accounts = createAccountRepository(database.db);
  for (const mobile of ["09121111111", "09122222222", "09123333333"])
    userIds[mobile] = (await accounts.findOrCreate({ tenantId: tenantIds["parvaz-sabz"]!, mobile, now: NOW })).account.id;
}, 60_000);

afterAll(async () => {
  await database?.close();
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  opened: number;
}

/** Runs `npm run admin -- credit …` against the test's database (which the command must not close). */
async function credit(...args: string[]): Promise<Run> {
  const result = { stdout: "", stderr: "", opened: 0 };
  const context: AdminContext = {
    io: { out: (text) => void (result.stdout += text), err: (text) => void (result.stderr += text) },
    openDatabase: async () => {
      result.opened += 1;
      return { ...database, close: async () => {} };
    },
  };
  const code = await runAdmin(["credit", ...args], context, [command]);
  return { code, ...result };
}

const ledger = () => createLedgerRepository(database.db);
const walletRow = async (mobile: string) =>
  (await database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, userIds[mobile]!)))[0];
const set = (mobile: string, limit: string, by = "Sara Ahmadi", reason = "corporate client") =>
  credit("set", "--tenant", "parvaz-sabz", "--mobile", mobile, "--limit", limit, "--by", by, "--reason", reason);

describe("credit: help and option errors", () => {
  it("is an admin command, listed in the admin help", () => {
    expect(ADMIN_COMMANDS).toContain(creditCommand);
    expect(adminUsage()).toMatch(/\n {2}credit +show a traveller's wallet/);
  });

  it("prints its usage and each subcommand's, without the database", async () => {
    const help = await credit("--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: npm run admin -- credit <show|set>");
    for (const subcommand of ["show", "set"]) {
      const run = await credit(subcommand, "--help");
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Usage: npm run admin -- credit ${subcommand} --tenant <slug> --mobile <number>`);
      expect(run.opened).toBe(0);
    }
  });

  it("refuses unknown subcommands and options, and missing or bad values, before opening the database", async () => {
    for (const args of [
      [],
      ["grant"],
      ["show", "--tenant", "parvaz-sabz", "--mobile", "09121111111", "--limit", "5"],
      ["show", "--tenant", "parvaz-sabz"],
      ["show", "--mobile", "09121111111"],
      ["show", "--tenant", "parvaz-sabz", "--mobile", "12345"],
      ["set", "--tenant", "parvaz-sabz", "--mobile", "09121111111", "--limit", "1000", "--by", "Sara"],
      ["set", "--tenant", "parvaz-sabz", "--mobile", "09121111111", "--limit", "1000", "--reason", "why"],
      ["set", "--tenant", "parvaz-sabz", "--mobile", "09121111111", "--limit", "1000", "--by", " ", "--reason", "why"],
      ["set", "--tenant", "parvaz-sabz", "--mobile", "09121111111", "--limit", "100,000,001", "--by", "Sara", "--reason", "why"],
      ["set", "--tenant", "parvaz-sabz", "--mobile", "09121111111", "--limit", "-5", "--by", "Sara", "--reason", "why"],
      ["set", "--tenant", "parvaz-sabz", "--mobile", "09121111111", "--by", "Sara", "--reason", "why"],
    ]) {
      const run = await credit(...args);
      expect(run.code, args.join(" ")).toBe(1);
      expect(run.stderr).toContain("Usage: npm run admin -- credit");
      expect(run.opened).toBe(0);
    }
    expect(
      (await credit("set", "--tenant", "parvaz-sabz", "--mobile", "09121111111", "--limit", "1000", "--reason", "why")).stderr,
    ).toContain("--by is required");
    expect((await credit("set", "--tenant", "parvaz-sabz", "--mobile", "09121111111", "--limit", "1000", "--by", "Sara")).stderr).toContain(
      "--reason is required",
    );
  });

  it("names the tenants for an unknown one, and refuses a number without an account", async () => {
    const unknown = await credit("show", "--tenant", "nobody", "--mobile", "09121111111");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('Unknown tenant: "nobody" (the tenants are hamsafar, parvaz-sabz, safar-nur)\n');
    // The number has an account at parvaz-sabz only: accounts belong to one tenant.
    const elsewhere = await credit(
      "set",
      "--tenant",
      "hamsafar",
      "--mobile",
      "09121111111",
      "--limit",
      "1000",
      "--by",
      "Sara",
      "--reason",
      "why",
    );
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain("Tenant hamsafar has no account with the mobile 09121111111");
    expect(await database.db.select().from(creditGrants)).toEqual([]);
  });
});

describe("reading options", () => {
  it("reads mobiles in any form the traveller would type them", () => {
    expect(readMobile("09121111111")).toEqual({ ok: true, value: "09121111111" });
    expect(readMobile("+98 912 111 1111")).toEqual({ ok: true, value: "09121111111" });
    expect(readMobile("۰۹۱۲۱۱۱۱۱۱۱")).toEqual({ ok: true, value: "09121111111" });
    for (const bad of ["", "02188888888", "0912", undefined]) expect(readMobile(bad).ok, String(bad)).toBe(false);
  });

  it("reads limits from 0 to 100,000,000 whole tomans", () => {
    expect(readLimit("0")).toEqual({ ok: true, value: 0 });
    expect(readLimit("۵٬۰۰۰٬۰۰۰")).toEqual({ ok: true, value: 5_000_000 });
    expect(readLimit("100,000,000")).toEqual({ ok: true, value: 100_000_000 });
    for (const bad of ["100000001", "-1", "1.5", "lots", "", undefined]) expect(readLimit(bad).ok, String(bad)).toBe(false);
  });

  it("keeps who and why terminal-safe and bounded", () => {
    expect(readRecordText("reason", "  contract\u001b[2J 14 ")).toEqual({ ok: true, value: "contract [2J 14" });
    expect(readRecordText("by", "x".repeat(101)).ok).toBe(false);
    expect(readRecordText("reason", "x".repeat(500)).ok).toBe(true);
  });
});

describe("credit show and set", () => {
  it("shows a wallet never opened as empty, without opening it", async () => {
    const run = await credit("show", "--tenant", "parvaz-sabz", "--mobile", "09123333333");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        "Wallet of 09123333333 at tenant parvaz-sabz (not opened yet):",
        "  balance       0 tomans",
        "  credit limit  0 tomans",
        "  available     0 tomans",
        "No credit has ever been granted.",
        "",
      ].join("\n"),
    );
    expect(await walletRow("09123333333")).toBeUndefined();
  });

  it("grants credit with who and why, opening the wallet, and shows its history newest first", async () => {
    clock = NOW;
    const first = await set("+989121111111", "5,000,000", "Sara Ahmadi", "corporate client, contract 14");
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(
      "The credit limit of the wallet of 09121111111 at tenant parvaz-sabz is now 5,000,000 tomans (was 0 tomans), set by Sara Ahmadi: corporate client, contract 14",
    );
    expect((await walletRow("09121111111"))?.creditLimit).toBe(5_000_000);

    const same = await set("09121111111", "5000000");
    expect(same.stdout).toContain("is already 5,000,000 tomans; nothing recorded");

    clock = new Date(NOW.getTime() + 60 * 60_000);
    expect((await set("09121111111", "2,000,000", "Reza K", "contract reduced")).code).toBe(0);

    const shown = await credit("show", "--tenant", "parvaz-sabz", "--mobile", "09121111111");
    expect(shown.code).toBe(0);
    expect(shown.stdout).toBe(
      [
        "Wallet of 09121111111 at tenant parvaz-sabz:",
        "  balance       0 tomans",
        "  credit limit  2,000,000 tomans",
        "  available     2,000,000 tomans",
        "Credit limit changes, newest first (Tehran time):",
        "  2025-03-10 16:30    2,000,000  by Reza K: contract reduced",
        "  2025-03-10 15:30    5,000,000  by Sara Ahmadi: corporate client, contract 14",
        "",
      ].join("\n"),
    );
    const grants = await database.db.select().from(creditGrants);
    expect(grants.map((grant) => [grant.creditLimit, grant.grantedBy, grant.reason])).toEqual(
      expect.arrayContaining([
        [5_000_000, "Sara Ahmadi", "corporate client, contract 14"],
        [2_000_000, "Reza K", "contract reduced"],
      ]),
    );
    expect(grants).toHaveLength(2);
  });

  it("shows the derived balance, and warns when a lowered limit leaves the wallet owing more than it allows", async () => {
    const tenantId = tenantIds["parvaz-sabz"]!;
    const userId = userIds["09122222222"]!;
    expect((await set("09122222222", "300,000")).code).toBe(0);
    const base = { tenantId, userId, reason: "test", createdBy: "system", at: NOW };
    await creditWallet(ledger(), { ...base, amount: 100_000, kind: "topup", idempotencyKey: "t1", from: "gateway_clearing" });
    expect(
      await debitWallet(ledger(), { ...base, amount: 350_000, kind: "booking_payment", idempotencyKey: "p1", to: "revenue" }),
    ).toMatchObject({ ok: true });

    const lowered = await set("09122222222", "0", "Sara Ahmadi", "credit withdrawn");
    expect(lowered.code).toBe(0);
    expect(lowered.stdout).toContain("is now 0 tomans (was 300,000 tomans)");
    expect(lowered.stdout).toContain("balance -250,000 tomans, available -250,000 tomans");
    expect(lowered.stdout).toContain("debits are refused until 250,000 tomans more come in");
    expect((await credit("show", "--tenant", "parvaz-sabz", "--mobile", "09122222222")).stdout).toContain(
      "  balance       -250,000 tomans\n",
    );
  });
});
