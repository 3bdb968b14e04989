/**
 * Test support: a local reCAPTCHA v3 siteverify on 127.0.0.1 and an ephemeral port, following
 * Google's published contract (README.md next to this file). It keeps key pairs (site key and
 * secret), hands out tokens as the page's grecaptcha.execute would, and judges them as Google
 * does: once each, within two minutes, only with the secret of the key that made them. It logs
 * every call and can break the next one (an HTTP error, a hang, any body).
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { formParams, readFakeRequestBody } from "../../fakes/fake-http.ts";

/** Tokens live two minutes (Google's "Token Restrictions"). */
export const FAKE_TOKEN_TTL_MS = 120_000;

export interface FakeKeyPair {
  siteKey: string;
  secret: string;
}

export interface FakeTokenOptions {
  /** The site key whose page made the token; the fake's first by default. */
  siteKey?: string;
  /** The action named in grecaptcha.execute; "login" by default. */
  action?: string;
  /** Google's guess, 0.0 (a bot) to 1.0 (a human); 0.9 by default. */
  score?: number;
  /** The host the page was on; "localhost" by default. */
  hostname?: string;
}

export interface FakeRecaptchaCall {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** Query and form fields together (the form wins). */
  params: Record<string, string>;
}

export interface FakeRecaptcha {
  readonly baseUrl: string;
  readonly calls: FakeRecaptchaCall[];
  /** A token as the page would get it. */
  issueToken(options?: FakeTokenOptions): string;
  /** The next call is answered with this HTTP status and raw body (503 and an HTML page by default). */
  failNext(status?: number, body?: string): void;
  /** The next call is answered 200 with this JSON body, whatever was asked. */
  answerNextWith(body: unknown): void;
  /** The next call is never answered (until close). */
  hangNext(): void;
  close(): Promise<void>;
}

type Override = { kind: "raw"; status: number; body: string } | { kind: "json"; body: unknown } | { kind: "hang" };

interface IssuedToken {
  siteKey: string;
  action: string;
  score: number;
  hostname: string;
  issuedAt: number;
  used: boolean;
}

export async function startFakeRecaptcha(options: { keys: FakeKeyPair[]; now?: () => number }): Promise<FakeRecaptcha> {
  const now = options.now ?? Date.now;
  const keys = options.keys;
  const tokens = new Map<string, IssuedToken>();
  const calls: FakeRecaptchaCall[] = [];
  const overrides: Override[] = [];

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body, null, 2));
  };
  // Google answers a refusal with HTTP 200 and success false; only the codes tell why.
  const refuse = (res: ServerResponse, ...codes: string[]) => json(res, 200, { success: false, "error-codes": codes });

  function siteverify(res: ServerResponse, params: Record<string, string>) {
    const { secret, response } = params;
    if (secret === undefined || secret === "") return refuse(res, "missing-input-secret");
    const pair = keys.find((candidate) => candidate.secret === secret);
    if (!pair) return refuse(res, "invalid-input-secret");
    if (response === undefined || response === "") return refuse(res, "missing-input-response");
    const token = tokens.get(response);
    // A token of another key is, to this secret, no token at all.
    if (!token || token.siteKey !== pair.siteKey) return refuse(res, "invalid-input-response");
    if (token.used || now() - token.issuedAt > FAKE_TOKEN_TTL_MS) return refuse(res, "timeout-or-duplicate");
    token.used = true;
    json(res, 200, {
      success: true,
      score: token.score,
      action: token.action,
      // Google writes it as an ISO timestamp without milliseconds (yyyy-MM-dd'T'HH:mm:ssZZ).
      challenge_ts: new Date(token.issuedAt).toISOString().replace(/\.\d{3}Z$/, "Z"),
      hostname: token.hostname,
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const rawBody = await readFakeRequestBody(req);
    const params = formParams(req, url, rawBody);
    calls.push({ method: req.method ?? "", path: url.pathname, headers: req.headers, params });

    if (url.pathname !== "/recaptcha/api/siteverify") return json(res, 404, { error: "not found" });
    if (req.method !== "POST") return json(res, 405, { error: "method not allowed" });

    const override = overrides.shift();
    if (override?.kind === "hang") return;
    if (override?.kind === "raw") {
      res.writeHead(override.status, { "Content-Type": "text/html; charset=utf-8" });
      return res.end(override.body);
    }
    if (override?.kind === "json") return json(res, 200, override.body);
    return siteverify(res, params);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, { error: "internal" });
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
    issueToken(token = {}) {
      const siteKey = token.siteKey ?? keys[0]?.siteKey;
      if (siteKey === undefined) throw new Error("The fake reCAPTCHA has no keys");
      // Shaped like Google's: long, URL-safe, opaque.
      const value = `03A${randomBytes(240).toString("base64url")}`;
      tokens.set(value, {
        siteKey,
        action: token.action ?? "login",
        score: token.score ?? 0.9,
        hostname: token.hostname ?? "localhost",
        issuedAt: now(),
        used: false,
      });
      return value;
    },
    failNext(status = 503, body = "<html><body><h1>503 Service Unavailable</h1></body></html>") {
      overrides.push({ kind: "raw", status, body });
    },
    answerNextWith(body) {
      overrides.push({ kind: "json", body });
    },
    hangNext() {
      overrides.push({ kind: "hang" });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
