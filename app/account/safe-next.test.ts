import { describe, expect, it } from "vitest";
import { MAX_NEXT_LENGTH, safeNext } from "./safe-next.ts";

describe("safeNext", () => {
  it("keeps a path on this site, with its query and fragment", () => {
    expect(safeNext("/account")).toBe("/account");
    expect(safeNext("/en/flight/prefactor/ABCDEFGH/x?saved=1#top")).toBe("/en/flight/prefactor/ABCDEFGH/x?saved=1#top");
    expect(safeNext("/")).toBe("/");
  });

  it("refuses other origins, schemes and protocol-relative forms", () => {
    for (const next of [
      "https://evil.example/",
      "http:/evil.example",
      "javascript:alert(1)",
      "//evil.example/path",
      "/\\evil.example",
      "\\\\evil.example",
      "evil.example",
      "account",
      "",
    ]) {
      expect(safeNext(next), next).toBeNull();
    }
  });

  it("refuses what URL parsing would turn into another host: tabs, newlines, backslashes anywhere", () => {
    for (const next of ["/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example", "/a\\..\\\\evil.example", "/\u0000x", "/x\u007f"]) {
      expect(safeNext(next), JSON.stringify(next)).toBeNull();
    }
  });

  it("refuses nothing, non-strings and overlong values", () => {
    expect(safeNext(null)).toBeNull();
    expect(safeNext(undefined)).toBeNull();
    expect(safeNext(`/${"a".repeat(MAX_NEXT_LENGTH)}`)).toBeNull();
  });

  it("gives the path as the browser would resolve it, never leaving the site", () => {
    expect(safeNext("/a/../../b")).toBe("/b");
    expect(safeNext("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
  });
});
