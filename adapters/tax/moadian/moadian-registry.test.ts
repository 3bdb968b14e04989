import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InvoicePacket } from "#core/tax/ports.ts";
import { createSandboxTaxRegistry } from "../sandbox/sandbox-registry.ts";
import { startFakeMoadian, type FakeMoadian } from "./fake-moadian-server.ts";
import { createMoadianRegistry } from "./moadian-registry.ts";
import { signJws, verifyJws } from "./packet.ts";
import { makeTaxId } from "#core/tax/tax-id.ts";
import { totalsOf, type TaxInvoiceBody, type TaxInvoiceLine } from "#core/tax/invoice.ts";

const MEMORY_ID = "A1TEST";
const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
const PUBLIC = pair.publicKey.export({ type: "spki", format: "pem" }).toString();
const PRIVATE = pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString();

function packet(overrides: Partial<TaxInvoiceBody["header"]> = {}): InvoicePacket {
  const taxId = makeTaxId({ memoryId: MEMORY_ID, issuedAt: new Date("2026-03-10T08:00:00Z"), serial: 1 });
  const line: TaxInvoiceLine = {
    position: 0,
    service: "flight",
    code: "IR 451",
    from: "THR",
    to: "MHD",
    startsAt: "2026-03-11T08:00:00+03:30",
    amount: 22_000_000,
    discount: 0,
    taxable: 20_000_000,
    vatRate: 10,
    vat: 2_000_000,
    total: 22_000_000,
  };
  const body: TaxInvoiceBody = {
    header: {
      taxId,
      type: 2,
      subject: "original",
      refersToTaxId: null,
      serial: 1,
      issuedAt: "2026-03-10T08:00:00.000Z",
      seller: { name: "همسفر", economicCode: "14001234567", nationalId: "14001234567", postalCode: "1415913456" },
      buyer: { kind: "person", mobile: "09121234567" },
      ...overrides,
    },
    lines: [line],
    payment: { method: "gateway", gateway: "sandbox", reference: "R1", paidAt: "2026-03-10T07:55:00.000Z", amount: 22_000_000 },
    refund: null,
    totals: totalsOf([line]),
  };
  return {
    taxId: body.header.taxId,
    body,
    profile: {
      registry: "moadian",
      memoryId: MEMORY_ID,
      economicCode: "14001234567",
      nationalId: "14001234567",
      postalCode: "1415913456",
      invoiceEveryBooking: false,
    },
  };
}

