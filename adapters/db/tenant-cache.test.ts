/**
 * The tenant cache in front of the repository: tenants are kept for the TTL, and dropped at once
 * by clear() (the process that saved a site's settings, and the shared-pages change watch).
 */
import { describe, expect, it } from "vitest";
import type { Tenant } from "#core/tenants/site-config.ts";
import type { TenantRepository } from "#core/tenants/ports.ts";
import { withTenantCache } from "./tenant-repository.ts";

function countingRepository(names: string[]) {
  let reads = 0;
  const repository: TenantRepository = {
    async findByHost(host) {
      const name = names[Math.min(reads++, names.length - 1)]!;
      return { id: "t1", slug: "hamsafar", hosts: [host], name } as unknown as Tenant;
    },
    async findDefault() {
      reads++;
      return null;
    },
  };
  return { repository, reads: () => reads };
}

const nameOf = (tenant: Tenant | null) => (tenant as unknown as { name: string }).name;

describe("the tenant cache", () => {
  it("answers from memory within its TTL and asks again after it", async () => {
    let now = 0;
    const { repository, reads } = countingRepository(["before", "after"]);
    const cached = withTenantCache(repository, { ttlMs: 10_000, now: () => now });
    expect(nameOf(await cached.findByHost("a.test"))).toBe("before");
    now = 9_999;
    expect(nameOf(await cached.findByHost("a.test"))).toBe("before");
    expect(reads()).toBe(1);
    now = 10_000;
    expect(nameOf(await cached.findByHost("a.test"))).toBe("after");
  });

  it("forgets every tenant at once when cleared, long before the TTL", async () => {
    const { repository, reads } = countingRepository(["before", "after"]);
    const cached = withTenantCache(repository, { ttlMs: 60_000, now: () => 0 });
    await cached.findByHost("a.test");
    await cached.findDefault();
    cached.clear();
    expect(nameOf(await cached.findByHost("a.test"))).toBe("after");
    await cached.findDefault();
    expect(reads()).toBe(4);
  });

  it("with a TTL of 0 keeps nothing, and clearing it is harmless", async () => {
    const { repository, reads } = countingRepository(["one"]);
    const uncached = withTenantCache(repository, { ttlMs: 0 });
    await uncached.findByHost("a.test");
    await uncached.findByHost("a.test");
    uncached.clear();
    expect(reads()).toBe(2);
  });
});
