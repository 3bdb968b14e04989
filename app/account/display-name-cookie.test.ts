import { describe, expect, it } from "vitest";
import { readDisplayName } from "./display-name-cookie.ts";

describe("readDisplayName", () => {
  const name = "علی رضایی";

  it("reads the name encoded twice, as Express sends the server's encoded value", () => {
    const twice = encodeURIComponent(encodeURIComponent(name));
    expect(readDisplayName(`hs_csrf=x; user_name=${twice}; user_id=abc`)).toBe(name);
  });

  it("reads a name encoded once", () => {
    expect(readDisplayName(`user_name=${encodeURIComponent(name)}`)).toBe(name);
    expect(readDisplayName(`user_name=${encodeURIComponent("0912***4567")}`)).toBe("0912***4567");
  });

  it("is null without the cookie, empty, or undecodable", () => {
    expect(readDisplayName("")).toBeNull();
    expect(readDisplayName("other_user_name=x; user_id=abc")).toBeNull();
    expect(readDisplayName("user_name=")).toBeNull();
    expect(readDisplayName("user_name=%E0%A4%A")).toBeNull();
  });

  it("drops control characters", () => {
    expect(readDisplayName(`user_name=${encodeURIComponent("a\u0000b\n")}`)).toBe("ab");
  });
});
