/**
 * Test support: a local Kavenegar (REST API v1) on 127.0.0.1 and an ephemeral port, following the
 * published contract (README.md next to this file). One account behind one or more API keys, with
 * approved templates, sender lines and a credit balance. It answers sms/send.json and
 * verify/lookup.json by GET (query) or POST (form), with the documented return codes in the
 * documented shape ({return: {status, message}, entries}), keeps a log of what it sent, and can
 * break the next call (HTTP 500, a hang, any return status).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { formParams, readFakeRequestBody } from "../../fakes/fake-http.ts";

/** Kavenegar's messages for its return codes (rest.html, table of return codes), as it sends them. */
export const KAVENEGAR_MESSAGES: Readonly<Record<number, string>> = {
  200: "تایید شد",
  400: "پارامترها ناقص هستند",
  401: "حساب کاربری غیرفعال شده است",
  402: "عملیات ناموفق بود",
  403: "کد شناسائی API-Key معتبر نمی‌باشد",
  404: "متد نامشخص است",
  405: "متد Get/Post اشتباه است",
  409: "سرور قادر به پاسخگوئی نیست بعدا تلاش کنید",
  411: "دریافت کننده نامعتبر است",
  412: "ارسال کننده نامعتبر است",
  413: "پیام خالی است و یا طول پیام بیش از حد مجاز می‌باشد",
  418: "اعتبار شما کافی نمی‌باشد",
  422: "داده ها به دلیل وجود کاراکتر نامناسب قابل پردازش نیست",
  424: "الگوی مورد نظر پیدا نشد",
  431: "ساختار کد صحیح نمی‌باشد",
  451: "فراخوانی بیش از حد در بازه زمانی مشخص IP محدود شده",
  501: "فقط امکان ارسال پیام تست به شماره صاحب حساب کاربری وجود دارد",
};

/** The fake's limit on a message; third-party SDKs name 900 characters, Kavenegar's page does not. */
export const FAKE_MAX_MESSAGE_LENGTH = 900;
/** The line verify/lookup messages come from in the fake (Kavenegar picks its own service line). */
export const FAKE_LOOKUP_LINE = "10008663";

export interface FakeSentMessage {
  messageId: number;
  method: "sms/send" | "verify/lookup";
  receptor: string;
  /** The text as it reached the phone: the template filled in, for lookups. */
  message: string;
  sender: string;
  template: string | null;
  tokens: string[] | null;
  /** Rials taken from the credit. */
  cost: number;
  /** Unix seconds, as in the API's `date`. */
  date: number;
}

export interface FakeCall {
  /** GET or POST. */
  method: string;
  /** The path as received, the API key included (still encoded). */
  path: string;
  /** The API key as decoded from the path, or null when the path has none. */
  apiKey: string | null;
  /** Query and form fields together (the form wins), as Kavenegar reads them. */
  params: Record<string, string>;
  headers: IncomingMessage["headers"];
  rawBody: string;
}

export interface FakeKavenegarOptions {
  /** API keys of the one account the fake keeps. */
  apiKeys?: string[];
  /** Approved templates: name → text with %token, %token2, %token3. */
  templates?: Record<string, string>;
  /** Rials; 100,000 by default. */
  credit?: number;
  /** The account's lines; the first is its default line. */
  lines?: string[];
  /** Rials per SMS part; 120 by default. */
  costPerPart?: number;
  now?: () => number;
}

export interface FakeKavenegar {
  readonly baseUrl: string;
  /** Every call received, in order. */
  readonly calls: FakeCall[];
  /** Every message accepted, in order. */
  readonly sent: FakeSentMessage[];
  readonly credit: number;
  setCredit(rials: number): void;
  addApiKey(apiKey: string): void;
  /** An inactive account answers 401 to every call. */
  setAccountActive(active: boolean): void;
  approveTemplate(name: string, text: string): void;
  /** The next API call is answered with this HTTP status and body (500 and an HTML page by default). */
  failNext(status?: number, body?: string): void;
  /** The next API call is never answered (until close). */
  hangNext(): void;
  /** The next API call is answered with this return status, as HTTP status too, in Kavenegar's envelope. */
  answerNextWith(status: number, message?: string): void;
  close(): Promise<void>;
}

type Override = { kind: "raw"; status: number; body: string } | { kind: "hang" } | { kind: "status"; status: number; message: string };

const MOBILE = /^09\d{9}$/;

/** SMS parts, roughly as operators count them: 70/67 characters when any is not ASCII (UCS-2), 160/153 otherwise. */
function partsOf(text: string): number {
  const length = [...text].length;
  const unicode = [...text].some((char) => char.charCodeAt(0) > 0x7f);
  const [single, multi] = unicode ? [70, 67] : [160, 153];
  return length <= single ? 1 : Math.ceil(length / multi);
}

/** %token10 and %token20 before %token2 and %token3, and those before %token, so no prefix is replaced early. */
function fillTemplate(text: string, tokens: Record<string, string>): string {
  let filled = text;
  for (const name of ["token20", "token10", "token3", "token2", "token"]) {
    const value = tokens[name];
    if (value !== undefined) filled = filled.split(`%${name}`).join(value);
  }
  return filled;
}

