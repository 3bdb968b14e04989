import type { AppLoadContext } from "react-router";
import type { WatchService } from "#core/alerts/watch.ts";
import type { FareEvidence, FareHint } from "#core/fares/fare-history.ts";
import { fareTrend } from "#core/fares/fare-trend.ts";
import { tehranToday } from "#core/search/dates.ts";

/** What the buy-or-wait panel shows: a hint with its evidence, only when the history can say. */
export interface BuyOrWaitData {
  departureDate: string;
  hint: FareHint;
  evidence: FareEvidence;
}

/**
 * The buy-or-wait hint of a results page (its chosen date) or a route landing (the nearest date
 * with a fare), from one read of the route's fare history. Null when there is no hint to give;
 * a history that cannot be read costs the page its hint, never the page itself.
 */
export async function buyOrWait(
  context: AppLoadContext,
  route: { service: WatchService; from: string | undefined; to: string | undefined },
  date?: string,
): Promise<BuyOrWaitData | null> {
  const { service, from, to } = route;
  if (!context.fareHistory || !from || !to) return null;
  try {
    const trend = await fareTrend(context.fareHistory, { service, from, to }, tehranToday(context.now()), date);
    return trend?.hint ? { departureDate: trend.departureDate, hint: trend.hint, evidence: trend.evidence } : null;
  } catch (error) {
    context.log.warn({ err: error, service, from, to }, "fare history unreadable; no buy-or-wait hint");
    return null;
  }
}
