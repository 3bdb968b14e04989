/**
 * Travel insurance through the API (issue 21), on the real server and each database engine: the
 * plans of a destination for the travellers' ages (the Schengen rule, a traveller over a plan's
 * age told which plans take them), a plan booked for two travellers and paid at the sandbox bank,
 * one policy per insured read back, printed and texted, and refunded in full before cover starts.
 * Refusals come on their fields: the start of cover, an over-age traveller, a missing passport.
 *
 * The insurer is the in-memory one of core/insurance/test-insurance.ts; the clock is pinned nine
 * days before cover starts, so the test passes on any calendar day.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smsMessages } from "#adapters/db/schema.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { testInsuranceSupplier, type TestInsuranceSupplier } from "#core/insurance/test-insurance.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { pdfText } from "../support/pdf.ts";
import { getBinary, payAtSandboxBank } from "../support/sandbox-bank.ts";
import { startTestServer } from "../support/server.ts";

const MOBILE = "09121234567";
const START = "2026-12-10";
const SEARCH = `country=DE&days=7&start=${START}`;
/** 36 on the start of cover, 8, and 80 (over 75, within 85). */
const ADULT = "1990-05-05";
const CHILD = "2018-03-01";
const ELDER = "1946-06-01";

interface ErrorBody {
  error: { code: string; message: string; fields?: { field: string; code: string; message: string }[] };
}
interface PlansBody {
  country: { code: string; zone: string; schengen: boolean };
  durationBand: string;
  endDate: string;
  travellers: { age: number; ageBand: string; plansAccepting: string[] }[];
  plans: {
    offerId: string;
    planId: string;
    acceptsAll: boolean;
    total: number;
    cover: { medical: number };
    quotes: { accepted: boolean }[];
  }[];
}
interface BookingBody {
  status: string;
  service: string;
  price: { total: number };
  items: {
    seats: number;
    base: number;
    planId: string;
    startDate: string;
    endDate: string;
    insured: { passenger: number; ageBand: string; price: number }[];
  }[];
  tickets: { pnr: string; ticketNumber: string; passenger: number; placement: { policy: string; from: string; to: string } | null }[];
}

const fields = (response: RawResponse) => (JSON.parse(response.body) as ErrorBody).error.fields?.map((field) => [field.field, field.code]);

