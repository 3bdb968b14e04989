import { generateKeyPairSync, randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#adapters/db/client.ts";
import { createCredentialStore } from "#adapters/db/credential-store.ts";
import { tenantCredentials, tenants } from "#adapters/db/schema.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { MOADIAN_CREDENTIAL_KIND } from "#adapters/tax/moadian/moadian-registry.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { runAdmin, type AdminContext } from "./commands.ts";
import { createInvoicesCommand } from "./invoices.ts";

const KEY = randomBytes(32).toString("hex");
let database: DatabaseHandle;
let keyFile: string;
let privateKeyPem: string;

beforeAll(async () => {
  database = await openDatabase({ kind: "pglite", dataDir: null });
  await database.migrate();
  await seedTenants(database.db, DEMO_TENANTS);
  privateKeyPem = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  keyFile = join(mkdtempSync(join(tmpdir(), "tax-key-")), "agency.pem");
  writeFileSync(keyFile, privateKeyPem);
}, 60_000);

afterAll(async () => {
  await database?.close();
});

async function admin(args: string[], key: string | null = KEY) {
  const result = { stdout: "", stderr: "" };
  const context: AdminContext = {
    io: { out: (text) => void (result.stdout += text), err: (text) => void (result.stderr += text) },
    openDatabase: async () => ({ ...database, close: async () => {} }),
    ...(key === null ? {} : { credentialsKey: () => key }),
  };
  const code = await runAdmin(args, context, [createInvoicesCommand({ now: () => new Date("2026-03-10T08:00:00Z") })]);
  return { code, ...result };
}

const profileOf = async (slug: string) =>
  (await database.db.select({ profile: tenants.taxProfile }).from(tenants).where(eq(tenants.slug, slug)))[0]!.profile;

const SELLER = ["--memory-id", "a1pvzs", "--economic-code", "14001112223", "--national-id", "14001112223", "--postal-code", "1234567890"];

describe("npm run admin -- invoices", () => {
  it("gives an agency a sandbox tax profile, and takes it away", async () => {
    const set = await admin(["invoices", "setup", "--tenant", "parvaz-sabz", "--registry", "sandbox", ...SELLER, "--every-booking"]);
    expect(set.code, set.stderr).toBe(0);
    expect(await profileOf("parvaz-sabz")).toEqual({
      registry: "sandbox",
      memoryId: "A1PVZS",
      economicCode: "14001112223",
      nationalId: "14001112223",
      postalCode: "1234567890",
      invoiceEveryBooking: true,
    });
    const off = await admin(["invoices", "setup", "--tenant", "parvaz-sabz", "--off"]);
    expect(off.code).toBe(0);
    expect(await profileOf("parvaz-sabz")).toBeNull();
  });

  it("stores a Moadian key encrypted and never prints it; refuses without CREDENTIALS_KEY or a readable key", async () => {
    const withoutKey = await admin(
      ["invoices", "setup", "--tenant", "safar-nur", "--registry", "moadian", ...SELLER, "--key-file", keyFile],
      null,
    );
    expect(withoutKey.code).toBe(1);
    expect(withoutKey.stderr).toContain("CREDENTIALS_KEY");
    const badFile = await admin([
      "invoices",
      "setup",
      "--tenant",
      "safar-nur",
      "--registry",
      "moadian",
      ...SELLER,
      "--key-file",
      "/nonexistent",
    ]);
    expect(badFile.code).toBe(1);

    const set = await admin(["invoices", "setup", "--tenant", "safar-nur", "--registry", "moadian", ...SELLER, "--key-file", keyFile]);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).not.toContain("PRIVATE KEY");
    const tenantId = (await tenantIdBySlug(database.db, "safar-nur"))!;
    const [row] = await database.db
      .select()
      .from(tenantCredentials)
      .where(and(eq(tenantCredentials.tenantId, tenantId), eq(tenantCredentials.kind, MOADIAN_CREDENTIAL_KIND)));
    expect(row!.ciphertext).not.toContain("PRIVATE KEY");
    expect(await createCredentialStore(database.db, { key: KEY }).get(tenantId, MOADIAN_CREDENTIAL_KIND)).toEqual({
      clientId: "A1PVZS",
      privateKey: privateKeyPem,
    });
    expect((await profileOf("safar-nur"))?.registry).toBe("moadian");
  });

  it("refuses a bad option with its reason and the usage", async () => {
    const badMemory = await admin([
      "invoices",
      "setup",
      "--tenant",
      "hamsafar",
      "--registry",
      "sandbox",
      ...SELLER.slice(2),
      "--memory-id",
      "AB",
    ]);
    expect(badMemory.code).toBe(1);
    expect(badMemory.stderr).toContain("--memory-id");
    const badStatus = await admin(["invoices", "list", "--status", "late"]);
    expect(badStatus.code).toBe(1);
    expect(badStatus.stderr).toContain("--status must be one of overdue");
  });

  it("lists no invoices on a new database, and says when a booking to file is unknown", async () => {
    const listed = await admin(["invoices", "list"]);
    expect(listed).toMatchObject({ code: 0, stdout: "No invoices.\n" });
    const unknown = await admin(["invoices", "file", "ABCD2345", "--tenant", "hamsafar"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No booking ABCD2345 at hamsafar");
  });
});
