/**
 * The travel insurance pages (issue 21 §3), without JavaScript, on the real server with the
 * in-memory test insurer and a pinned clock: the plans of a destination in fa and en (cheapest
 * first, or by cover; the insurer filter; prices in Persian digits), the Schengen rule, a
 * traveller too old for some insurers (which plans still take them) or for all of them (a clear
 * message), a query the form refuses and a country no one knows. Then a plan's reserve page:
 * birth dates prefilled, refusals on their fields, the pre-invoice, the sandbox bank, the invoice
 * with each insured's policy number, and the policy PDF.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { formatNumber, translate } from "#core/i18n/messages.ts";
import type { InsuranceOffer } from "#core/insurance/insurance.ts";
import { testInsuranceSupplier } from "#core/insurance/test-insurance.ts";
import { addDays } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

/** Text as React writes it into HTML. */
const escaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

const CSRF = "i".repeat(43);

// A fixed day and a clock pinned to it: cover starts tomorrow, ages are counted on that day.
const TODAY = "2026-03-10";
const START = addDays(TODAY, 1);
const now = new Date(`${TODAY}T08:00:00+03:30`);
/** 35 on the first day of cover. */
const ADULT = "1990-05-01";
/** 78: older than the plans taking travellers up to 75, young enough for those up to 85. */
const SEVENTY_EIGHT = "1948-01-15";
/** 91: older than every plan takes. */
const NINETY_ONE = "1935-01-01";

/** The plan names in the order the page lists their cards. */
function plansInOrder(page: string): string[] {
  return [...page.matchAll(/<h3 class="offer-airline-name">([^<]+)<\/h3>/g)].map((match) => match[1]!);
}

