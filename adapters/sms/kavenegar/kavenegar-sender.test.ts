import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { SmsSender } from "#core/ports.ts";
import { FAKE_LOOKUP_LINE, startFakeKavenegar, type FakeKavenegar } from "./fake-kavenegar-server.ts";
import { createKavenegarSender, KAVENEGAR_BASE_URL, type KavenegarSender } from "./kavenegar-sender.ts";

const API_KEY = "4A6E3F2B5C7D1E0F9A8B7C6D5E4F3A2B1C0D9E8F7A6B5C4D=";
const OTHER_KEY = "7F1E2D3C4B5A69788796A5B4C3D2E1F0";
const TICKET_TEMPLATE = "ticket-issued";

let fake: FakeKavenegar;
let sender: KavenegarSender;

beforeEach(async () => {
  fake = await startFakeKavenegar({
    apiKeys: [API_KEY],
    templates: { [TICKET_TEMPLATE]: "همسفر: بلیت %token صادر شد. پرواز %token2 ساعت %token3" },
    lines: ["10004346", "2000500666"],
    credit: 10_000,
  });
  sender = createKavenegarSender({ apiKey: API_KEY, baseUrl: fake.baseUrl, timeoutMs: 2_000 });
});

afterEach(async () => {
  await fake.close();
});

/** Every message an error or answer carries, joined, to look for the key in. */
const everything = (value: unknown) => JSON.stringify(value);

describe("Kavenegar sender: template sends (verify/lookup)", () => {
  it("sends receptor, tokens and template by GET and answers the message id", async () => {
    const result = await sender.send({
      mobile: "+98 912 123 4567",
      text: "ignored",
      template: { name: TICKET_TEMPLATE, tokens: ["HMS-1403-0042", "IR452", "۱۴:۳۰"] },
    });

    expect(result).toEqual({ ok: true, messageId: String(fake.sent[0]!.messageId) });
    const call = fake.calls.at(-1)!;
    expect(call.method).toBe("GET");
    expect(call.apiKey).toBe(API_KEY);
    expect(call.path).toMatch(/\/verify\/lookup\.json$/);
    expect(call.params).toEqual({
      receptor: "09121234567",
      token: "HMS-1403-0042",
      token2: "IR452",
      token3: "۱۴:۳۰",
      template: TICKET_TEMPLATE,
    });
    expect(fake.sent).toEqual([
      expect.objectContaining({
        method: "verify/lookup",
        receptor: "09121234567",
        template: TICKET_TEMPLATE,
        tokens: ["HMS-1403-0042", "IR452", "۱۴:۳۰"],
        sender: FAKE_LOOKUP_LINE,
        message: "همسفر: بلیت HMS-1403-0042 صادر شد. پرواز IR452 ساعت ۱۴:۳۰",
      }),
    ]);
  });

  it("sends only token when there is one, and URL-encodes what it sends", async () => {
    const result = await sender.send({
      mobile: "09121234567",
      text: "",
      template: { name: TICKET_TEMPLATE, tokens: ["a&token2=evil#x?%25"] },
    });
    expect(result.ok).toBe(true);
    expect(fake.calls.at(-1)!.params).toEqual({ receptor: "09121234567", token: "a&token2=evil#x?%25", template: TICKET_TEMPLATE });
  });

  it("puts a key with URL-significant characters in the path safely", async () => {
    const oddKey = "ab/cd?ef#gh";
    fake.addApiKey(oddKey);
    const odd = createKavenegarSender({ apiKey: oddKey, baseUrl: fake.baseUrl });
    expect(await odd.send({ mobile: "09121234567", text: "", template: { name: TICKET_TEMPLATE, tokens: ["1"] } })).toMatchObject({
      ok: true,
    });
    expect(fake.calls.at(-1)!.apiKey).toBe(oddKey);
  });

  it("answers TEMPLATE_NOT_FOUND for a template not approved in the panel (424)", async () => {
    const result = await sender.send({ mobile: "09121234567", text: "", template: { name: "no-such-template", tokens: ["1"] } });
    expect(result).toMatchObject({ ok: false, error: "TEMPLATE_NOT_FOUND" });
    expect(!result.ok && result.message).toContain("(424)");
    expect(fake.sent).toHaveLength(0);
  });

  it.each([
    ["a token with a space", { name: TICKET_TEMPLATE, tokens: ["HMS 1403"] }],
    ["a token with a tab", { name: TICKET_TEMPLATE, tokens: ["ok", "a\tb"] }],
    ["a token with a newline", { name: TICKET_TEMPLATE, tokens: ["a\nb"] }],
    ["more than three tokens", { name: TICKET_TEMPLATE, tokens: ["1", "2", "3", "4"] }],
    ["no tokens", { name: TICKET_TEMPLATE, tokens: [] }],
    ["an empty token", { name: TICKET_TEMPLATE, tokens: [""] }],
    ["a blank name", { name: "  ", tokens: ["1"] }],
    ["a name with a space", { name: "ticket issued", tokens: ["1"] }],
  ])("refuses %s with INVALID_TEMPLATE without calling Kavenegar", async (_, template) => {
    expect(await sender.send({ mobile: "09121234567", text: "x", template })).toEqual({ ok: false, error: "INVALID_TEMPLATE" });
    expect(fake.calls).toHaveLength(0);
  });
});

