import { describe, it, expect } from "vitest";
import { acceptRequestId, isLoopbackAddress, readCookie, safeEqual } from "#server/net.ts";

describe("isLoopbackAddress", () => {
  it.each(["127.0.0.1", "127.8.9.10", "127.255.255.255", "::1", "::ffff:127.0.0.1"])("%s is loopback", (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each(["10.0.0.1", "::ffff:10.0.0.1", "192.168.1.1", "128.0.0.1", "1.127.0.0", "::2", "127.0.0.1.example.com", "x127.0.0.1", ""])(
    "%s is not loopback",
    (address) => {
      expect(isLoopbackAddress(address)).toBe(false);
    },
  );

  it("is false without an address", () => {
    expect(isLoopbackAddress(undefined)).toBe(false);
  });
});

describe("acceptRequestId", () => {
  it("keeps a plausible id", () => {
    expect(acceptRequestId("abc-123")).toBe("abc-123");
    expect(acceptRequestId("req_1.2:3")).toBe("req_1.2:3");
    expect(acceptRequestId("3f1e2d4c-0b8a-4c55-9d7e-1a2b3c4d5e6f")).toBe("3f1e2d4c-0b8a-4c55-9d7e-1a2b3c4d5e6f");
  });

  it("takes the first of repeated headers", () => {
    expect(acceptRequestId(["first-id", "second-id"])).toBe("first-id");
    expect(acceptRequestId([])).toBeNull();
  });

  it("rejects missing and empty ids", () => {
    expect(acceptRequestId(undefined)).toBeNull();
    expect(acceptRequestId("")).toBeNull();
  });

  it("rejects ids with characters that could forge log lines", () => {
    expect(acceptRequestId("abc\ninjected")).toBeNull();
    expect(acceptRequestId("abc def")).toBeNull();
    expect(acceptRequestId("<script>")).toBeNull();
    expect(acceptRequestId('a"b')).toBeNull();
  });

  it("accepts 128 characters and rejects 129", () => {
    expect(acceptRequestId("a".repeat(128))).toBe("a".repeat(128));
    expect(acceptRequestId("a".repeat(129))).toBeNull();
  });
});

describe("readCookie", () => {
  it("finds one cookie among several", () => {
    const header = "session=abc; locale=en; theme=dark";
    expect(readCookie(header, "locale")).toBe("en");
    expect(readCookie(header, "session")).toBe("abc");
    expect(readCookie(header, "theme")).toBe("dark");
  });

  it("tolerates missing spaces and extra whitespace", () => {
    expect(readCookie("a=1;locale=ar;b=2", "locale")).toBe("ar");
    expect(readCookie("  locale =  fa  ; x=y", "locale")).toBe("fa");
  });

  it("decodes encoded values", () => {
    expect(readCookie(`name=${encodeURIComponent("همسفر")}`, "name")).toBe("همسفر");
    expect(readCookie("note=a%20b%3Bc", "note")).toBe("a b;c");
  });

  it("returns a malformed encoding as sent", () => {
    expect(readCookie("bad=%E0%A4%A; locale=en", "bad")).toBe("%E0%A4%A");
  });

  it("keeps equals signs inside the value", () => {
    expect(readCookie("token=a=b==", "token")).toBe("a=b==");
  });

  it("matches whole names only", () => {
    expect(readCookie("xlocale=fa; locale_old=ar; locale=en", "locale")).toBe("en");
    expect(readCookie("xlocale=fa", "locale")).toBeUndefined();
    expect(readCookie("Locale=fa", "locale")).toBeUndefined();
  });

  it("returns the first of repeated cookies", () => {
    expect(readCookie("locale=en; locale=ar", "locale")).toBe("en");
  });

  it("returns an empty value as an empty string", () => {
    expect(readCookie("locale=; a=1", "locale")).toBe("");
  });

  it("returns undefined for a missing cookie or header", () => {
    expect(readCookie("a=1; b=2", "locale")).toBeUndefined();
    expect(readCookie(undefined, "locale")).toBeUndefined();
    expect(readCookie("", "locale")).toBeUndefined();
    expect(readCookie("locale", "locale")).toBeUndefined();
  });
});

describe("safeEqual", () => {
  it("is true for equal strings", () => {
    expect(safeEqual("s3cret-token-value", "s3cret-token-value")).toBe(true);
    expect(safeEqual("", "")).toBe(true);
  });

  it("is false for different strings of the same length", () => {
    expect(safeEqual("s3cret-token-value", "s3cret-token-valuf")).toBe(false);
  });

  it("is false, without throwing, for different lengths", () => {
    expect(safeEqual("short", "shorter")).toBe(false);
    expect(safeEqual("abc", "")).toBe(false);
  });

  it("compares bytes, not characters", () => {
    expect(safeEqual("é", "e")).toBe(false);
    expect(safeEqual("ab", "é")).toBe(false);
    expect(safeEqual("همسفر", "همسفر")).toBe(true);
  });
});