describe("the Moadian registry against its local fake", () => {
  let fake: FakeMoadian;
  const registry = () => createMoadianRegistry({ clientId: MEMORY_ID, privateKey: PRIVATE, baseUrl: fake.baseUrl });

  beforeAll(async () => {
    fake = await startFakeMoadian();
    fake.addClient(MEMORY_ID, PUBLIC);
  });
  afterAll(async () => {
    await fake.close();
  });

  it("gets a nonce, submits a signed packet and reads its verdict by the reference", async () => {
    const sent = await registry().submit(packet());
    if (!sent.ok) throw new Error(JSON.stringify(sent));
    expect(fake.calls.map((call) => call.path).slice(-3)).toEqual(["/nonce", "/server-information", "/invoice"]);
    const submission = fake.submissions.at(-1)!;
    // The signed packet travelled encrypted for the registry's own key.
    expect(submission.encryption).toEqual({ alg: "RSA-OAEP-256", enc: "A256GCM", kid: fake.keyId });
    expect(await verifyJws(submission.payload, PUBLIC)).toMatchObject({
      header: { taxid: packet().taxId, inty: 2, ins: 1, tbill: 22_000_000 },
    });
    expect(await registry().inquire(sent.reference)).toEqual({ ok: true, status: "accepted" });
  });

  it("keeps the registry's key between filings, and reads it again when the registry has rotated it", async () => {
    const kept = registry();
    expect((await kept.submit(packet())).ok).toBe(true);
    expect((await kept.submit(packet())).ok).toBe(true);
    const paths = () => fake.calls.map((call) => call.path);
    const keyReads = paths().filter((path) => path === "/server-information").length;
    fake.rotateKey();
    const afterRotation = await kept.submit(packet());
    expect(afterRotation.ok).toBe(true);
    // One refused post with the old key, one read of the new key, one accepted post.
    expect(paths().filter((path) => path === "/server-information").length).toBe(keyReads + 1);
    expect(paths().slice(-4)).toEqual(["/nonce", "/invoice", "/server-information", "/invoice"]);
    expect(fake.submissions.at(-1)!.encryption.kid).toBe(fake.keyId);
  });

  it("refuses a packet that is not encrypted for the registry", async () => {
    const response = await fetch(`${fake.baseUrl}/nonce?timeToLive=30`);
    const { nonce } = (await response.json()) as { nonce: string };
    const token = await signJws({ nonce, clientId: MEMORY_ID }, PRIVATE, new Date());
    const plain = await signJws({ header: {}, body: [] }, PRIVATE, new Date());
    const posted = await fetch(`${fake.baseUrl}/invoice`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify([{ payload: plain, header: { fiscalId: MEMORY_ID } }]),
    });
    expect(((await posted.json()) as { result: { errors: { code: string }[] }[] }).result[0]!.errors[0]!.code).toBe("DECRYPTION");
  });

  it("reads a refusal's codes, a pending verdict, and an unknown reference as pending", async () => {
    fake.refuseNext("0100", "Bad");
    const refused = await registry().submit(packet());
    if (!refused.ok) throw new Error(JSON.stringify(refused));
    expect(await registry().inquire(refused.reference)).toEqual({
      ok: true,
      status: "refused",
      errors: [{ code: "0100", message: "Bad" }],
    });
    fake.stayPending(true);
    expect(await registry().inquire(refused.reference)).toEqual({ ok: true, status: "pending" });
    fake.stayPending(false);
    expect(await registry().inquire("ref-unknown")).toEqual({ ok: true, status: "pending" });
  });

  it("says unavailable for a 5xx and refused for a key the registry does not know", async () => {
    fake.failNext(503);
    expect(await registry().submit(packet())).toMatchObject({ ok: false, error: "UNAVAILABLE" });
    const stranger = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const refused = await createMoadianRegistry({ clientId: MEMORY_ID, privateKey: stranger, baseUrl: fake.baseUrl }).submit(packet());
    expect(refused).toMatchObject({ ok: false, error: "REFUSED", errors: [{ code: "UNAUTHORIZED" }] });
  });

  it("finds a wrong sum or tax id, as the sandbox registry does", async () => {
    const bad = packet({ taxId: "A1TEST0000000000000001" });
    const sent = await registry().submit({ ...bad, taxId: bad.body.header.taxId });
    if (!sent.ok) throw new Error(JSON.stringify(sent));
    expect(await registry().inquire(sent.reference)).toMatchObject({ status: "refused", errors: [{ code: "TAXID_INVALID" }] });
    const sandbox = createSandboxTaxRegistry();
    const sandboxSent = await sandbox.submit({ ...bad, taxId: bad.body.header.taxId });
    if (!sandboxSent.ok) throw new Error(JSON.stringify(sandboxSent));
    expect(await sandbox.inquire(sandboxSent.reference)).toMatchObject({ status: "refused", errors: [{ code: "TAXID_INVALID" }] });
    const good = await sandbox.submit(packet());
    if (!good.ok) throw new Error(JSON.stringify(good));
    expect(await sandbox.inquire(good.reference)).toEqual({ ok: true, status: "accepted" });
  });

  it("refuses an unreadable key without repeating it", () => {
    expect(() => createMoadianRegistry({ clientId: MEMORY_ID, privateKey: "not a key SECRET" })).toThrow(/not a readable PEM key/);
    try {
      createMoadianRegistry({ clientId: MEMORY_ID, privateKey: "not a key SECRET" });
    } catch (error) {
      expect((error as Error).message).not.toContain("SECRET");
    }
  });
});
