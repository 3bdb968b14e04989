import { describe, expect, it } from "vitest";
import { listClientErrors, readClientErrorQuery, readReportLimit } from "./listing.ts";

describe("the client error filters", () => {
  it("reads the CLI's --limit as it always has", () => {
    expect(readReportLimit(undefined)).toBe(20);
    expect(readReportLimit("1000")).toBe(1000);
    for (const bad of ["0", "1001", "1.5", "-1", "x", ""]) expect(readReportLimit(bad), bad).toBeNull();
  });

  it("reads category, days, text and page; a refused one is named and left out", () => {
    expect(readClientErrorQuery({ category: " checkout ", days: "۷", text: "TypeError", page: "2" })).toEqual({
      query: { category: "checkout", days: 7, text: "TypeError", page: 2 },
      errors: [],
    });
    const refused = readClientErrorQuery({ category: "c".repeat(101), days: "91", text: "t".repeat(101), page: "0" });
    expect(refused.errors.map((error) => error.field)).toEqual(["category", "days", "text", "page"]);
    expect(refused.query).toEqual({ category: "", days: null, text: "", page: 1 });
  });

  it("turns the query into the reader's filter and pages", async () => {
    const seen: unknown[] = [];
    const page = await listClientErrors(
      {
        search: async (filter, window) => {
          seen.push({ filter, window });
          return { rows: [], total: 51 };
        },
      },
      { tenantId: "t1", query: { category: "checkout", days: 2, text: "", page: 3 }, now: new Date("2026-03-10T00:00:00Z") },
    );
    expect(seen).toEqual([
      { filter: { tenantId: "t1", category: "checkout", since: new Date("2026-03-08T00:00:00Z") }, window: { limit: 25, offset: 50 } },
    ]);
    expect(page).toMatchObject({ total: 51, page: 3, pages: 3 });
  });
});
