import { describe, expect, it } from "vitest";
import { addDays } from "../search/dates.ts";
import { demoFareHistory, demoTrendOf } from "./demo-history.ts";
import { analyseFares } from "./fare-history.ts";
import type { RouteDayFare } from "./ports.ts";

const TODAY = "2026-11-26";

/** Today's fares of a route: its departure days of the next 60, each with a fare of its own. */
function todayFares(from: string, to: string): RouteDayFare[] {
  return Array.from({ length: 60 }, (_, index) => ({
    from,
    to,
    departureDate: addDays(TODAY, index),
    cheapest: 2_000_000 + index * 10_000,
  }));
}

describe("demoFareHistory", () => {
  it("invents only the days before today, anchored so each departure on sale reaches today's real fare", () => {
    const fares = todayFares("THR", "MHD");
    const rows = demoFareHistory(fares, TODAY, 45, 60);
    expect(rows.every((row) => row.seenOn < TODAY && row.seenOn >= addDays(TODAY, -44))).toBe(true);
    // With today's real observations added, the route reads as the trend it was given.
    const history = [...rows, ...fares.map((fare) => ({ ...fare, seenOn: TODAY }))];
    const { hint } = analyseFares(history, addDays(TODAY, 20), TODAY);
    expect(hint?.kind).toBe(demoTrendOf("THR", "MHD"));
    expect(hint?.todayPrice).toBe(2_200_000);
  });

  it("gives routes all three trends", () => {
    const routes = [
      "THR-MHD",
      "THR-KIH",
      "THR-SYZ",
      "THR-IFN",
      "THR-TBZ",
      "THR-AWZ",
      "MHD-THR",
      "KIH-THR",
      "SYZ-THR",
      "IFN-THR",
      "TBZ-THR",
      "AWZ-THR",
    ];
    const kinds = new Set(routes.map((route) => demoTrendOf(route.slice(0, 3), route.slice(4))));
    expect(kinds).toEqual(new Set(["rising", "falling", "steady"]));
  });
});
