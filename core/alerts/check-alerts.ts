import { DEFAULT_DAILY_SMS_BUDGET, tehranDayStart } from "../accounts/otp.ts";
import { formatNumber, translate } from "../i18n/messages.ts";
import { isLocale, localizePath, type Locale } from "../i18n/locales.ts";
import type { PlaceSuggestion } from "../places/place.ts";
import type { Clock, SmsSender } from "../ports.ts";
import { readableDate, tehranToday } from "../search/dates.ts";
import { resultsLocation } from "../search/results-url.ts";
import { alertGroupKey, judgeAlert, nextCheckAfter, type Alert } from "./alert.ts";
import type { AlertRepository, AlertTenantFacts } from "./ports.ts";
import type { WatchOffer, WatchService, WatchSource } from "./watch.ts";

/**
 * The `watch-alerts` job (issue 22 §1, §5): every due alert is judged against ONE search of its
 * route, day and party, shared by every alert of that group, so the cost follows the routes
 * watched and not the alerts. Each change is stored guarded by the check time read, so a second
 * run (or a second worker) at once changes nothing and sends nothing.
 */

export interface AlertCheckDeps {
  alerts: AlertRepository;
  sources: ReadonlyMap<WatchService, WatchSource>;
  smsFor(tenantId: string): Promise<SmsSender>;
  /** A place's name in a language by the code the service searches with; null shows the code. */
  placeName(service: WatchService, code: string, locale: Locale): Promise<string | null>;
  clock: Clock;
  log?: { warn(obj: object, msg: string): void };
}

export interface AlertCheckResult {
  /** Alerts judged (or postponed) in this run. */
  alerts: number;
  /** Distinct (service, route, day, party) among them. */
  groups: number;
  /** Supplier searches made: one per group. */
  searches: number;
  fired: number;
  sms: number;
  ended: number;
  /** Fired alerts whose SMS waits for the next check (the agency's daily budget was spent). */
  deferred: number;
  /** Groups whose search failed: their alerts are looked at again next interval. */
  failedSearches: number;
}

/** How many due alerts one run takes; the rest are taken by the next minute's run. */
export const ALERT_RUN_LIMIT = 200_000;

/** The results page of an alert's route and day for its party, without a locale prefix. */
export function alertResultsPath(alert: Pick<Alert, "service" | "from" | "to" | "travelDate" | "party">): string {
  const place = (code: string): PlaceSuggestion => ({
    id: code,
    kind: "city",
    name: code,
    detail: null,
    iata: code,
    countryCode: "",
    cityId: `city:${code}`,
  });
  return (
    resultsLocation({
      service: alert.service,
      places: { from: place(alert.from), to: place(alert.to) },
      date: alert.travelDate,
      passengers: alert.party,
    }) ?? "/"
  );
}

/** An absolute link on the agency's own host, in the alert's language. */
export function alertLink(host: string, locale: Locale, path: string): string {
  return `https://${host}${localizePath(locale, path)}`;
}

interface TenantBudget {
  facts: AlertTenantFacts;
  sentToday: number;
}

/** The SMS text of a fired alert, in its language: route, date, old and new price or free seats, the results link and the remove link. */
export async function alertMessage(
  alert: Alert,
  fired: { oldPrice: number | null; newPrice: number | null; seats: number },
  host: string,
  placeName: AlertCheckDeps["placeName"],
): Promise<string> {
  const locale: Locale = isLocale(alert.locale) ? alert.locale : "fa";
  const [from, to] = await Promise.all([
    placeName(alert.service, alert.from, locale).catch(() => null),
    placeName(alert.service, alert.to, locale).catch(() => null),
  ]);
  const route = translate(locale, "alerts.sms.route", { from: from ?? alert.from, to: to ?? alert.to });
  const date = readableDate(alert.travelDate, locale, locale === "fa" ? "persian" : "gregorian");
  const link = alertLink(host, locale, alertResultsPath(alert));
  const remove = alertLink(host, locale, `/alerts/remove/${alert.removeToken}`);
  const body =
    alert.kind === "price-drop" && fired.oldPrice !== null && fired.newPrice !== null
      ? translate(locale, "alerts.sms.priceDrop", {
          route,
          date,
          oldPrice: formatNumber(locale, fired.oldPrice),
          newPrice: formatNumber(locale, fired.newPrice),
        })
      : translate(locale, "alerts.sms.seats", { route, date, seats: formatNumber(locale, fired.seats) });
  return [body, translate(locale, "alerts.sms.link", { link }), translate(locale, "alerts.sms.remove", { link: remove })].join("\n");
}

