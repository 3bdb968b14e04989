/**
 * The worker's purchases for travellers (issue 22 §2, §3): the `auto-reserve` and
 * `desired-price-orders` jobs over the process's adapters. Each run judges the due rows batched per
 * route and day, buys under a claim, then sends the queued SMS within the agency's daily budget.
 */
import { createWatchSmsStore, primaryHost } from "#adapters/db/watch-event-store.ts";
import type { PanelLink } from "#core/alerts/purchase-watch.ts";
import { localizePath } from "#core/i18n/locales.ts";
import { runAutoReserves } from "#core/alerts/auto-reserve.ts";
import type { PurchaseDeps } from "#core/alerts/buy-for-traveller.ts";
import { runDesiredPriceOrders } from "#core/alerts/desired-price.ts";
import { watchSources } from "#core/alerts/watch.ts";
import { sendDueWatchSms } from "#core/alerts/watch-sms.ts";
import type { Clock } from "#core/ports.ts";
import { SYSTEM_CLOCK, watchPlaceNames, type databaseAdapters } from "./database-adapters.ts";
import type { Logger } from "./logger.ts";
import { createNotifications } from "./notifications.ts";

type Adapters = ReturnType<typeof databaseAdapters>;

/** What a purchase needs: the payment pipeline's deps (the ticket SMS through the tenant's sender) and every inventory. */
export function purchaseDeps(adapters: Adapters, clock: Clock, log: Pick<Logger, "warn">): PurchaseDeps {
  const notifications = createNotifications({
    smsFor: adapters.smsForTenantId,
    log,
    placeName: async (code, places, locale) => (await adapters.places.byRouteCode(code, places, locale))?.name ?? null,
  });
  return {
    bookings: adapters.bookings,
    payments: adapters.payments,
    suppliers: adapters.suppliers,
    ledger: adapters.ledger,
    clock,
    gateway: () => null,
    onIssued: (booking, tickets) => notifications.ticketIssued(booking, tickets),
    inventory: { ...adapters, clock },
  };
}

/** Links in SMS are absolute: the tenant's primary host and the page's path in the traveller's language. */
export function panelLinks(adapters: Adapters): PanelLink {
  return async (tenantId, locale, path) => {
    const host = await primaryHost(adapters.database.db, tenantId);
    return host ? `https://${host}${localizePath(locale, path)}` : null;
  };
}

/** What both purchase jobs give their run: the pipeline, the searches, the accounts' numbers, links and place names. */
function watcherDeps(adapters: Adapters, clock: Clock, log: Pick<Logger, "warn">) {
  return {
    ...purchaseDeps(adapters, clock, log),
    sources: watchSources(adapters),
    accounts: adapters.accounts,
    panelLink: panelLinks(adapters),
    placeName: watchPlaceNames(adapters),
  };
}

/** A run of a purchase job, then the SMS it queued, sent within each agency's daily budget. */
function purchaseJob<Result>(
  adapters: Adapters,
  clock: Clock,
  subject: "auto-reserve" | "desired-price",
  run: () => Promise<Result>,
): () => Promise<Result & { sms: { sent: number; waiting: number } }> {
  const queue = createWatchSmsStore(adapters.database.db, subject);
  return async () => {
    const result = await run();
    const sms = await sendDueWatchSms({ queue, smsFor: adapters.smsForTenantId, clock });
    return { ...result, sms };
  };
}

export function autoReserveJob(adapters: Adapters, clock: Clock = SYSTEM_CLOCK, log: Pick<Logger, "warn"> = { warn: () => {} }) {
  return purchaseJob(adapters, clock, "auto-reserve", () =>
    runAutoReserves({ ...watcherDeps(adapters, clock, log), autoReserves: adapters.autoReserves }),
  );
}

export function desiredPriceOrdersJob(adapters: Adapters, clock: Clock = SYSTEM_CLOCK, log: Pick<Logger, "warn"> = { warn: () => {} }) {
  return purchaseJob(adapters, clock, "desired-price", () =>
    runDesiredPriceOrders({ ...watcherDeps(adapters, clock, log), orders: adapters.desiredPriceOrders }),
  );
}
