import type { Alert, AlertCheckUpdate, AlertEndReason, CheckedAlertRequest } from "./alert.ts";

/** One entry of an alert's history (watch_events): created, confirmed, fired, sms, ended, removed. */
export interface AlertEvent {
  kind: string;
  detail: Record<string, unknown>;
  at: Date;
}

export interface AlertWithHistory extends Alert {
  history: AlertEvent[];
}

/** What the watcher job needs to know of a tenant: where links point and how many SMS it may send a day. */
export interface AlertTenantFacts {
  primaryHost: string | null;
  smsDailyBudget: number | null;
}

/** The notify-me alerts of every tenant (adapters/db/alert-repository.ts). */
export interface AlertRepository {
  /** Stores a new alert: `active` when its mobile is the signed-in account's, else `pending` until its code is confirmed. */
  create(input: {
    tenantId: string;
    userId: string | null;
    locale: string;
    status: "pending" | "active";
    request: CheckedAlertRequest;
    baselinePrice: number | null;
    lastSeats: number | null;
    now: Date;
  }): Promise<Alert>;
  findById(tenantId: string, id: string): Promise<Alert | null>;
  findByRemoveToken(removeToken: string): Promise<Alert | null>;
  /** A pending alert becomes active for the account of its verified mobile; false when it was not pending. */
  confirm(tenantId: string, id: string, userId: string, now: Date): Promise<boolean>;
  /** The account's alerts, newest first, each with its history (oldest event first). */
  listByUser(tenantId: string, userId: string): Promise<AlertWithHistory[]>;
  /** Removes one of the account's alerts; false when it is not the account's (or gone already). */
  removeForUser(tenantId: string, userId: string, id: string, now: Date): Promise<boolean>;
  /** Removes the alert of a remove link; false when it was removed or ended already. */
  removeByToken(removeToken: string, now: Date): Promise<boolean>;
  /** Active alerts due at `now`, oldest due first, at most `limit`. */
  due(now: Date, limit: number): Promise<Alert[]>;
  /**
   * Stores a check, guarded by the `next_check_at` the job read: of two workers judging one alert
   * at once, one wins and the other changes nothing. With `fired`, the fire is recorded too.
   */
  recordCheck(
    alert: Pick<Alert, "id" | "tenantId" | "nextCheckAt">,
    input: {
      update: AlertCheckUpdate;
      nextCheckAt: Date;
      now: Date;
      fired?: { detail: Record<string, unknown> };
    },
  ): Promise<boolean>;
  /**
   * Stores many checks that told nothing, each guarded like recordCheck, in a few statements (the
   * common case: a route's alerts whose price did not move enough). Returns how many were stored.
   */
  recordQuietChecks(
    checks: readonly { alert: Pick<Alert, "id" | "nextCheckAt">; update: AlertCheckUpdate; nextCheckAt: Date }[],
    now: Date,
  ): Promise<number>;
  /** Ends an alert (its date passed, its departure left), guarded like recordCheck. */
  end(alert: Pick<Alert, "id" | "tenantId" | "nextCheckAt">, reason: AlertEndReason, now: Date): Promise<boolean>;
  /**
   * Ends every pending alert (its mobile never confirmed) whose travel day is before `today`
   * (Tehran): it could never fire. Returns how many ended.
   */
  endLapsedPending(today: string, now: Date): Promise<number>;
  /** Moves a due alert's check later without judging it (an SMS over budget waits for the next check). */
  postpone(alert: Pick<Alert, "id" | "nextCheckAt">, nextCheckAt: Date): Promise<boolean>;
  /** An SMS sent for an alert: counted against the agency's daily budget. */
  recordSms(alert: Pick<Alert, "id" | "tenantId">, detail: Record<string, unknown>, now: Date): Promise<void>;
  /** Watcher SMS of a tenant since an instant (every kind of watcher's, from watch_events). */
  watcherSmsSince(tenantId: string, since: Date): Promise<number>;
  tenantFacts(tenantId: string): Promise<AlertTenantFacts>;
}
