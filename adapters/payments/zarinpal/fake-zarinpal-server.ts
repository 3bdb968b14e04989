/**
 * Test support: a local Zarinpal (REST API v4) on 127.0.0.1 and an ephemeral port, following the
 * published contract (README.md next to this file). It keeps one session per authority, answers
 * the documented error codes in the documented shape ({data: [], errors: {code, message,
 * validations}}), and serves a tiny StartPay page. Helpers play the buyer (pay, fail) and break
 * the next call (HTTP 500, a hang, any documented error code).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createHash } from "node:crypto";
import { readFakeRequestBody } from "../../fakes/fake-http.ts";

export type FakeSessionStatus = "created" | "paid" | "failed" | "verified" | "reversed";

export interface FakeSession {
  authority: string;
  merchantId: string;
  /** In rials, whatever currency the request named. */
  amountRials: number;
  description: string;
  callbackUrl: string;
  metadata: Record<string, unknown>;
  status: FakeSessionStatus;
  paidAt: number | null;
  refId: number | null;
  cardPan: string;
}

export interface FakeMerchant {
  /** Active terminals take payments; inactive ones answer -11, suspended ones -15. */
  state: "active" | "inactive" | "suspended";
  /** Reverse needs the server's IP registered for the terminal (-62 otherwise). */
  ipRegistered: boolean;
}

export interface FakeCall {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: unknown;
}

export interface FakeZarinpal {
  readonly baseUrl: string;
  /** Every call received, in order (bodies parsed as JSON when they are). */
  readonly calls: FakeCall[];
  addMerchant(merchantId: string, merchant?: Partial<FakeMerchant>): void;
  session(authority: string): FakeSession | undefined;
  /** The buyer pays at StartPay (the bank approves). */
  pay(authority: string, cardPan?: string): void;
  /** The buyer cancels at StartPay, or the bank declines. */
  fail(authority: string): void;
  /** The next API call is answered with this HTTP status and body (500 and an HTML page by default). */
  failNext(status?: number, body?: string): void;
  /** The next API call is never answered (until close). */
  hangNext(): void;
  /** The next API call is answered with this documented error code. */
  answerNextWithError(code: number): void;
  close(): Promise<void>;
}

