import { describe, it, expect } from "vitest";
import { BRIGHTNESS_THRESHOLD, brightness, parseHexColor, readableTextOn } from "#core/tenants/colors.ts";

const DARK_TEXT = "#111827";
const WHITE_TEXT = "#FFFFFF";

describe("parseHexColor", () => {
  it("reads six-digit colours with or without #", () => {
    expect(parseHexColor("#0059A8")).toEqual({ r: 0, g: 89, b: 168 });
    expect(parseHexColor("073d2b")).toEqual({ r: 7, g: 61, b: 43 });
  });

  it("expands three-digit colours", () => {
    expect(parseHexColor("#fa0")).toEqual({ r: 255, g: 170, b: 0 });
  });

  it("rejects anything else", () => {
    for (const value of ["", "#", "#12", "#1234", "#12345", "#1234567", "#GGGGGG", "blue", "rgb(0,0,0)"]) {
      expect(parseHexColor(value)).toBeNull();
    }
  });
});

describe("brightness", () => {
  it("weights red, green and blue by .299, .587 and .114", () => {
    expect(brightness("#FF0000")).toBeCloseTo(255 * 0.299, 10);
    expect(brightness("#00FF00")).toBeCloseTo(255 * 0.587, 10);
    expect(brightness("#0000FF")).toBeCloseTo(255 * 0.114, 10);
    expect(brightness("#0059A8")).toBeCloseTo(89 * 0.587 + 168 * 0.114, 10);
  });

  it("is null for invalid input", () => {
    expect(brightness("not a colour")).toBeNull();
  });
});

describe("readableTextOn", () => {
  it("uses the spec's threshold", () => {
    expect(BRIGHTNESS_THRESHOLD).toBe(150.5);
  });

  it("puts white text on the demo tenants' dark colours", () => {
    expect(readableTextOn("#0059A8")).toBe(WHITE_TEXT);
    expect(readableTextOn("#073D2B")).toBe(WHITE_TEXT);
    expect(readableTextOn("#000")).toBe(WHITE_TEXT);
  });

  it("puts dark text on light colours", () => {
    expect(readableTextOn("#FFFFFF")).toBe(DARK_TEXT);
    expect(readableTextOn("#F4F7FB")).toBe(DARK_TEXT);
    expect(readableTextOn("#ffffff")).toBe(DARK_TEXT);
  });

  it("puts dark text on invalid input", () => {
    expect(readableTextOn("")).toBe(DARK_TEXT);
    expect(readableTextOn("#12345")).toBe(DARK_TEXT);
    expect(readableTextOn("transparent")).toBe(DARK_TEXT);
  });

  it("flips between greys 150 and 151", () => {
    expect(brightness("#969696")).toBeCloseTo(150, 10);
    expect(readableTextOn("#969696")).toBe(WHITE_TEXT);
    expect(brightness("#979797")).toBeCloseTo(151, 10);
    expect(readableTextOn("#979797")).toBe(DARK_TEXT);
  });

  it("flips within a thousandth of the threshold", () => {
    // 0·.299 + 209·.587 + 244·.114 = 150.499
    expect(brightness("#00D1F4")).toBeCloseTo(150.499, 10);
    expect(readableTextOn("#00D1F4")).toBe(WHITE_TEXT);
    // 2·.299 + 241·.587 + 74·.114 = 150.501
    expect(brightness("#02F14A")).toBeCloseTo(150.501, 10);
    expect(readableTextOn("#02F14A")).toBe(DARK_TEXT);
  });

  it("counts a colour exactly at the threshold as dark (only brighter colours get dark text)", () => {
    // 1·.299 + 225·.587 + 159·.114 = 150.5 exactly in floating point
    expect(brightness("#01E19F")).toBe(150.5);
    expect(readableTextOn("#01E19F")).toBe(WHITE_TEXT);
  });
});
