import { describe, expect, it } from "vitest";
import { buildClientErrorReport } from "#app/client/error-report.ts";
import { CLIENT_ERROR_FIELD_LIMITS } from "#core/client-errors/limits.ts";
import { hashClientAddress, normalizeAddress, rateLimitSubject } from "#server/client-address.ts";
import { clientErrorReportSchema, pageUrlOf } from "./report-schema.ts";
import { loadEnv } from "#server/env.ts";

const VALID = {
  tikets_vaheds: "frontend",
  tikets_title: "Client error: appendChild",
  subtiket_text: "Failed to execute 'appendChild' on 'Node'\nurl: https://localhost/en/flight",
  tikets_olaviat: 3,
  task_time: "2025-03-01T10:00:00.000Z",
  category: "client-error",
};

const parse = (body: unknown) => clientErrorReportSchema.safeParse(body);

describe("the report schema", () => {
  it("accepts a report as the browser builds it", () => {
    const body = buildClientErrorReport({
      message: "Failed to execute 'appendChild' on 'Node'",
      pageUrl: "https://localhost/",
      now: new Date(),
    });
    expect(parse(body).success).toBe(true);
    expect(parse(VALID).success).toBe(true);
  });

  it("drops fields it does not know", () => {
    const result = parse({ ...VALID, admin: true, tenantId: "x" });
    expect(result.success).toBe(true);
    expect(Object.keys(result.data!).sort()).toEqual(Object.keys(VALID).sort());
  });

  it.each([
    ["tikets_title", CLIENT_ERROR_FIELD_LIMITS.title],
    ["subtiket_text", CLIENT_ERROR_FIELD_LIMITS.text],
    ["tikets_vaheds", CLIENT_ERROR_FIELD_LIMITS.units],
    ["category", CLIENT_ERROR_FIELD_LIMITS.category],
    ["task_time", CLIENT_ERROR_FIELD_LIMITS.taskTime],
  ] as const)("bounds %s to %i characters", (field, max) => {
    expect(parse({ ...VALID, [field]: "a".repeat(max) }).success).toBe(true);
    expect(parse({ ...VALID, [field]: "a".repeat(max + 1) }).success).toBe(false);
  });

  it("checks the documented bounds", () => {
    expect(CLIENT_ERROR_FIELD_LIMITS).toEqual({ units: 100, title: 200, text: 4000, category: 100, taskTime: 50 });
  });

  it("takes a priority from 0 to 10, or none", () => {
    for (const priority of [0, 10, undefined, null])
      expect(parse({ ...VALID, tikets_olaviat: priority }).success, String(priority)).toBe(true);
    for (const priority of [-1, 11, 2.5, "3", true])
      expect(parse({ ...VALID, tikets_olaviat: priority }).success, String(priority)).toBe(false);
  });

  it("requires title, text, units and category as non-empty strings", () => {
    for (const field of ["tikets_title", "subtiket_text", "tikets_vaheds", "category"]) {
      expect(parse({ ...VALID, [field]: undefined }).success, field).toBe(false);
      expect(parse({ ...VALID, [field]: "   " }).success, field).toBe(false);
      expect(parse({ ...VALID, [field]: 42 }).success, field).toBe(false);
    }
  });

  it("refuses what is not an object", () => {
    for (const body of [null, undefined, "text", 1, [VALID]]) expect(parse(body).success).toBe(false);
  });

  it("removes NUL characters, which PostgreSQL text cannot hold", () => {
    const result = parse({ ...VALID, tikets_title: "a\u0000b" });
    expect(result.data?.tikets_title).toBe("ab");
  });
});

describe("client addresses", () => {
  it("treat IPv4-mapped IPv6 as the IPv4 address", () => {
    expect(normalizeAddress("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(normalizeAddress("203.0.113.9")).toBe("203.0.113.9");
    expect(normalizeAddress("FE80::1%eth0")).toBe("fe80::1");
    expect(normalizeAddress(undefined)).toBe("unknown");
  });

  it("count IPv4 by address and IPv6 by /64 network", () => {
    expect(rateLimitSubject("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitSubject("2001:db8:1:2:aaaa::1")).toBe("2001:0db8:0001:0002::/64");
    expect(rateLimitSubject("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:0db8:0001:0002::/64");
    expect(rateLimitSubject("2001:db8:1:3::1")).toBe("2001:0db8:0001:0003::/64");
    expect(rateLimitSubject("::1")).toBe("0000:0000:0000:0000::/64");
    expect(rateLimitSubject("2001:db8::")).toBe("2001:0db8:0000:0000::/64");
    expect(rateLimitSubject("64:ff9b::192.0.2.1")).toBe("0064:ff9b:0000:0000::/64");
  });

  it("are stored as a keyed hash, never as written", () => {
    const hash = hashClientAddress("a-secret-of-enough-length", "203.0.113.9");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain("203");
    expect(hashClientAddress("a-secret-of-enough-length", "203.0.113.9")).toBe(hash);
    expect(hashClientAddress("another-secret-entirely", "203.0.113.9")).not.toBe(hash);
    expect(hashClientAddress("a-secret-of-enough-length", "203.0.113.10")).not.toBe(hash);
  });
});

describe("pageUrlOf", () => {
  it("reads the url line of the text", () => {
    expect(pageUrlOf("boom\nurl: https://x.test/en/flight?to=MHD", undefined)).toBe("https://x.test/en/flight?to=MHD");
  });

  it("falls back to the Referer", () => {
    expect(pageUrlOf("boom", "https://x.test/bus")).toBe("https://x.test/bus");
    expect(pageUrlOf("boom\nurl: not a url", "https://x.test/bus")).toBe("https://x.test/bus");
  });

  it("accepts only http and https URLs", () => {
    expect(pageUrlOf("url: javascript:alert(1)", undefined)).toBeNull();
    expect(pageUrlOf("url: data:text/html,<b>x</b>", "file:///etc/passwd")).toBeNull();
    expect(pageUrlOf("no url here", undefined)).toBeNull();
  });
});

describe("IP_HASH_SECRET", () => {
  it("defaults to one random secret for the whole process", () => {
    const first = loadEnv({}).IP_HASH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadEnv({}).IP_HASH_SECRET).toBe(first);
  });

  it("takes the configured secret, of at least 16 characters", () => {
    expect(loadEnv({ IP_HASH_SECRET: "0123456789abcdef" }).IP_HASH_SECRET).toBe("0123456789abcdef");
    expect(() => loadEnv({ IP_HASH_SECRET: "short" })).toThrow(/IP_HASH_SECRET/);
  });
});
