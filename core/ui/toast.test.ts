import { describe, expect, it } from "vitest";
import { readableTextOn } from "#core/tenants/colors.ts";
import { contrastRatio } from "#core/ui/contrast.ts";
import {
  DEFAULT_TOAST_COLOR,
  TOAST_COLORS,
  TOAST_DURATION_MS,
  TOAST_PALETTE,
  isToastColor,
  toastTextColor,
  type ToastColor,
} from "#core/ui/toast.ts";

const DARK_TEXT = "#111827";
const WHITE_TEXT = "#FFFFFF";

describe("toast palette", () => {
  it("offers success, error, warning and info", () => {
    expect([...TOAST_COLORS].sort()).toEqual(["error", "info", "success", "warning"]);
    expect(Object.keys(TOAST_PALETTE).sort()).toEqual([...TOAST_COLORS].sort());
  });

  it("defaults to the red one (spec: notifications default to red)", () => {
    expect(DEFAULT_TOAST_COLOR).toBe("error");
    const hex = TOAST_PALETTE[DEFAULT_TOAST_COLOR];
    const red = parseInt(hex.slice(1, 3), 16);
    const green = parseInt(hex.slice(3, 5), 16);
    const blue = parseInt(hex.slice(5, 7), 16);
    expect(red).toBeGreaterThan(2 * Math.max(green, blue));
  });

  it("shows each toast for 5 seconds (spec §9)", () => {
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it.each(TOAST_COLORS)("%s reaches 4.5:1 contrast with the text colour the brightness rule picks", (color) => {
    const ratio = contrastRatio(TOAST_PALETTE[color], toastTextColor(color));
    expect(ratio).not.toBeNull();
    expect(ratio!).toBeGreaterThanOrEqual(4.5);
  });
});

describe("toastTextColor", () => {
  const expected: Record<ToastColor, string> = { success: WHITE_TEXT, error: WHITE_TEXT, warning: DARK_TEXT, info: WHITE_TEXT };

  it.each(TOAST_COLORS)("puts the expected text on %s", (color) => {
    expect(toastTextColor(color)).toBe(expected[color]);
  });

  it("follows the spec's brightness rule for every palette colour", () => {
    for (const color of TOAST_COLORS) expect(toastTextColor(color)).toBe(readableTextOn(TOAST_PALETTE[color]));
  });
});

describe("isToastColor", () => {
  it("accepts the palette names only", () => {
    for (const color of TOAST_COLORS) expect(isToastColor(color)).toBe(true);
    for (const value of ["red", "#B91C1C", "", null, undefined, 1]) expect(isToastColor(value)).toBe(false);
  });
});
