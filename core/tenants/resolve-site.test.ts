import { describe, it, expect } from "vitest";
import type { TenantRepository } from "#core/tenants/ports.ts";
import { normalizeHost, resolveSite } from "#core/tenants/resolve-site.ts";
import { FALLBACK_TENANT, type Tenant } from "#core/tenants/site-config.ts";

function tenant(id: string, slug: string, isDefault = false): Tenant {
  return { ...FALLBACK_TENANT, id, slug, isDefault, nameCompany: { fa: slug } };
}

/** An in-memory repository that records the hosts it was asked about. */
class FakeTenantRepository implements TenantRepository {
  readonly lookups: string[] = [];
  defaultLookups = 0;

  constructor(
    private readonly byHost: Record<string, Tenant>,
    private readonly defaultTenant: Tenant | null,
  ) {}

  async findByHost(host: string): Promise<Tenant | null> {
    this.lookups.push(host);
    return this.byHost[host] ?? null;
  }

  async findDefault(): Promise<Tenant | null> {
    this.defaultLookups += 1;
    return this.defaultTenant;
  }
}

class BrokenTenantRepository implements TenantRepository {
  constructor(
    private readonly failOn: "host" | "default",
    private readonly error: Error,
  ) {}

  async findByHost(): Promise<Tenant | null> {
    if (this.failOn === "host") throw this.error;
    return null;
  }

  async findDefault(): Promise<Tenant | null> {
    throw this.error;
  }
}

describe("normalizeHost", () => {
  it("lower-cases the host", () => {
    expect(normalizeHost("Theme2.LOCALHOST")).toBe("theme2.localhost");
  });

  it("drops the port", () => {
    expect(normalizeHost("example.com:8080")).toBe("example.com");
    expect(normalizeHost("localhost:3000")).toBe("localhost");
  });

  it("drops an empty port", () => {
    expect(normalizeHost("example.com:")).toBe("example.com");
  });

  it("drops a trailing dot, also before a port", () => {
    expect(normalizeHost("example.com.")).toBe("example.com");
    expect(normalizeHost("Example.COM.:443")).toBe("example.com");
  });

  it("trims surrounding whitespace", () => {
    expect(normalizeHost("  example.com  ")).toBe("example.com");
  });

  it("keeps IPv4 addresses", () => {
    expect(normalizeHost("127.0.0.1:3000")).toBe("127.0.0.1");
  });

  it("keeps the brackets of an IPv6 literal and drops its port", () => {
    expect(normalizeHost("[::1]:3000")).toBe("[::1]");
    expect(normalizeHost("[::1]")).toBe("[::1]");
    expect(normalizeHost("[2001:DB8::1]:80")).toBe("[2001:db8::1]");
  });

  it("rejects an unterminated IPv6 literal", () => {
    expect(normalizeHost("[::1")).toBeNull();
  });

  it("rejects empty values", () => {
    expect(normalizeHost(undefined)).toBeNull();
    expect(normalizeHost(null)).toBeNull();
    expect(normalizeHost("")).toBeNull();
    expect(normalizeHost("   ")).toBeNull();
    expect(normalizeHost(":3000")).toBeNull();
    expect(normalizeHost(".")).toBeNull();
  });

  it("rejects hosts with spaces or slashes", () => {
    expect(normalizeHost("exa mple.com")).toBeNull();
    expect(normalizeHost("example.com/path")).toBeNull();
    expect(normalizeHost("example.com\\evil")).toBeNull();
    expect(normalizeHost("user@example.com")).toBeNull();
    expect(normalizeHost("example.com:abc")).toBeNull();
  });

  it("accepts a 253-character name and rejects a longer one", () => {
    const label = "a".repeat(63);
    const longest = [label, label, label, "a".repeat(61)].join(".");
    expect(longest).toHaveLength(253);
    expect(normalizeHost(longest)).toBe(longest);
    expect(normalizeHost(`${longest}a`)).toBeNull();
    expect(normalizeHost("a".repeat(1000))).toBeNull();
  });

  it("does not count the port or trailing dot towards the length", () => {
    const name = "b".repeat(253);
    expect(normalizeHost(`${name}.:8080`)).toBe(name);
  });
});

