import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#adapters/db/client.ts";
import { createCredentialStore } from "#adapters/db/credential-store.ts";
import { mobileCharges } from "#adapters/db/schema.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { createTopupProviders } from "../../topup-providers.ts";
import { runAdmin, type AdminContext } from "./commands.ts";
import { topupCommand } from "./topup.ts";

const KEY = randomBytes(32).toString("hex");
const WEBSERVICE = "5c2e9a1b-3d4f-4e6a-8b7c-9d0e1f2a3b4c";

let database: DatabaseHandle;
let nur: string;

beforeAll(async () => {
  database = await openDatabase({ kind: "pglite", dataDir: null });
  await database.migrate();
  await seedTenants(database.db, DEMO_TENANTS);
  nur = (await tenantIdBySlug(database.db, "safar-nur"))!;
}, 60_000);

afterAll(async () => {
  await database?.close();
});

async function topup(args: string[], key: string | null = KEY) {
  const result = { stdout: "", stderr: "" };
  const context: AdminContext = {
    io: { out: (text) => void (result.stdout += text), err: (text) => void (result.stderr += text) },
    openDatabase: () => Promise.resolve({ ...database, close: async () => {} }),
    ...(key === null ? {} : { credentialsKey: () => key }),
  };
  const code = await runAdmin(["topup", ...args], context, [topupCommand]);
  return { code, ...result };
}

const providerOf = async () =>
  (await createTopupProviders({ credentials: createCredentialStore(database.db, { key: KEY }) }).forTenant(nur)).current.name;

describe("npm run admin -- topup", () => {
  it("orders from the sandbox until the reseller's credentials are stored, then from the reseller, and back", async () => {
    expect((await topup(["show", "--tenant", "safar-nur"])).stdout).toContain("sandbox");
    expect(await providerOf()).toBe("sandbox");

    const set = await topup([
      "set-chargereseller",
      "--tenant",
      "safar-nur",
      "--webservice-id",
      WEBSERVICE,
      "--base-url",
      "http://127.0.0.1:9/x",
    ]);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).not.toContain(WEBSERVICE);
    expect(await providerOf()).toBe("chargereseller");
    const shown = await topup(["show", "--tenant", "safar-nur"]);
    expect(shown.stdout).toContain("chargereseller (http://127.0.0.1:9/x)");
    expect(shown.stdout).not.toContain(WEBSERVICE);

    expect((await topup(["use", "--tenant", "safar-nur", "--provider", "sandbox"])).code).toBe(0);
    expect(await providerOf()).toBe("sandbox");
    // Charges ordered from the reseller are still finished there.
    const providers = await createTopupProviders({ credentials: createCredentialStore(database.db, { key: KEY }) }).forTenant(nur);
    expect(providers.byName("chargereseller")?.name).toBe("chargereseller");
    expect((await topup(["use", "--tenant", "safar-nur", "--provider", "chargereseller"])).code).toBe(0);
    expect(await providerOf()).toBe("chargereseller");
  });

  it("refuses a malformed id without echoing it, a missing key, an unknown tenant and provider", async () => {
    const bad = await topup(["set-chargereseller", "--tenant", "safar-nur", "--webservice-id", "secret-but-wrong"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).not.toContain("secret-but-wrong");
    expect((await topup(["set-chargereseller", "--tenant", "safar-nur", "--webservice-id", WEBSERVICE], null)).stderr).toContain(
      "CREDENTIALS_KEY",
    );
    expect((await topup(["show", "--tenant", "nowhere"])).stderr).toContain("Unknown tenant");
    expect((await topup(["use", "--tenant", "hamsafar", "--provider", "chargereseller"])).code).toBe(1);
    expect((await topup(["use", "--tenant", "hamsafar", "--provider", "mtn"])).code).toBe(1);
  });

  it("lists top-ups paid and not delivered for an operator to look at", async () => {
    const at = new Date("2026-03-10T08:00:00Z");
    await database.db.insert(mobileCharges).values({
      tenantId: nur,
      hashId: "waitingwaitingwaiting1",
      mobile: "09121234567",
      operator: "mci",
      kind: "direct",
      amount: 20_000,
      provider: "chargereseller",
      status: "paid",
      locale: "fa",
      createdAt: at,
      updatedAt: at,
    });
    const shown = await topup(["show", "--tenant", "safar-nur"]);
    expect(shown.stdout).toContain("paid 1");
    expect(shown.stdout).toContain("waitingwaitingwaiting1  chargereseller  09121234567  20000");
  });
});
