/**
 * Tenants' credentials encrypted at rest (issue 7), on each database engine: what the table holds,
 * who can read it back, and what happens without the key, with another key or a tampered row.
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCredentialStore, credentialsKeyBytes, decryptCredentials } from "#adapters/db/credential-store.ts";
import { tenantCredentials } from "#adapters/db/schema.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";

const KEY = randomBytes(32).toString("hex");
const OTHER_KEY = randomBytes(32).toString("base64");
const MERCHANT = "1344b5d4-0048-11e8-94db-005056a205be";
const SECRET = { merchantId: MERCHANT, baseUrl: "https://sandbox.zarinpal.com" };

describe.each(ENGINES)("credential store on %s", (engine) => {
  let database: TestDatabase;
  let parvaz: string;
  let nur: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    parvaz = (await tenantIdBySlug(database.handle.db, "parvaz-sabz"))!;
    nur = (await tenantIdBySlug(database.handle.db, "safar-nur"))!;
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** A store with the test's key, or with the one given (undefined: none). */
  const store = (...key: [string | undefined] | []) => createCredentialStore(database.handle.db, { key: key.length === 0 ? KEY : key[0] });

  async function row(tenantId: string, kind: string) {
    const [found] = await database.handle.db
      .select()
      .from(tenantCredentials)
      .where(and(eq(tenantCredentials.tenantId, tenantId), eq(tenantCredentials.kind, kind)));
    return found;
  }

  it("gives back what it stored", async () => {
    await store().put(parvaz, "payment:zarinpal", SECRET);
    expect(await store().get(parvaz, "payment:zarinpal")).toEqual(SECRET);
    expect(await store().kinds(parvaz)).toEqual(["payment:zarinpal"]);
    expect(await store().kinds(nur)).toEqual([]);
    expect(await store().get(nur, "payment:zarinpal")).toBeNull();
  });

  it("keeps no plaintext in the table, and draws a fresh IV for each write", async () => {
    const stored = (await row(parvaz, "payment:zarinpal"))!;
    expect(stored.keyVersion).toBe("1");
    expect(stored.ciphertext).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    const [, iv, tag] = stored.ciphertext.split(":");
    expect(Buffer.from(iv!, "base64")).toHaveLength(12);
    expect(Buffer.from(tag!, "base64")).toHaveLength(16);
    const plaintext = JSON.stringify(SECRET);
    for (const text of [
      MERCHANT,
      MERCHANT.replaceAll("-", ""),
      "merchantId",
      "zarinpal.com",
      Buffer.from(plaintext).toString("base64"),
      Buffer.from(MERCHANT).toString("base64").slice(0, 20),
    ]) {
      expect(stored.ciphertext).not.toContain(text);
    }
    await store().put(parvaz, "payment:zarinpal", SECRET);
    const again = (await row(parvaz, "payment:zarinpal"))!;
    expect(again.ciphertext.split(":")[1]).not.toBe(iv);
    expect(again.ciphertext).not.toBe(stored.ciphertext);
  });

  it("binds a ciphertext to its tenant and kind: copied elsewhere, it does not decrypt", async () => {
    const { ciphertext } = (await row(parvaz, "payment:zarinpal"))!;
    await database.handle.db.insert(tenantCredentials).values([
      { tenantId: nur, kind: "payment:zarinpal", ciphertext, keyVersion: "1" },
      { tenantId: parvaz, kind: "sms:kavenegar", ciphertext, keyVersion: "1" },
    ]);
    expect(await store().get(nur, "payment:zarinpal")).toBeNull();
    expect(await store().get(parvaz, "sms:kavenegar")).toBeNull();
    expect(await store().kinds(parvaz)).toEqual(["payment:zarinpal", "sms:kavenegar"]);
    // The original still reads.
    expect(await store().get(parvaz, "payment:zarinpal")).toEqual(SECRET);
    await database.handle.db.delete(tenantCredentials).where(eq(tenantCredentials.tenantId, nur));
    await database.handle.db.delete(tenantCredentials).where(eq(tenantCredentials.kind, "sms:kavenegar"));
  });

  it("reads nothing with another key or without one, and never throws", async () => {
    expect(await store(OTHER_KEY).get(parvaz, "payment:zarinpal")).toBeNull();
    expect(await store(undefined).get(parvaz, "payment:zarinpal")).toBeNull();
    expect(await store("").get(parvaz, "payment:zarinpal")).toBeNull();
    // Which kinds are stored is no secret: it needs no key.
    expect(await store(undefined).kinds(parvaz)).toEqual(["payment:zarinpal"]);
  });

  it("reads nothing from a tampered row", async () => {
    const { ciphertext } = (await row(parvaz, "payment:zarinpal"))!;
    const [format, iv, tag, body] = ciphertext.split(":") as [string, string, string, string];
    const flipped = Buffer.from(body, "base64");
    flipped[0] = flipped[0]! ^ 1;
    const key = credentialsKeyBytes(KEY)!;
    for (const tampered of [
      [format, iv, tag, flipped.toString("base64")].join(":"),
      [format, iv, Buffer.from(tag, "base64").subarray(0, 12).toString("base64"), body].join(":"),
      [format, iv, Buffer.alloc(16).toString("base64"), body].join(":"),
      ["v2", iv, tag, body].join(":"),
      [format, iv, tag].join(":"),
      "not a ciphertext",
      "",
    ]) {
      expect(decryptCredentials(key, parvaz, "payment:zarinpal", tampered), tampered).toBeNull();
    }
    await database.handle.db
      .update(tenantCredentials)
      .set({ ciphertext: [format, iv, tag, flipped.toString("base64")].join(":") })
      .where(and(eq(tenantCredentials.tenantId, parvaz), eq(tenantCredentials.kind, "payment:zarinpal")));
    expect(await store().get(parvaz, "payment:zarinpal")).toBeNull();
  });

  it("replaces a tenant's credentials of a kind on the next put", async () => {
    const replacement = { merchantId: "00000000-0000-4000-8000-000000000001" };
    await store().put(parvaz, "payment:zarinpal", replacement);
    expect(await store().get(parvaz, "payment:zarinpal")).toEqual(replacement);
    const rows = await database.handle.db.select().from(tenantCredentials).where(eq(tenantCredentials.tenantId, parvaz));
    expect(rows).toHaveLength(1);
    // A new key replaces it too; the old key then reads nothing.
    await store(OTHER_KEY).put(parvaz, "payment:zarinpal", SECRET);
    expect(await store(OTHER_KEY).get(parvaz, "payment:zarinpal")).toEqual(SECRET);
    expect(await store().get(parvaz, "payment:zarinpal")).toBeNull();
  });

  it("records the key version it was given", async () => {
    await createCredentialStore(database.handle.db, { key: KEY, keyVersion: "2025-03" }).put(nur, "tax:moadian", { token: "t" });
    expect((await row(nur, "tax:moadian"))!.keyVersion).toBe("2025-03");
  });

  it("refuses to store without a key, naming the variable", async () => {
    await expect(store(undefined).put(parvaz, "payment:zarinpal", SECRET)).rejects.toThrow(/CREDENTIALS_KEY is not set/);
  });

  it("refuses a malformed key at once, without echoing it", () => {
    expect(() => store("a passphrase, not a key")).toThrow(/CREDENTIALS_KEY must be 32 random bytes/);
    expect(() => store("a passphrase, not a key")).not.toThrow(/passphrase/);
  });

  it("keeps the secret and the ciphertext out of a database error", async () => {
    const missingTenant = "00000000-0000-4000-8000-00000000dead";
    const error = await store()
      .put(missingTenant, "payment:zarinpal", SECRET)
      .then(
        () => null,
        (caught: unknown) => caught as Error,
      );
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).toMatch(/^Could not store the payment:zarinpal credentials: /);
    expect(error!.message).not.toContain(MERCHANT);
    expect(error!.message).not.toMatch(/v1:/);
  });
});