describe("Kavenegar sender: plain sends (sms/send)", () => {
  it("POSTs receptor and message as a form and answers the message id", async () => {
    const text = "همسفر: بلیت HMS-1403-0042 صادر شد.\nپرواز IR452 & سفر خوش";
    const result = await sender.send({ mobile: "۰۹۱۲۱۲۳۴۵۶۷", text });

    expect(result).toEqual({ ok: true, messageId: String(fake.sent[0]!.messageId) });
    const call = fake.calls.at(-1)!;
    expect(call.method).toBe("POST");
    expect(call.path).toMatch(/\/sms\/send\.json$/);
    expect(call.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call.params).toEqual({ receptor: "09121234567", message: text });
    expect(call.rawBody).not.toContain(API_KEY);
    expect(fake.sent).toEqual([
      expect.objectContaining({ method: "sms/send", receptor: "09121234567", message: text, sender: "10004346", template: null }),
    ]);
    expect(fake.credit).toBeLessThan(10_000);
  });

  it("sends from the configured line", async () => {
    const fromLine = createKavenegarSender({ apiKey: API_KEY, baseUrl: fake.baseUrl, sender: "2000500666" });
    expect(await fromLine.send({ mobile: "09121234567", text: "hello" })).toMatchObject({ ok: true });
    expect(fake.calls.at(-1)!.params.sender).toBe("2000500666");
    expect(fake.sent[0]!.sender).toBe("2000500666");
  });

  it("is REJECTED with Kavenegar's message for a line that is not the account's (412)", async () => {
    const wrongLine = createKavenegarSender({ apiKey: API_KEY, baseUrl: fake.baseUrl, sender: "30001111" });
    const result = await wrongLine.send({ mobile: "09121234567", text: "hello" });
    expect(result).toMatchObject({ ok: false, error: "REJECTED" });
    expect(!result.ok && result.message).toBe("ارسال کننده نامعتبر است (412)");
  });

  it("answers EMPTY_TEXT for blank text without calling Kavenegar", async () => {
    expect(await sender.send({ mobile: "09121234567", text: "  \n " })).toEqual({ ok: false, error: "EMPTY_TEXT" });
    expect(fake.calls).toHaveLength(0);
  });
});