/** English messages of the v4 error list (paymentGateway/errorList). */
export const ZARINPAL_ERROR_MESSAGES: Readonly<Record<number, string>> = {
  [-9]: "The input params invalid, validation error.",
  [-10]: "Terminal is not valid, please check merchant_id or ip address.",
  [-11]: "Terminal is not active, please contact our support team.",
  [-12]: "To many attempts, please try again later.",
  [-15]: "Terminal user is suspend : (please contact our support team).",
  [-16]: "Terminal user level is not valid : ( please contact our support team).",
  [-41]: "Maximum amount is 100,000,000 tomans.",
  [-50]: "Session is not valid, amounts values is not the same.",
  [-51]: "Session is not valid, session is not active paid try.",
  [-52]: "Oops!!, please contact our support team",
  [-53]: "Session is not this merchant_id session",
  [-54]: "Invalid authority.",
  [-55]: "Manual payment request not found.",
  [-60]: "Session can not be reversed with bank.",
  [-61]: "Session is not in success status.",
  [-62]: "Terminal ip limit most be active.",
  [-63]: "Maximum time for reverse this session is expired.",
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MIN_AMOUNT_RIALS = 1_000;
const MAX_AMOUNT_RIALS = 1_000_000_000;
const REVERSE_WINDOW_MS = 30 * 60_000;
/** The HTTP status the fake gives error envelopes; the public docs do not name one (README: quirks). */
const ERROR_HTTP_STATUS = 400;

type Override = { kind: "raw"; status: number; body: string } | { kind: "hang" } | { kind: "error"; code: number };

export async function startFakeZarinpal(options: { merchants?: string[]; now?: () => number } = {}): Promise<FakeZarinpal> {
  const now = options.now ?? Date.now;
  const merchants = new Map<string, FakeMerchant>();
  for (const id of options.merchants ?? []) merchants.set(id, { state: "active", ipRegistered: true });
  const sessions = new Map<string, FakeSession>();
  const calls: FakeCall[] = [];
  const overrides: Override[] = [];
  let serial = 217_885_159;
  let nextRefId = 201_000_000;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const failure = (res: ServerResponse, code: number, validations: Record<string, string>[] = []) =>
    json(res, ERROR_HTTP_STATUS, { data: [], errors: { code, message: ZARINPAL_ERROR_MESSAGES[code] ?? "Unknown error.", validations } });
  const html = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="fa" dir="rtl"><meta charset="utf-8"><title>زرین‌پال (آزمایشی)</title><body>${body}</body></html>`);
  };

  /** Checks the merchant as Zarinpal does: format (-9), known terminal (-10), state (-11, -15). */
  function merchantOf(res: ServerResponse, body: Record<string, unknown>): { id: string; merchant: FakeMerchant } | null {
    const id = body.merchant_id;
    if (typeof id !== "string" || id.length !== 36 || !UUID.test(id)) {
      failure(res, -9, [{ merchant_id: "The merchant id must be 36 characters." }]);
      return null;
    }
    const merchant = merchants.get(id);
    if (!merchant) {
      failure(res, -10);
      return null;
    }
    if (merchant.state !== "active") {
      failure(res, merchant.state === "inactive" ? -11 : -15);
      return null;
    }
    return { id, merchant };
  }

  function request(res: ServerResponse, body: Record<string, unknown>) {
    const validations: Record<string, string>[] = [];
    const currency = body.currency ?? "IRR";
    if (currency !== "IRR" && currency !== "IRT") validations.push({ currency: "The selected currency is invalid." });
    const amount =
      typeof body.amount === "number" && Number.isSafeInteger(body.amount) ? body.amount * (currency === "IRT" ? 10 : 1) : null;
    if (amount === null || amount < MIN_AMOUNT_RIALS) validations.push({ amount: "The amount must be at least 1000." });
    if (typeof body.description !== "string" || body.description.trim() === "" || body.description.length > 500)
      validations.push({ description: "The description field is required." });
    if (typeof body.callback_url !== "string" || !/^https?:\/\/\S+$/.test(body.callback_url))
      validations.push({ callback_url: "The callback url format is invalid." });
    const metadata = body.metadata ?? {};
    if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata))
      validations.push({ metadata: "The metadata must be an object." });
    if (typeof body.merchant_id !== "string" || !UUID.test(body.merchant_id))
      validations.unshift({ merchant_id: "The merchant id must be 36 characters." });
    if (validations.length > 0) return failure(res, -9, validations);
    const owner = merchantOf(res, body);
    if (!owner) return;
    if (amount! > MAX_AMOUNT_RIALS) return failure(res, -41);

    serial += 1;
    const authority = `A${String(serial).padStart(35, "0")}`;
    sessions.set(authority, {
      authority,
      merchantId: owner.id,
      amountRials: amount!,
      description: body.description as string,
      callbackUrl: body.callback_url as string,
      metadata: metadata as Record<string, unknown>,
      status: "created",
      paidAt: null,
      refId: null,
      cardPan: "502229******5995",
    });
    json(res, 200, { data: { code: 100, message: "Success", authority, fee_type: "Merchant", fee: 0 }, errors: [] });
  }

  /** The session an authority names, for this merchant (-54 unknown, -53 someone else's). */
  function sessionOf(res: ServerResponse, ownerId: string, authority: unknown): FakeSession | null {
    const session = typeof authority === "string" ? sessions.get(authority) : undefined;
    if (!session) {
      failure(res, -54);
      return null;
    }
    if (session.merchantId !== ownerId) {
      failure(res, -53);
      return null;
    }
    return session;
  }

  function verify(res: ServerResponse, body: Record<string, unknown>) {
    if (typeof body.authority !== "string" || body.authority === "" || typeof body.amount !== "number") {
      return failure(res, -9, [{ authority: "The authority and amount fields are required." }]);
    }
    const owner = merchantOf(res, body);
    if (!owner) return;
    const session = sessionOf(res, owner.id, body.authority);
    if (!session) return;
    if (session.status !== "paid" && session.status !== "verified") return failure(res, -51);
    if (body.amount !== session.amountRials) return failure(res, -50);
    const already = session.status === "verified";
    if (!already) {
      session.status = "verified";
      session.refId = nextRefId++;
    }
    json(res, 200, {
      data: {
        code: already ? 101 : 100,
        message: already ? "Verified" : "Paid",
        card_hash: createHash("sha256").update(session.cardPan).digest("hex").toUpperCase(),
        card_pan: session.cardPan,
        ref_id: session.refId,
        fee_type: "Merchant",
        fee: 0,
      },
      errors: [],
    });
  }

  function reverse(res: ServerResponse, body: Record<string, unknown>) {
    if (typeof body.authority !== "string" || body.authority === "")
      return failure(res, -9, [{ authority: "The authority field is required." }]);
    const owner = merchantOf(res, body);
    if (!owner) return;
    if (!owner.merchant.ipRegistered) return failure(res, -62);
    const session = sessionOf(res, owner.id, body.authority);
    if (!session) return;
    if (session.status !== "paid" && session.status !== "verified") return failure(res, -61);
    if (session.paidAt === null || now() - session.paidAt > REVERSE_WINDOW_MS) return failure(res, -63);
    session.status = "reversed";
    json(res, 200, { data: { code: 100, message: "Reversed" }, errors: [] });
  }

  function setOutcome(authority: string, outcome: "paid" | "failed", cardPan?: string) {
    const session = sessions.get(authority);
    if (!session) throw new Error(`fake Zarinpal: no session ${authority}`);
    if (session.status !== "created") throw new Error(`fake Zarinpal: session ${authority} is already ${session.status}`);
    session.status = outcome;
    if (outcome === "paid") {
      session.paidAt = now();
      if (cardPan) session.cardPan = cardPan;
    }
  }

  /** Where the buyer lands after StartPay, as Zarinpal sends them: a GET with Authority and Status. */
  function callbackFor(session: FakeSession): string {
    const url = new URL(session.callbackUrl);
    url.searchParams.set("Authority", session.authority);
    url.searchParams.set("Status", session.status === "paid" ? "OK" : "NOK");
    return url.toString();
  }

  function startPay(res: ServerResponse, authority: string, action: string | null) {
    const session = sessions.get(authority);
    if (!session) return html(res, 404, "<p>تراکنش یافت نشد.</p>");
    if (action === "pay" || action === "cancel") {
      if (session.status === "created") setOutcome(authority, action === "pay" ? "paid" : "failed");
      res.writeHead(302, { Location: callbackFor(session) });
      return res.end();
    }
    const rials = session.amountRials.toLocaleString("en-US");
    html(
      res,
      200,
      `<h1>درگاه آزمایشی زرین‌پال</h1><p data-authority="${authority}">مبلغ: ${rials} ریال</p><p>وضعیت: ${session.status}</p><a href="?fake=pay">پرداخت</a> <a href="?fake=cancel">انصراف</a>`,
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const text = await readFakeRequestBody(req);
    let body: unknown = text;
    try {
      body = text === "" ? null : JSON.parse(text);
    } catch {
      // kept as text: the API answers it with -9 below
    }
    calls.push({ method: req.method ?? "", path: url.pathname, headers: req.headers, body });

    const startPayMatch = /^\/pg\/StartPay\/([A-Za-z0-9]+)\/?$/.exec(url.pathname);
    if (req.method === "GET" && startPayMatch) return startPay(res, startPayMatch[1]!, url.searchParams.get("fake"));

    const apiMatch = /^\/pg\/v4\/payment\/(request|verify|reverse)\.json$/.exec(url.pathname);
    if (!apiMatch) return json(res, 404, { data: [], errors: { code: -404, message: "Not found.", validations: [] } });
    if (req.method !== "POST") return json(res, 405, { data: [], errors: { code: -405, message: "Method not allowed.", validations: [] } });

    const override = overrides.shift();
    if (override?.kind === "hang") return; // never answered; close() drops the connection
    if (override?.kind === "raw") {
      res.writeHead(override.status, { "Content-Type": "text/html; charset=utf-8" });
      return res.end(override.body);
    }
    if (override?.kind === "error") return failure(res, override.code);

    if (typeof body !== "object" || body === null || Array.isArray(body))
      return failure(res, -9, [{ body: "The request must be a JSON object." }]);
    const fields = body as Record<string, unknown>;
    // The pattern above matches only these three operations.
    switch (apiMatch[1] as "request" | "verify" | "reverse") {
      case "request":
        return request(res, fields);
      case "verify":
        return verify(res, fields);
      case "reverse":
        return reverse(res, fields);
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, { data: [], errors: { code: -52, message: ZARINPAL_ERROR_MESSAGES[-52], validations: [] } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    addMerchant(merchantId, merchant = {}) {
      merchants.set(merchantId, { state: "active", ipRegistered: true, ...merchant });
    },
    session: (authority) => sessions.get(authority),
    pay: (authority, cardPan) => setOutcome(authority, "paid", cardPan),
    fail: (authority) => setOutcome(authority, "failed"),
    failNext(status = 500, body = "<html><body><h1>500 Internal Server Error</h1></body></html>") {
      overrides.push({ kind: "raw", status, body });
    },
    hangNext() {
      overrides.push({ kind: "hang" });
    },
    answerNextWithError(code) {
      overrides.push({ kind: "error", code });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
