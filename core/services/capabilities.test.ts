import { describe, expect, it } from "vitest";
import { SEARCH_SERVICES, type SearchService } from "../search/search-forms.ts";
import { BOOKABLE_ONLINE, RESULTS_READY, resultsNotice } from "./capabilities.ts";

const flags = (results: SearchService[], bookable: SearchService[]) => ({
  results: Object.fromEntries(SEARCH_SERVICES.map((service) => [service, results.includes(service)])) as Record<SearchService, boolean>,
  bookable: Object.fromEntries(SEARCH_SERVICES.map((service) => [service, bookable.includes(service)])) as Record<SearchService, boolean>,
});

describe("resultsNotice", () => {
  it("follows the flags: no results → results soon, results without booking → booking soon, bookable → none", () => {
    const chosen = flags(["flight", "train"], ["flight"]);
    expect(resultsNotice("flight", chosen)).toBeNull();
    expect(resultsNotice("train", chosen)).toBe("bookingSoon");
    expect(resultsNotice("bus", chosen)).toBe("resultsSoon");
  });

  it("promises nothing for later on flights, domestic and international, which are bought and paid online today", () => {
    expect(resultsNotice("flight")).toBeNull();
    expect(resultsNotice("internationalflight")).toBeNull();
  });

  it("keeps the notice of every service not yet bookable, and no service is bookable without results", () => {
    for (const service of SEARCH_SERVICES) {
      if (BOOKABLE_ONLINE[service]) expect(RESULTS_READY[service], service).toBe(true);
      else expect(resultsNotice(service), service).not.toBeNull();
    }
  });
});
