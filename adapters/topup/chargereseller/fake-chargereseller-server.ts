/**
 * Test support: a local Charge Reseller EasyCharge v3 on 127.0.0.1 and an ephemeral port, with the
 * contract README.md describes: `topup`, `BuyProduct` and `inquiry`, JSON in and out, one order per
 * order id (a repeated order answers the first result and charges the credit once), the agency's
 * prepaid credit. Helpers refuse a number, break the next call, or lose the next answer after
 * delivering (a timeout that hides a delivery).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createHash } from "node:crypto";
import { readFakeRequestBody } from "../../fakes/fake-http.ts";

export interface FakeOrder {
  orderId: string;
  method: "topup" | "BuyProduct";
  cellphone: string;
  type: string;
  amountRials: number;
  state: "Delivered" | "Failed";
  transactionId: string | null;
  pin: string | null;
  serial: string | null;
  errorMessage: string | null;
}

export interface FakeChargeReseller {
  readonly baseUrl: string;
  readonly calls: { path: string; body: Record<string, unknown> }[];
  readonly orders: ReadonlyMap<string, FakeOrder>;
  /** Rials of prepaid credit left; an order beyond it is refused (-5). */
  credit: number;
  addWebservice(id: string): void;
  /** Every order for this number is refused by the operator (-30, final). */
  refuseNumber(cellphone: string): void;
  /** The next call is answered with HTTP 502 and an HTML page. */
  failNext(): void;
  /** The next order is delivered, but its answer is lost (HTTP 504): only an inquiry (or a repeat) tells. */
  loseNextAnswer(): void;
  close(): Promise<void>;
}

const TYPES = new Set(["MCI", "MTN", "RTL"]);

export async function startFakeChargeReseller(): Promise<FakeChargeReseller> {
  const webservices = new Set<string>();
  const refused = new Set<string>();
  const orders = new Map<string, FakeOrder>();
  const calls: FakeChargeReseller["calls"] = [];
  let failNext = false;
  let loseNext = false;
  const state = { credit: 100_000_000 };

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  };
  const failure = (res: ServerResponse, code: string, message: string) =>
    reply(res, 200, { status: "Failure", errorCode: code, errorMessage: message });
  const success = (order: FakeOrder) => ({
    status: "Success",
    orderId: order.orderId,
    state: order.state,
    transactionId: order.transactionId,
    ...(order.pin ? { product: { pin: order.pin, serial: order.serial } } : {}),
    ...(order.errorMessage ? { errorMessage: order.errorMessage } : {}),
  });
  const digits = (seed: string, length: number) =>
    [...createHash("sha256").update(seed).digest()]
      .map((byte) => String(byte % 10))
      .join("")
      .slice(0, length);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(await readFakeRequestBody(req)) as Record<string, unknown>;
    } catch {
      return failure(res, "-9", "Invalid input");
    }
    calls.push({ path: url.pathname, body });
    if (failNext) {
      failNext = false;
      res.writeHead(502, { "content-type": "text/html" });
      return res.end("<html><body>Bad gateway</body></html>");
    }
    if (req.method !== "POST") return failure(res, "-9", "POST only");
    if (typeof body.webserviceId !== "string" || !webservices.has(body.webserviceId)) return failure(res, "-2", "Invalid webserviceId");
    const orderId = typeof body.orderId === "string" ? body.orderId : "";
    if (!orderId) return failure(res, "-9", "orderId is required");
    const method = url.pathname.split("/").pop();
    if (method === "inquiry") {
      const order = orders.get(orderId);
      return order ? reply(res, 200, success(order)) : reply(res, 200, { status: "Success", orderId, state: "NotFound" });
    }
    if (method !== "topup" && method !== "BuyProduct") return failure(res, "-9", "Unknown method");
    // The order id is the idempotency key: a repeat answers the first order, charging nothing again.
    const known = orders.get(orderId);
    if (known) return known.state === "Delivered" ? reply(res, 200, success(known)) : failure(res, "-30", known.errorMessage ?? "Failed");
    const cellphone = typeof body.cellphone === "string" ? body.cellphone : "";
    const [type, productAmount] =
      method === "BuyProduct" && typeof body.productId === "string" ? body.productId.split("-") : [body.type, body.amount];
    const amountRials = Number(productAmount);
    if (!/^09\d{9}$/.test(cellphone) || typeof type !== "string" || !TYPES.has(type) || !Number.isInteger(amountRials) || amountRials <= 0)
      return failure(res, "-9", "Invalid input");
    if (body.issuer !== "Credit") return failure(res, "-9", "Only the Credit issuer is served here");
    if (amountRials > state.credit) return failure(res, "-5", "Not enough credit");
    const order: FakeOrder = {
      orderId,
      method,
      cellphone,
      type,
      amountRials,
      state: refused.has(cellphone) ? "Failed" : "Delivered",
      transactionId: null,
      pin: null,
      serial: null,
      errorMessage: null,
    };
    if (order.state === "Failed") order.errorMessage = "The operator refused the number";
    else {
      state.credit -= amountRials;
      order.transactionId = `CR${digits(`tx:${orderId}`, 10)}`;
      if (method === "BuyProduct") {
        order.pin = digits(`pin:${orderId}`, 16);
        order.serial = digits(`serial:${orderId}`, 12);
      }
    }
    orders.set(orderId, order);
    if (loseNext) {
      loseNext = false;
      res.writeHead(504, { "content-type": "text/html" });
      return res.end("<html><body>Gateway timeout</body></html>");
    }
    return order.state === "Delivered" ? reply(res, 200, success(order)) : failure(res, "-30", order.errorMessage!);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", () => done()));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/services/v3/EasyCharge`,
    calls,
    orders,
    get credit() {
      return state.credit;
    },
    set credit(value: number) {
      state.credit = value;
    },
    addWebservice: (id) => webservices.add(id),
    refuseNumber: (cellphone) => refused.add(cellphone),
    failNext: () => {
      failNext = true;
    },
    loseNextAnswer: () => {
      loseNext = true;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
