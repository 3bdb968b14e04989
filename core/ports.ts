/**
 * Ports shared by every module: time, the shared rate limiter, the database's health and text
 * messages. Each module declares its own ports in `core/<module>/ports.ts` (bookings in
 * core/booking/ports.ts, payments in core/payments/ports.ts, …); this file imports none of them,
 * so it stays below every module.
 */
export interface Clock {
  now(): Date;
}

/** Counters shared by every web process (stored in the database), for fixed-window limits. */
export interface RateLimiter {
  /** Counts one hit in the current window; `allowed` is false once the limit is passed. */
  hit(input: {
    bucket: string;
    limit: number;
    windowSeconds: number;
    now: Date;
  }): Promise<{ allowed: boolean; count: number; retryAfterSeconds: number }>;
}

/** Reachability of the primary database, for readiness checks. */
export interface HealthProbe {
  ping(): Promise<void>;
}

export interface SmsSender {
  readonly name: string;
  send(input: {
    mobile: string;
    text: string;
    template?: { name: string; tokens: string[] };
  }): Promise<{ ok: true; messageId: string } | { ok: false; error: string }>;
}
