/**
 * Test support: a local Moadian (API v2) on 127.0.0.1 and an ephemeral port that follows the
 * published flow (README.md next to this file): GET /nonce, then calls carrying a token signed
 * over {nonce, clientId}; POST /invoice with signed packets, answered with reference numbers;
 * GET /inquiry-by-reference-number with each packet's verdict. Packets must come encrypted (JWE)
 * for the key GET /server-information gives. It verifies both signatures with
 * the public key registered for the client id, checks the tax id and the sums, and can be told
 * to refuse the next submission once, to leave verdicts pending, or to fail with a 5xx.
 */
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { compactDecrypt } from "jose";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parseTaxId } from "#core/tax/tax-id.ts";
import { readFakeRequestBody } from "../../fakes/fake-http.ts";
import { PACKET_ENCRYPTION, verifyJws, type MoadianInvoice } from "./packet.ts";

export interface FakeMoadianSubmission {
  referenceNumber: string;
  clientId: string;
  invoice: MoadianInvoice;
  /** The packet once decrypted (the compact JWS), for checking its signature in tests. */
  payload: string;
  /** The protected header of the JWE the packet came in. */
  encryption: Record<string, unknown>;
  status: "PENDING" | "SUCCESS" | "FAILED";
  errors: { code: string; message: string }[];
}

export interface FakeMoadian {
  readonly baseUrl: string;
  readonly submissions: FakeMoadianSubmission[];
  /** Every request's method and path, in order. */
  readonly calls: { method: string; path: string }[];
  /** The id of the key packets must be encrypted for; `rotateKey` makes a new one. */
  readonly keyId: string;
  /** A new encryption key: packets encrypted for the old one are refused from now on. */
  rotateKey(): void;
  /** Registers a client id (the memory id) and the PEM public key its signatures verify with. */
  addClient(clientId: string, publicKeyPem: string): void;
  /** The next submission's verdict is FAILED with this code (once). */
  refuseNext(code?: string, message?: string): void;
  /** While on, every verdict stays PENDING. */
  stayPending(on: boolean): void;
  /** The next call is answered with this HTTP status (500 by default). */
  failNext(status?: number): void;
  close(): Promise<void>;
}

const NONCE_LIFE_MS = 200_000;

