import { describe, expect, it } from "vitest";
import { entryMoment, parseWalletCursor, walletCursor } from "./wallet.server.ts";

describe("the wallet page's paging cursor", () => {
  it("reads back the entry it was written from", () => {
    const entry = { id: "0b9a3c4e-1f2a-4b5c-8d6e-7f8091a2b3c4", at: new Date("2030-01-10T08:00:00.123Z") };
    const cursor = walletCursor(entry);
    expect(cursor).toBe("1894262400123_0b9a3c4e-1f2a-4b5c-8d6e-7f8091a2b3c4");
    expect(parseWalletCursor(cursor)).toEqual(entry);
    // Case does not matter in an id; the ledger compares it in lower case.
    expect(parseWalletCursor(cursor.toUpperCase())).toEqual(entry);
  });

  it("takes anything else for the first page", () => {
    for (const text of [
      null,
      "",
      "abc",
      "123_not-an-id",
      "_0b9a3c4e-1f2a-4b5c-8d6e-7f8091a2b3c4",
      "1e3_0b9a3c4e-1f2a-4b5c-8d6e-7f8091a2b3c4",
      "1894262400123_0b9a3c4e-1f2a-4b5c-8d6e-7f8091a2b3c4x",
      "9999999999999999_0b9a3c4e-1f2a-4b5c-8d6e-7f8091a2b3c4",
    ]) {
      expect(parseWalletCursor(text), String(text)).toBeNull();
    }
  });
});

describe("an entry's moment", () => {
  // 20:45 UTC on 20 March 2025 is 00:15 on 21 March in Tehran (UTC+3:30): 1 Farvardin 1404.
  const at = new Date("2025-03-20T20:45:00Z");

  it("is the day in Tehran in the Persian calendar with Persian digits in fa", () => {
    expect(entryMoment(at, "fa", "persian")).toEqual({ date: "۱۴۰۴/۰۱/۰۱", time: "۰۰:۱۵" });
  });

  it("is Gregorian in en and ar, with the language's digits", () => {
    expect(entryMoment(at, "en", "gregorian")).toEqual({ date: "2025/03/21", time: "00:15" });
    expect(entryMoment(at, "ar", "gregorian")).toEqual({ date: "٢٠٢٥/٠٣/٢١", time: "٠٠:١٥" });
  });
});
