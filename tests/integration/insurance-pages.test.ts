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
import { createBookingRepository } from "#adapters/db/booking-repository.ts";
import { tenantIdBySlug } from "#adapters/db/seed.ts";
import type { InsuranceOffer } from "#core/insurance/insurance.ts";
import { testInsuranceSupplier } from "#core/insurance/test-insurance.ts";
import { addDays, dateText } from "#core/search/dates.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { pdfText } from "../support/pdf.ts";
import { getBinary, payPrefactorAtSandboxBank } from "../support/sandbox-bank.ts";
import { startTestServer } from "../support/server.ts";

/** Text as React writes it into HTML. */
const escaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

const CSRF = "i".repeat(43);
const FORM = "application/x-www-form-urlencoded";
/** Seven on the first day of cover: a child. */
const CHILD = "2018-06-01";
/** Valid Iranian national codes, one per insured. */
const NATIONAL_CODES = ["0499370899", "0012345679"];

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

  const post = (path: string, body: URLSearchParams) =>
    rawRequest(server.port, {
      method: "POST",
      path,
      headers: { "content-type": FORM, cookie: `hs_csrf=${CSRF}` },
      body: body.toString(),
    });
  const reservePath = (offerId: string, births: string[]) =>
    `/insurance/reserve?${[`offer=${encodeURIComponent(offerId)}`, ...births.map((birth) => `birth=${birth}`)].join("&")}`;
  const persianDate = (iso: string) => localizeDigits("fa", dateText(iso, "persian"));
  const expectedFareOf = (body: string) => /name="expectedFare" value="(\d+)"/.exec(body)?.[1] ?? "";
  const fieldError = (body: string, field: string) =>
    new RegExp(`id="f-${field.replace(/\./g, "-")}-error"[^>]*>([^<]+)<`).exec(body)?.[1] ?? null;

  /** The insured as the form without JavaScript sends them: Iranians with Latin names and passports. */
  const form = (fare: string, births: string[], start = persianDate(START)) => {
    const fields = new URLSearchParams({ csrf: CSRF, expectedFare: fare, "contact.mobile": "09121234567", startDate: start });
    fields.set("passportForEveryone", "1");
    births.forEach((birth, index) => {
      fields.set(`passengers.${index}.firstName`, ["علی", "سارا"][index]!);
      fields.set(`passengers.${index}.lastName`, "رضایی");
      fields.set(`passengers.${index}.firstNameLatin`, ["Ali", "Sara"][index]!);
      fields.set(`passengers.${index}.lastNameLatin`, "Rezaei");
      fields.set(`passengers.${index}.gender`, index === 0 ? "male" : "female");
      fields.set(`passengers.${index}.birthDate`, persianDate(birth));
      fields.set(`passengers.${index}.nationalCode`, NATIONAL_CODES[index]!);
      fields.set(`passengers.${index}.passportNumber`, `K1234567${index}`);
      fields.set(`passengers.${index}.passportCountry`, "IR");
      fields.set(`passengers.${index}.passportExpiry`, "2033/06/30");
    });
    return fields;
  };

  it("insures an adult and a child under the cheapest plan: birth dates from the plans page, the pre-invoice, the bank, each policy number and the PDF", async () => {
    const births = [ADULT, CHILD];
    const [plan] = (await plansOf("TR", births, "fa")).filter((offer) => offer.acceptsAll);
    expect(plan).toBeDefined();
    const path = reservePath(plan!.offerId, births);
    const page = await get(path);
    expect(page.status, page.body.slice(0, 500)).toBe(200);
    // Each insured's birth date as the plans page sent it, the first day of cover, the plan and its price.
    expect(page.body).toMatch(new RegExp(`name="passengers.0.birthDate"[^>]*value="${persianDate(ADULT)}"`));
    expect(page.body).toMatch(new RegExp(`name="passengers.1.birthDate"[^>]*value="${persianDate(CHILD)}"`));
    expect(page.body).toMatch(new RegExp(`name="startDate"[^>]*value="${persianDate(START)}"`));
    expect(page.body).toContain(escaped(translate("fa", "insurancePages.plan", { plan: plan!.name, insurer: plan!.insurer.name })));
    expect(page.body).toContain(escaped(translate("fa", "insurancePages.traveller", { n: 2, age: 7 })));
    expect(expectedFareOf(page.body)).toBe(String(plan!.total));
    // Abroad: everyone gives a passport, Latin names too.
    expect(page.body).toContain('name="passengers.1.passportNumber"');
    expect(page.body).toContain('name="passengers.1.firstNameLatin"');

    const held = await post(path, form(expectedFareOf(page.body), births));
    expect(held.status, [...held.body.matchAll(/id="(f-[^"]+-error)"[^>]*>([^<]+)</g)].map((m) => `${m[1]} ${m[2]}`).join(" | ")).toBe(303);
    const prefactorPath = String(held.headers.location);
    expect(prefactorPath).toMatch(/^\/insurance\/prefactor\/[^/]+\/[A-Za-z0-9_-]+$/);
    const hashId = prefactorPath.split("/").pop()!;
    const tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    const repository = createBookingRepository(database.handle.db);
    const stored = (await repository.findByHashId(tenantId, hashId))!;
    expect(stored.service).toBe("insurance");
    expect(stored.items).toHaveLength(1);
    expect(stored.party).toEqual({ adults: 1, children: 1, infants: 0 });
    expect(stored.price.total).toBe(plan!.total);

    // The pre-invoice prices each insured by name.
    const prefactor = await get(prefactorPath);
    expect(prefactor.status).toBe(200);
    expect(prefactor.body).toContain(escaped(CATALOGS.fa["booking.breakdown.heading"]));
    expect(prefactor.body).toContain(escaped(translate("fa", "insurancePages.line.premium", { age: 7 })));
    for (const quote of plan!.quotes) if (quote.accepted) expect(prefactor.body).toContain(formatNumber("fa", quote.price));

    // Paid at the sandbox bank: a policy per insured, each number on the invoice and in the PDF.
    expect(await payPrefactorAtSandboxBank(server.port, prefactorPath, CSRF)).toMatch(/\/issued$/);
    const policies = (await repository.tickets(stored.id)).sort((a, b) => a.passengerPosition - b.passengerPosition);
    expect(policies.map((policy) => policy.passengerPosition)).toEqual([0, 1]);
    const invoice = await get(`/insurance/factor/${stored.reference}/${hashId}`);
    expect(invoice.status).toBe(200);
    expect(invoice.body).toContain(escaped(CATALOGS.fa["insurancePages.factor.next"]));
    const numbers = policies.map((policy) => (policy.placement as { policy: string }).policy);
    expect(new Set(numbers).size).toBe(2);
    // Each number once in the passengers' table and once as its policy's reference, never a third time.
    for (const policy of numbers) expect(invoice.body.split(`>${policy}<`)).toHaveLength(3);
    const pdfHref = /href="(\/api\/v1\/bookings\/[^"]+\/ticket\.pdf[^"]*)"/.exec(invoice.body)?.[1]?.replace(/&amp;/g, "&");
    expect(pdfHref).toBeDefined();
    // Read in English: the numbers in Latin digits, the words without Persian shaping.
    const pdf = await getBinary(server.port, pdfHref!.replace("lang=fa", "lang=en"));
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.body);
    expect(text).toContain(CATALOGS.en["insuranceService.policy.number"]);
    for (const policy of numbers) expect(text).toContain(policy);
  });

  it("refuses a first day of cover in the past and an insured the plan finds too old, each on its field, keeping what was typed", async () => {
    const births = [ADULT];
    const plans = await plansOf("TR", births, "fa");
    const young = plans.find((offer) => offer.maxAge < 78)!;
    expect(young).toBeDefined();
    const path = reservePath(young.offerId, births);
    const page = await get(path);
    expect(page.status).toBe(200);

    const past = await post(path, form(expectedFareOf(page.body), births, persianDate(addDays(TODAY, -2))));
    expect(past.status).toBe(400);
    expect(fieldError(past.body, "startDate")).toBe(escaped(CATALOGS.fa["booking.error.COVER_START_INVALID"]));
    expect(past.body).toContain('value="علی"');

    // The form's own birth date is the one insured: 78 is over this plan's age.
    const older = form(expectedFareOf(page.body), births);
    older.set("passengers.0.birthDate", persianDate(SEVENTY_EIGHT));
    const tooOld = await post(path, older);
    expect(tooOld.status).toBe(400);
    expect(fieldError(tooOld.body, "passengers.0.birthDate")).toBe(escaped(CATALOGS.fa["booking.error.INSURED_TOO_OLD"]));
    expect(tooOld.body).toContain(`value="${persianDate(SEVENTY_EIGHT)}"`);
  });
});