describe("Kavenegar sender: failures", () => {
  const ticket = { mobile: "09121234567", text: "", template: { name: TICKET_TEMPLATE, tokens: ["HMS-1"] } };

  it("answers REJECTED for an API key Kavenegar does not know (403), without the key in the error", async () => {
    const unknown = createKavenegarSender({ apiKey: OTHER_KEY, baseUrl: fake.baseUrl });
    const result = await unknown.send(ticket);
    expect(result).toMatchObject({ ok: false, error: "REJECTED" });
    expect(!result.ok && result.message).toContain("(403)");
    expect(everything(result)).not.toContain(OTHER_KEY);
    expect(fake.calls.at(-1)!.apiKey).toBe(OTHER_KEY);
  });

  it("answers REJECTED for a disabled account (401)", async () => {
    fake.setAccountActive(false);
    const result = await sender.send(ticket);
    expect(result).toMatchObject({ ok: false, error: "REJECTED" });
    expect(!result.ok && result.message).toContain("(401)");
  });

  it("blanks the key if Kavenegar ever echoes it, plain or encoded", async () => {
    const echo: typeof fetch = async () =>
      new Response(
        JSON.stringify({ return: { status: 403, message: `key ${API_KEY} / ${encodeURIComponent(API_KEY)} is invalid` }, entries: null }),
        { status: 403 },
      );
    const result = await createKavenegarSender({ apiKey: API_KEY, fetch: echo }).send(ticket);
    expect(result).toMatchObject({ ok: false, error: "REJECTED" });
    expect(everything(result)).not.toContain(API_KEY);
    expect(everything(result)).not.toContain(encodeURIComponent(API_KEY));
    expect(!result.ok && result.message).toContain("[api-key]");
  });

  it("answers NO_CREDIT when the credit does not cover the message (418), and sends nothing", async () => {
    fake.setCredit(50);
    const result = await sender.send(ticket);
    expect(result).toMatchObject({ ok: false, error: "NO_CREDIT" });
    expect(!result.ok && result.message).toContain("(418)");
    expect(fake.sent).toHaveLength(0);
    expect(fake.credit).toBe(50);
  });

  it.each(["0912123456", "02188776655", "not a number", ""])("answers INVALID_MOBILE for %j without calling Kavenegar", async (mobile) => {
    expect(await sender.send({ ...ticket, mobile })).toEqual({ ok: false, error: "INVALID_MOBILE" });
    expect(await sender.send({ mobile, text: "hello" })).toEqual({ ok: false, error: "INVALID_MOBILE" });
    expect(fake.calls).toHaveLength(0);
  });

  it("answers INVALID_MOBILE when Kavenegar refuses the receptor (411)", async () => {
    fake.answerNextWith(411);
    expect(await sender.send(ticket)).toMatchObject({ ok: false, error: "INVALID_MOBILE" });
  });

  it("answers UNAVAILABLE for HTTP 500, and the next send goes through", async () => {
    fake.failNext(500);
    const result = await sender.send(ticket);
    expect(result).toMatchObject({ ok: false, error: "UNAVAILABLE" });
    expect(!result.ok && result.message).toContain("HTTP 500");
    expect(fake.sent).toHaveLength(0);
    expect(await sender.send(ticket)).toMatchObject({ ok: true });
  });

  it("answers UNAVAILABLE for a 5xx even with Kavenegar's envelope", async () => {
    fake.failNext(502, JSON.stringify({ return: { status: 424, message: "الگوی مورد نظر پیدا نشد" }, entries: null }));
    expect(await sender.send(ticket)).toMatchObject({ ok: false, error: "UNAVAILABLE" });
  });

  it("answers UNAVAILABLE when Kavenegar does not answer within timeoutMs", async () => {
    fake.hangNext();
    const impatient = createKavenegarSender({ apiKey: API_KEY, baseUrl: fake.baseUrl, timeoutMs: 100 });
    const result = await impatient.send(ticket);
    expect(result).toMatchObject({ ok: false, error: "UNAVAILABLE" });
    expect(!result.ok && result.message).toContain("100 ms");
    expect(fake.calls).toHaveLength(1);
  });

  it("answers UNAVAILABLE for a page that is not JSON, even with HTTP 200", async () => {
    fake.failNext(200, "<html>maintenance</html>");
    expect(await sender.send(ticket)).toMatchObject({ ok: false, error: "UNAVAILABLE" });
  });

  it("answers UNAVAILABLE for status 200 without a message id", async () => {
    const empty: typeof fetch = async () => new Response(JSON.stringify({ return: { status: 200, message: "تایید شد" }, entries: [] }));
    expect(await createKavenegarSender({ apiKey: API_KEY, fetch: empty }).send(ticket)).toMatchObject({ ok: false, error: "UNAVAILABLE" });
  });

  it("reads return.status over the HTTP status, as a string too", async () => {
    const ok200: typeof fetch = async () =>
      new Response(JSON.stringify({ return: { status: "418", message: "اعتبار شما کافی نمی‌باشد" }, entries: null }), { status: 200 });
    expect(await createKavenegarSender({ apiKey: API_KEY, fetch: ok200 }).send(ticket)).toMatchObject({ ok: false, error: "NO_CREDIT" });
  });

  it.each([
    [400, "REJECTED"],
    [402, "REJECTED"],
    [413, "REJECTED"],
    [422, "REJECTED"],
    [409, "UNAVAILABLE"],
    [451, "UNAVAILABLE"],
    [501, "REJECTED"],
  ] as const)("maps return status %i to %s", async (status, error) => {
    fake.answerNextWith(status);
    const result = await sender.send(ticket);
    expect(result).toMatchObject({ ok: false, error });
    expect(!result.ok && result.message).toContain(`(${status})`);
  });

  it("answers UNAVAILABLE when nothing listens at the base URL, without the key in the error", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const result = await createKavenegarSender({ apiKey: API_KEY, baseUrl: `http://127.0.0.1:${port}` }).send(ticket);
    expect(result).toMatchObject({ ok: false, error: "UNAVAILABLE" });
    expect(everything(result)).not.toContain(API_KEY);
  });
});

describe("Kavenegar sender: configuration", () => {
  it("is an SmsSender named kavenegar", () => {
    const port: SmsSender = sender;
    expect(port.name).toBe("kavenegar");
  });

  it("accepts the outbox's tenantId and does not send it", async () => {
    expect(await sender.send({ mobile: "09121234567", text: "hello", tenantId: "t_1" })).toMatchObject({ ok: true });
    expect(fake.calls.at(-1)!.params).toEqual({ receptor: "09121234567", message: "hello" });
  });

  it("refuses to start without an API key", () => {
    expect(() => createKavenegarSender({ apiKey: " " })).toThrow(/API key is required/);
  });

  it("defaults to api.kavenegar.com/v1/{key}/", async () => {
    const asked: string[] = [];
    const spy: typeof fetch = async (input) => {
      asked.push(input instanceof Request ? input.url : String(input));
      return new Response(JSON.stringify({ return: { status: 200, message: "تایید شد" }, entries: [{ messageid: 8792343, status: 5 }] }));
    };
    const result = await createKavenegarSender({ apiKey: API_KEY, fetch: spy }).send({
      mobile: "09121234567",
      text: "",
      template: { name: TICKET_TEMPLATE, tokens: ["HMS-1"] },
    });
    expect(result).toEqual({ ok: true, messageId: "8792343" });
    expect(asked).toEqual([
      `${KAVENEGAR_BASE_URL}/v1/${encodeURIComponent(API_KEY)}/verify/lookup.json?receptor=09121234567&token=HMS-1&template=ticket-issued`,
    ]);
  });
});
