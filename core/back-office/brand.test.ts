import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { AuditLog, NewAuditEntry } from "./audit.ts";
import { CLI_ACTOR } from "./audit.ts";
import {
  PREVIEW_TTL_MS,
  addDomain,
  createPreview,
  normalizeHostname,
  readPreview,
  removeDomain,
  type DomainStore,
  type PreviewCrypto,
  type PreviewStore,
  type TenantDomain,
} from "./brand.ts";
import type { SiteSettings } from "./site-settings.ts";

const NOW = new Date("2026-11-26T09:00:00Z");

function fakeAudit() {
  const entries: NewAuditEntry[] = [];
  const audit: AuditLog = {
    record: (entry) => (entries.push(entry), Promise.resolve()),
    list: () => Promise.resolve({ entries: [], total: 0 }),
  };
  return { audit, entries };
}

function fakeDomains(rows: (TenantDomain & { tenantId: string })[]): DomainStore {
  return {
    list: (tenantId) => Promise.resolve(rows.filter((row) => row.tenantId === tenantId)),
    ownerOf: (host) => Promise.resolve(rows.find((row) => row.host === host)?.tenantId ?? null),
    add: (tenantId, host, now) => {
      if (rows.some((row) => row.host === host)) return Promise.resolve(false);
      rows.push({ tenantId, host, isPrimary: false, createdAt: now });
      return Promise.resolve(true);
    },
    remove: (tenantId, host) => {
      const index = rows.findIndex((row) => row.tenantId === tenantId && row.host === host);
      if (index >= 0) rows.splice(index, 1);
      return Promise.resolve(index >= 0);
    },
  };
}

describe("host names", () => {
  it("lower-cases, drops a trailing dot and writes IDN labels in punycode", () => {
    expect(normalizeHostname(" Shop.Example.COM. ")).toEqual({ ok: true, host: "shop.example.com" });
    expect(normalizeHostname("سفر.ایران")).toEqual({ ok: true, host: "xn--wgbd6b.xn--mgba3a4f16a" });
  });

  it.each(["", "shop", "http://a.com", "a.com:80", "a.com/x", "1.2.3.4", "-a.com", "a-.com", "a..com", `${"a".repeat(64)}.com`, 42])(
    "refuses %s",
    (input) => expect(normalizeHostname(input)).toEqual({ ok: false, error: "HOST_INVALID" }),
  );
});

describe("domains", () => {
  const rows = () => [
    { tenantId: "a", host: "a.example", isPrimary: true, createdAt: NOW },
    { tenantId: "a", host: "www.a.example", isPrimary: false, createdAt: NOW },
    { tenantId: "b", host: "b.example", isPrimary: true, createdAt: NOW },
  ];

  it("adds a free host once, logged; refuses one another tenant holds, logging nothing", async () => {
    const { audit, entries } = fakeAudit();
    const deps = { domains: fakeDomains(rows()), audit, clock: { now: () => NOW } };
    expect(await addDomain(deps, CLI_ACTOR, { tenantId: "a", host: "New.A.example" })).toEqual({ ok: true, host: "new.a.example" });
    expect(await addDomain(deps, CLI_ACTOR, { tenantId: "a", host: "B.example" })).toEqual({ ok: false, error: "HOST_TAKEN" });
    expect(await addDomain(deps, CLI_ACTOR, { tenantId: "a", host: "a.example" })).toEqual({ ok: false, error: "HOST_EXISTS" });
    expect(entries.map((entry) => [entry.action, entry.subject.id, entry.after])).toEqual([
      ["domain.add", "new.a.example", { host: "new.a.example" }],
    ]);
  });

  it("never removes the host in use nor the last one", async () => {
    const { audit, entries } = fakeAudit();
    const deps = { domains: fakeDomains(rows()), audit, clock: { now: () => NOW } };
    expect(await removeDomain(deps, CLI_ACTOR, { tenantId: "a", host: "a.example", currentHost: "A.example" })).toEqual({
      ok: false,
      error: "CURRENT_HOST",
    });
    expect(await removeDomain(deps, CLI_ACTOR, { tenantId: "b", host: "b.example", currentHost: "x" })).toEqual({
      ok: false,
      error: "LAST_DOMAIN",
    });
    expect(await removeDomain(deps, CLI_ACTOR, { tenantId: "a", host: "b.example", currentHost: "x" })).toEqual({
      ok: false,
      error: "NOT_FOUND",
    });
    expect(await removeDomain(deps, CLI_ACTOR, { tenantId: "a", host: "www.a.example", currentHost: "a.example" })).toEqual({ ok: true });
    expect(entries.map((entry) => entry.action)).toEqual(["domain.remove"]);
  });
});

describe("preview tokens", () => {
  const crypto: PreviewCrypto = {
    sign: (payload) => createHmac("sha256", "key").update(payload).digest("base64url"),
    digest: (text) => createHash("sha256").update(text).digest("hex").slice(0, 16),
    same: (a, b) => a === b,
  };
  const kept = new Map<string, SiteSettings>();
  const previews: PreviewStore = {
    put: ({ tenantId, digest, settings }) => (kept.set(`${tenantId}:${digest}`, settings), Promise.resolve()),
    get: (tenantId, digest) => Promise.resolve(kept.get(`${tenantId}:${digest}`) ?? null),
  };
  const settings = { theme: "theme-2" } as SiteSettings;

  it("shows its settings at its tenant until it expires, and nowhere else", async () => {
    let now = NOW;
    const deps = { previews, crypto, clock: { now: () => now } };
    const { token, expiresAt } = await createPreview(deps, { tenantId: "a", settings });
    expect(expiresAt.getTime() - NOW.getTime()).toBe(PREVIEW_TTL_MS);
    expect(await readPreview(deps, { tenantId: "a", token })).toEqual({ ok: true, settings });
    expect(await readPreview(deps, { tenantId: "b", token })).toEqual({ ok: false, error: "OTHER_TENANT" });
    const [payload] = token.split(".");
    expect(await readPreview(deps, { tenantId: "a", token: `${payload}.forged` })).toEqual({ ok: false, error: "SIGNATURE" });
    expect(await readPreview(deps, { tenantId: "a", token: "nonsense" })).toEqual({ ok: false, error: "MALFORMED" });
    now = expiresAt;
    expect(await readPreview(deps, { tenantId: "a", token })).toEqual({ ok: false, error: "EXPIRED" });
  });
});