describe.each(ENGINES)("the travel insurance pages on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const insurance = testInsuranceSupplier({ now: () => now });
  const get = (path: string) => rawRequest(server.port, { path, headers: { cookie: `hs_csrf=${CSRF}`, "user-agent": "vitest" } });
  const plansPath = (country: string, births: string[], extra: Record<string, string> = {}, prefix = "") => {
    const query = new URLSearchParams({ days: "7", ...extra });
    for (const birth of births) query.append("birth", birth);
    return `${prefix}/insurance/services/${country}?${query.toString()}`;
  };
  const plansOf = (country: string, births: string[], locale: "fa" | "en") =>
    insurance.plans({ countryCode: country, days: 7, birthDates: births, startDate: START, locale });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    server = await startTestServer(database.handle, {}, { clock: { now: () => now }, insurance });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("lists a destination's plans cheapest first in Persian, with cover in euros, each traveller's price and the way to choose", async () => {
    const offers = await plansOf("TR", [ADULT, ADULT], "fa");
    expect(offers.length).toBeGreaterThan(1);
    const page = await get(plansPath("TR", [ADULT, ADULT]));
    expect(page.status, page.body.slice(0, 500)).toBe(200);
    const cheapestFirst = [...offers].sort((a, b) => a.total - b.total);
    expect(plansInOrder(page.body)).toEqual(cheapestFirst.map((offer) => escaped(offer.name)));
    const first = cheapestFirst[0]!;
    // Money and cover in Persian digits, the insurer named, the choice leading to the plan's reserve page.
    expect(page.body).toContain(escaped(translate("fa", "flights.toman", { amount: formatNumber("fa", first.total) })));
    expect(page.body).toContain(escaped(translate("fa", "insurancePages.euros", { amount: formatNumber("fa", first.cover.medical) })));
    expect(page.body).toContain(escaped(first.insurer.name));
    expect(page.body).toContain(escaped(translate("fa", "insurancePages.traveller", { n: 2, age: 35 })));
    expect(page.body).toContain(escaped(translate("fa", "insurancePages.maxAge", { age: first.maxAge })));
    const reserve = `/insurance/reserve?offer=${encodeURIComponent(first.offerId)}&amp;birth=${ADULT}&amp;birth=${ADULT}`;
    expect(page.body).toContain(`href="${reserve}"`);
    // Not a Schengen destination: no Schengen notice; nobody too old: no age notice.
    expect(page.body).not.toContain("insurance-schengen");
    expect(page.body).not.toContain("insurance-over-age");
    // The search form is there to change the search, prefilled.
    expect(page.body).toContain('<option value="7" selected="">');
  });

  it("sorts by cover on request and filters by insurer without JavaScript", async () => {
    const offers = await plansOf("TR", [ADULT], "en");
    const byCover = await get(plansPath("TR", [ADULT], { sort: "cover" }, "/en"));
    expect(byCover.status).toBe(200);
    const coverOrder = [...offers].sort((a, b) => b.cover.medical - a.cover.medical || a.total - b.total);
    expect(plansInOrder(byCover.body)).toEqual(coverOrder.map((offer) => escaped(offer.name)));

    const sina = offers.filter((offer) => offer.insurer.code === "sina");
    expect(sina.length).toBeGreaterThan(0);
    expect(sina.length).toBeLessThan(offers.length);
    const filtered = await get(plansPath("TR", [ADULT], { insurer: "sina" }, "/en"));
    expect(filtered.status).toBe(200);
    expect(plansInOrder(filtered.body).sort()).toEqual(sina.map((offer) => escaped(offer.name)).sort());
    expect(filtered.body).toContain(escaped(translate("en", "insurancePages.shown", { count: sina.length, found: offers.length })));
    expect(/<input[^>]*name="insurer"[^>]*value="sina"[^>]*>/.exec(filtered.body)?.[0]).toContain("checked");
    // The filter form keeps the search in hidden fields.
    expect(filtered.body).toContain(`type="hidden" name="birth" value="${ADULT}"`);
    // An insurer nobody offers is simply not chosen: every plan is listed.
    const unknown = await get(plansPath("TR", [ADULT], { insurer: "nobody" }, "/en"));
    expect(plansInOrder(unknown.body)).toHaveLength(offers.length);
  });

  it("lists only plans with at least EUR 30,000 cover for a Schengen destination, and says so", async () => {
    const page = await get(plansPath("DE", [ADULT], {}, "/en"));
    expect(page.status).toBe(200);
    expect(page.body).toContain(escaped(translate("en", "insurancePages.schengen", { amount: formatNumber("en", 30_000) })));
    expect(plansInOrder(page.body)).toContain("Schengen Gold");
    expect(plansInOrder(page.body)).not.toContain("Schengen Basic");
    const fa = await get(plansPath("DE", [ADULT]));
    expect(fa.body).toContain(escaped(translate("fa", "insurancePages.schengen", { amount: formatNumber("fa", 30_000) })));
    expect(fa.body).toContain("۳۰٬۰۰۰");
  });

  it("names the plans that still insure a traveller some insurers find too old, and offers only those", async () => {
    const offers: InsuranceOffer[] = await plansOf("TR", [ADULT, SEVENTY_EIGHT], "en");
    const taking = offers.filter((offer) => offer.acceptsAll);
    const refusing = offers.filter((offer) => !offer.acceptsAll);
    expect(taking.length).toBeGreaterThan(0);
    expect(refusing.length).toBeGreaterThan(0);
    const page = await get(plansPath("TR", [ADULT, SEVENTY_EIGHT], {}, "/en"));
    expect(page.status).toBe(200);
    expect(page.body).toContain(escaped(translate("en", "insurancePages.overAge.some", { n: 2, age: 78 })));
    for (const offer of taking) {
      expect(page.body).toContain(
        escaped(translate("en", "insurancePages.overAge.plan", { plan: offer.name, insurer: offer.insurer.name, max: offer.maxAge })),
      );
      expect(page.body).toContain(`offer=${encodeURIComponent(offer.offerId)}`);
    }
    // A plan refusing them is listed after the others, says why and cannot be chosen.
    expect(plansInOrder(page.body).slice(-refusing.length).sort()).toEqual(refusing.map((offer) => escaped(offer.name)).sort());
    for (const offer of refusing) expect(page.body).not.toContain(`offer=${encodeURIComponent(offer.offerId)}`);
    expect(page.body).toContain(escaped(translate("en", "insurancePages.tooOld", { max: refusing[0]!.maxAge })));

    // In Persian the same, in Persian digits.
    const fa = await get(plansPath("TR", [ADULT, SEVENTY_EIGHT]));
    expect(fa.body).toContain(escaped(translate("fa", "insurancePages.overAge.some", { n: 2, age: 78 })));
    expect(fa.body).toContain("۷۸");
  });

  it("says clearly when no plan insures a traveller", async () => {
    const page = await get(plansPath("TR", [ADULT, NINETY_ONE], {}, "/en"));
    expect(page.status).toBe(200);
    expect(page.body).toContain(escaped(translate("en", "insurancePages.overAge.none", { n: 2, age: 91 })));
    expect(page.body).not.toContain("/insurance/reserve?");
    const fa = await get(plansPath("TR", [ADULT, NINETY_ONE]));
    expect(fa.body).toContain(escaped(translate("fa", "insurancePages.overAge.none", { n: 2, age: 91 })));
  });

  it("shows an invalid query's messages on its fields, and a country nobody knows as not found in the page's language", async () => {
    const badLength = await get(plansPath("TR", [ADULT], { days: "5" }, "/en"));
    // The form with its message on the field, as every results route answers a query it refuses; no plans.
    expect(badLength.body).toContain(escaped(CATALOGS.en["search.error.CHOICE_INVALID"]));
    expect(plansInOrder(badLength.body)).toEqual([]);
    const future = await get(plansPath("TR", [addDays(TODAY, 3)]));
    expect(future.body).toContain(escaped(CATALOGS.fa["search.error.BIRTH_DATE_FUTURE"]));

    const unknown = await get(plansPath("ZZ", [ADULT], {}, "/en"));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain(escaped(CATALOGS.en["error.notFound.title"]));
    const unknownFa = await get(plansPath("ZZ", [ADULT]));
    expect(unknownFa.status).toBe(404);
    expect(unknownFa.body).toContain(escaped(CATALOGS.fa["error.notFound.title"]));
  });
});