describe.each(ENGINES)("travel insurance through the API on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let insurance: TestInsuranceSupplier;
  let now = new Date("2026-12-01T10:00:00+03:30");
  const clock = { now: () => now };
  const json = <T>(response: RawResponse) => JSON.parse(response.body) as T;
  const get = (path: string) => rawRequest(server.port, { path });
  const post = (path: string, body: unknown) =>
    rawRequest(server.port, { method: "POST", path, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  /** An Iranian traveller with the passport every insured gives and Latin names for the policy. */
  const traveller = (type: string, birthDate: string, nationalCode: string, passportNumber: string) => ({
    type,
    firstName: "علی",
    lastName: "رضایی",
    firstNameLatin: "Ali",
    lastNameLatin: "Rezaei",
    gender: "male",
    birthDate,
    nationalCode,
    passportNumber,
    passportCountry: "IR",
    passportExpiry: "2031-01-01",
  });
  const adult = traveller("adult", ADULT, "0499370899", "K12345678");
  const child = traveller("child", CHILD, "0012345679", "K87654321");
  const elder = traveller("adult", ELDER, "1234567891", "K11223344");
  const book = (offerId: string | undefined, passengers: unknown[], extra: Record<string, unknown> = {}) =>
    post("/api/v1/bookings?lang=en", { service: "insurance", offerId, passengers, contact: { mobile: MOBILE }, ...extra });
  const plansFor = async (query: string) => {
    const answer = await get(`/api/v1/insurance/plans?${query}&lang=en`);
    expect(answer.status, answer.body).toBe(200);
    return json<PlansBody>(answer);
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    insurance = testInsuranceSupplier({ now: clock.now });
    server = await startTestServer(database.handle, {}, { clock, insurance });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("lists a Schengen country's plans of EUR 30,000 or more, and which of them take a traveller over 75", async () => {
    const body = await plansFor(`${SEARCH}&birth=${ADULT}&birth=${ELDER}`);
    expect(body).toMatchObject({ country: { code: "DE", zone: "schengen", schengen: true }, durationBand: "1-7", endDate: "2026-12-16" });
    expect(body.plans.map((plan) => [plan.planId, plan.acceptsAll, plan.total])).toEqual([
      ["pasargad-schengen-gold", true, 1_000_000 + 4_000_000],
      // Its second traveller refused: only the adult is priced.
      ["sina-worldwide", false, 1_800_000],
    ]);
    expect(body.plans.every((plan) => plan.cover.medical >= 30_000)).toBe(true);
    expect(body.travellers).toEqual([
      { birthDate: ADULT, age: 36, ageBand: "13-65", plansAccepting: ["pasargad-schengen-gold", "sina-worldwide"] },
      { birthDate: ELDER, age: 80, ageBand: "76-80", plansAccepting: ["pasargad-schengen-gold"] },
    ]);
    // The basic Schengen plan is sold for Turkey, which is not in Schengen.
    const turkey = await plansFor(`country=tr&days=${encodeURIComponent("۷")}&birth=${ADULT}&start=${START}`);
    expect(turkey.plans.map((plan) => plan.planId)).toContain("saman-schengen-basic");
    expect(turkey.country).toEqual({ code: "TR", zone: "neighbours", schengen: false });
  });

  it("refuses each search parameter on its own name, in the request's language", async () => {
    const bad = await get(`/api/v1/insurance/plans?country=IR&days=0&birth=2030-01-01&start=2026-11-20&lang=en`);
    expect(bad.status, bad.body).toBe(422);
    expect(json<ErrorBody>(bad).error.fields).toEqual([
      {
        field: "country",
        code: "COUNTRY_INVALID",
        message: "country must be the two-letter code of a destination country, such as TR or DE.",
      },
      { field: "days", code: "DAYS_INVALID", message: "days must be the trip's length in whole days, from 1 to 365." },
      { field: "birth.0", code: "BIRTH_INVALID", message: "This birth date is not a real date in the past." },
      { field: "start", code: "START_INVALID", message: "Cover starts from today up to a year ahead." },
    ]);
    expect(fields(await get(`/api/v1/insurance/plans?country=ZZ&days=7&birth=${ADULT}`))).toEqual([["country", "COUNTRY_INVALID"]]);
    const persian = await get(`/api/v1/insurance/plans?country=DE&days=7`);
    expect(json<ErrorBody>(persian).error.fields).toEqual([
      { field: "birth", code: "BIRTH_REQUIRED", message: "تاریخ تولد هر مسافر را وارد کنید." },
    ]);
  });

  it("books a plan for two travellers, pays, issues a numbered policy each, texts and prints them, and refunds in full before cover", async () => {
    const [gold] = (await plansFor(`${SEARCH}&birth=${ADULT}&birth=${CHILD}`)).plans;
    const created = await book(gold!.offerId, [adult, child]);
    expect(created.status, created.body).toBe(201);
    const booking = json<{ reference: string; hashId: string; total: number }>(created);
    expect(booking.total).toBe(1_000_000 + 500_000);
    expect(booking.total).toBe(gold!.total);

    expect(await payAtSandboxBank(server.port, booking.hashId)).toContain(booking.reference);
    const read = json<BookingBody>(await get(`/api/v1/bookings/${booking.hashId}`));
    expect(read).toMatchObject({ service: "insurance", status: "issued" });
    expect(read.items).toEqual([
      expect.objectContaining({
        seats: 2,
        base: 1_500_000,
        planId: "pasargad-schengen-gold",
        startDate: START,
        endDate: "2026-12-16",
        insured: [
          { passenger: 0, ageBand: "13-65", price: 1_000_000 },
          { passenger: 1, ageBand: "0-12", price: 500_000 },
        ],
      }),
    ]);
    expect(read.tickets.map((ticket) => ticket.passenger)).toEqual([0, 1]);
    const policies = read.tickets.map((ticket) => ticket.ticketNumber);
    for (const ticket of read.tickets) {
      expect(ticket.ticketNumber).toMatch(/^7702\d{8}$/);
      expect(ticket.placement).toEqual({ policy: ticket.ticketNumber, from: START, to: "2026-12-16" });
    }
    expect(new Set(policies).size).toBe(2);

    const texts = await database.handle.db.select({ text: smsMessages.text }).from(smsMessages).where(eq(smsMessages.mobile, MOBILE));
    const policySms = texts.find((message) => message.text.includes(booking.reference));
    // The country by its name in the booking's language, not its code.
    expect(policySms?.text).toContain("Schengen Gold Germany");
    expect(policySms?.text).toContain(policies[0]);

    const pdf = await getBinary(server.port, `/api/v1/bookings/${booking.hashId}/ticket.pdf?lang=en`);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.body).replace(/\s+/g, " ");
    expect(text).toContain("Travel insurance policy");
    expect(text).toContain("Policy number");
    for (const policy of policies) expect(text).toContain(policy);
    expect(text).toContain("Carry this policy with your passport");

    const quote = async () => {
      const answer = await post(`/api/v1/bookings/${booking.hashId}/refund-quote?lang=en`, {});
      expect(answer.status, answer.body).toBe(200);
      return json<{ penalty: number; refundAmount: number }>(answer);
    };
    expect(await quote()).toMatchObject({ penalty: 0, refundAmount: booking.total });
    const before = now;
    try {
      // A minute before midnight in Tehran on the eve of cover: still in full; an hour into cover: nothing back.
      now = new Date(`2026-12-09T23:59:00+03:30`);
      expect(await quote()).toMatchObject({ penalty: 0, refundAmount: booking.total });
      now = new Date(`${START}T01:00:00+03:30`);
      expect(await quote()).toMatchObject({ penalty: booking.total, refundAmount: 0 });
    } finally {
      now = before;
    }
    const held = insurance.policies.size;
    const refunded = await post(`/api/v1/bookings/${booking.hashId}/refund`, { to: "card", sheba: "IR820540102680020817909002" });
    expect(refunded.status, refunded.body).toBe(200);
    expect(json<{ refund: { penalty: number; amount: number } }>(refunded).refund).toMatchObject({ penalty: 0, amount: booking.total });
    // The insurer cancelled the policies.
    expect(insurance.policies.size).toBe(held - 1);
  });

  it("refuses an over-age traveller, a start of cover in the past and a missing passport on their fields, holding nothing", async () => {
    const plans = (await plansFor(`${SEARCH}&birth=${ADULT}&birth=${ELDER}`)).plans;
    const worldwide = plans.find((plan) => plan.planId === "sina-worldwide")!;
    const tooOld = await book(worldwide.offerId, [adult, elder]);
    expect(tooOld.status, tooOld.body).toBe(422);
    expect(json<ErrorBody>(tooOld).error.fields).toEqual([
      {
        field: "passengers.1.birthDate",
        code: "INSURED_TOO_OLD",
        message: "This plan does not insure a traveller of this age; choose a plan that accepts them.",
      },
    ]);
    // The plan that takes them books.
    const gold = plans.find((plan) => plan.planId === "pasargad-schengen-gold")!;
    expect((await book(gold.offerId, [adult, elder])).status).toBe(201);

    const past = await book(gold.offerId, [adult], { startDate: "2026-11-30" });
    expect(fields(past)).toEqual([["startDate", "COVER_START_INVALID"]]);
    const { passportNumber: _number, ...withoutPassport } = adult;
    expect(fields(await book(gold.offerId, [withoutPassport]))).toEqual([["passengers.0.passportNumber", "REQUIRED"]]);
    expect(fields(await book(undefined, [adult]))).toEqual([["offerId", "REQUIRED"]]);
    expect((await book("ins1:nope:DE:7:2026-12-10", [adult])).status).toBe(422);
  });

  it("moves the start of cover when the booking asks, pricing ages on it", async () => {
    const [gold] = (await plansFor(`${SEARCH}&birth=${ADULT}`)).plans;
    const created = await book(gold!.offerId, [adult], { startDate: "2026-12-20" });
    expect(created.status, created.body).toBe(201);
    const read = json<BookingBody>(await get(`/api/v1/bookings/${json<{ hashId: string }>(created).hashId}`));
    expect(read.items[0]).toMatchObject({ startDate: "2026-12-20", endDate: "2026-12-26" });
  });

  it("answers 503 where the deployment has no insurer", async () => {
    const bare = await startTestServer(database.handle, {}, { clock, insurance: null });
    try {
      expect((await rawRequest(bare.port, { path: `/api/v1/insurance/plans?${SEARCH}&birth=${ADULT}` })).status).toBe(503);
      const booked = await rawRequest(bare.port, {
        method: "POST",
        path: "/api/v1/bookings",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ service: "insurance", offerId: "ins1:x:DE:7:2026-12-10", passengers: [adult], contact: { mobile: MOBILE } }),
      });
      expect(booked.status).toBe(503);
    } finally {
      await bare.close();
    }
  });
});