export async function checkDueAlerts(deps: AlertCheckDeps, limit = ALERT_RUN_LIMIT): Promise<AlertCheckResult> {
  const now = deps.clock.now();
  // A guest's alert whose code never came back cannot fire: once its day has passed it ends too.
  const lapsedPending = await deps.alerts.endLapsedPending(tehranToday(now), now);
  const due = await deps.alerts.due(now, limit);
  const result: AlertCheckResult = {
    alerts: due.length,
    groups: 0,
    searches: 0,
    fired: 0,
    sms: 0,
    ended: lapsedPending,
    deferred: 0,
    failedSearches: 0,
  };
  const groups = new Map<string, Alert[]>();
  for (const alert of due) {
    const key = alertGroupKey(alert);
    const group = groups.get(key);
    if (group) group.push(alert);
    else groups.set(key, [alert]);
  }
  result.groups = groups.size;
  const budgets = new Map<string, Promise<TenantBudget>>();
  const budgetOf = (tenantId: string) => {
    let budget = budgets.get(tenantId);
    if (!budget) {
      budget = (async () => ({
        facts: await deps.alerts.tenantFacts(tenantId),
        sentToday: await deps.alerts.watcherSmsSince(tenantId, tehranDayStart(now)),
      }))();
      budgets.set(tenantId, budget);
    }
    return budget;
  };

  for (const group of groups.values()) {
    const first = group[0]!;
    const source = deps.sources.get(first.service);
    let offers: WatchOffer[] | null = null;
    if (source) {
      result.searches += 1;
      try {
        offers = await source.search({
          service: first.service,
          from: first.from,
          to: first.to,
          date: first.travelDate,
          party: first.party,
        });
      } catch (error) {
        result.failedSearches += 1;
        deps.log?.warn({ err: error, service: first.service, from: first.from, to: first.to }, "alert search failed");
      }
    }
    const quiet: Parameters<AlertCheckDeps["alerts"]["recordQuietChecks"]>[0][number][] = [];
    for (const alert of group) {
      const verdict = offers ? judgeAlert(alert, offers, now) : null;
      // No answer for this route (a search failed, a service no longer sold): it is looked at again next interval.
      if (!verdict) {
        await deps.alerts.postpone(alert, nextCheckAfter(now, alert.intervalMinutes));
        continue;
      }
      if (verdict.kind === "ended") {
        if (await deps.alerts.end(alert, verdict.reason, now)) result.ended += 1;
        continue;
      }
      if (verdict.kind === "quiet") {
        quiet.push({ alert, update: verdict.update, nextCheckAt: nextCheckAfter(now, alert.intervalMinutes) });
        continue;
      }
      const budget = await budgetOf(alert.tenantId);
      const host = budget.facts.primaryHost;
      if (budget.sentToday >= (budget.facts.smsDailyBudget ?? DEFAULT_DAILY_SMS_BUDGET) || host === null) {
        // Nothing is stored as told: the next check finds the same change and tells it then.
        if (await deps.alerts.postpone(alert, nextCheckAfter(now, alert.intervalMinutes))) result.deferred += 1;
        continue;
      }
      const detail = { oldPrice: verdict.oldPrice, newPrice: verdict.newPrice, seats: verdict.seats };
      const won = await deps.alerts.recordCheck(alert, {
        update: verdict.update,
        nextCheckAt: nextCheckAfter(now, alert.intervalMinutes),
        now,
        fired: { detail },
      });
      // Another run stored this check first: it sends the SMS, not this one.
      if (!won) continue;
      result.fired += 1;
      budget.sentToday += 1;
      try {
        const text = await alertMessage(alert, verdict, host, (service, code, locale) => deps.placeName(service, code, locale));
        const sms = await deps.smsFor(alert.tenantId);
        const sent = await sms.send({ mobile: alert.mobile, text, template: { name: `alert-${alert.kind}`, tokens: [alert.travelDate] } });
        if (sent.ok) {
          result.sms += 1;
          await deps.alerts.recordSms(alert, { ...detail, messageId: sent.messageId }, now);
        } else deps.log?.warn({ alert: alert.id, error: sent.error }, "alert SMS not sent");
      } catch (error) {
        deps.log?.warn({ err: error, alert: alert.id }, "alert SMS failed");
      }
    }
    if (quiet.length > 0) await deps.alerts.recordQuietChecks(quiet, now);
  }
  return result;
}