export async function startFakeMoadian(options: { now?: () => number } = {}): Promise<FakeMoadian> {
  const now = options.now ?? Date.now;
  const clients = new Map<string, string>();
  const nonces = new Map<string, number>();
  const submissions: FakeMoadianSubmission[] = [];
  const calls: { method: string; path: string }[] = [];
  const refusals: { code: string; message: string }[] = [];
  const failures: number[] = [];
  let pending = false;
  let nextReference = 1;
  const newKey = () => ({ id: randomUUID(), pair: generateKeyPairSync("rsa", { modulusLength: 2048 }) });
  let encryption = newKey();

  /** The signed packet inside a JWE made for our current key, with the JWE's header; null when it is not one. */
  async function decrypted(payload: string): Promise<{ jws: string; header: Record<string, unknown> } | null> {
    try {
      const { plaintext, protectedHeader } = await compactDecrypt(payload, encryption.pair.privateKey, {
        keyManagementAlgorithms: [PACKET_ENCRYPTION.alg],
        contentEncryptionAlgorithms: [PACKET_ENCRYPTION.enc],
      });
      if (protectedHeader.kid !== encryption.id) return null;
      return { jws: new TextDecoder().decode(plaintext), header: { ...protectedHeader } };
    } catch {
      return null;
    }
  }

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };

  /** The client id of a valid token (a live nonce, signed by that client's key), or null. */
  async function authorized(req: IncomingMessage): Promise<string | null> {
    const header = req.headers.authorization ?? "";
    if (!header.startsWith("Bearer ")) return null;
    const token = header.slice("Bearer ".length);
    const unverified = (() => {
      try {
        return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { clientId?: unknown; nonce?: unknown };
      } catch {
        return null;
      }
    })();
    if (!unverified || typeof unverified.clientId !== "string" || typeof unverified.nonce !== "string") return null;
    const key = clients.get(unverified.clientId);
    if (!key || (await verifyJws(token, key)) === null) return null;
    const expires = nonces.get(unverified.nonce);
    if (expires === undefined || expires < now()) return null;
    return unverified.clientId;
  }

  /** What the registry finds wrong with an invoice: the tax id, the memory id, the sums. */
  function problemsOf(invoice: MoadianInvoice, clientId: string): { code: string; message: string }[] {
    const problems: { code: string; message: string }[] = [];
    const taxId = String(invoice.header.taxid ?? "");
    const parsed = parseTaxId(taxId);
    if (!parsed) problems.push({ code: "TAXID_INVALID", message: "The tax id is malformed or its check digit is wrong." });
    else if (parsed.memoryId !== clientId) problems.push({ code: "TAXID_MEMORY", message: "The tax id is not of this memory id." });
    if (![1, 2].includes(Number(invoice.header.inty))) problems.push({ code: "INTY", message: "Unknown invoice type." });
    if (Number(invoice.header.inty) === 1 && !/^\d{11}$/.test(String(invoice.header.bid ?? "")))
      problems.push({ code: "BUYER_ID", message: "A type 1 invoice needs the buyer's national id." });
    if (Number(invoice.header.ins) === 2 && !parseTaxId(String(invoice.header.irtaxid ?? "")))
      problems.push({ code: "IRTAXID", message: "A corrective invoice needs its original's tax id." });
    if (!Array.isArray(invoice.body) || invoice.body.length === 0) problems.push({ code: "NO_BODY", message: "No lines." });
    const lines = Array.isArray(invoice.body) ? invoice.body : [];
    lines.forEach((line, index) => {
      if (
        line.adis !== line.prdis - line.dis ||
        line.tsstam !== line.adis + line.vam ||
        Math.abs(line.vam - (line.adis * line.vra) / 100) > 1
      )
        problems.push({ code: "LINE_SUM", message: `Line ${index + 1} does not add up.` });
    });
    const sum = (pick: (line: MoadianInvoice["body"][number]) => number) => lines.reduce((total, line) => total + pick(line), 0);
    const expected: Record<string, number> = {
      tprdis: sum((line) => line.prdis),
      tdis: sum((line) => line.dis),
      tadis: sum((line) => line.adis),
      tvam: sum((line) => line.vam),
      tbill: sum((line) => line.tsstam),
    };
    for (const [field, value] of Object.entries(expected))
      if (invoice.header[field] !== value)
        problems.push({ code: `SUM_${field.toUpperCase()}`, message: `${field} is not the sum of the lines.` });
    return problems;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    calls.push({ method: req.method ?? "GET", path: url.pathname });
    const failure = failures.shift();
    if (failure !== undefined) {
      res.writeHead(failure, { "Content-Type": "text/html" });
      res.end("<html><body>Service Unavailable</body></html>");
      return;
    }
    if (req.method === "GET" && url.pathname === "/nonce") {
      const nonce = randomUUID();
      const ttl = Math.min(200, Math.max(10, Number(url.searchParams.get("timeToLive") ?? 30))) * 1000;
      nonces.set(nonce, now() + Math.min(ttl, NONCE_LIFE_MS));
      return json(res, 200, { nonce, expDate: new Date(now() + ttl).toISOString() });
    }
    // The registry's public key is public: no token needed.
    if (req.method === "GET" && url.pathname === "/server-information") {
      const key = encryption.pair.publicKey.export({ type: "spki", format: "der" }).toString("base64");
      return json(res, 200, { serverTime: now(), publicKeys: [{ key, id: encryption.id, algorithm: "RSA", purpose: 1 }] });
    }

    const clientId = await authorized(req);
    if (!clientId)
      return json(res, 401, {
        errors: [{ code: "UNAUTHORIZED", message: "The token is missing, expired or not signed by a known client." }],
      });

    if (req.method === "POST" && url.pathname === "/invoice") {
      let packets: unknown;
      try {
        packets = JSON.parse(await readFakeRequestBody(req));
      } catch {
        return json(res, 400, { errors: [{ code: "BAD_JSON", message: "The body is not JSON." }] });
      }
      if (!Array.isArray(packets) || packets.length === 0)
        return json(res, 400, { errors: [{ code: "NO_PACKETS", message: "Send an array of packets." }] });
      const result: unknown[] = [];
      for (const packet of packets as { payload?: unknown; header?: { fiscalId?: unknown } }[]) {
        const uid = randomUUID();
        const opened = await decrypted(typeof packet?.payload === "string" ? packet.payload : "");
        if (!opened) {
          result.push({
            uid,
            referenceNumber: null,
            errors: [{ code: "DECRYPTION", message: "The packet is not encrypted for the current key." }],
          });
          continue;
        }
        const invoice = (await verifyJws(opened.jws, clients.get(clientId)!)) as MoadianInvoice | null;
        if (!invoice || packet.header?.fiscalId !== clientId) {
          result.push({ uid, referenceNumber: null, errors: [{ code: "SIGNATURE", message: "The packet's signature does not verify." }] });
          continue;
        }
        const referenceNumber = `ref-${String(nextReference++).padStart(8, "0")}-${uid.slice(0, 8)}`;
        const problems = problemsOf(invoice, clientId);
        const refusal = problems.length === 0 ? refusals.shift() : undefined;
        const errors = refusal ? [refusal] : problems;
        submissions.push({
          referenceNumber,
          clientId,
          invoice,
          payload: opened.jws,
          encryption: opened.header,
          status: errors.length > 0 ? "FAILED" : "SUCCESS",
          errors,
        });
        result.push({ uid, referenceNumber, packetType: "INVOICE.V01", data: null });
      }
      return json(res, 200, { timestamp: now(), result });
    }

    if (req.method === "GET" && url.pathname === "/inquiry-by-reference-number") {
      const wanted = (url.searchParams.get("referenceNumbers") ?? "").split(",").filter(Boolean);
      const found = submissions.filter((item) => wanted.includes(item.referenceNumber) && item.clientId === clientId);
      return json(
        res,
        200,
        found.map((item) => ({
          referenceNumber: item.referenceNumber,
          status: pending ? "PENDING" : item.status,
          data: pending || item.status === "SUCCESS" ? { error: [], warning: [] } : { error: item.errors, warning: [] },
        })),
      );
    }
    return json(res, 404, { errors: [{ code: "NOT_FOUND", message: "No such endpoint." }] });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => json(res, 500, { errors: [{ code: "INTERNAL", message: "fake failure" }] }));
  });
  await new Promise<void>((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    submissions,
    calls,
    get keyId() {
      return encryption.id;
    },
    rotateKey() {
      encryption = newKey();
    },
    addClient(clientId, publicKeyPem) {
      clients.set(clientId, publicKeyPem);
    },
    refuseNext(code = "ERR_SAMPLE", message = "Refused by the registry.") {
      refusals.push({ code, message });
    },
    stayPending(on) {
      pending = on;
    },
    failNext(status = 500) {
      failures.push(status);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
