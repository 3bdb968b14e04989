import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export interface Metrics {
  registry: Registry;
  requests: Counter<"method" | "kind" | "status">;
  duration: Histogram<"kind">;
  /** Shared pages (server/page-cache.ts): hit, miss, bypass (a personal visitor), stored. */
  pageCache: Counter<"result">;
  /** Requests refused at the door by load shedding (server/load-shedding.ts), by reason. */
  shed: Counter<"reason">;
}

/**
 * `kind` keeps the label set small: page, data (client navigation), api, asset, ops, error-page.
 * Error pages asked for by path (/500…) count as error-page, not as server faults (NOTES.md).
 */
export function createMetrics(options: { defaultMetrics: boolean }): Metrics {
  const registry = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry });
  return {
    registry,
    requests: new Counter({
      name: "http_requests_total",
      help: "HTTP requests by method, kind of route and status",
      labelNames: ["method", "kind", "status"],
      registers: [registry],
    }),
    duration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to the end of the response",
      labelNames: ["kind"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    }),
    pageCache: new Counter({
      name: "page_cache_total",
      help: "Shared pages asked for, by result: hit, miss, bypass (a visitor whose page may be personal), stored",
      labelNames: ["result"],
      registers: [registry],
    }),
    shed: new Counter({
      name: "http_requests_shed_total",
      help: "Requests answered 503 at once because the process was at capacity, by reason (in-flight, event-loop-delay)",
      labelNames: ["reason"],
      registers: [registry],
    }),
  };
}

export function routeKind(pathname: string): string {
  if (pathname.startsWith("/assets/") || /\.(svg|png|ico|css|js|woff2?|webmanifest|txt)$/.test(pathname)) return "asset";
  if (pathname === "/healthz" || pathname === "/readyz" || pathname === "/metrics") return "ops";
  if (pathname.startsWith("/api/") || pathname.startsWith("/main/")) return "api";
  if (/^\/((en|ar)\/)?[45]\d\d\/?$/.test(pathname)) return "error-page";
  if (pathname.endsWith(".data")) return "data";
  return "page";
}
