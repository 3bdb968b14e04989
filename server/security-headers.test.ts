import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import type { PaymentGateway } from "#core/payments/ports.ts";
import { FALLBACK_TENANT } from "#core/tenants/site-config.ts";
import type { PaymentGateways } from "./payment-gateways.ts";
import {
  HSTS_VALUE,
  createNonce,
  createTenantPolicySources,
  cspNonce,
  externalOrigin,
  pagePolicy,
  securityHeaders,
  standalonePagePolicy,
} from "./security-headers.ts";

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe("the nonce", () => {
  it("is 128 random bits in base64, different every time", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe("the shop's policy", () => {
  it("allows scripts from the site and by nonce only, and nothing framed, embedded or based elsewhere", () => {
    const policy = directives(pagePolicy({ nonce: "abc", dev: false }));
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc'"]);
    expect(policy.get("style-src-elem")).toEqual(["'self'", "'nonce-abc'"]);
    expect(policy.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:"]);
    expect(policy.get("font-src")).toEqual(["'self'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("frame-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(pagePolicy({ nonce: "abc", dev: false })).not.toMatch(/unsafe-eval|strict-dynamic|\*/);
  });

  it("in development lets Vite's websocket and injected styles in, still scripts only by nonce", () => {
    const policy = directives(pagePolicy({ nonce: "abc", dev: true }));
    expect(policy.get("connect-src")).toEqual(["'self'", "ws:", "wss:"]);
    expect(policy.get("style-src-elem")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc'"]);
  });

  it("adds the tenant's gateways to form-action, its logos' origins to img-src, and reCAPTCHA's sources when asked", () => {
    const policy = directives(
      pagePolicy({
        nonce: "n",
        dev: false,
        formTargets: ["https://payment.zarinpal.com", "https://payment.zarinpal.com"],
        imageOrigins: ["https://cdn.example"],
        recaptcha: true,
      }),
    );
    expect(policy.get("form-action")).toEqual(["'self'", "https://payment.zarinpal.com"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "https://cdn.example"]);
    expect(policy.get("script-src")).toEqual([
      "'self'",
      "'nonce-n'",
      "https://www.google.com/recaptcha/",
      "https://www.gstatic.com/recaptcha/",
    ]);
    expect(policy.get("frame-src")).toEqual(["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"]);
  });

  it("puts nothing in the header that is not a plain origin", () => {
    const policy = pagePolicy({
      nonce: "n",
      dev: false,
      formTargets: ["https://a.example;script-src *", "javascript:alert(1)", "'unsafe-inline'"],
      imageOrigins: ["*"],
    });
    expect(directives(policy).get("form-action")).toEqual(["'self'"]);
    expect(directives(policy).get("img-src")).toEqual(["'self'", "data:"]);
    expect(policy.split(";")).toHaveLength(13);
  });
});

describe("a self-contained page's policy", () => {
  it("loads nothing but its nonce's style and, when it has one, script; forms go to itself and the targets", () => {
    expect(standalonePagePolicy({ nonce: "n", script: false })).toBe(
      "default-src 'none'; style-src 'nonce-n'; script-src 'none'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
    const withScript = directives(standalonePagePolicy({ nonce: "n", script: true, formTargets: ["https://shop.example"] }));
    expect(withScript.get("script-src")).toEqual(["'nonce-n'"]);
    expect(withScript.get("form-action")).toEqual(["'self'", "https://shop.example"]);
  });
});

describe("external origins", () => {
  it.each([
    ["https://cdn.example/logos/a.svg", "https://cdn.example"],
    ["HTTP://CDN.Example:8080/a.png", "http://cdn.example:8080"],
    ["https://تست.example/a.png", "https://xn--pgba0a.example"],
    ["https://[::1]:3000/a.png", "https://[::1]:3000"],
    ["/tenants/hamsafar/logo.svg", null],
    ["//cdn.example/a.png", null],
    ["data:image/png;base64,AAAA", null],
    ["javascript:alert(1)", null],
    ["https://a;b.example/", null],
    ["", null],
    [null, null],
  ])("%s → %s", (url, origin) => {
    expect(externalOrigin(url)).toBe(origin);
  });
});

function gateways(browserOrigins: Record<string, readonly string[] | undefined>, calls: { count: number }, fail = false): PaymentGateways {
  return {
    async forTenant() {
      calls.count++;
      if (fail) throw new Error("database down");
      return (name) =>
        name in browserOrigins ? ({ name, verifyDeadlineMinutes: 15, browserOrigins: browserOrigins[name] } as PaymentGateway) : null;
    },
  };
}

describe("a tenant's extra sources", () => {
  const tenant = { ...FALLBACK_TENANT, id: "t1", paymentGateways: ["sandbox", "zarinpal"] };

  it("come from its enabled gateways, its absolute logo URLs and its reCAPTCHA key", async () => {
    const calls = { count: 0 };
    const sources = createTenantPolicySources({
      paymentGateways: gateways(
        { sandbox: undefined, zarinpal: ["https://sandbox.zarinpal.com"], other: ["https://other.example"] },
        calls,
      ),
      ttlMs: 0,
    });
    expect(
      await sources({
        ...tenant,
        logo: "https://cdn.example/l.svg",
        logoHeader: "/local.svg",
        logoFooter: null,
        favIcon: "https://icons.example/f.ico",
        recaptchaV3SiteKey: "key",
      }),
    ).toEqual({
      formTargets: ["https://sandbox.zarinpal.com"],
      imageOrigins: ["https://cdn.example", "https://icons.example"],
      recaptcha: true,
    });
    // A gateway the tenant has not enabled is not allowed, nor one it enabled that cannot be built.
    expect((await sources({ ...tenant, paymentGateways: ["sandbox", "missing"] })).formTargets).toEqual([]);
    expect((await sources({ ...tenant, recaptchaV3SiteKey: "  " })).recaptcha).toBe(false);
  });

  it("remember the gateways' origins for the tenant cache's lifetime, and forget a failure", async () => {
    let clock = 0;
    const calls = { count: 0 };
    const sources = createTenantPolicySources({
      paymentGateways: gateways({ zarinpal: ["https://payment.zarinpal.com"] }, calls),
      ttlMs: 10_000,
      now: () => clock,
    });
    await sources(tenant);
    await sources(tenant);
    expect(calls.count).toBe(1);
    clock = 10_000;
    await sources(tenant);
    expect(calls.count).toBe(2);
    // Another gateway list is another answer.
    expect((await sources({ ...tenant, paymentGateways: ["sandbox"] })).formTargets).toEqual([]);
    expect(calls.count).toBe(3);

    const failing = { count: 0 };
    const warnings: object[] = [];
    const broken = createTenantPolicySources({
      paymentGateways: gateways({}, failing, true),
      ttlMs: 10_000,
      log: { warn: (object) => warnings.push(object) },
    });
    expect((await broken(tenant)).formTargets).toEqual([]);
    await broken(tenant);
    expect(failing.count).toBe(2);
    expect(warnings).toHaveLength(2);
  });
});

describe("the security headers middleware", () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((done) => (server ? server.close(done) : done(undefined)));
    server = undefined;
  });

  async function serve(trustProxy: boolean | string): Promise<string> {
    const app = express();
    app.set("trust proxy", trustProxy);
    app.use(securityHeaders({ dev: false }));
    app.get("/", (_req, res) => {
      res.type("html").send(`<script nonce="${cspNonce(res)}"></script>`);
    });
    server = await new Promise<Server>((done) => {
      const listening = app.listen(0, "127.0.0.1", () => done(listening));
    });
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }

  it("sets the policy with this request's nonce, the one the page is given, and the other headers", async () => {
    const url = await serve(false);
    const [first, second] = await Promise.all([fetch(url), fetch(url)]);
    const nonces = [];
    for (const response of [first, second]) {
      const nonce = /nonce="([^"]+)"/.exec(await response.text())![1]!;
      expect(response.headers.get("content-security-policy")).toContain(`script-src 'self' 'nonce-${nonce}'`);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("sends HSTS only for https, and believes X-Forwarded-Proto only from a trusted proxy", async () => {
    const trusting = await serve("loopback");
    expect((await fetch(trusting)).headers.get("strict-transport-security")).toBeNull();
    expect((await fetch(trusting, { headers: { "X-Forwarded-Proto": "https" } })).headers.get("strict-transport-security")).toBe(
      HSTS_VALUE,
    );
    await new Promise((done) => server!.close(done));

    const untrusting = await serve(false);
    expect((await fetch(untrusting, { headers: { "X-Forwarded-Proto": "https" } })).headers.get("strict-transport-security")).toBeNull();
  });
});
