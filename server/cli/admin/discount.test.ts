import { userInfo } from "node:os";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#adapters/db/client.ts";
import { discountCodes } from "#adapters/db/schema.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { runAdmin, type AdminContext } from "./commands.ts";
import { createDiscountCommand, formatDiscount, operatingSystemUser, readWholeNumber, readWindowEdge, tehranTime } from "./discount.ts";

/** 15:30 in Tehran. */
const NOW = new Date("2025-03-10T12:00:00Z");
let clock = NOW;
const command = createDiscountCommand({ now: () => clock, operator: () => "ops-user" });

let database: DatabaseHandle;
const tenantIds: Record<string, string> = {};

beforeAll(async () => {
  database = await openDatabase({ kind: "pglite", dataDir: null });
  await database.migrate();
  await seedTenants(database.db, DEMO_TENANTS);
  for (const slug of ["hamsafar", "parvaz-sabz", "safar-nur"]) tenantIds[slug] = (await tenantIdBySlug(database.db, slug))!;
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

/** Runs `npm run admin -- discount …` against the test's database (which the command must not close). */
async function discount(...args: string[]): Promise<Run> {
  const result = { stdout: "", stderr: "", opened: 0 };
  const context: AdminContext = {
    io: { out: (text) => void (result.stdout += text), err: (text) => void (result.stderr += text) },
    openDatabase: async () => {
      result.opened += 1;
      return { ...database, close: async () => {} };
    },
  };
  const code = await runAdmin(["discount", ...args], context, [command]);
  return { code, ...result };
}

async function row(tenant: string, code: string) {
  const [found] = await database.db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.tenantId, tenantIds[tenant]!), eq(discountCodes.code, code)));
  return found;
}

async function codeCount(): Promise<number> {
  const [result] = await database.db.select({ value: count() }).from(discountCodes);
  return result!.value;
}

