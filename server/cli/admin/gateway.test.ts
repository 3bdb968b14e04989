import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#adapters/db/client.ts";
import { createCredentialStore } from "#adapters/db/credential-store.ts";
import { tenantCredentials, tenants } from "#adapters/db/schema.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { secretsUpdateIds, secretsUpdateRecordedBy } from "../../../tests/support/cli-audit.ts";
import { ADMIN_COMMANDS, runAdmin, type AdminContext } from "./commands.ts";
import { formatGatewayOrder, gatewayCommand, readMerchantId } from "./gateway.ts";

const KEY = randomBytes(32).toString("hex");
const OTHER_KEY = randomBytes(32).toString("base64");
const MERCHANT = "1344b5d4-0048-11e8-94db-005056a205be";
const OTHER_MERCHANT = "a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d";

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

/** Runs `npm run admin -- gateway …` against the test's database with CREDENTIALS_KEY `key` (null: unset). */
async function gateway(args: string[], key: string | null = KEY): Promise<Run> {
  const result = { stdout: "", stderr: "", opened: 0 };
  const context: AdminContext = {
    io: { out: (text) => void (result.stdout += text), err: (text) => void (result.stderr += text) },
    openDatabase: async () => {
      result.opened += 1;
      return { ...database, close: async () => {} };
    },
    ...(key === null ? {} : { credentialsKey: () => key }),
  };
  const code = await runAdmin(["gateway", ...args], context, [gatewayCommand]);
  return { code, ...result };
}

async function gatewaysOf(slug: string): Promise<string[]> {
  const [row] = await database.db.select({ paymentGateways: tenants.paymentGateways }).from(tenants).where(eq(tenants.slug, slug));
  return row!.paymentGateways;
}

async function setGateways(slug: string, paymentGateways: string[]): Promise<void> {
  await database.db.update(tenants).set({ paymentGateways }).where(eq(tenants.slug, slug));
}

async function credentialRow(slug: string) {
  const [row] = await database.db
    .select()
    .from(tenantCredentials)
    .where(and(eq(tenantCredentials.tenantId, tenantIds[slug]!), eq(tenantCredentials.kind, "payment:zarinpal")));
  return row;
}

const stored = (slug: string, key = KEY) => createCredentialStore(database.db, { key }).get(tenantIds[slug]!, "payment:zarinpal");

/** Nothing a run printed holds a merchant id. */
function expectNoSecret(run: Run): void {
  for (const secret of [MERCHANT, OTHER_MERCHANT, KEY, OTHER_KEY]) {
    expect(run.stdout).not.toContain(secret);
    expect(run.stderr).not.toContain(secret);
  }
}

