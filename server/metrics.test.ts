import { describe, it, expect } from "vitest";
import { createMetrics, routeKind } from "#server/metrics.ts";

describe("routeKind", () => {
  const cases: Array<[string, string]> = [
    ["/assets/x.js", "asset"],
    ["/assets/entry.client-AbC123.js", "asset"],
    ["/favicon.ico", "asset"],
    ["/tenants/hamsafar/logo.svg", "asset"],
    ["/fonts/vazirmatn.woff2", "asset"],
    ["/robots.txt", "asset"],
    ["/healthz", "ops"],
    ["/readyz", "ops"],
    ["/metrics", "ops"],
    ["/api/v1/x", "api"],
    ["/main/getConfigItems/nuxt", "api"],
    ["/500", "error-page"],
    ["/404", "error-page"],
    ["/404/", "error-page"],
    ["/en/502", "error-page"],
    ["/ar/410", "error-page"],
    ["/flight.data", "data"],
    ["/en/flight.data", "data"],
    ["/_root.data", "data"],
    ["/flight", "page"],
    ["/", "page"],
    ["/en", "page"],
    ["/en/flight/international", "page"],
    ["/pages/jobs", "page"],
  ];

  it.each(cases)("%s is %s", (path, kind) => {
    expect(routeKind(path)).toBe(kind);
  });

  it("does not take other numbers for error pages", () => {
    expect(routeKind("/200")).toBe("page");
    expect(routeKind("/5000")).toBe("page");
    expect(routeKind("/fa/500")).toBe("page");
    expect(routeKind("/flight/500")).toBe("page");
  });

  it("does not take paths that merely start like ops routes for ops", () => {
    expect(routeKind("/healthzz")).toBe("page");
    expect(routeKind("/metrics/extra")).toBe("page");
  });
});

describe("createMetrics", () => {
  it("registers the request counter and histogram in its own registry", async () => {
    const first = createMetrics({ defaultMetrics: false });
    const second = createMetrics({ defaultMetrics: false });
    first.requests.inc({ method: "GET", kind: routeKind("/flight"), status: "200" });
    const text = await first.registry.metrics();
    expect(text).toContain('http_requests_total{method="GET",kind="page",status="200"} 1');
    expect(text).toContain("http_request_duration_seconds");
    expect(await second.registry.metrics()).not.toContain('kind="page"');
  });
});