describe("discount create", () => {
  it("creates a capped percentage with its window, limits, services and note", async () => {
    const run = await discount(
      "create",
      "--tenant",
      "parvaz-sabz",
      "--code",
      " spring-۱۴۰۴ ",
      "--percent",
      "10",
      "--max",
      "200,000",
      "--from",
      "2025-03-15",
      "--until",
      "2025-03-31",
      "--max-uses",
      "100",
      "--max-uses-per-mobile",
      "1",
      "--services",
      "flight, flightRtrip,flight",
      "--note",
      "Nowruz sale",
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const created = await row("parvaz-sabz", "SPRING1404");
    expect(created).toMatchObject({
      tenantId: tenantIds["parvaz-sabz"],
      kind: "percent",
      amount: 10,
      maxDiscount: 200_000,
      minTotal: 0,
      services: ["flight", "flightRtrip"],
      maxUses: 100,
      maxUsesPerMobile: 1,
      uses: 0,
      active: true,
      note: "Nowruz sale",
      createdBy: "ops-user",
    });
    // A date alone: 00:00 Tehran of the day for --from, the end of the day (00:00 of the next) for --until.
    expect(created!.validFrom.toISOString()).toBe("2025-03-14T20:30:00.000Z");
    expect(created!.validUntil.toISOString()).toBe("2025-03-31T20:30:00.000Z");
    expect(run.stdout).toContain("Created discount code SPRING1404 of tenant parvaz-sabz");
    expect(run.stdout).toContain("10% (max 200,000) off the order total");
    expect(run.stdout).toContain("2025-03-15 00:00 to 2025-04-01 00:00 Tehran time (until the end of 2025-03-31)");
    expect(run.stdout).toContain("flight, flightRtrip");
    expect(run.stdout).toMatch(/status\s+not started/);
  });

  it("creates a fixed amount from now, with a minimum total and a Tehran datetime as its end", async () => {
    const run = await discount(
      "create",
      "--tenant",
      "parvaz-sabz",
      "--code",
      "welcome50",
      "--amount",
      "۵۰٬۰۰۰",
      "--min-total",
      "1,000,000",
      "--until",
      "2025-04-01T18:30",
      "--by",
      "Sara",
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const created = await row("parvaz-sabz", "WELCOME50");
    expect(created).toMatchObject({
      kind: "fixed",
      amount: 50_000,
      maxDiscount: null,
      minTotal: 1_000_000,
      services: [],
      maxUses: null,
      maxUsesPerMobile: null,
      note: null,
      createdBy: "Sara",
    });
    expect(created!.validFrom.toISOString()).toBe(NOW.toISOString());
    expect(created!.validUntil.toISOString()).toBe("2025-04-01T15:00:00.000Z");
    expect(run.stdout).toContain("50,000 toman off");
    expect(run.stdout).not.toContain("until the end of");
    expect(run.stdout).toMatch(/status\s+active/);
  });

  it("takes datetimes with their own offset as given, and a one-day window", async () => {
    expect(
      (
        await discount(
          "create",
          "--tenant",
          "parvaz-sabz",
          "--code",
          "UTCWINDOW",
          "--percent",
          "5",
          "--from",
          "2025-03-20T00:00Z",
          "--until",
          "2025-03-21T06:00:00+03:30",
        )
      ).code,
    ).toBe(0);
    const created = await row("parvaz-sabz", "UTCWINDOW");
    expect(created!.validFrom.toISOString()).toBe("2025-03-20T00:00:00.000Z");
    expect(created!.validUntil.toISOString()).toBe("2025-03-21T02:30:00.000Z");
    expect(created!.maxDiscount).toBeNull();

    expect(
      (
        await discount(
          "create",
          "--tenant",
          "parvaz-sabz",
          "--code",
          "ONEDAY",
          "--amount",
          "1000",
          "--from",
          "2025-03-20",
          "--until",
          "2025-03-20",
        )
      ).code,
    ).toBe(0);
    const oneDay = await row("parvaz-sabz", "ONEDAY");
    expect(oneDay!.validUntil.getTime() - oneDay!.validFrom.getTime()).toBe(24 * 3600_000);
  });

  it("records the operating-system user when --by is not given", async () => {
    const real = createDiscountCommand({ now: () => NOW });
    const context: AdminContext = {
      io: { out: () => {}, err: () => {} },
      openDatabase: async () => ({ ...database, close: async () => {} }),
    };
    expect(
      await runAdmin(
        ["discount", "create", "--tenant", "safar-nur", "--code", "OSUSER", "--percent", "1", "--until", "2030-01-01"],
        context,
        [real],
      ),
    ).toBe(0);
    const expected = operatingSystemUser();
    expect(expected).not.toBe("");
    let osName: string | null = null;
    try {
      osName = userInfo().username;
    } catch {
      // no passwd entry: the fallback is checked by being non-empty
    }
    if (osName) expect(expected).toBe(osName);
    expect((await row("safar-nur", "OSUSER"))!.createdBy).toBe(expected);
  });

  const base = ["--tenant", "parvaz-sabz", "--until", "2025-04-30"];
  it.each([
    [["--code", "AB", "--percent", "10", ...base], '--code must be 3 to 32 Latin letters and digits (got "AB")'],
    [["--code", "تخفیف10", "--percent", "10", ...base], "--code must be 3 to 32 Latin letters and digits"],
    [["--code", "A".repeat(33), "--percent", "10", ...base], "--code must be 3 to 32 Latin letters and digits"],
    [["--percent", "10", ...base], "--code is required"],
    [["--code", "NOTENANT", "--percent", "10", "--until", "2025-04-30"], "--tenant is required"],
    [["--code", "NOTENANT", "--percent", "10", "--tenant", " ", "--until", "2025-04-30"], "--tenant is required"],
    [["--code", "PCT", "--percent", "0", ...base], '--percent must be a whole number from 1 to 100 (got "0")'],
    [["--code", "PCT", "--percent", "101", ...base], '--percent must be a whole number from 1 to 100 (got "101")'],
    [["--code", "PCT", "--percent", "12.5", ...base], '--percent must be a whole number from 1 to 100 (got "12.5")'],
    [["--code", "PCT", "--percent", "ten", ...base], "--percent must be a whole number from 1 to 100"],
    [["--code", "BOTH", "--percent", "10", "--amount", "5000", ...base], "Give either --percent or --amount, not both"],
    [["--code", "NEITHER", ...base], "Give --percent <1-100> or --amount <tomans>"],
    [["--code", "AMT", "--amount", "12.5", ...base], '--amount must be a whole number of tomans from 1 to 2,147,483,647 (got "12.5")'],
    [["--code", "AMT", "--amount", "0", ...base], "--amount must be a whole number of tomans from 1"],
    [["--code", "AMT", "--amount", "3000000000", ...base], "--amount must be a whole number of tomans from 1 to 2,147,483,647"],
    [["--code", "AMT", "--amount", "50,00", ...base], "--amount must be a whole number of tomans"],
    [["--code", "AMT", "--amount", "5000", "--max", "1000", ...base], "--max caps a percentage; a fixed --amount needs no cap"],
    [
      ["--code", "CAP", "--percent", "10", "--max", "0", ...base],
      '--max must be a whole number of tomans from 1 to 2,147,483,647 (got "0")',
    ],
    [
      ["--code", "MIN", "--amount", "5000", "--min-total", "1.5", ...base],
      '--min-total must be a whole number of tomans from 0 to 2,147,483,647 (got "1.5")',
    ],
    [
      ["--code", "USES", "--amount", "5000", "--max-uses", "0", ...base],
      '--max-uses must be a whole number from 1 to 2,147,483,647 (got "0")',
    ],
    [
      ["--code", "USES", "--amount", "5000", "--max-uses-per-mobile", "one", ...base],
      '--max-uses-per-mobile must be a whole number from 1 to 2,147,483,647 (got "one")',
    ],
    [["--code", "NOEND", "--amount", "5000", "--tenant", "parvaz-sabz"], "--until is required"],
    [
      ["--code", "BACKWARDS", "--amount", "5000", "--tenant", "parvaz-sabz", "--from", "2025-03-20", "--until", "2025-03-19"],
      "--until (2025-03-20 00:00) must be after --from (2025-03-20 00:00), Tehran time",
    ],
    [
      ["--code", "PAST", "--amount", "5000", "--tenant", "parvaz-sabz", "--until", "2025-03-09"],
      "--until (2025-03-10 00:00) must be after --from (2025-03-10 15:30, now), Tehran time",
    ],
    [
      ["--code", "ENDED", "--amount", "5000", "--tenant", "parvaz-sabz", "--from", "2025-01-01", "--until", "2025-02-01"],
      "--until (2025-02-02 00:00 Tehran time) has already passed",
    ],
    [
      ["--code", "BADDATE", "--amount", "5000", "--tenant", "parvaz-sabz", "--until", "2025-02-30"],
      '--until must be a date (2025-03-21) or a datetime (2025-03-21T18:30, Tehran time unless it has an offset) (got "2025-02-30")',
    ],
    [["--code", "BADDATE", "--amount", "5000", "--tenant", "parvaz-sabz", "--until", "next week"], "--until must be a date"],
    [
      ["--code", "BADDATE", "--amount", "5000", "--tenant", "parvaz-sabz", "--from", "2025-03-10T25:00", "--until", "2025-04-01"],
      "--from must be a date",
    ],
    [
      ["--code", "JALALI", "--amount", "5000", "--tenant", "parvaz-sabz", "--until", "1404-01-15"],
      "it looks like a Persian date: give the Gregorian one",
    ],
    [
      ["--code", "SVC", "--amount", "5000", ...base, "--services", "flight,flights"],
      'Unknown service "flights" in --services; the services are flight, internationalflight, flightRtrip,',
    ],
    [["--code", "SVC", "--amount", "5000", ...base, "--services", "blog"], 'Unknown service "blog" in --services'],
    [["--code", "SVC", "--amount", "5000", ...base, "--services", " , "], "--services needs at least one service"],
    [["--code", "BYWHO", "--amount", "5000", ...base, "--by", " "], "--by needs the name of the operator creating the code"],
    [["--code", "NOTE", "--amount", "5000", ...base, "--note", "x".repeat(501)], "--note may have at most 500 characters"],
    [["--code", "OPT", "--amount", "5000", ...base, "--bogus"], "Unknown option '--bogus'"],
    [["--code", "OPT", "--amount", "5000", ...base, "extra"], "Unexpected argument 'extra'"],
    [["--code", "OPT", "--amount", "-5", ...base], "argument is ambiguous"],
  ])("refuses %j with a clear message and exit code 1, before opening the database", async (args, message) => {
    const before = await codeCount();
    const run = await discount("create", ...args);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain("Usage: npm run admin -- discount create");
    expect(run.stdout).toBe("");
    expect(run.opened).toBe(0);
    expect(await codeCount()).toBe(before);
  });

  it("refuses an unknown tenant and names the tenants there are", async () => {
    const before = await codeCount();
    const run = await discount("create", "--tenant", "no-such-agency", "--code", "ANY123", "--percent", "10", "--until", "2025-04-30");
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('Unknown tenant: "no-such-agency" (the tenants are hamsafar, parvaz-sabz, safar-nur)\n');
    expect(run.stdout).toBe("");
    expect(await codeCount()).toBe(before);
  });

  it("refuses a code the tenant already has, however it is typed, and leaves it unchanged", async () => {
    expect((await discount("create", "--tenant", "hamsafar", "--code", "TWICE", "--percent", "15", "--until", "2025-04-30")).code).toBe(0);
    const run = await discount("create", "--tenant", "hamsafar", "--code", "tw-ice", "--amount", "99000", "--until", "2025-05-30");
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("Tenant hamsafar already has the code TWICE (created ");
    expect(run.stderr).toContain("by ops-user, active). Codes are never deleted or reused: choose another code.");
    const kept = await row("hamsafar", "TWICE");
    expect(kept).toMatchObject({ kind: "percent", amount: 15 });

    // Another tenant may have the same code.
    expect((await discount("create", "--tenant", "safar-nur", "--code", "TWICE", "--amount", "99000", "--until", "2025-05-30")).code).toBe(
      0,
    );
    expect(await row("safar-nur", "TWICE")).toMatchObject({ kind: "fixed", amount: 99_000 });
  });

  it("refuses a disabled code too: codes are never reused", async () => {
    expect((await discount("create", "--tenant", "safar-nur", "--code", "REUSE", "--percent", "5", "--until", "2025-04-30")).code).toBe(0);
    expect((await discount("disable", "--tenant", "safar-nur", "--code", "REUSE")).code).toBe(0);
    const run = await discount("create", "--tenant", "safar-nur", "--code", "REUSE", "--percent", "5", "--until", "2025-04-30");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Tenant safar-nur already has the code REUSE");
    expect(run.stderr).toContain(", disabled)");
    expect((await row("safar-nur", "REUSE"))!.active).toBe(false);
  });
});

describe("discount list and disable", () => {
  const tenant = "hamsafar";
  const create = (...args: string[]) => discount("create", "--tenant", tenant, ...args);

  beforeAll(async () => {
    // A code that ended: created in January, listed in March.
    clock = new Date("2025-01-05T08:00:00Z");
    expect((await create("--code", "WINTER", "--amount", "20000", "--until", "2025-01-31")).code).toBe(0);
    clock = NOW;
    expect(
      (
        await create(
          "--code",
          "LIVE10",
          "--percent",
          "10",
          "--max",
          "200000",
          "--until",
          "2025-03-31",
          "--max-uses",
          "100",
          "--max-uses-per-mobile",
          "1",
          "--note",
          "Nowruz",
        )
      ).code,
    ).toBe(0);
    expect(
      (await create("--code", "FLAT50", "--amount", "50000", "--min-total", "1000000", "--until", "2025-06-30", "--services", "train,bus"))
        .code,
    ).toBe(0);
    expect((await create("--code", "LATER", "--percent", "20", "--from", "2025-05-01", "--until", "2025-05-31")).code).toBe(0);
    expect((await create("--code", "GONE", "--percent", "30", "--until", "2025-12-31")).code).toBe(0);
    expect((await create("--code", "SPENT", "--amount", "1000", "--until", "2025-12-31", "--max-uses", "2")).code).toBe(0);
    await database.db
      .update(discountCodes)
      .set({ uses: 2 })
      .where(and(eq(discountCodes.tenantId, tenantIds[tenant]!), eq(discountCodes.code, "SPENT")));
  });

  const line = (output: string, code: string) => output.split("\n").find((text) => text.startsWith(`${code} `));

  it("disables a code, says so when it already is, and keeps the row", async () => {
    const run = await discount("disable", "--tenant", tenant, "--code", "gone");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      "Disabled GONE of tenant hamsafar: it is refused from now on; bookings already made with it keep their discount.\n",
    );
    expect(await row(tenant, "GONE")).toMatchObject({ active: false, amount: 30 });

    const again = await discount("disable", "--tenant", tenant, "--code", "GONE");
    expect(again.code).toBe(0);
    expect(again.stdout).toBe("GONE of tenant hamsafar was already disabled.\n");
    // Only that tenant's code: safar-nur's TWICE is untouched by disabling hamsafar's.
    expect((await discount("disable", "--tenant", tenant, "--code", "TWICE")).code).toBe(0);
    expect((await row("safar-nur", "TWICE"))!.active).toBe(true);
  });

  it("refuses to disable a code the tenant does not have, or an unknown tenant's", async () => {
    const missing = await discount("disable", "--tenant", tenant, "--code", "NOSUCHCODE");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe("Tenant hamsafar has no code NOSUCHCODE\n");
    const unknown = await discount("disable", "--tenant", "nope", "--code", "GONE");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown tenant: "nope"');
  });

  it.each([
    [["--tenant", "hamsafar"], "--code is required"],
    [["--tenant", "hamsafar", "--code", "x!"], '--code must be 3 to 32 Latin letters and digits (got "x!")'],
    [["--code", "GONE"], "--tenant is required"],
    [["--tenant", "hamsafar", "--code", "GONE", "--all"], "Unknown option '--all'"],
  ])("refuses disable %j before opening the database", async (args, message) => {
    const run = await discount("disable", ...args);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain("Usage: npm run admin -- discount disable");
    expect(run.opened).toBe(0);
  });

  it("lists only active codes that have not ended, as a readable table", async () => {
    const run = await discount("list", "--tenant", tenant);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^code\s+discount\s+min total\s+services\s+valid \(Tehran time\)\s+uses\s+per mobile\s+status\s+note$/);
    expect(lines[1]).toMatch(/^-+( +-+)+$/);
    const listed = lines.slice(2).map((text) => text.split(" ")[0]);
    expect(listed.sort()).toEqual(["FLAT50", "LATER", "LIVE10", "SPENT"]);

    expect(line(run.stdout, "LIVE10")).toMatch(
      /^LIVE10\s+10% \(max 200,000\)\s+0\s+all\s+2025-03-10 15:30 to 2025-04-01 00:00\s+0\/100\s+1\s+active\s+Nowruz$/,
    );
    expect(line(run.stdout, "FLAT50")).toMatch(
      /^FLAT50\s+50,000 toman\s+1,000,000\s+train,bus\s+2025-03-10 15:30 to 2025-07-01 00:00\s+0\/∞\s+-\s+active$/,
    );
    expect(line(run.stdout, "LATER")).toMatch(/2025-05-01 00:00 to 2025-06-01 00:00\s+0\/∞\s+-\s+not started$/);
    expect(line(run.stdout, "SPENT")).toMatch(/2\/2\s+-\s+used up$/);
  });

  it("lists every code with --all, disabled and ended ones marked", async () => {
    const run = await discount("list", "--tenant", tenant, "--all");
    expect(run.code).toBe(0);
    for (const code of ["WINTER", "LIVE10", "FLAT50", "LATER", "GONE", "SPENT", "TWICE"]) expect(line(run.stdout, code)).toBeDefined();
    expect(line(run.stdout, "WINTER")).toMatch(/2025-01-05 11:30 to 2025-02-01 00:00\s+0\/∞\s+-\s+ended$/);
    expect(line(run.stdout, "GONE")).toMatch(/\s+disabled$/);
    // Newest first.
    expect(run.stdout.indexOf("SPENT ")).toBeLessThan(run.stdout.indexOf("WINTER "));
  });

  it("lists only the tenant's own codes, and says when there are none", async () => {
    const other = await discount("list", "--tenant", "parvaz-sabz", "--all");
    expect(line(other.stdout, "LIVE10")).toBeUndefined();
    expect(line(other.stdout, "WELCOME50")).toBeDefined();

    await seedTenants(database.db, [
      { ...DEMO_TENANTS[2]!, tenant: { ...DEMO_TENANTS[2]!.tenant, slug: "empty-agency", isDefault: false }, domains: ["empty.localhost"] },
    ]);
    const empty = await discount("list", "--tenant", "empty-agency");
    expect(empty.code).toBe(0);
    expect(empty.stdout).toBe("Tenant empty-agency has no active discount codes (--all shows disabled and ended ones too).\n");
    expect((await discount("list", "--tenant", "empty-agency", "--all")).stdout).toBe("Tenant empty-agency has no discount codes.\n");
  });

  it("drops a code from the default list once its window ends", async () => {
    clock = new Date("2025-04-01T00:00:00+03:30");
    try {
      const run = await discount("list", "--tenant", tenant);
      expect(line(run.stdout, "LIVE10")).toBeUndefined();
      expect(line(run.stdout, "FLAT50")).toBeDefined();
    } finally {
      clock = NOW;
    }
  });

  it("refuses list options it does not know, or no tenant, and an unknown tenant", async () => {
    for (const args of [[], ["--tenant", ""], ["--tenant", "hamsafar", "--code", "X"]]) {
      const run = await discount("list", ...args);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("Usage: npm run admin -- discount list");
      expect(run.opened).toBe(0);
    }
    const unknown = await discount("list", "--tenant", "nope");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown tenant: "nope"');
  });
});

