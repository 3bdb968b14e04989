import { describe, expect, it } from "vitest";
import { nextTehranMidnight, preferredEncoding, sharedMaxAge } from "./page-cache.ts";

describe("what a shared cache may keep", () => {
  it("reads s-maxage of a public answer only", () => {
    expect(sharedMaxAge("public, max-age=0, s-maxage=300")).toBe(300);
    expect(sharedMaxAge("public, max-age=0, s-maxage=60, stale-while-revalidate=300")).toBe(60);
    expect(sharedMaxAge("PUBLIC, S-MAXAGE=30")).toBe(30);
    expect(sharedMaxAge("private, no-cache")).toBeNull();
    expect(sharedMaxAge("public, max-age=60")).toBeNull();
    expect(sharedMaxAge("public, s-maxage=60, no-store")).toBeNull();
    expect(sharedMaxAge("public, s-maxage=0")).toBeNull();
    expect(sharedMaxAge("public, s-maxage=abc")).toBeNull();
    expect(sharedMaxAge(undefined)).toBeNull();
  });

  it("ends a day at midnight in Tehran (UTC+3:30)", () => {
    expect(new Date(nextTehranMidnight(Date.parse("2026-11-26T09:00:00Z"))).toISOString()).toBe("2026-11-26T20:30:00.000Z");
    expect(new Date(nextTehranMidnight(Date.parse("2026-11-26T20:29:59Z"))).toISOString()).toBe("2026-11-26T20:30:00.000Z");
    expect(new Date(nextTehranMidnight(Date.parse("2026-11-26T20:30:00Z"))).toISOString()).toBe("2026-11-27T20:30:00.000Z");
    expect(new Date(nextTehranMidnight(Date.parse("2026-11-26T21:00:00Z"))).toISOString()).toBe("2026-11-27T20:30:00.000Z");
  });

  it("picks brotli, then gzip, and honours a refusal by q=0", () => {
    expect(preferredEncoding("gzip, deflate, br")).toBe("br");
    expect(preferredEncoding("gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(preferredEncoding("br;q=0.5")).toBe("br");
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding("gzip;q=0, br;q=0")).toBeNull();
  });
});
