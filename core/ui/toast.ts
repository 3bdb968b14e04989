/**
 * Toasts (spec §4, NOTES.md): a message pushed with a colour, shown for 5 seconds. The text is
 * dark or white by the spec's brightness rule, and every colour offered here reaches WCAG's
 * 4.5:1 contrast with the text that rule picks (checked by core/ui/toast.test.ts).
 */
import { readableTextOn } from "../tenants/colors.ts";

/** Spec §9: a toast stays 5 seconds (longer while it is hovered or focused). */
export const TOAST_DURATION_MS = 5_000;

/** At most this many toasts are on screen; a new one pushes out the oldest. */
export const MAX_VISIBLE_TOASTS = 5;

export const TOAST_COLORS = ["success", "error", "warning", "info"] as const;
export type ToastColor = (typeof TOAST_COLORS)[number];

/** Spec §3: the notification colour defaults to red. */
export const DEFAULT_TOAST_COLOR: ToastColor = "error";

export const TOAST_PALETTE: Readonly<Record<ToastColor, string>> = {
  success: "#15803D",
  error: "#B91C1C",
  warning: "#FBBF24",
  info: "#1D4ED8",
};

export function isToastColor(value: unknown): value is ToastColor {
  return typeof value === "string" && (TOAST_COLORS as readonly string[]).includes(value);
}

export function toastBackground(color: ToastColor): string {
  return TOAST_PALETTE[color];
}

/** The text colour on a toast of this colour: spec §4's brightness rule on the palette colour. */
export function toastTextColor(color: ToastColor): "#111827" | "#FFFFFF" {
  return readableTextOn(TOAST_PALETTE[color]);
}
