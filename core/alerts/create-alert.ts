import type { Clock } from "../ports.ts";
import { checkAlertRequest, sightingFor, type Alert, type AlertFieldError, type AlertRequest } from "./alert.ts";
import type { AlertRepository } from "./ports.ts";
import type { WatchService, WatchSource } from "./watch.ts";

export interface CreateAlertDeps {
  alerts: AlertRepository;
  sources: ReadonlyMap<WatchService, WatchSource>;
  clock: Clock;
}

export type CreateAlertResult =
  | { ok: false; errors: Partial<Record<string, AlertFieldError>> }
  /** `pending`: the mobile is not the signed-in account's; the sign-in code proves it (confirm). */
  | { ok: true; alert: Alert };

/**
 * Sets a notify-me alert (issue 22 §1). A signed-in traveller's own mobile needs no code: the
 * alert is active at once; any other number waits for its code. The price and seats the visitor
 * sees now are what a drop is measured from and what "seats open" compares with.
 */
export async function createAlert(
  deps: CreateAlertDeps,
  input: { tenantId: string; locale: string; signedIn: { userId: string; mobile: string } | null; request: AlertRequest },
): Promise<CreateAlertResult> {
  const now = deps.clock.now();
  const checked = checkAlertRequest(input.request, now);
  if (!checked.ok) return checked;
  const request = checked.alert;
  let baselinePrice: number | null = null;
  let lastSeats: number | null = null;
  const source = deps.sources.get(request.service);
  if (source) {
    try {
      const offers = await source.search({
        service: request.service,
        from: request.from,
        to: request.to,
        date: request.travelDate,
        party: request.party,
      });
      const sighting = sightingFor(request, offers);
      baselinePrice = sighting.cheapest;
      lastSeats = sighting.seats;
    } catch {
      // The supplier did not answer: the first check measures from the price it sees.
    }
  }
  const own = input.signedIn !== null && input.signedIn.mobile === request.mobile;
  const alert = await deps.alerts.create({
    tenantId: input.tenantId,
    userId: own ? input.signedIn!.userId : null,
    locale: input.locale,
    status: own ? "active" : "pending",
    request,
    baselinePrice,
    lastSeats,
    now,
  });
  return { ok: true, alert };
}
