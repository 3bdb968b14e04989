import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RecaptchaVerifier } from "#core/accounts/ports.ts";
import { FAKE_TOKEN_TTL_MS, startFakeRecaptcha, type FakeRecaptcha } from "./fake-recaptcha-server.ts";
import {
  createRecaptchaVerifier,
  MAX_RECAPTCHA_TOKEN_LENGTH,
  RECAPTCHA_BASE_URL,
  type GoogleRecaptchaVerifier,
} from "./recaptcha-verifier.ts";

const SITE_KEY = "6LcTestSiteKeyParvazSabz000000000000000";
const SECRET = "6LcTestSecretParvazSabz0000000000000000x";
const OTHER_SITE_KEY = "6LcTestSiteKeySafarNur00000000000000000";
const OTHER_SECRET = "6LcTestSecretSafarNur000000000000000000y";

let now = Date.parse("2025-03-01T08:00:00Z");
let fake: FakeRecaptcha;
let verifier: GoogleRecaptchaVerifier;

beforeEach(async () => {
  now = Date.parse("2025-03-01T08:00:00Z");
  fake = await startFakeRecaptcha({
    keys: [
      { siteKey: SITE_KEY, secret: SECRET },
      { siteKey: OTHER_SITE_KEY, secret: OTHER_SECRET },
    ],
    now: () => now,
  });
  verifier = createRecaptchaVerifier({ baseUrl: fake.baseUrl, timeoutMs: 1_000 });
});

afterEach(async () => {
  await fake.close();
});

const verify = (token: string, overrides: Partial<Parameters<RecaptchaVerifier["verify"]>[0]> = {}) =>
  verifier.verify({ token, secret: SECRET, remoteIp: "5.160.10.20", expectedAction: "login", ...overrides });

describe("reCAPTCHA verifier: the request", () => {
  it("is one of the port's", () => {
    const port: RecaptchaVerifier = verifier;
    expect(port).toBe(verifier);
    expect(RECAPTCHA_BASE_URL).toBe("https://www.google.com");
  });

  it("POSTs secret, response and remoteip as a form to /recaptcha/api/siteverify", async () => {
    const token = fake.issueToken({ score: 0.7 });
    expect(await verify(token)).toEqual({ ok: true, score: 0.7 });
    const call = fake.calls.at(-1)!;
    expect(call.method).toBe("POST");
    expect(call.path).toBe("/recaptcha/api/siteverify");
    expect(call.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call.params).toEqual({ secret: SECRET, response: token, remoteip: "5.160.10.20" });
  });

  it("leaves remoteip out when the address is unknown", async () => {
    await verify(fake.issueToken(), { remoteIp: null });
    expect(Object.keys(fake.calls.at(-1)!.params).sort()).toEqual(["response", "secret"]);
  });

  it("accepts a base URL with a trailing slash", async () => {
    const slashed = createRecaptchaVerifier({ baseUrl: `${fake.baseUrl}/` });
    expect(await slashed.verify({ token: fake.issueToken(), secret: SECRET, remoteIp: null, expectedAction: "login" })).toMatchObject({
      ok: true,
    });
  });

  it("answers INVALID for an empty or absurdly long token without asking Google", async () => {
    for (const token of ["", "   ", "x".repeat(MAX_RECAPTCHA_TOKEN_LENGTH + 1)])
      expect(await verify(token)).toMatchObject({ ok: false, error: "INVALID" });
    expect(fake.calls).toHaveLength(0);
  });

  it("answers UNAVAILABLE without a secret, without asking Google", async () => {
    expect(await verify(fake.issueToken(), { secret: " " })).toMatchObject({ ok: false, error: "UNAVAILABLE" });
    expect(fake.calls).toHaveLength(0);
  });
});

