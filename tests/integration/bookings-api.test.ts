/**
 * The bookings API through the real server, on each database engine: holding seats for a party,
 * per-field refusals in the request's language, idempotent retries, sold-out and changed fares,
 * malformed bodies (never a 500), reading a booking by its hashId, and the rate-limited lookup
 * by reference and mobile. The server's clock is frozen, so windows and holds never move.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIdempotencyStore } from "#adapters/db/idempotency-store.ts";
import { bookings, flightFares, users } from "#adapters/db/schema.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { newPublicId } from "#core/accounts/account.ts";
import { isHashId } from "#core/booking/booking.ts";
import { addDays, addYears, tehranToday } from "#core/search/dates.ts";
import { IDEMPOTENCY_SCOPE, bookingRequestHash } from "#server/api/bookings/idempotency.ts";
import { BOOKING_LOOKUP_RATE_LIMIT } from "#server/api/bookings/lookup.ts";
import { DEMO_TENANTS, type TenantSeed } from "#seed/demo-tenants.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { setFlightFareSeats } from "../support/inventory.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

type Catalog = (typeof CATALOGS)["fa"];
type Key = keyof Catalog;

interface Offer {
  offerId: string;
  flightNumber: string;
  seatsLeft: number;
  baggage: { kg: number };
  price: { adult: number; child: number; infant: number; total: number };
}
interface ErrorBody {
  error: { code: string; message: string; fields?: { field: string; code: string; message: string }[] };
}
interface Created {
  reference: string;
  hashId: string;
  status: string;
  total: number;
  expiresAt: string;
  price: { base: number; taxes: number; discount: number; total: number };
}

const SECRET = "integration-test-ip-hash-secret";
const TENANT_WITHOUT_FLIGHTS: TenantSeed = {
  domains: ["noflight.localhost"],
  tenant: {
    ...DEMO_TENANTS[2]!.tenant,
    slug: "no-flights",
    isDefault: false,
    nameDomain1: "noflight.localhost",
    servicesActive: ["train", "bus", "hotel"],
    serviceInactive: ["flight", "internationalflight", "flightRtrip"],
  },
};

describe.each(ENGINES)("the bookings API on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const frozen = new Date();
  const clock = { now: () => frozen };
  const firstDate = addDays(tehranToday(frozen), 1);
  const secondDate = addDays(firstDate, 1);
  const thirdDate = addDays(firstDate, 2);

  const adult = (overrides: Record<string, unknown> = {}) => ({
    type: "adult",
    firstName: "علی",
    lastName: "رضایی",
    gender: "male",
    birthDate: "1990-05-17",
    nationalCode: "0499370899",
    ...overrides,
  });
  const secondAdult = () =>
    adult({ firstName: "مریم", lastName: "کریمی", gender: "female", birthDate: "1992-11-02", nationalCode: "0012345679" });
  const child = () =>
    adult({ type: "child", firstName: "سارا", gender: "female", birthDate: addYears(secondDate, -5), nationalCode: "1234567891" });
  const infant = () => adult({ type: "infant", firstName: "امیر", birthDate: addYears(secondDate, -1), nationalCode: "2721123459" });
  const request = (offerId: string, overrides: Record<string, unknown> = {}) => ({
    offerId,
    passengers: [adult()],
    contact: { mobile: "09121234567" },
    ...overrides,
  });

  const post = (path: string, body: unknown, options: { host?: string; headers?: Record<string, string>; ip?: string } = {}) =>
    rawRequest(server.port, {
      method: "POST",
      path,
      ...(options.host ? { host: options.host } : {}),
      headers: { "content-type": "application/json", "x-forwarded-for": options.ip ?? "203.0.113.1", ...options.headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const get = (path: string, host?: string) => rawRequest(server.port, { path, ...(host ? { host } : {}) });
  const json = <T>(response: RawResponse) => JSON.parse(response.body) as T;

  /**
   * The `index`-th cheapest offer of a route on the second day with seats for the party, given nine
   * seats: a test books more than the searched party, and a generated day may leave a fare one seat.
   */
  async function offerOn(from: string, to: string, index = 0, party = "adults=1"): Promise<Offer> {
    const response = await get(`/api/v1/flights/search?from=${from}&to=${to}&date=${secondDate}&${party}`);
    expect(response.status, response.body).toBe(200);
    const offer = json<{ offers: Offer[] }>(response).offers[index];
    if (!offer) throw new Error(`no offer ${index} on ${from}-${to}`);
    await setFlightFareSeats(database.handle.db, [offer.offerId], 9);
    return offer;
  }
  const seatsOf = async (offerId: string) =>
    (await database.handle.db.select({ seats: flightFares.seatsAvailable }).from(flightFares).where(eq(flightFares.id, offerId)))[0]!.seats;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, [...DEMO_TENANTS, TENANT_WITHOUT_FLIGHTS]);
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate, days: 3 }),
    });
    // Search answers only for places it knows.
    await seedPlaces(database.handle.db, referencePlaces());
    // Trusting the loopback proxy lets each test speak for its own client address.
    server = await startTestServer(database.handle, { TRUST_PROXY: "loopback", IP_HASH_SECRET: SECRET }, { clock });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("holds seats for a valid Iranian party: 201, the fare's seats go down by the seated count, and the booking reads back", async () => {
    const offer = await offerOn("THR", "MHD", 0, "adults=2&children=1&infants=1");
    const before = await seatsOf(offer.offerId);
    const response = await post(
      "/api/v1/bookings",
      request(offer.offerId, {
        passengers: [adult(), secondAdult(), child(), infant()],
        contact: { mobile: "۰۹۱۲۱۲۳۴۵۶۷", email: "Ali@Example.com" },
        expectedFare: offer.price.total,
      }),
    );
    expect(response.status, response.body).toBe(201);
    expect(response.headers["cache-control"]).toBe("no-store");
    const created = json<Created>(response);
    expect(isHashId(created.hashId)).toBe(true);
    expect(created.reference).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    expect(created.status).toBe("held");
    expect(created.total).toBe(offer.price.total);
    expect(created.price.base + created.price.taxes - created.price.discount).toBe(created.total);
    expect(created.price.taxes).toBeGreaterThan(0);
    expect(Date.parse(created.expiresAt)).toBe(frozen.getTime() + 15 * 60_000);
    expect(response.headers.location).toBe(`/api/v1/bookings/${created.hashId}`);
    // Two adults and a child take seats; the infant sits on a lap.
    expect(await seatsOf(offer.offerId)).toBe(before - 3);

    const read = await get(`/api/v1/bookings/${created.hashId}?lang=en`);
    expect(read.status).toBe(200);
    expect(read.headers["cache-control"]).toBe("no-store");
    const booking = json<Record<string, unknown> & { items: Record<string, unknown>[]; passengers: Record<string, unknown>[] }>(read);
    expect(booking).toMatchObject({
      reference: created.reference,
      hashId: created.hashId,
      status: "held",
      service: "flight",
      expiresAt: created.expiresAt,
      party: { adults: 2, children: 1, infants: 1 },
      price: created.price,
      discountCode: null,
      contact: { mobile: "09121234567", email: "ali@example.com" },
      company: null,
    });
    expect(booking.items).toHaveLength(1);
    expect(booking.items[0]).toMatchObject({
      flightNumber: offer.flightNumber,
      from: "THR",
      to: "MHD",
      seats: 3,
      baggage: { kg: offer.baggage.kg },
    });
    expect(booking.passengers.map((passenger) => [passenger.type, passenger.firstName, passenger.nationalCode])).toEqual([
      ["adult", "علی", "0499370899"],
      ["adult", "مریم", "0012345679"],
      ["child", "سارا", "1234567891"],
      ["infant", "امیر", "2721123459"],
    ]);
    expect(booking.passengers[2]).toMatchObject({
      gender: "female",
      birthDate: addYears(secondDate, -5),
      nationality: "IR",
      wheelchair: false,
    });
  });

  it("holds a round trip on both legs", async () => {
    const response = await get(`/api/v1/flights/search?from=THR&to=SYZ&date=${secondDate}&returnDate=${thirdDate}`);
    const { offers, returnOffers } = json<{ offers: Offer[]; returnOffers: Offer[] }>(response);
    const [out, back] = [offers[0]!, returnOffers[0]!];
    const [outBefore, backBefore] = [await seatsOf(out.offerId), await seatsOf(back.offerId)];
    const created = await post("/api/v1/bookings", request(out.offerId, { returnOfferId: back.offerId }));
    expect(created.status, created.body).toBe(201);
    expect(json<Created>(created).total).toBe(out.price.adult + back.price.adult);
    expect([await seatsOf(out.offerId), await seatsOf(back.offerId)]).toEqual([outBefore - 1, backBefore - 1]);
    const booking = json<{ service: string; items: { from: string }[] }>(await get(`/api/v1/bookings/${json<Created>(created).hashId}`));
    expect(booking.service).toBe("flightRtrip");
    expect(booking.items.map((item) => item.from)).toEqual(["THR", "SYZ"]);
  });

  it("refuses wrong fields with 422, their paths and messages in the request's language, and holds nothing", async () => {
    const offer = await offerOn("THR", "MHD", 1);
    const before = await seatsOf(offer.offerId);
    const body = request(offer.offerId, {
      passengers: [adult({ firstName: "Ali", nationalCode: "0499370898" })],
      contact: { mobile: "12345" },
      company: { name: "شرکت نمونه", nationalId: "123", economicCode: "10101234567", postalCode: "1234567890" },
    });
    const expected = [
      ["passengers.0.firstName", "PERSIAN_ONLY"],
      ["passengers.0.nationalCode", "NATIONAL_CODE_INVALID"],
      ["contact.mobile", "MOBILE_INVALID"],
      ["company.nationalId", "COMPANY_ID_INVALID"],
      ["company.postalCode", "POSTAL_CODE_INVALID"],
    ] as const;
    const asked: [string, "fa" | "en", Record<string, string>][] = [
      ["/api/v1/bookings", "fa", {}],
      ["/api/v1/bookings?lang=en", "en", {}],
      ["/api/v1/bookings", "en", { language: "en" }],
    ];
    for (const [path, locale, headers] of asked) {
      const response = await post(path, body, { headers });
      expect(response.status, response.body).toBe(422);
      const { error } = json<ErrorBody>(response);
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.message).toBe(CATALOGS[locale]["api.error.VALIDATION_FAILED"]);
      for (const [field, code] of expected) {
        expect(error.fields, `${locale} ${field}`).toContainEqual({
          field,
          code,
          message: CATALOGS[locale][`booking.error.${code}` as Key],
        });
      }
    }
    expect(await seatsOf(offer.offerId)).toBe(before);
  });

  it("refuses a duplicate national code, more infants than adults, no adult and an unknown discount code", async () => {
    const offer = await offerOn("THR", "MHD", 1);
    const cases: [unknown, string, string][] = [
      [
        request(offer.offerId, { passengers: [adult(), adult({ firstName: "رضا" })] }),
        "passengers.1.nationalCode",
        "NATIONAL_CODE_DUPLICATE",
      ],
      [request(offer.offerId, { passengers: [adult(), infant(), infant()] }), "passengers", "INFANTS_EXCEED_ADULTS"],
      [request(offer.offerId, { passengers: [child()] }), "passengers", "ADULT_REQUIRED"],
      [request(offer.offerId, { passengers: [] }), "passengers", "PASSENGERS_REQUIRED"],
      [request(offer.offerId, { discountCode: "NO-SUCH-CODE" }), "discountCode", "DISCOUNT_INVALID"],
    ];
    for (const [body, field, code] of cases) {
      const response = await post("/api/v1/bookings?lang=en", body);
      expect(response.status, code).toBe(422);
      expect(json<ErrorBody>(response).error.fields).toContainEqual({ field, code, message: CATALOGS.en[`booking.error.${code}` as Key] });
    }
  });

  it("checks types and sizes before the core: wrong types are 422 with field paths, never 500", async () => {
    const offer = await offerOn("THR", "MHD", 1);
    const { gender: _gender, ...withoutGender } = adult();
    // The front door's field codes: REQUIRED, INVALID (a wrong type or value), TOO_LONG, TOO_SMALL.
    const cases: [unknown, string, string, Key][] = [
      [request(offer.offerId, { passengers: [adult({ gender: 5 })] }), "passengers.0.gender", "INVALID", "api.field.INVALID"],
      [request(offer.offerId, { passengers: [withoutGender] }), "passengers.0.gender", "REQUIRED", "api.field.REQUIRED"],
      [request(offer.offerId, { passengers: [adult({ type: "senior" })] }), "passengers.0.type", "INVALID", "api.field.INVALID"],
      [request(offer.offerId, { passengers: [adult({ wheelchair: "yes" })] }), "passengers.0.wheelchair", "INVALID", "api.field.INVALID"],
      [
        request(offer.offerId, { passengers: [adult({ lastName: "ب".repeat(101) })] }),
        "passengers.0.lastName",
        "TOO_LONG",
        "api.field.TOO_LONG",
      ],
      [request(offer.offerId, { passengers: Array.from({ length: 19 }, () => adult()) }), "passengers", "TOO_LONG", "api.field.TOO_LONG"],
      [request(offer.offerId, { passengers: "all of us" }), "passengers", "INVALID", "api.field.INVALID"],
      [request(offer.offerId, { passengers: [7] }), "passengers.0", "INVALID", "api.field.INVALID"],
      [{ passengers: [adult()], contact: { mobile: "09121234567" } }, "offerId", "REQUIRED", "api.field.REQUIRED"],
      [request(offer.offerId, { contact: undefined }), "contact", "REQUIRED", "api.field.REQUIRED"],
      [request(offer.offerId, { contact: { mobile: 9121234567 } }), "contact.mobile", "INVALID", "api.field.INVALID"],
      [request(offer.offerId, { expectedFare: "1000" }), "expectedFare", "INVALID", "api.field.INVALID"],
      [request(offer.offerId, { expectedFare: -1 }), "expectedFare", "TOO_SMALL", "api.field.TOO_SMALL"],
      [request(offer.offerId, { company: { name: "x" } }), "company.nationalId", "REQUIRED", "api.field.REQUIRED"],
      [[request(offer.offerId)], "body", "INVALID", "api.field.INVALID"],
      [
        { ...request(offer.offerId), extra: JSON.parse("[".repeat(40) + "]".repeat(40)) as unknown },
        "body",
        "INVALID",
        "api.field.INVALID",
      ],
    ];
    for (const [body, field, code, message] of cases) {
      const response = await post("/api/v1/bookings?lang=en", body);
      expect(response.status, `${field} ${code}: ${response.body}`).toBe(422);
      const { error } = json<ErrorBody>(response);
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.fields, field).toContainEqual({ field, code, message: CATALOGS.en[message] });
    }
    // A NUL inside a text is dropped before anything is stored, not a database fault.
    const company = {
      name: "شرکت\u0000 نور",
      nationalId: "10380284790",
      economicCode: "10380284790",
      postalCode: "1969833114",
      branchCode: null,
    };
    const nul = await post("/api/v1/bookings", request(offer.offerId, { company }));
    expect(nul.status, nul.body).toBe(201);
    const stored = json<{ company: Record<string, unknown> }>(await get(`/api/v1/bookings/${json<Created>(nul).hashId}`));
    expect(stored.company).toEqual({
      name: "شرکت نور",
      nationalId: "10380284790",
      economicCode: "10380284790",
      postalCode: "1969833114",
      branchCode: null,
    });
  });

  it("answers a repeated Idempotency-Key with the first answer, refuses it with another body, and keys are per tenant", async () => {
    const offer = await offerOn("THR", "KIH");
    const before = await seatsOf(offer.offerId);
    const body = request(offer.offerId);
    const key = "order-7f3c2a10";
    const first = await post("/api/v1/bookings", body, { headers: { "idempotency-key": key } });
    expect(first.status, first.body).toBe(201);
    // Keys sorted differently are the same body.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await post("/api/v1/bookings", reordered, { headers: { "idempotency-key": key } });
    expect(again.status).toBe(201);
    // The same answer (jsonb keeps it as data, so key order may differ from the first text).
    expect(json(again)).toEqual(json(first));
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await seatsOf(offer.offerId)).toBe(before - 1);

    const other = await post("/api/v1/bookings?lang=en", request(offer.offerId, { contact: { mobile: "09351234567" } }), {
      headers: { "idempotency-key": key },
    });
    expect(other.status).toBe(422);
    expect(json<ErrorBody>(other).error).toEqual({
      code: "IDEMPOTENCY_KEY_REUSED",
      message: CATALOGS.en["api.bookings.IDEMPOTENCY_KEY_REUSED"],
    });
    expect(await seatsOf(offer.offerId)).toBe(before - 1);

    // The same key at another agency is another key.
    const elsewhere = await post("/api/v1/bookings", body, { host: "theme2.localhost", headers: { "idempotency-key": key } });
    expect(elsewhere.status).toBe(201);
    expect(json<Created>(elsewhere).hashId).not.toBe(json<Created>(first).hashId);

    // Without a key, each request is a booking of its own.
    const plain = [await post("/api/v1/bookings", body), await post("/api/v1/bookings", body)];
    expect(plain.map((response) => response.status)).toEqual([201, 201]);
    expect(json<Created>(plain[0]!).hashId).not.toBe(json<Created>(plain[1]!).hashId);
    expect(await seatsOf(offer.offerId)).toBe(before - 4);

    // Refusals are repeated too, and a malformed key is refused.
    const invalidBody = request(offer.offerId, { passengers: [adult({ firstName: "Ali" })] });
    const refused = await post("/api/v1/bookings", invalidBody, { headers: { "idempotency-key": "refused-1" } });
    expect(refused.status).toBe(422);
    const refusedAgain = await post("/api/v1/bookings", invalidBody, { headers: { "idempotency-key": "refused-1" } });
    expect(refusedAgain.status).toBe(422);
    expect(refusedAgain.headers["idempotent-replayed"]).toBe("true");
    expect(json(refusedAgain)).toEqual(json(refused));
    for (const malformed of ["k".repeat(129), "with space", ""]) {
      const badKey = await post("/api/v1/bookings?lang=en", body, { headers: { "idempotency-key": malformed } });
      expect(badKey.status, malformed).toBe(400);
      expect(json<ErrorBody>(badKey).error).toEqual({
        code: "INVALID_PARAMETERS",
        message: CATALOGS.en["api.error.INVALID_PARAMETERS"],
        fields: [{ field: "idempotency-key", code: "INVALID", message: CATALOGS.en["api.field.INVALID"] }],
      });
    }
    expect(await seatsOf(offer.offerId)).toBe(before - 4);
  });

  it("answers 409 IDEMPOTENCY_IN_PROGRESS while the first request with a key runs, and serves the key once it is given back", async () => {
    const offer = await offerOn("THR", "KIH", 1);
    const body = request(offer.offerId);
    const tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    const store = createIdempotencyStore(database.handle.db, { clock });
    const slot = { tenantId, scope: IDEMPOTENCY_SCOPE, key: "running-key" };
    // Another process has claimed the key for the same body and not answered yet.
    expect(await store.begin({ ...slot, requestHash: bookingRequestHash(body) })).toEqual({ state: "started" });
    const running = await post("/api/v1/bookings", body, { headers: { "idempotency-key": slot.key } });
    expect(running.status).toBe(409);
    expect(json<ErrorBody>(running).error.code).toBe("IDEMPOTENCY_IN_PROGRESS");
    expect(
      json<ErrorBody>(
        await post("/api/v1/bookings", request(offer.offerId, { expectedFare: 1 }), { headers: { "idempotency-key": slot.key } }),
      ).error.code,
    ).toBe("IDEMPOTENCY_KEY_REUSED");
    await store.abandon(slot);
    const served = await post("/api/v1/bookings", body, { headers: { "idempotency-key": slot.key } });
    expect(served.status).toBe(201);
    expect(await store.begin({ ...slot, requestHash: bookingRequestHash(body) })).toEqual({
      state: "replay",
      statusCode: 201,
      body: json(served),
    });
  });

  it("answers 409 SOLD_OUT when fewer seats are left than the party needs, and 422 for an unknown offer", async () => {
    const offer = await offerOn("MHD", "THR");
    await database.handle.db.update(flightFares).set({ seatsAvailable: 1 }).where(eq(flightFares.id, offer.offerId));
    const response = await post("/api/v1/bookings", request(offer.offerId, { passengers: [adult(), secondAdult()] }));
    expect(response.status).toBe(409);
    expect(json<ErrorBody>(response).error).toEqual({ code: "SOLD_OUT", message: CATALOGS.fa["booking.error.SOLD_OUT"] });
    expect(await seatsOf(offer.offerId)).toBe(1);
    // One adult and an infant on a lap fit in the last seat.
    expect((await post("/api/v1/bookings", request(offer.offerId, { passengers: [adult(), infant()] }))).status).toBe(201);
    expect(await seatsOf(offer.offerId)).toBe(0);

    for (const offerId of ["00000000-0000-4000-8000-000000000000", "not-an-offer"]) {
      const missing = await post("/api/v1/bookings?lang=en", request(offerId));
      expect(missing.status).toBe(422);
      expect(json<ErrorBody>(missing).error).toEqual({ code: "OFFER_NOT_FOUND", message: CATALOGS.en["booking.error.OFFER_NOT_FOUND"] });
    }
  });

  it("answers 409 FARE_CHANGED with both fares when the expected fare differs, holding nothing", async () => {
    const offer = await offerOn("MHD", "THR", 1);
    const before = await seatsOf(offer.offerId);
    const shown = offer.price.total - 50_000;
    const response = await post("/api/v1/bookings?lang=en", request(offer.offerId, { expectedFare: shown }));
    expect(response.status).toBe(409);
    const { error } = json<ErrorBody>(response);
    const message = CATALOGS.en["booking.error.FARE_CHANGED"]
      .replace("{previous}", String(shown))
      .replace("{fare}", String(offer.price.total));
    expect(error).toEqual({ code: "FARE_CHANGED", message, fields: [{ field: "expectedFare", code: "FARE_CHANGED", message }] });
    expect(await seatsOf(offer.offerId)).toBe(before);
  });

  it("answers malformed, oversized and non-JSON bodies with JSON errors, never 500", async () => {
    const offer = await offerOn("THR", "MHD", 2);
    const huge = JSON.stringify(request(offer.offerId, { padding: "x".repeat(70 * 1024) }));
    const cases: [string, Parameters<typeof post>[2], string, number, string][] = [
      ["/api/v1/bookings", {}, "{", 400, "BAD_JSON"],
      ["/api/v1/bookings", {}, '{"offerId": "x",}', 400, "BAD_JSON"],
      ["/api/v1/bookings", {}, "null", 400, "BAD_JSON"],
      ["/api/v1/bookings", {}, huge, 413, "BODY_TOO_LARGE"],
      [
        "/api/v1/bookings",
        { headers: { "content-type": "text/plain" } },
        JSON.stringify(request(offer.offerId)),
        415,
        "UNSUPPORTED_MEDIA_TYPE",
      ],
      [
        "/api/v1/bookings",
        { headers: { "content-type": "application/x-www-form-urlencoded" } },
        "offerId=1",
        415,
        "UNSUPPORTED_MEDIA_TYPE",
      ],
      ["/api/v1/bookings", { headers: { "content-encoding": "gzip" } }, "{}", 415, "UNSUPPORTED_MEDIA_TYPE"],
      ["/api/v1/bookings", { headers: { "content-type": "application/json; charset=latin9" } }, "{}", 415, "UNSUPPORTED_MEDIA_TYPE"],
      ["/api/v1/bookings/lookup", {}, "{", 400, "BAD_JSON"],
      ["/api/v1/bookings/lookup", {}, huge, 413, "BODY_TOO_LARGE"],
      ["/api/v1/bookings/lookup", { headers: { "content-type": "text/plain" } }, "{}", 415, "UNSUPPORTED_MEDIA_TYPE"],
    ];
    for (const [path, options, body, status, code] of cases) {
      const response = await post(`${path}?lang=en`, body, { ...options, ip: "203.0.113.50" });
      expect(response.status, `${code} ${body.slice(0, 40)}`).toBe(status);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(json<ErrorBody>(response).error).toEqual({ code, message: CATALOGS.en[`api.error.${code}` as Key] });
    }
    const empty = await rawRequest(server.port, { method: "POST", path: "/api/v1/bookings" });
    expect(empty.status).toBe(415);
    expect(json<ErrorBody>(empty).error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("takes a booking body up to 64 kB and a lookup body up to 16 kB: one byte more is 413", async () => {
    // A body of exactly `bytes` bytes: an unknown offer (refused after the body is read) padded with a field the schema drops.
    const padded = (base: object, bytes: number) => {
      const json = JSON.stringify({ ...base, padding: "" });
      return JSON.stringify({ ...base, padding: "x".repeat(bytes - Buffer.byteLength(json)) });
    };
    const booking = request("00000000-0000-4000-8000-000000000000");
    const atLimit = await post("/api/v1/bookings", padded(booking, 64 * 1024));
    expect(atLimit.status, atLimit.body).toBe(422);
    expect(json<ErrorBody>(atLimit).error.code).toBe("OFFER_NOT_FOUND");
    expect(json<ErrorBody>(await post("/api/v1/bookings", padded(booking, 64 * 1024 + 1))).error.code).toBe("BODY_TOO_LARGE");
    const lookup = { reference: "ZZZZ2222", mobile: "09121234567" };
    expect((await post("/api/v1/bookings/lookup", padded(lookup, 16 * 1024), { ip: "203.0.113.51" })).status).toBe(404);
    const tooLarge = await post("/api/v1/bookings/lookup", padded(lookup, 16 * 1024 + 1), { ip: "203.0.113.51" });
    expect(tooLarge.status).toBe(413);
    expect(json<ErrorBody>(tooLarge).error.code).toBe("BODY_TOO_LARGE");
  });

  it("refuses bookings where the agency does not sell flights", async () => {
    const offer = await offerOn("THR", "MHD", 2);
    const response = await post("/api/v1/bookings", request(offer.offerId), { host: "noflight.localhost" });
    expect(response.status).toBe(404);
    expect(json<ErrorBody>(response).error.code).toBe("SERVICE_UNAVAILABLE");
  });

  it("reads a booking only by its hashId at its own agency, and a lapsed hold as expired", async () => {
    const offer = await offerOn("THR", "AWZ");
    const created = json<Created>(await post("/api/v1/bookings", request(offer.offerId)));
    expect((await get(`/api/v1/bookings/${created.hashId}`)).status).toBe(200);

    const notFound = [
      await get(`/api/v1/bookings/${created.hashId}`, "theme2.localhost"),
      await get(`/api/v1/bookings/${"A".repeat(22)}`),
      await get("/api/v1/bookings/not-a-hash-id"),
      await get(`/api/v1/bookings/${created.hashId}x`),
      await get(`/api/v1/bookings/${encodeURIComponent("' or 1=1 --")}`),
    ];
    for (const response of notFound) {
      expect(response.status).toBe(404);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(json<ErrorBody>(response).error).toEqual({ code: "NOT_FOUND", message: CATALOGS.fa["api.error.NOT_FOUND"] });
    }

    // The hold ran out and the expiry job has not run yet: the booking already reads expired.
    await database.handle.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(frozen.getTime() - 1000) })
      .where(eq(bookings.hashId, created.hashId));
    const lapsed = json<{ status: string }>(await get(`/api/v1/bookings/${created.hashId}`));
    expect(lapsed.status).toBe("expired");
    const [stored] = await database.handle.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.hashId, created.hashId));
    expect(stored!.status).toBe("held");
  });

  it("finds a booking by reference and mobile, with one and the same 404 for every mismatch", async () => {
    const offer = await offerOn("THR", "AWZ", 1);
    const created = json<Created>(await post("/api/v1/bookings", request(offer.offerId, { contact: { mobile: "09121234567" } })));
    const ip = "198.51.100.7";
    const typed = `${created.reference.slice(0, 4).toLowerCase()} ${created.reference.slice(4)}`.replace(/[0-9]/g, (digit) =>
      String.fromCharCode(0x06f0 + Number(digit)),
    );
    const found = await post("/api/v1/bookings/lookup", { reference: typed, mobile: "+98 912 123 4567" }, { ip });
    expect(found.status).toBe(200);
    expect(found.headers["cache-control"]).toBe("no-store");
    expect(json(found)).toEqual({ hashId: created.hashId });
    expect(json(await post("/api/v1/bookings/lookup", { reference: created.reference, mobile: "۰۹۱۲۱۲۳۴۵۶۷" }, { ip }))).toEqual({
      hashId: created.hashId,
    });

    const misses = [
      await post("/api/v1/bookings/lookup", { reference: created.reference, mobile: "09351234567" }, { ip }),
      await post("/api/v1/bookings/lookup", { reference: "ZZZZ2222", mobile: "09121234567" }, { ip }),
      await post("/api/v1/bookings/lookup", { reference: created.reference, mobile: "not a phone" }, { ip }),
      await post("/api/v1/bookings/lookup", { reference: created.reference, mobile: "09121234567" }, { ip, host: "theme2.localhost" }),
    ];
    for (const miss of misses) {
      expect(miss.status).toBe(404);
      expect(miss.body).toBe(misses[0]!.body);
    }
    expect(json<ErrorBody>(misses[0]!).error).toEqual({ code: "NOT_FOUND", message: CATALOGS.fa["api.bookings.NOT_FOUND"] });
    // Fields of the wrong type are the request's fault, named as such.
    const shapeless = await post("/api/v1/bookings/lookup?lang=en", { reference: 42, mobile: ["09121234567"] }, { ip });
    expect(shapeless.status).toBe(422);
    expect(json<ErrorBody>(shapeless).error.fields?.map(({ field, code }) => [field, code])).toEqual([
      ["reference", "INVALID"],
      ["mobile", "INVALID"],
    ]);
  });

  it(`limits lookups to ${BOOKING_LOOKUP_RATE_LIMIT} per address in the window with 429 and Retry-After; another address goes on`, async () => {
    const ip = "192.0.2.99";
    for (let attempt = 0; attempt < BOOKING_LOOKUP_RATE_LIMIT; attempt += 1) {
      const response = await post("/api/v1/bookings/lookup", { reference: "ZZZZ2222", mobile: "09121234567" }, { ip });
      expect(response.status, `attempt ${attempt + 1}`).toBe(404);
    }
    const limited = await post("/api/v1/bookings/lookup?lang=en", { reference: "ZZZZ2222", mobile: "09121234567" }, { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(600);
    expect(json<ErrorBody>(limited).error).toEqual({ code: "RATE_LIMITED", message: CATALOGS.en["api.error.RATE_LIMITED"] });
    expect((await post("/api/v1/bookings/lookup", { reference: "ZZZZ2222", mobile: "09121234567" }, { ip: "192.0.2.100" })).status).toBe(
      404,
    );
  });

  it("opens a booking that belongs to an account to no one without that account's session: the same 404 as an unknown hashId", async () => {
    const offer = await offerOn("THR", "AWZ", 2);
    const created = json<Created>(await post("/api/v1/bookings", request(offer.offerId)));
    // A guest booking opens with its hashId alone, whatever token or cookie comes along.
    expect(
      (
        await rawRequest(server.port, {
          path: `/api/v1/bookings/${created.hashId}`,
          headers: { authorization: `Bearer ${"x".repeat(43)}`, cookie: `hs_session=${"y".repeat(43)}` },
        })
      ).status,
    ).toBe(200);

    const tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    const [owner] = await database.handle.db
      .insert(users)
      .values({ tenantId, mobile: "09121234567", publicId: newPublicId(), createdAt: frozen, updatedAt: frozen })
      .returning({ id: users.id });
    await database.handle.db.update(bookings).set({ userId: owner!.id }).where(eq(bookings.hashId, created.hashId));

    const unknown = (await get(`/api/v1/bookings/${"A".repeat(22)}`)).body;
    const path = `/api/v1/bookings/${created.hashId}`;
    const refusals = [
      await get(path),
      await rawRequest(server.port, { path, headers: { authorization: `Bearer ${"x".repeat(43)}` } }),
      await get(`${path}/ticket.pdf`),
      await post(`${path}/pay`, { gateway: "sandbox" }),
      await post(`${path}/refund-quote`, {}),
      await post(`${path}/refund`, { to: "card", sheba: "IR820540102680020817909002" }),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(404);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.body).toBe(unknown);
    }
    // Nothing was started on it.
    const [stored] = await database.handle.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.hashId, created.hashId));
    expect(stored!.status).toBe("held");
  });

  it("describes the bookings API in the OpenAPI document generated from its routes", async () => {
    type Operation = {
      security?: unknown;
      parameters: { name: string; in: string; required: boolean; schema: { pattern?: string } }[];
      responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
    };
    const response = await get("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    const document = json<{
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    }>(response);
    const byHashId = [
      "/api/v1/bookings/{hashId}",
      "/api/v1/bookings/{hashId}/pay",
      "/api/v1/bookings/{hashId}/ticket.pdf",
      "/api/v1/bookings/{hashId}/refund-quote",
      "/api/v1/bookings/{hashId}/refund",
    ];
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/api/v1/bookings", "/api/v1/bookings/lookup", ...byHashId]));

    const create = document.paths["/api/v1/bookings"]!.post!;
    expect(create.parameters).toContainEqual(expect.objectContaining({ name: "idempotency-key", in: "header", required: false }));
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(["201", "400", "403", "404", "409", "413", "415", "422", "503"]));
    expect(create.responses["201"]!.content!["application/json"]!.schema.$ref).toBe("#/components/schemas/BookingCreated");
    // Signing in is optional here: a guest books and reads by hashId; an account's booking needs its session.
    for (const path of ["/api/v1/bookings", ...byHashId]) {
      const [operation] = Object.values(document.paths[path]!);
      expect(operation!.security, path).toEqual([{}, { bearerAuth: [] }, { cookieAuth: [] }]);
      if (path !== "/api/v1/bookings") {
        expect(operation!.parameters, path).toContainEqual(
          expect.objectContaining({
            name: "hashId",
            in: "path",
            required: true,
            schema: expect.objectContaining({ pattern: "^[A-Za-z0-9_-]{22}$" }),
          }),
        );
        expect(Object.keys(operation!.responses), path).toContain("404");
      }
    }
    const read = document.paths["/api/v1/bookings/{hashId}"]!.get!;
    expect(read.responses["200"]!.content!["application/json"]!.schema.$ref).toBe("#/components/schemas/Booking");
    expect(Object.keys(document.components.schemas.Booking!.properties!)).toEqual(
      expect.arrayContaining(["reference", "hashId", "status", "items", "passengers", "tickets", "payments", "refund"]),
    );
    expect(Object.keys(document.paths["/api/v1/bookings/lookup"]!.post!.responses)).toEqual(
      expect.arrayContaining(["200", "404", "422", "429"]),
    );
  });
});