export async function startFakeKavenegar(options: FakeKavenegarOptions = {}): Promise<FakeKavenegar> {
  const now = options.now ?? Date.now;
  const apiKeys = new Set(options.apiKeys ?? []);
  const templates = new Map(Object.entries(options.templates ?? {}));
  const lines = options.lines ?? ["10004346"];
  const costPerPart = options.costPerPart ?? 120;
  let credit = options.credit ?? 100_000;
  let active = true;
  const calls: FakeCall[] = [];
  const sent: FakeSentMessage[] = [];
  const overrides: Override[] = [];
  let nextMessageId = 8_792_343;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  };
  /** Kavenegar answers a failure with the return code as the HTTP status too. */
  const failure = (res: ServerResponse, status: number, message = KAVENEGAR_MESSAGES[status] ?? "خطا") =>
    json(res, status, { return: { status, message }, entries: null });

  function accept(res: ServerResponse, messages: Omit<FakeSentMessage, "messageId" | "cost" | "date">[]) {
    const costs = messages.map((message) => partsOf(message.message) * costPerPart);
    const total = costs.reduce((sum, cost) => sum + cost, 0);
    if (total > credit) return failure(res, 418);
    credit -= total;
    const date = Math.floor(now() / 1000);
    const entries = messages.map((message, index) => {
      const record: FakeSentMessage = { ...message, messageId: nextMessageId++, cost: costs[index]!, date };
      sent.push(record);
      const queued = message.method === "sms/send";
      return {
        messageid: record.messageId,
        message: record.message,
        status: queued ? 1 : 5,
        statustext: queued ? "در صف ارسال" : "ارسال به مخابرات",
        sender: record.sender,
        receptor: record.receptor,
        date,
        cost: record.cost,
      };
    });
    json(res, 200, { return: { status: 200, message: KAVENEGAR_MESSAGES[200] }, entries });
  }

  function send(res: ServerResponse, params: Record<string, string>) {
    const { receptor, message } = params;
    if (receptor === undefined || receptor.trim() === "" || message === undefined) return failure(res, 400);
    const receptors = receptor.split(",").map((one) => one.trim());
    if (!receptors.every((one) => MOBILE.test(one))) return failure(res, 411);
    if (message.trim() === "" || [...message].length > FAKE_MAX_MESSAGE_LENGTH) return failure(res, 413);
    const sender = params.sender?.trim() || lines[0]!;
    if (!lines.includes(sender)) return failure(res, 412);
    accept(
      res,
      receptors.map((one) => ({ method: "sms/send", receptor: one, message, sender, template: null, tokens: null })),
    );
  }

  function lookup(res: ServerResponse, params: Record<string, string>) {
    const { receptor, template, token } = params;
    if (receptor === undefined || template === undefined || token === undefined || receptor === "" || template === "" || token === "")
      return failure(res, 400);
    if (!MOBILE.test(receptor)) return failure(res, 411);
    const text = templates.get(template);
    if (text === undefined) return failure(res, 424);
    const tokens: Record<string, string> = {};
    for (const name of ["token", "token2", "token3"]) {
      const value = params[name];
      if (value === undefined) continue;
      // Kavenegar refuses spaces in token, token2 and token3; which code it answers is not published (README).
      if (/\s/.test(value)) return failure(res, 431);
      tokens[name] = value;
    }
    accept(res, [
      {
        method: "verify/lookup",
        receptor,
        message: fillTemplate(text, tokens),
        sender: FAKE_LOOKUP_LINE,
        template,
        tokens: Object.values(tokens),
      },
    ]);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const rawBody = await readFakeRequestBody(req);
    const params = formParams(req, url, rawBody);

    const match = /^\/v1\/([^/]+)\/(sms\/send|verify\/lookup)\.json$/.exec(url.pathname);
    let apiKey: string | null = null;
    try {
      apiKey = match ? decodeURIComponent(match[1]!) : null;
    } catch {
      apiKey = null;
    }
    calls.push({ method: req.method ?? "", path: url.pathname, apiKey, params, headers: req.headers, rawBody });

    if (!match) return failure(res, 404);
    if (req.method !== "GET" && req.method !== "POST") return failure(res, 405);

    const override = overrides.shift();
    if (override?.kind === "hang") return; // never answered; close() drops the connection
    if (override?.kind === "raw") {
      res.writeHead(override.status, { "Content-Type": "text/html; charset=utf-8" });
      return res.end(override.body);
    }
    if (override?.kind === "status") return failure(res, override.status, override.message);

    if (apiKey === null || !apiKeys.has(apiKey)) return failure(res, 403);
    if (!active) return failure(res, 401);
    return match[2] === "sms/send" ? send(res, params) : lookup(res, params);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, { return: { status: 500, message: "Internal Server Error" }, entries: null });
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
    sent,
    get credit() {
      return credit;
    },
    setCredit(rials) {
      credit = rials;
    },
    addApiKey(apiKey) {
      apiKeys.add(apiKey);
    },
    setAccountActive(value) {
      active = value;
    },
    approveTemplate(name, text) {
      templates.set(name, text);
    },
    failNext(status = 500, body = "<html><body><h1>500 Internal Server Error</h1></body></html>") {
      overrides.push({ kind: "raw", status, body });
    },
    hangNext() {
      overrides.push({ kind: "hang" });
    },
    answerNextWith(status, message = KAVENEGAR_MESSAGES[status] ?? "خطا") {
      overrides.push({ kind: "status", status, message });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