describe("resolveSite", () => {
  const hamsafar = tenant("t1", "hamsafar", true);
  const parvaz = tenant("t2", "parvaz-sabz");
  const repository = () => new FakeTenantRepository({ localhost: hamsafar, "theme2.localhost": parvaz }, hamsafar);

  it("finds a known host", async () => {
    const tenants = repository();
    const result = await resolveSite("theme2.localhost", { tenants, unknownHost: "reject" });
    expect(result).toEqual({ ok: true, tenant: parvaz, configLoaded: true, matchedBy: "host" });
  });

  it("normalises the host before looking it up", async () => {
    const tenants = repository();
    const result = await resolveSite("Theme2.Localhost.:3000", { tenants, unknownHost: "reject" });
    expect(tenants.lookups).toEqual(["theme2.localhost"]);
    expect(result.ok && result.tenant.slug).toBe("parvaz-sabz");
  });

  it("serves an unknown host with the default tenant when the policy is default", async () => {
    const tenants = repository();
    const result = await resolveSite("unknown.example", { tenants, unknownHost: "default" });
    expect(result).toEqual({ ok: true, tenant: hamsafar, configLoaded: true, matchedBy: "default" });
    expect(tenants.lookups).toEqual(["unknown.example"]);
  });

  it("refuses an unknown host when the policy is reject", async () => {
    const tenants = repository();
    const result = await resolveSite("unknown.example", { tenants, unknownHost: "reject" });
    expect(result).toEqual({ ok: false, error: "UNKNOWN_HOST" });
    expect(tenants.defaultLookups).toBe(0);
  });

  it("does not query a host that cannot be normalised", async () => {
    const tenants = repository();
    const rejected = await resolveSite("bad host/", { tenants, unknownHost: "reject" });
    expect(rejected).toEqual({ ok: false, error: "UNKNOWN_HOST" });
    const defaulted = await resolveSite(undefined, { tenants, unknownHost: "default" });
    expect(defaulted.ok && defaulted.matchedBy).toBe("default");
    expect(tenants.lookups).toEqual([]);
  });

  it("serves the fallback configuration when the repository throws", async () => {
    const failure = new Error("connection refused");
    const result = await resolveSite("localhost", { tenants: new BrokenTenantRepository("host", failure), unknownHost: "default" });
    expect(result).toEqual({ ok: true, tenant: FALLBACK_TENANT, configLoaded: false, matchedBy: "fallback", cause: failure });
  });

  it("serves the fallback even under the reject policy when the database fails", async () => {
    const failure = new Error("timeout");
    const result = await resolveSite("localhost", { tenants: new BrokenTenantRepository("host", failure), unknownHost: "reject" });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.configLoaded).toBe(false);
      expect(result.matchedBy).toBe("fallback");
    }
  });

  it("serves the fallback when looking up the default tenant throws", async () => {
    const failure = new Error("boom");
    const result = await resolveSite("unknown.example", {
      tenants: new BrokenTenantRepository("default", failure),
      unknownHost: "default",
    });
    expect(result).toMatchObject({ ok: true, tenant: FALLBACK_TENANT, configLoaded: false, matchedBy: "fallback", cause: failure });
  });

  it("serves the fallback when there is no default tenant", async () => {
    const tenants = new FakeTenantRepository({ localhost: hamsafar }, null);
    const result = await resolveSite("unknown.example", { tenants, unknownHost: "default" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.tenant).toBe(FALLBACK_TENANT);
    expect(result.configLoaded).toBe(false);
    expect(result.matchedBy).toBe("fallback");
    if (result.matchedBy === "fallback") expect(result.cause).toBeInstanceOf(Error);
  });

  it("still finds known hosts when there is no default tenant", async () => {
    const tenants = new FakeTenantRepository({ localhost: hamsafar }, null);
    const result = await resolveSite("LOCALHOST:3000", { tenants, unknownHost: "default" });
    expect(result).toEqual({ ok: true, tenant: hamsafar, configLoaded: true, matchedBy: "host" });
  });
});
