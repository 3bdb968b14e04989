import { describe, expect, it } from "vitest";
import { normalizeChassis, normalizePlate, plateText } from "./plate.ts";

describe("Iranian plates", () => {
  it.each([
    ["12ب345-67", "12ب345-67"],
    ["۱۲ ب ۳۴۵ - ۶۷", "12ب345-67"],
    ["١٢ب٣٤٥ ٦٧", "12ب345-67"],
    ["۱۲ب۳۴۵ ایران ۶۷", "12ب345-67"],
    ["ایران ۶۷ - ۱۲ ب ۳۴۵", "12ب345-67"],
    ["12 B 345 - 67", "12ب345-67"],
    ["12b345iran67", "12ب345-67"],
    ["12 S 345 | IR 67", "12س345-67"],
    ["۴۵ الف ۱۲۳ ایران ۱۰", "45الف123-10"],
    // Arabic yeh and kaf typed for the Persian ones.
    ["22 ي 555 - 11", "22ی555-11"],
    ["22 ك 555 - 11", "22ک555-11"],
    ["\u200F۳۳ د ۷۸۹ ‐ ۴۴\u200F", "33د789-44"],
  ])("reads %s as %s", (typed, canonical) => {
    expect(normalizePlate(typed)).toBe(canonical);
  });

  it.each([
    ["", "empty"],
    ["12345-67", "no letter"],
    ["1ب345-67", "one digit before the letter"],
    ["12ب34-67", "two digits after the letter"],
    ["12ب345-6", "a one-digit region"],
    ["12ب345-678", "a three-digit region"],
    ["12بب345-67", "two letters"],
    ["12X345-67", "a Latin letter no plate has"],
    ["12 ح 345 67", "a letter no plate has"],
    ["ایران ۶۷", "the region alone"],
  ])("refuses %s (%s)", (typed) => {
    expect(normalizePlate(typed)).toBeNull();
  });
});

describe("chassis numbers", () => {
  it("takes 17 characters without I, O and Q, in any case, digits set and with spaces or dashes", () => {
    expect(normalizeChassis("naam01ca9kk123456")).toBe("NAAM01CA9KK123456");
    expect(normalizeChassis("NAAM 01CA-9KK ۱۲۳۴۵۶")).toBe("NAAM01CA9KK123456");
  });

  it.each([
    ["NAAM01CA9KK12345", "16 characters"],
    ["NAAM01CA9KK1234567", "18 characters"],
    ["NAAM01CA9KK12345O", "the letter O"],
    ["IAAM01CA9KK123456", "the letter I"],
    ["QAAM01CA9KK123456", "the letter Q"],
    ["NAAM01CA9KK12345*", "a sign"],
  ])("refuses %s (%s)", (typed) => {
    expect(normalizeChassis(typed)).toBeNull();
  });
});

describe("plateText", () => {
  it("keeps the plate's order in a sentence of either direction with left-to-right marks before it and after its letter", () => {
    expect(plateText("12ب345-67", (text) => text)).toBe("\u200e12ب\u200e345-67");
    expect(plateText("12ب345-67", (text) => text.replace(/\d/g, (digit) => "۰۱۲۳۴۵۶۷۸۹"[Number(digit)]!))).toBe("\u200e۱۲ب\u200e۳۴۵-۶۷");
  });
});
