import { describe, expect, it } from "vitest";
import { makeTaxId, parseTaxId, taxDayOf, taxIdDecimalForm, verhoeffCheckDigit, verhoeffValid } from "./tax-id.ts";

describe("Verhoeff", () => {
  it("gives the published check digits", () => {
    // Wikipedia's worked example, and two common test vectors.
    expect(verhoeffCheckDigit("236")).toBe(3);
    expect(verhoeffCheckDigit("12345")).toBe(1);
    expect(verhoeffCheckDigit("142857")).toBe(0);
    expect(verhoeffValid("2363")).toBe(true);
    expect(verhoeffValid("2364")).toBe(false);
    // Every transposition of neighbours is caught.
    expect(verhoeffValid("3263")).toBe(false);
  });
});

describe("the tax id", () => {
  // 2026-11-26 at noon in Tehran: day 20783 since 1970-01-01 (0x512F).
  const issuedAt = new Date("2026-11-26T08:30:00Z");

  it("is 6 + 5 + 10 + 1 characters: memory id, day and serial in hex, and the check digit", () => {
    expect(taxDayOf(issuedAt)).toBe(20783);
    const taxId = makeTaxId({ memoryId: "a1hmsf", issuedAt, serial: 255 });
    expect(taxId).toHaveLength(22);
    expect(taxId.slice(0, 6)).toBe("A1HMSF");
    expect(taxId.slice(6, 11)).toBe("0512F");
    expect(taxId.slice(11, 21)).toBe("00000000FF");
    expect(taxId).toBe(taxId.toUpperCase());
  });

  it("computes its check digit over the decimal form: letters as ASCII codes, day in 6 digits, serial in 12", () => {
    expect(taxIdDecimalForm("A1HMSF", 20783, 255)).toBe("65" + "1" + "72" + "77" + "83" + "70" + "020783" + "000000000255");
    const taxId = makeTaxId({ memoryId: "A1HMSF", issuedAt, serial: 255 });
    expect(Number(taxId.at(-1))).toBe(verhoeffCheckDigit(taxIdDecimalForm("A1HMSF", 20783, 255)));
  });

  it("counts the day on Tehran's calendar: 23:00 UTC is already the next day there", () => {
    expect(taxDayOf(new Date("2026-11-25T21:00:00Z"))).toBe(20783);
    expect(taxDayOf(new Date("2026-11-25T20:00:00Z"))).toBe(20782);
  });

  it("reads back, and a changed character fails the check", () => {
    const taxId = makeTaxId({ memoryId: "A1SNUR", issuedAt, serial: 1_234_567 });
    expect(parseTaxId(taxId)).toEqual({ memoryId: "A1SNUR", day: 20783, serial: 1_234_567 });
    const wrongDigit = `${taxId.slice(0, 21)}${(Number(taxId[21]) + 1) % 10}`;
    expect(parseTaxId(wrongDigit)).toBeNull();
    const otherSerial = `${taxId.slice(0, 20)}${taxId[20] === "0" ? "1" : "0"}${taxId[21]}`;
    expect(parseTaxId(otherSerial)).toBeNull();
    expect(parseTaxId("short")).toBeNull();
  });

  it("refuses a memory id that is not 6 letters or digits, and a serial out of range", () => {
    expect(() => makeTaxId({ memoryId: "ABC", issuedAt, serial: 1 })).toThrow(RangeError);
    expect(() => makeTaxId({ memoryId: "ABCDEF", issuedAt, serial: 0 })).toThrow(RangeError);
    expect(() => makeTaxId({ memoryId: "ABCDEF", issuedAt, serial: 16 ** 10 })).toThrow(RangeError);
  });
});
