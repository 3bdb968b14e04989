/** Parses #rgb or #rrggbb; null for anything else. */
export function parseHexColor(hex: string): { r: number; g: number; b: number } | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((c) => c + c).join("") : match[1];
  return { r: parseInt(digits.slice(0, 2), 16), g: parseInt(digits.slice(2, 4), 16), b: parseInt(digits.slice(4, 6), 16) };
}

/** Spec §4's brightness rule: weights 0.299, 0.587, 0.114 and threshold 150.5. */
export const BRIGHTNESS_THRESHOLD = 150.5;

export function brightness(hex: string): number | null {
  const rgb = parseHexColor(hex);
  return rgb ? rgb.r * 0.299 + rgb.g * 0.587 + rgb.b * 0.114 : null;
}

/** Dark text on light colours, white text on dark ones. */
export function readableTextOn(hex: string): "#111827" | "#FFFFFF" {
  const value = brightness(hex);
  return value === null || value > BRIGHTNESS_THRESHOLD ? "#111827" : "#FFFFFF";
}