describe("gateway help and option errors", () => {
  it("is one of the admin commands", () => {
    expect(ADMIN_COMMANDS).toContain(gatewayCommand);
  });

  it("prints its usage for --help and each subcommand's for <subcommand> --help, without the database", async () => {
    const help = await gateway(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: npm run admin -- gateway <list|set|enable|disable>");
    for (const subcommand of ["list", "set", "enable", "disable"]) {
      const run = await gateway([subcommand, "--help"]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Usage: npm run admin -- gateway ${subcommand} --tenant <slug>`);
      expect((await gateway(["help", subcommand])).stdout).toBe(run.stdout);
      expect(run.opened).toBe(0);
    }
  });

  it("exits 1 with the usage without a subcommand or with an unknown one", async () => {
    for (const args of [[], ["remove"]]) {
      const run = await gateway(args);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("Usage: npm run admin -- gateway <list|set|enable|disable>");
      expect(run.opened).toBe(0);
    }
  });

  it("refuses unknown options, positionals and options of other subcommands", async () => {
    for (const args of [
      ["list", "--tenant", "parvaz-sabz", "--all"],
      ["list", "parvaz-sabz"],
      ["disable", "--tenant", "parvaz-sabz", "--gateway", "sandbox", "--default"],
      ["enable", "--tenant", "parvaz-sabz", "--gateway", "zarinpal", "--merchant-id", MERCHANT],
      ["set", "--tenant", "parvaz-sabz", "--gateway"],
    ]) {
      const run = await gateway(args);
      expect(run.code, args.join(" ")).toBe(1);
      expect(run.stderr).toContain(`Usage: npm run admin -- gateway ${args[0]}`);
      expect(run.opened).toBe(0);
    }
  });

  it("needs --tenant and --gateway", async () => {
    expect((await gateway(["list"])).stderr).toContain("--tenant is required");
    const run = await gateway(["enable", "--tenant", "parvaz-sabz"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("--gateway is required: sandbox or zarinpal");
    expect((await gateway(["disable", "--tenant", "parvaz-sabz", "--gateway", " "])).stderr).toContain("--gateway is required");
  });

  it("refuses an unknown gateway, naming the known ones", async () => {
    const run = await gateway(["enable", "--tenant", "parvaz-sabz", "--gateway", "mellat"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Unknown gateway "mellat"; the gateways are sandbox, zarinpal');
  });

  it("refuses an unknown tenant, naming the tenants", async () => {
    const run = await gateway(["list", "--tenant", "nobody"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('Unknown tenant: "nobody" (the tenants are hamsafar, parvaz-sabz, safar-nur)\n');
  });

  it("never writes control characters back", async () => {
    const run = await gateway(["list", "--tenant", "\u001b[2Jx"]);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toContain("\u001b");
  });
});

describe("gateway list", () => {
  it("shows the seeded sandbox as the default, and zarinpal disabled without credentials", async () => {
    const run = await gateway(["list", "--tenant", "safar-nur"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Payment gateways of tenant safar-nur, in the order travellers see them (the first is the default):");
    expect(run.stdout).toMatch(/1 \(default\)\s+sandbox\s+none needed \(built in\)/);
    expect(run.stdout).toMatch(/disabled\s+zarinpal\s+none stored\n/);
  });

  it("works without CREDENTIALS_KEY", async () => {
    const run = await gateway(["list", "--tenant", "safar-nur"], null);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("sandbox");
  });

  it("says when an enabled gateway has no credentials, or is unknown to this version", async () => {
    await setGateways("hamsafar", ["sandbox", "zarinpal", "mellat"]);
    try {
      const run = await gateway(["list", "--tenant", "hamsafar"]);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/2\s+zarinpal\s+none stored: not offered until `gateway set`/);
      expect(run.stdout).toMatch(/3\s+mellat\s+unknown gateway: not offered/);
    } finally {
      await setGateways("hamsafar", ["sandbox"]);
    }
  });
});

describe("gateway set", () => {
  it("refuses without CREDENTIALS_KEY, before opening the database", async () => {
    for (const key of [null, ""]) {
      const run = await gateway(["set", "--tenant", "parvaz-sabz", "--gateway", "zarinpal", "--merchant-id", MERCHANT], key);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("CREDENTIALS_KEY is not set");
      expect(run.stderr).toContain("openssl rand -hex 32");
      expect(run.opened).toBe(0);
      expectNoSecret(run);
    }
    expect(await credentialRow("parvaz-sabz")).toBeUndefined();
  });

  it("refuses a merchant id that is not a UUID, without echoing it", async () => {
    for (const merchantId of [
      "1344b5d4-0048-11e8-94db-005056a205b",
      "1344b5d4004811e894db005056a205be",
      "zzzzzzzz-0048-11e8-94db-005056a205be",
      "secret-token",
    ]) {
      const run = await gateway(["set", "--tenant", "parvaz-sabz", "--gateway", "zarinpal", "--merchant-id", merchantId]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("--merchant-id must be Zarinpal's 36-character merchant id");
      expect(run.stderr).not.toContain(merchantId);
      expect(run.opened).toBe(0);
    }
    expect((await gateway(["set", "--tenant", "parvaz-sabz", "--gateway", "zarinpal"])).stderr).toContain("--merchant-id is required");
  });

  it("refuses the sandbox, which needs no credentials", async () => {
    const run = await gateway(["set", "--tenant", "parvaz-sabz", "--gateway", "sandbox", "--merchant-id", MERCHANT]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("built in and needs no credentials");
  });

  it("stores the credentials encrypted and enables zarinpal after the default", async () => {
    const run = await gateway([
      "set",
      "--tenant",
      "parvaz-sabz",
      "--gateway",
      "ZarinPal",
      "--merchant-id",
      ` ${MERCHANT.toUpperCase()} `,
      "--sandbox",
    ]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        "Stored the zarinpal credentials of tenant parvaz-sabz: sandbox (https://sandbox.zarinpal.com), encrypted with CREDENTIALS_KEY.",
        "Enabled zarinpal.",
        "Payment gateways of parvaz-sabz: sandbox (default), zarinpal.",
        "",
      ].join("\n"),
    );
    expect(run.stdout).not.toContain(MERCHANT.toUpperCase());
    expectNoSecret(run);
    expect(await gatewaysOf("parvaz-sabz")).toEqual(["sandbox", "zarinpal"]);
    const row = await credentialRow("parvaz-sabz");
    expect(row!.ciphertext).not.toContain(MERCHANT);
    expect(row!.ciphertext).not.toContain(MERCHANT.toUpperCase());
    expect(await stored("parvaz-sabz")).toEqual({ merchantId: MERCHANT.toUpperCase(), baseUrl: "https://sandbox.zarinpal.com" });
  });

  it("lists the stored credentials by their terminal only", async () => {
    const run = await gateway(["list", "--tenant", "parvaz-sabz"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/1 \(default\)\s+sandbox\s+none needed/);
    expect(run.stdout).toMatch(/2\s+zarinpal\s+stored: sandbox \(https:\/\/sandbox\.zarinpal\.com\)/);
    expect(run.stdout).not.toContain("disabled");
    expect(run.stdout).not.toContain(MERCHANT.toUpperCase());
    expectNoSecret(run);
  });

  it("lists them as not checked without a key and unreadable with another", async () => {
    expect((await gateway(["list", "--tenant", "parvaz-sabz"], null)).stdout).toMatch(
      /zarinpal\s+stored \(not checked: CREDENTIALS_KEY is not set\)/,
    );
    expect((await gateway(["list", "--tenant", "parvaz-sabz"], OTHER_KEY)).stdout).toMatch(
      /zarinpal\s+stored, but unreadable with this CREDENTIALS_KEY: not offered; store them again with `gateway set`/,
    );
  });

  it("replaces them, and --default makes zarinpal the default", async () => {
    const run = await gateway(["set", "--tenant", "parvaz-sabz", "--gateway", "zarinpal", "--merchant-id", OTHER_MERCHANT, "--default"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Replaced the zarinpal credentials of tenant parvaz-sabz: production (https://payment.zarinpal.com)");
    expect(run.stdout).not.toContain("Enabled");
    expect(run.stdout).toContain("Payment gateways of parvaz-sabz: zarinpal (default), sandbox.");
    expectNoSecret(run);
    expect(await gatewaysOf("parvaz-sabz")).toEqual(["zarinpal", "sandbox"]);
    expect(await stored("parvaz-sabz")).toEqual({ merchantId: OTHER_MERCHANT, baseUrl: "https://payment.zarinpal.com" });
    const rows = await database.db.select().from(tenantCredentials).where(eq(tenantCredentials.tenantId, tenantIds["parvaz-sabz"]!));
    expect(rows).toHaveLength(1);
  });

  it("reads a merchant id typed with Persian digits", () => {
    expect(readMerchantId("۱۳۴۴b5d4-۰۰۴۸-۱۱e8-94db-005056a205be")).toEqual({ ok: true, value: MERCHANT });
  });
});

describe("gateway enable and disable", () => {
  it("refuses zarinpal without stored credentials", async () => {
    const run = await gateway(["enable", "--tenant", "safar-nur", "--gateway", "zarinpal"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Tenant safar-nur has no zarinpal credentials");
    expect(run.stderr).toContain("npm run admin -- gateway set --tenant safar-nur --gateway zarinpal --merchant-id <uuid>");
    expect(await gatewaysOf("safar-nur")).toEqual(["sandbox"]);
  });

  it("refuses the last gateway", async () => {
    const run = await gateway(["disable", "--tenant", "safar-nur", "--gateway", "sandbox"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("sandbox is the only payment gateway of tenant safar-nur, and travellers need one to pay");
    expect(await gatewaysOf("safar-nur")).toEqual(["sandbox"]);
  });

  it("disables zarinpal, keeping its credentials, and says who the default is now", async () => {
    const run = await gateway(["disable", "--tenant", "parvaz-sabz", "--gateway", "zarinpal"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      "Disabled zarinpal for tenant parvaz-sabz: sandbox (default). sandbox is now the default. Its credentials stay stored: `gateway enable` brings it back.\n",
    );
    expect(await gatewaysOf("parvaz-sabz")).toEqual(["sandbox"]);
    expect(await stored("parvaz-sabz")).not.toBeNull();
    const again = await gateway(["disable", "--tenant", "parvaz-sabz", "--gateway", "zarinpal"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe("zarinpal is not enabled for tenant parvaz-sabz: sandbox (default).\n");
  });

  it("refuses to enable credentials another key wrote", async () => {
    const run = await gateway(["enable", "--tenant", "parvaz-sabz", "--gateway", "zarinpal"], OTHER_KEY);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("cannot be read with this CREDENTIALS_KEY");
    expect(await gatewaysOf("parvaz-sabz")).toEqual(["sandbox"]);
  });

  it("enables zarinpal again with its stored credentials, last or as the default", async () => {
    const run = await gateway(["enable", "--tenant", "parvaz-sabz", "--gateway", "zarinpal"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Enabled zarinpal for tenant parvaz-sabz: sandbox (default), zarinpal.\n");
    expect(await gatewaysOf("parvaz-sabz")).toEqual(["sandbox", "zarinpal"]);

    const again = await gateway(["enable", "--tenant", "parvaz-sabz", "--gateway", "zarinpal"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe("zarinpal is already enabled for tenant parvaz-sabz: sandbox (default), zarinpal.\n");

    const first = await gateway(["enable", "--tenant", "parvaz-sabz", "--gateway", "zarinpal", "--default"]);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe("Made zarinpal the default gateway of tenant parvaz-sabz: zarinpal (default), sandbox.\n");
    expect(await gatewaysOf("parvaz-sabz")).toEqual(["zarinpal", "sandbox"]);

    const already = await gateway(["enable", "--tenant", "parvaz-sabz", "--gateway", "zarinpal", "--default"]);
    expect(already.stdout).toBe("zarinpal is already the default gateway of tenant parvaz-sabz: zarinpal (default), sandbox.\n");
  });

  it("enables the sandbox as the default, and takes it out again", async () => {
    expect((await gateway(["enable", "--tenant", "parvaz-sabz", "--gateway", "sandbox", "--default"])).code).toBe(0);
    expect(await gatewaysOf("parvaz-sabz")).toEqual(["sandbox", "zarinpal"]);
    const run = await gateway(["disable", "--tenant", "parvaz-sabz", "--gateway", "sandbox"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Disabled sandbox for tenant parvaz-sabz: zarinpal (default). zarinpal is now the default.\n");
    expect(await gatewaysOf("parvaz-sabz")).toEqual(["zarinpal"]);
    expect((await gateway(["enable", "--tenant", "parvaz-sabz", "--gateway", "sandbox"])).code).toBe(0);
    expect(await gatewaysOf("parvaz-sabz")).toEqual(["zarinpal", "sandbox"]);
  });

  it("enables stored credentials without a key, saying they were not checked", async () => {
    await gateway(["disable", "--tenant", "parvaz-sabz", "--gateway", "zarinpal"]);
    const run = await gateway(["enable", "--tenant", "parvaz-sabz", "--gateway", "zarinpal"], null);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      "Enabled zarinpal for tenant parvaz-sabz (its credentials were not checked: CREDENTIALS_KEY is not set here): sandbox (default), zarinpal.\n",
    );
  });

  it("takes out a name this version does not know", async () => {
    await setGateways("hamsafar", ["sandbox", "mellat"]);
    const run = await gateway(["disable", "--tenant", "hamsafar", "--gateway", "Mellat"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Disabled mellat for tenant hamsafar: sandbox (default).\n");
    expect(await gatewaysOf("hamsafar")).toEqual(["sandbox"]);
  });

  it("formats an order with its default first", () => {
    expect(formatGatewayOrder(["zarinpal", "sandbox"])).toBe("zarinpal (default), sandbox");
  });
});

describe("gateway writes are audited like the secrets screen's", () => {
  const slug = "safar-nur";

  /** Runs the command and answers the one entry it recorded (failing when it recorded none or more). */
  const recordedBy = (args: string[]) =>
    secretsUpdateRecordedBy(database.db, tenantIds[slug]!, () => gateway(args), [MERCHANT, OTHER_MERCHANT, KEY]);

  async function reset() {
    await setGateways(slug, ["sandbox"]);
    await database.db
      .delete(tenantCredentials)
      .where(and(eq(tenantCredentials.tenantId, tenantIds[slug]!), eq(tenantCredentials.kind, "payment:zarinpal")));
  }

  it("records set, enable and disable as one secrets.update each, via cli, the merchant id only as set", async () => {
    await reset();
    const set = await recordedBy(["set", "--tenant", slug, "--gateway", "zarinpal", "--merchant-id", MERCHANT, "--sandbox"]);
    expect(set.before).toMatchObject({ gateways: ["sandbox"], zarinpal: { merchantId: null, terminal: null } });
    expect(set.after).toMatchObject({ gateways: ["sandbox", "zarinpal"], zarinpal: { merchantId: "set", terminal: "sandbox" } });
    expect(set.after.written).toEqual(["payment:zarinpal"]);

    const replaced = await recordedBy(["set", "--tenant", slug, "--gateway", "zarinpal", "--merchant-id", OTHER_MERCHANT]);
    expect(replaced.before).toMatchObject({ zarinpal: { merchantId: "set", terminal: "sandbox" } });
    expect(replaced.after).toMatchObject({ zarinpal: { merchantId: "set", terminal: "production" } });
    expect((await stored(slug))?.merchantId).toBe(OTHER_MERCHANT);

    const enabled = await recordedBy(["enable", "--tenant", slug, "--gateway", "zarinpal", "--default"]);
    expect(enabled.before).toMatchObject({ gateways: ["sandbox", "zarinpal"] });
    expect(enabled.after).toMatchObject({ gateways: ["zarinpal", "sandbox"], written: [] });

    const disabled = await recordedBy(["disable", "--tenant", slug, "--gateway", "zarinpal"]);
    expect(disabled.after).toMatchObject({ gateways: ["sandbox"], zarinpal: { merchantId: "set" } });
    expect(await gatewaysOf(slug)).toEqual(["sandbox"]);
  });

  it("records nothing for a refused command or one that changes nothing", async () => {
    await reset();
    const before = await secretsUpdateIds(database.db, tenantIds[slug]!);
    const runs = [
      // Refused: no credentials, the last gateway, a malformed merchant id, no CREDENTIALS_KEY.
      await gateway(["enable", "--tenant", slug, "--gateway", "zarinpal"]),
      await gateway(["disable", "--tenant", slug, "--gateway", "sandbox"]),
      await gateway(["set", "--tenant", slug, "--gateway", "zarinpal", "--merchant-id", "not-a-merchant-id"]),
      await gateway(["set", "--tenant", slug, "--gateway", "zarinpal", "--merchant-id", MERCHANT], null),
    ];
    expect(runs.map((run) => run.code)).toEqual([1, 1, 1, 1]);
    // Nothing to change: already enabled, not enabled.
    const noOps = [
      await gateway(["enable", "--tenant", slug, "--gateway", "sandbox"]),
      await gateway(["disable", "--tenant", slug, "--gateway", "zarinpal"]),
    ];
    expect(noOps.map((run) => run.code)).toEqual([0, 0]);
    expect(noOps[0]!.stdout).toBe("sandbox is already the default gateway of tenant safar-nur: sandbox (default).\n");
    expect(await secretsUpdateIds(database.db, tenantIds[slug]!)).toEqual(before);
    expect(await gatewaysOf(slug)).toEqual(["sandbox"]);
  });
});