describe("discount help", () => {
  it("prints the subcommands for discount --help, -h and help, and exits 0", async () => {
    for (const args of [["--help"], ["-h"], ["help"]]) {
      const run = await discount(...args);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain("Usage: npm run admin -- discount <create|list|disable>");
      expect(run.opened).toBe(0);
    }
  });

  it.each([
    ["create", "--percent <1-100>"],
    ["list", "--all"],
    ["disable", "--code <CODE>"],
  ])("prints the usage of discount %s for --help and help %s", async (name, option) => {
    for (const args of [
      [name, "--help"],
      [name, "-h"],
      ["help", name],
    ]) {
      const run = await discount(...args);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Usage: npm run admin -- discount ${name}`);
      expect(run.stdout).toContain(option);
      expect(run.opened).toBe(0);
    }
  });

  it("exits 1 with the usage for no subcommand or an unknown one", async () => {
    const none = await discount();
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("Usage: npm run admin -- discount <create|list|disable>");
    const unknown = await discount("delete", "--code", "X");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Unknown discount subcommand: delete");
    expect(unknown.opened).toBe(0);
  });

  it("is an admin command: npm run admin -- help discount", async () => {
    let stdout = "";
    const context: AdminContext = {
      io: { out: (text) => void (stdout += text), err: () => {} },
      openDatabase: () => Promise.reject(new Error("unused")),
    };
    expect(await runAdmin(["help", "discount"], context)).toBe(0);
    expect(stdout).toContain("Usage: npm run admin -- discount <create|list|disable>");
  });
});

describe("discount helpers", () => {
  it("reads dates as Tehran days and datetimes as Tehran time unless they carry an offset", () => {
    expect(readWindowEdge("2025-03-21", "start")!.toISOString()).toBe("2025-03-20T20:30:00.000Z");
    expect(readWindowEdge("2025-03-21", "end")!.toISOString()).toBe("2025-03-21T20:30:00.000Z");
    expect(readWindowEdge("2025-12-31", "end")!.toISOString()).toBe("2025-12-31T20:30:00.000Z");
    expect(readWindowEdge("۲۰۲۵-۰۳-۲۱", "start")!.toISOString()).toBe("2025-03-20T20:30:00.000Z");
    expect(readWindowEdge("2025-03-21T18:30", "end")!.toISOString()).toBe("2025-03-21T15:00:00.000Z");
    expect(readWindowEdge("2025-03-21 18:30", "start")!.toISOString()).toBe("2025-03-21T15:00:00.000Z");
    expect(readWindowEdge("2025-03-21T18:30:00z", "start")!.toISOString()).toBe("2025-03-21T18:30:00.000Z");
    expect(readWindowEdge("2025-03-21T18:30:00-01:00", "start")!.toISOString()).toBe("2025-03-21T19:30:00.000Z");
    for (const bad of ["2025-3-21", "2025-02-29", "21/03/2025", "2025-03-21T24:00", "", "now"])
      expect(readWindowEdge(bad, "start")).toBeNull();
    expect(tehranTime(new Date("2025-03-20T20:30:00Z"))).toBe("2025-03-21 00:00");
  });

  it("reads whole numbers with Persian digits and thousands separators only", () => {
    expect(readWholeNumber("200,000")).toBe(200_000);
    expect(readWholeNumber("۱۲۳۴۵۶")).toBe(123_456);
    expect(readWholeNumber("١٬٠٠٠")).toBe(1000);
    for (const bad of ["1.5", "1e3", "-1", "20,00", "", "0x10", "12 000"]) expect(readWholeNumber(bad)).toBeNull();
  });

  it("describes a discount", () => {
    expect(formatDiscount({ kind: "percent", amount: 10, maxDiscount: 200_000 })).toBe("10% (max 200,000)");
    expect(formatDiscount({ kind: "percent", amount: 100, maxDiscount: null })).toBe("100%");
    expect(formatDiscount({ kind: "fixed", amount: 50_000, maxDiscount: null })).toBe("50,000 toman");
  });
});
