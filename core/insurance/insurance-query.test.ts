import { describe, expect, it } from "vitest";
import { parseInsuranceQuery } from "./insurance-query.ts";

// 11:30 on 1 December 2026 in Tehran.
const NOW = new Date("2026-12-01T08:00:00Z");
const input = (overrides: Partial<Parameters<typeof parseInsuranceQuery>[0]> = {}) => ({
  country: "tr",
  days: "7",
  births: ["1990-05-05"],
  start: null,
  ...overrides,
});

describe("parseInsuranceQuery", () => {
  it("reads a search as typed: country in any case, digits and dates in any digit set and calendar, cover from tomorrow", () => {
    expect(parseInsuranceQuery(input({ days: "۱۰", births: ["1990-05-05", "۱۳۹۷/۰۱/۱۲"] }), NOW)).toEqual({
      ok: true,
      query: { countryCode: "TR", days: 10, birthDates: ["1990-05-05", "2018-04-01"], startDate: "2026-12-02" },
    });
    expect(parseInsuranceQuery(input({ start: "2026-12-20" }), NOW)).toMatchObject({ ok: true, query: { startDate: "2026-12-20" } });
  });

  it("refuses each field on its own name", () => {
    expect(parseInsuranceQuery({ country: "IR", days: "0", births: [], start: "2026-11-30" }, NOW)).toEqual({
      ok: false,
      errors: { country: "COUNTRY_INVALID", days: "DAYS_INVALID", birth: "BIRTH_REQUIRED", start: "START_INVALID" },
    });
    expect(parseInsuranceQuery(input({ country: null, days: "366", births: ["1990-05-05", "2030-01-01", "nonsense"] }), NOW)).toEqual({
      ok: false,
      errors: { country: "COUNTRY_INVALID", days: "DAYS_INVALID", "birth.1": "BIRTH_INVALID", "birth.2": "BIRTH_INVALID" },
    });
    expect(parseInsuranceQuery(input({ births: Array.from({ length: 10 }, () => "1990-05-05") }), NOW)).toEqual({
      ok: false,
      errors: { birth: "TRAVELLERS_TOO_MANY" },
    });
    expect(parseInsuranceQuery(input({ days: "7.5", start: "2027-12-02" }), NOW)).toEqual({
      ok: false,
      errors: { days: "DAYS_INVALID", start: "START_INVALID" },
    });
  });
});
