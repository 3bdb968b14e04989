import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { addDays, dateText, tehranToday } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { PAGE_ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

/** Text as React writes it into HTML, so a message can be found in a page. */
function html(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

function header(response: RawResponse, name: string): string {
  const value = response.headers[name];
  return Array.isArray(value) ? value.join("\n") : (value ?? "");
}

describe.each(PAGE_ENGINES)("search forms over HTTP on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const today = tehranToday(new Date());
  const inTwoWeeks = addDays(today, 14);
  const get = (path: string, options: { host?: string; cookie?: string } = {}) =>
    rawRequest(server.port, { path, host: options.host ?? "localhost", headers: options.cookie ? { cookie: options.cookie } : {} });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    server = await startTestServer(database.handle);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("redirects a valid search typed as text, with a Persian date in Persian digits, to its results route and remembers it", async () => {
    const persianDate = encodeURIComponent(localizeDigits("fa", dateText(inTwoWeeks, "persian")));
    const response = await get(
      `/flight?s=flight&fromText=${encodeURIComponent("مشهد")}&toText=teh&date=${persianDate}&adults=${encodeURIComponent("۲")}&children=0&infants=1`,
    );
    expect(response.status).toBe(302);
    expect(header(response, "location")).toBe(`/flight/MHD-THR?date=${inTwoWeeks}&adults=2&children=0&infants=1&cabin=economy`);
    const cookie =
      header(response, "set-cookie")
        .split("\n")
        .find((line) => line.startsWith("last_search=")) ?? "";
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");

    // The next visit opens the form where the traveller left off, and no shared cache keeps it.
    const remembered = await get("/flight", { cookie: cookie.split(";")[0]! });
    expect(remembered.status).toBe(200);
    expect(remembered.body).toContain(`value="${html("مشهد")}"`);
    expect(remembered.body).toContain(`value="${html("تهران")}"`);
    expect(header(remembered, "cache-control")).toMatch(/private/);
    expect(header(remembered, "vary")).toMatch(/Cookie/);
  });

  it("keeps the language of the page in the redirect (an old link's women-only compartment under its current name)", async () => {
    const response = await get(`/en/train?s=train&fromText=tehran&toText=mashhad&date=${inTwoWeeks}&coupe=1&ticketType=women`);
    expect(response.status).toBe(302);
    expect(header(response, "location")).toBe(
      `/en/train/tehran-mashhad?date=${inTwoWeeks}&adults=1&children=0&infants=0&ticketType=sisters&coupe=1`,
    );
  });

  it("refuses a search against spec §5 with every message on its field, in the page's language, keeping what was typed", async () => {
    const yesterday = addDays(today, -1);
    for (const locale of ["fa", "en"] as const) {
      const prefix = locale === "fa" ? "" : "/en";
      const response = await get(`${prefix}/flight?s=flight&fromText=Zzyzx&toText=mash&date=${yesterday}&adults=2&children=0&infants=3`);
      expect(response.status, locale).toBe(400);
      expect(header(response, "cache-control")).toBe("no-store");
      for (const key of ["search.error.PLACE_UNKNOWN", "search.error.DATE_PAST", "search.error.INFANTS_EXCEED_ADULTS"] as const) {
        expect(response.body, `${locale} ${key}`).toContain(html(CATALOGS[locale][key]));
      }
      expect(response.body).toContain('value="Zzyzx"');
      expect(response.body).toMatch(/aria-invalid="true"/);
    }
  });

  it("answers hostile or broken input with messages, never a server error", async () => {
    for (const path of [
      "/flight?s=flight&adults=%00&date=%3Cscript%3E&fromText=%27%3B--",
      "/hotel?s=hotel&rooms=99&room1Adults=abc&checkIn=9999/99/99",
      "/insurance?s=insurance&travellers=-4&birth1=1300/13/40&days=180000",
      `/outHotel?s=outHotel&cityText=istanbul&checkIn=${today}&checkOut=${addDays(today, 10)}`,
      "/tour?s=tour&fromText=" + "x".repeat(5000),
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
    }
    const stay = await get(`/outHotel?s=outHotel&cityText=istanbul&checkIn=${today}&checkOut=${addDays(today, 10)}`);
    expect(stay.body).toContain(html(CATALOGS.fa["search.error.STAY_TOO_LONG_ABROAD"]));
  });

  it("leads every service's search to real results (no 'opens soon' left since issue 21), and 404 for places it does not know", async () => {
    // Every service has results and online booking now; the notice's rule is unit-tested on flags (core/services/capabilities.test.ts).
    const results = await get(`/insurance/services/TR?days=7&birth=1990-01-01`);
    expect(results.status).toBe(200);
    expect(results.body).not.toContain('id="results-soon"');
    expect(results.body).toContain('content="noindex"');
    expect(header(results, "x-robots-tag")).toBe("noindex");
    expect((await get(`/train/tehran-bandar-abbas?date=${inTwoWeeks}`)).status).toBe(200);
    // Domestic flights are bought and paid online: their results promise nothing for later (issue 16 §4).
    for (const locale of ["fa", "en", "ar"] as const) {
      const flights = await get(`${locale === "fa" ? "" : `/${locale}`}/flight/THR-MHD?date=${inTwoWeeks}&adults=1`);
      expect(flights.status, locale).toBe(200);
      expect(flights.body, locale).not.toContain("results-compare-note");
      expect(flights.body, locale).not.toContain('id="results-soon"');
      for (const stale of ["opens soon", "به‌زودی", "قريبًا"]) expect(flights.body, `${locale}: ${stale}`).not.toContain(stale);
    }
    const insurance = await get(`/en/insurance/services/TR?days=7&birth=1990-01-01`);
    expect(insurance.body).not.toContain('id="results-soon"');
    // A bare route asks for nothing yet; a results link with a past date says what is wrong.
    const bare = await get("/flight/THR-MHD");
    expect(bare.status).toBe(200);
    expect(bare.body).not.toContain('aria-invalid="true"');
    const stale = await get(`/flight/THR-MHD?date=${addDays(today, -3)}`);
    expect(stale.body).toContain(html(CATALOGS.fa["search.error.DATE_PAST"]));
    expect((await get(`/insurance/services/TR?days=7&birth=1990-01-01`)).status).toBe(200);
    for (const path of [
      "/flight/XXX-MHD",
      "/flight/THRMHD",
      "/train/atlantis-mashhad",
      "/hotel/nowhere",
      "/internationalhotel/search/FR/istanbul",
      "/insurance/services/ZZ",
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it("keeps each agency to the services it sells", async () => {
    expect((await get("/insurance/services/TR", { host: "theme2.localhost" })).status).toBe(404);
    expect((await get("/insurance?s=insurance", { host: "theme2.localhost" })).status).toBe(404);
    // Safar Nur sells no tours: the home page has no tour tab, and asking for one falls back to the first tab.
    const home = await get("/?tab=tour", { host: "theme3.localhost" });
    expect(home.status).toBe(200);
    const tabs = [...home.body.matchAll(/<a [^>]*class="home-tab"[^>]*>/g)].map(([tag]) => /href="([^"]+)"/.exec(tag)?.[1]);
    expect(tabs).toContain("/?tab=train");
    expect(tabs).not.toContain("/?tab=tour");
    expect(home.body).toContain('name="s" value="flight"');
  });
});
