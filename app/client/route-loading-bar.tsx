/**
 * A thin bar at the top while React Router loads the next page (spec §4: it starts on a route or
 * parameter change). It appears only after a short delay, so quick navigations do not flash,
 * and runs to the end before it fades. Under prefers-reduced-motion it stands still.
 */
import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { useI18n } from "#app/i18n/use-i18n.ts";

/** Navigations quicker than this show no bar at all. */
export const LOADING_BAR_DELAY_MS = 150;
/** How long the finished bar stays to fade out. */
const LOADING_BAR_FINISH_MS = 350;

export function RouteLoadingBar() {
  const busy = useNavigation().state !== "idle";
  const [shown, setShown] = useState(false);
  const { t, later } = useI18n();
  // Shown as a navigation starts, before the language may have arrived: it comes with the page.
  later("client.pageLoading");

  useEffect(() => {
    if (!busy) return;
    const timer = window.setTimeout(() => setShown(true), LOADING_BAR_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [busy]);

  useEffect(() => {
    if (busy || !shown) return;
    const timer = window.setTimeout(() => setShown(false), LOADING_BAR_FINISH_MS);
    return () => window.clearTimeout(timer);
  }, [busy, shown]);

  if (!shown) return null;
  return (
    <div
      className="route-loading-bar"
      role="progressbar"
      aria-label={t("client.pageLoading")}
      aria-busy={busy}
      data-phase={busy ? "running" : "done"}
    />
  );
}