describe("reCAPTCHA verifier: Google's verdict", () => {
  it("passes the score on, low or high: the caller decides what is enough", async () => {
    expect(await verify(fake.issueToken({ score: 0.1 }))).toEqual({ ok: true, score: 0.1 });
    expect(await verify(fake.issueToken({ score: 1 }))).toEqual({ ok: true, score: 1 });
    expect(await verify(fake.issueToken({ score: 0 }))).toEqual({ ok: true, score: 0 });
  });

  it("answers INVALID for a token made for another action", async () => {
    const result = await verify(fake.issueToken({ action: "search" }));
    expect(result).toMatchObject({ ok: false, error: "INVALID" });
  });

  it("answers INVALID for a token used twice or too late (timeout-or-duplicate)", async () => {
    const token = fake.issueToken();
    expect((await verify(token)).ok).toBe(true);
    expect(await verify(token)).toEqual({ ok: false, error: "INVALID", message: "reCAPTCHA refused the token: timeout-or-duplicate" });
    const late = fake.issueToken();
    now += FAKE_TOKEN_TTL_MS + 1_000;
    expect(await verify(late)).toMatchObject({ ok: false, error: "INVALID" });
  });

  it("answers INVALID for a made-up token and for another key's token", async () => {
    expect(await verify("03AFcWeA-made-up")).toEqual({
      ok: false,
      error: "INVALID",
      message: "reCAPTCHA refused the token: invalid-input-response",
    });
    expect(await verify(fake.issueToken({ siteKey: OTHER_SITE_KEY }))).toMatchObject({ ok: false, error: "INVALID" });
  });

  it("answers INVALID for success false without codes", async () => {
    fake.answerNextWith({ success: false });
    expect(await verify(fake.issueToken())).toEqual({ ok: false, error: "INVALID", message: "reCAPTCHA refused the token" });
  });

  it("answers UNAVAILABLE, not INVALID, for a wrong secret: no visitor can fix that", async () => {
    const result = await verify(fake.issueToken(), { secret: "6LcWrongSecret" });
    expect(result).toEqual({ ok: false, error: "UNAVAILABLE", message: "reCAPTCHA refused the request: invalid-input-secret" });
    expect(JSON.stringify(result)).not.toContain("6LcWrongSecret");
    fake.answerNextWith({ success: false, "error-codes": ["bad-request"] });
    expect(await verify(fake.issueToken())).toMatchObject({ ok: false, error: "UNAVAILABLE" });
  });

  it.each([
    ["no score (a v2 key's answer)", { success: true, action: "login", hostname: "localhost", challenge_ts: "2025-03-01T08:00:00Z" }],
    ["a score out of range", { success: true, score: 7, action: "login" }],
    ["a score as text", { success: true, score: "0.9", action: "login" }],
    ["no success field", { score: 0.9, action: "login" }],
    ["an array", [true]],
  ])("answers UNAVAILABLE for %s", async (_, body) => {
    fake.answerNextWith(body);
    expect(await verify(fake.issueToken())).toMatchObject({ ok: false, error: "UNAVAILABLE" });
  });
});

describe("reCAPTCHA verifier: when Google is not there", () => {
  it("answers UNAVAILABLE for a 5xx, a 4xx and a body that is not JSON", async () => {
    fake.failNext(503);
    expect(await verify(fake.issueToken())).toEqual({ ok: false, error: "UNAVAILABLE", message: "reCAPTCHA answered HTTP 503" });
    fake.failNext(429, "slow down");
    expect(await verify(fake.issueToken())).toMatchObject({ ok: false, error: "UNAVAILABLE" });
    fake.failNext(200, "<html>captive portal</html>");
    expect(await verify(fake.issueToken())).toEqual({ ok: false, error: "UNAVAILABLE", message: "reCAPTCHA answered without JSON" });
  });

  it("gives up after its timeout", async () => {
    fake.hangNext();
    const started = Date.now();
    const result = await createRecaptchaVerifier({ baseUrl: fake.baseUrl, timeoutMs: 200 }).verify({
      token: fake.issueToken(),
      secret: SECRET,
      remoteIp: null,
      expectedAction: "login",
    });
    expect(result).toEqual({ ok: false, error: "UNAVAILABLE", message: "reCAPTCHA did not answer within 200 ms" });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("answers UNAVAILABLE when nothing listens, without the secret in the message", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", () => resolve()));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await createRecaptchaVerifier({ baseUrl: `http://127.0.0.1:${port}` }).verify({
      token: "03Atoken",
      secret: SECRET,
      remoteIp: null,
      expectedAction: "login",
    });
    expect(result).toEqual({ ok: false, error: "UNAVAILABLE", message: "reCAPTCHA could not be reached" });
  });

  it("does not follow a redirect", async () => {
    const redirecting = createServer((_, res) => {
      res.writeHead(302, { Location: `${fake.baseUrl}/recaptcha/api/siteverify` });
      res.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", () => resolve()));
    try {
      const { port } = redirecting.address() as AddressInfo;
      const result = await createRecaptchaVerifier({ baseUrl: `http://127.0.0.1:${port}` }).verify({
        token: fake.issueToken(),
        secret: SECRET,
        remoteIp: null,
        expectedAction: "login",
      });
      expect(result).toMatchObject({ ok: false, error: "UNAVAILABLE" });
      expect(fake.calls).toHaveLength(0);
    } finally {
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    }
  });

  it("uses the fetch it is given", async () => {
    const seen: string[] = [];
    const fetchStub: typeof fetch = async (input) => {
      seen.push(input instanceof Request ? input.url : String(input));
      return new Response(
        JSON.stringify({ success: true, score: 0.8, action: "login", hostname: "parvaz-sabz.ir", challenge_ts: "2025-03-01T08:00:00Z" }),
        { status: 200 },
      );
    };
    expect(
      await createRecaptchaVerifier({ fetch: fetchStub }).verify({
        token: "03Atoken",
        secret: SECRET,
        remoteIp: null,
        expectedAction: "login",
      }),
    ).toEqual({ ok: true, score: 0.8 });
    expect(seen).toEqual(["https://www.google.com/recaptcha/api/siteverify"]);
  });
});
