/**
 * Tickets and refunds through the bookings API (issue 8), on each database engine: a booking paid
 * at the sandbox bank over HTTP reads back with its tickets and payment, prints as a PDF e-ticket,
 * is quoted by its fares' refund rules at the server's time, and is refunded once to a Sheba
 * account with its seats back on sale. Bookings that are not issued are refused (409).
 */
import { request as httpRequest } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flightFares, flightRefundRules, refunds } from "#adapters/db/schema.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import type { RefundRule } from "#core/flights/flight.ts";
import { refundQuote } from "#core/refunds/penalty.ts";
import { addDays, addYears, readableDate, tehranToday } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { pdfText } from "../support/pdf.ts";
import { startTestServer } from "../support/server.ts";

interface Offer {
  offerId: string;
  flightNumber: string;
  refundable: boolean;
  price: { adult: number; child: number; infant: number; total: number };
}
/** Inventory is generated for the days around today, so which fares are refundable varies: tests refund refundable ones. */
const refundableOnly = (offers: Offer[]) => offers.filter((offer) => offer.refundable);
interface Created {
  reference: string;
  hashId: string;
  total: number;
}
interface BookingBody {
  status: string;
  items: { position: number; flightNumber: string; departAt: string; base: number; taxes: number; seats: number }[];
  tickets: { flightNumber: string; pnr: string; ticketNumber: string; passenger: number }[];
  payments: Record<string, unknown>[];
  refund?: { paid: number; penalty: number; amount: number; status: string; destination: string };
}
interface Quote {
  paid: number;
  penalty: number;
  refundAmount: number;
  lines: {
    flightNumber: string;
    paid: number;
    penaltyPercent: number;
    penalty: number;
    refundAmount: number;
    window: { minutesBefore: number | null; label: string; endsAt: string | null };
    ruleId: string;
  }[];
  rule: string[];
}
interface ErrorBody {
  error: { code: string; message: string; fields?: { field: string; code: string; message: string }[] };
}

/** The hidden fields and action of the auto-submitting form a bank page answers with. */
function bankForm(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? "";
  const fields = Object.fromEntries(
    [...html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!.replace(/&amp;/g, "&")]),
  );
  return { action, fields };
}

const VALID_SHEBA = "IR820540102680020817909002";

describe.each(ENGINES)("tickets and refunds over the API on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  // The server's clock: real time unless a test moves it (and puts it back).
  let now = new Date();
  const clock = { now: () => now };
  const outDate = addDays(tehranToday(new Date()), 2);
  const backDate = addDays(outDate, 1);

  const json = <T>(response: RawResponse) => JSON.parse(response.body) as T;
  const get = (path: string, host?: string) => rawRequest(server.port, { path, ...(host ? { host } : {}) });
  /** A GET whose body stays bytes (a PDF). */
  const getPdf = (path: string) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port: server.port, path, headers: { host: `localhost:${server.port}` } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end();
    });
  const post = (path: string, body?: unknown, type = "application/json") =>
    rawRequest(server.port, {
      method: "POST",
      path,
      headers: body === undefined ? {} : { "content-type": type },
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });

  const adult = {
    type: "adult",
    firstName: "علی",
    lastName: "رضایی",
    firstNameLatin: "Ali",
    lastNameLatin: "Rezaei",
    gender: "male",
    birthDate: "1990-05-17",
    nationalCode: "0499370899",
  };
  const child = {
    ...adult,
    type: "child",
    firstName: "سارا",
    firstNameLatin: "Sara",
    gender: "female",
    birthDate: addYears(backDate, -5),
    nationalCode: "1234567891",
  };
  const infant = {
    ...adult,
    type: "infant",
    firstName: "امیر",
    firstNameLatin: "Amir",
    birthDate: addYears(backDate, -1),
    nationalCode: "2721123459",
  };

  const seatsOf = async (offerId: string) =>
    (await database.handle.db.select({ seats: flightFares.seatsAvailable }).from(flightFares).where(eq(flightFares.id, offerId)))[0]!.seats;
  async function ruleOf(offerId: string): Promise<RefundRule> {
    const [row] = await database.handle.db
      .select({ rule: flightRefundRules })
      .from(flightFares)
      .innerJoin(flightRefundRules, eq(flightFares.refundRuleId, flightRefundRules.id))
      .where(eq(flightFares.id, offerId));
    const { id, airlineCode, fareClasses, charter, refundable, windows, afterDeparturePercent } = row!.rule;
    return { id, airlineCode, fareClasses, charter, refundable, windows, afterDeparturePercent };
  }

  /** A held booking: a round trip for an adult, a child and an infant, or one way for an adult. */
  async function heldBooking(roundTrip: boolean, offerIndex = 0): Promise<Created & { offerIds: string[] }> {
    const party = roundTrip ? "adults=1&children=1&infants=1" : "adults=1";
    const search = await get(
      `/api/v1/flights/search?from=THR&to=MHD&date=${outDate}${roundTrip ? `&returnDate=${backDate}` : ""}&${party}`,
    );
    expect(search.status).toBe(200);
    const { offers, returnOffers } = json<{ offers: Offer[]; returnOffers?: Offer[] }>(search);
    const out = refundableOnly(offers)[offerIndex]!;
    const back = roundTrip ? refundableOnly(returnOffers!)[offerIndex]! : null;
    const created = await post("/api/v1/bookings", {
      offerId: out.offerId,
      ...(back ? { returnOfferId: back.offerId } : {}),
      passengers: roundTrip ? [adult, child, infant] : [adult],
      contact: { mobile: "09121234567" },
    });
    expect(created.status, created.body).toBe(201);
    return { ...json<Created>(created), offerIds: back ? [out.offerId, back.offerId] : [out.offerId] };
  }

  /** Paid at the sandbox bank, the way a browser does it: the bank's page, its auto-submitting form, the callback. */
  async function payAtBank(hashId: string): Promise<void> {
    const pay = await post(`/api/v1/bookings/${hashId}/pay`, { gateway: "sandbox" });
    expect(pay.status, pay.body).toBe(200);
    const bankPath = new URL(json<{ redirectUrl: string }>(pay).redirectUrl).pathname;
    expect((await get(bankPath)).status).toBe(200);
    const form = bankForm((await post(bankPath, "action=pay", "application/x-www-form-urlencoded")).body);
    expect(new URL(form.action).pathname).toBe("/payment/callback/sandbox");
    const back = await post("/payment/callback/sandbox", new URLSearchParams(form.fields).toString(), "application/x-www-form-urlencoded");
    expect(back.status).toBe(303);
    expect(String(back.headers.location)).toMatch(/\/issued$/);
  }

  async function issuedBooking(roundTrip: boolean, offerIndex = 0) {
    const booking = await heldBooking(roundTrip, offerIndex);
    await payAtBank(booking.hashId);
    return booking;
  }

  /** What penalty.ts says for each leg of a booking at `at`, from the rules stored for its fares. */
  async function expectedQuote(booking: BookingBody, offerIds: string[], at: Date) {
    const lines = [];
    for (const [index, item] of booking.items.entries()) {
      const rule = await ruleOf(offerIds[index]!);
      const quote = refundQuote({ rule, paid: item.base + item.taxes, departAt: new Date(item.departAt), now: at });
      if (!quote.ok) throw new Error(`leg ${index} is not refundable`);
      lines.push({
        flightNumber: item.flightNumber,
        paid: item.base + item.taxes,
        penaltyPercent: quote.penaltyPercent,
        penalty: quote.penalty,
        refundAmount: quote.refundAmount,
        window: quote.window,
        ruleId: rule.id,
      });
    }
    return {
      paid: lines.reduce((sum, line) => sum + line.paid, 0),
      penalty: lines.reduce((sum, line) => sum + line.penalty, 0),
      refundAmount: lines.reduce((sum, line) => sum + line.refundAmount, 0),
      lines,
      rule: lines.map((line) => line.ruleId),
    };
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate: addDays(outDate, -1), days: 4 }),
    });
    // Search answers only for places it knows.
    await seedPlaces(database.handle.db, referencePlaces());
    server = await startTestServer(database.handle, {}, { clock });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("shows an issued round trip's tickets and payment, prints it, quotes it by its rules and refunds it once", async () => {
    const search = await get(`/api/v1/flights/search?from=THR&to=MHD&date=${outDate}&returnDate=${backDate}&adults=1&children=1&infants=1`);
    const { offers, returnOffers } = json<{ offers: Offer[]; returnOffers: Offer[] }>(search);
    const seatsBefore = [await seatsOf(refundableOnly(offers)[0]!.offerId), await seatsOf(refundableOnly(returnOffers)[0]!.offerId)];

    const booking = await issuedBooking(true);
    // An adult and a child take seats on each leg; the infant sits on a lap.
    expect(await Promise.all(booking.offerIds.map(seatsOf))).toEqual(seatsBefore.map((seats) => seats - 2));

    const read = await get(`/api/v1/bookings/${booking.hashId}`);
    expect(read.status).toBe(200);
    const body = json<BookingBody>(read);
    expect(body.status).toBe("issued");
    // One ticket per passenger per leg, the infant included.
    expect(body.tickets).toHaveLength(6);
    expect(body.tickets.map((ticket) => [ticket.flightNumber, ticket.passenger])).toEqual(
      body.items.flatMap((item) => [0, 1, 2].map((passenger) => [item.flightNumber, passenger])),
    );
    for (const ticket of body.tickets) {
      expect(ticket.pnr).toMatch(/^[A-Z0-9]{5,8}$/);
      expect(ticket.ticketNumber.length).toBeGreaterThan(5);
    }
    expect(new Set(body.tickets.map((ticket) => ticket.ticketNumber)).size).toBe(6);
    expect(body.payments).toHaveLength(1);
    expect(body.payments[0]).toMatchObject({ gateway: "sandbox", amount: booking.total, status: "verified" });
    expect(body.payments[0]!.referenceId).toEqual(expect.any(String));
    expect(Object.keys(body.payments[0]!).sort()).toEqual(["amount", "createdAt", "gateway", "hashId", "referenceId", "status"]);
    expect(body.refund).toBeUndefined();

    // The e-ticket: a PDF attachment, in the booking's language (Persian) unless asked otherwise.
    const pdf = await getPdf(`/api/v1/bookings/${booking.hashId}/ticket.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(`attachment; filename="ticket-${booking.reference}.pdf"`);
    expect(pdf.headers["cache-control"]).toBe("no-store");
    expect(pdf.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const faText = pdfText(pdf.body);
    expect(faText).toContain(booking.reference);
    for (const pnr of new Set(body.tickets.map((ticket) => ticket.pnr))) expect(faText).toContain(pnr);
    expect(faText).toContain("ALI REZAEI");
    const en = await getPdf(`/api/v1/bookings/${booking.hashId}/ticket.pdf?lang=en`);
    expect(en.status).toBe(200);
    const enText = pdfText(en.body);
    expect(enText).toContain("ALI REZAEI");
    expect(enText).toContain(body.tickets[0]!.ticketNumber);

    // The quote is the rules' at the server's time: an empty body, an empty object, the same answer.
    now = new Date();
    const quoted = await post(`/api/v1/bookings/${booking.hashId}/refund-quote`);
    expect(quoted.status, quoted.body).toBe(200);
    const expected = await expectedQuote(body, booking.offerIds, now);
    expect(json<Quote>(quoted)).toEqual(expected);
    expect(expected.paid).toBe(booking.total);
    const quotedWithBody = await post(`/api/v1/bookings/${booking.hashId}/refund-quote`, {});
    expect(json<Quote>(quotedWithBody)).toEqual(expected);
    expect((await post(`/api/v1/bookings/${booking.hashId}/refund-quote`, "x", "text/plain")).status).toBe(415);

    // Refusals change nothing: a bad Sheba, a wallet (a guest booking has none), a wrong shape.
    const badSheba = await post(`/api/v1/bookings/${booking.hashId}/refund?lang=en`, { to: "card", sheba: "IR820540102680020817909003" });
    expect(badSheba.status).toBe(422);
    const shebaMessage = CATALOGS.en["follow.error.SHEBA_INVALID"];
    expect(json<ErrorBody>(badSheba).error).toEqual({
      code: "SHEBA_INVALID",
      message: shebaMessage,
      fields: [{ field: "sheba", code: "SHEBA_INVALID", message: shebaMessage }],
    });
    const wallet = await post(`/api/v1/bookings/${booking.hashId}/refund`, { to: "wallet" });
    expect(wallet.status).toBe(422);
    expect(json<ErrorBody>(wallet).error).toMatchObject({
      code: "DESTINATION_UNAVAILABLE",
      fields: [{ field: "to", code: "DESTINATION_UNAVAILABLE" }],
    });
    const shapeless = await post(`/api/v1/bookings/${booking.hashId}/refund`, { sheba: VALID_SHEBA });
    expect(shapeless.status).toBe(422);
    expect(json<ErrorBody>(shapeless).error).toMatchObject({ code: "VALIDATION_FAILED", fields: [{ field: "to", code: "REQUIRED" }] });
    expect(json<BookingBody>(await get(`/api/v1/bookings/${booking.hashId}`)).status).toBe("issued");

    // Confirmed: the booking waits for its refund and the seats are back on sale.
    const refunded = await post(`/api/v1/bookings/${booking.hashId}/refund`, { to: "card", sheba: "ir82 0540 1026 8002 0817 9090 02" });
    expect(refunded.status, refunded.body).toBe(200);
    expect(json(refunded)).toEqual({
      status: "refund_requested",
      refund: { paid: expected.paid, penalty: expected.penalty, amount: expected.refundAmount, destination: "card", sheba: VALID_SHEBA },
    });
    expect(await Promise.all(booking.offerIds.map(seatsOf))).toEqual(seatsBefore);
    const after = json<BookingBody>(await get(`/api/v1/bookings/${booking.hashId}`));
    expect(after.status).toBe("refund_requested");
    expect(after.refund).toMatchObject({
      paid: expected.paid,
      penalty: expected.penalty,
      amount: expected.refundAmount,
      status: "requested",
      destination: "card",
    });

    // A second confirmation (another tab) is refused and records nothing more.
    const again = await post(`/api/v1/bookings/${booking.hashId}/refund`, { to: "card", sheba: VALID_SHEBA });
    expect(again.status).toBe(409);
    expect(json<ErrorBody>(again).error.code).toBe("NOT_REFUNDABLE_NOW");
    // The only refund of this database so far.
    expect(await database.handle.db.select({ penalty: refunds.penalty, sheba: refunds.sheba }).from(refunds)).toEqual([
      { penalty: expected.penalty, sheba: VALID_SHEBA },
    ]);
    expect(await Promise.all(booking.offerIds.map(seatsOf))).toEqual(seatsBefore);
    expect((await post(`/api/v1/bookings/${booking.hashId}/refund-quote`)).status).toBe(409);
    const pdfAfter = await getPdf(`/api/v1/bookings/${booking.hashId}/ticket.pdf`);
    expect(pdfAfter.status).toBe(409);
    expect((JSON.parse(pdfAfter.body.toString("utf8")) as ErrorBody).error.code).toBe("NOT_ISSUED");
  });

  it("quotes the window of the moment: an hour before departure costs the last window's penalty", async () => {
    const booking = await issuedBooking(false, 1);
    const body = json<BookingBody>(await get(`/api/v1/bookings/${booking.hashId}`));
    const early = new Date();
    const late = new Date(Date.parse(body.items[0]!.departAt) - 60 * 60_000);
    try {
      now = early;
      expect(json<Quote>(await post(`/api/v1/bookings/${booking.hashId}/refund-quote`, {}))).toEqual(
        await expectedQuote(body, booking.offerIds, early),
      );
      now = late;
      const quote = json<Quote>(await post(`/api/v1/bookings/${booking.hashId}/refund-quote`, {}));
      expect(quote).toEqual(await expectedQuote(body, booking.offerIds, late));
      expect(quote.lines[0]!.window).toEqual({ minutesBefore: 0, label: "last", endsAt: new Date(body.items[0]!.departAt).toISOString() });
    } finally {
      now = new Date();
    }
  });

  it("quotes a window to noon the day before with its end, and /follow tells it in words before the traveller confirms", async () => {
    const booking = await issuedBooking(false, 4);
    const body = json<BookingBody>(await get(`/api/v1/bookings/${booking.hashId}`));
    const departAt = new Date(body.items[0]!.departAt);
    // Raja's windows on this fare (a train's rule has the same shape): the pipeline reads them whatever the service.
    const rule = await ruleOf(booking.offerIds[0]!);
    await database.handle.db.insert(flightRefundRules).values({
      id: "TEST-NOON",
      airlineCode: rule.airlineCode,
      fareClasses: rule.fareClasses,
      charter: false,
      refundable: true,
      windows: [
        { noonDaysBefore: 1, penaltyPercent: 10 },
        { minutesBefore: 180, penaltyPercent: 30 },
        { minutesBefore: 0, penaltyPercent: 50 },
      ],
      afterDeparturePercent: 100,
    });
    await database.handle.db.update(flightFares).set({ refundRuleId: "TEST-NOON" }).where(eq(flightFares.id, booking.offerIds[0]!));
    const noonDay = addDays(tehranToday(departAt), -1);
    const noon = new Date(`${noonDay}T12:00:00+03:30`);
    const paid = body.items[0]!.base + body.items[0]!.taxes;
    try {
      // The day before the noon: 10% until then.
      now = new Date(noon.getTime() - 25 * 60 * 60_000);
      const early = json<Quote>(await post(`/api/v1/bookings/${booking.hashId}/refund-quote`, {}));
      expect(early).toEqual(await expectedQuote(body, booking.offerIds, now));
      expect(early.lines[0]).toMatchObject({
        penaltyPercent: 10,
        penalty: Math.floor(paid / 10),
        window: { minutesBefore: null, label: "before", endsAt: noon.toISOString() },
        ruleId: "TEST-NOON",
      });

      const en = await get(`/en/follow?booking=${booking.hashId}`);
      expect(en.status).toBe(200);
      expect(en.body).toContain(`10% penalty until 12:00 on ${readableDate(noonDay, "en", "gregorian", false)}`);
      expect(en.body).toContain(CATALOGS.en["follow.refund.timeline"]);
      for (const text of [
        "30% penalty until 3 hours before departure",
        "50% penalty until departure",
        "Nothing is refunded after departure",
      ])
        expect(en.body).toContain(text);
      const fa = await get(`/follow?booking=${booking.hashId}`);
      expect(fa.body).toContain(`جریمه ۱۰٪ تا ساعت ۱۲:۰۰ ${readableDate(noonDay, "fa", "persian", false)}`);

      // A millisecond past the noon: 30% until 3 h before departure.
      now = new Date(noon.getTime() + 1);
      const later = json<Quote>(await post(`/api/v1/bookings/${booking.hashId}/refund-quote`, {}));
      expect(later.lines[0]).toMatchObject({
        penaltyPercent: 30,
        window: { minutesBefore: 180, label: "before", endsAt: new Date(departAt.getTime() - 180 * 60_000).toISOString() },
      });
      expect((await get(`/en/follow?booking=${booking.hashId}`)).body).toContain(
        "<strong>30% penalty until 3 hours before departure (now)</strong>",
      );
    } finally {
      now = new Date();
    }
  });

  it("refuses a fare that cannot be refunded: 409 NON_REFUNDABLE, the booking stays issued", async () => {
    const booking = await issuedBooking(false, 2);
    const nonRefundable = REFUND_RULES.find((rule) => !rule.refundable)!;
    await database.handle.db.update(flightFares).set({ refundRuleId: nonRefundable.id }).where(eq(flightFares.id, booking.offerIds[0]!));
    const quote = await post(`/api/v1/bookings/${booking.hashId}/refund-quote?lang=en`);
    expect(quote.status).toBe(409);
    expect(json<ErrorBody>(quote).error).toMatchObject({ code: "NON_REFUNDABLE", message: CATALOGS.en["follow.error.NON_REFUNDABLE"] });
    const refund = await post(`/api/v1/bookings/${booking.hashId}/refund`, { to: "card", sheba: VALID_SHEBA });
    expect(refund.status).toBe(409);
    expect(json<ErrorBody>(refund).error.code).toBe("NON_REFUNDABLE");
    expect(json<BookingBody>(await get(`/api/v1/bookings/${booking.hashId}`)).status).toBe("issued");
  });

  it("refuses bookings that are not issued (409) and others' or unknown bookings (404)", async () => {
    const held = await heldBooking(false, 3);
    const read = json<BookingBody>(await get(`/api/v1/bookings/${held.hashId}`));
    expect(read.tickets).toEqual([]);
    expect(read.payments).toEqual([]);
    const pdf = await getPdf(`/api/v1/bookings/${held.hashId}/ticket.pdf`);
    expect(pdf.status).toBe(409);
    expect(pdf.headers["content-type"]).toMatch(/^application\/json/);
    expect((JSON.parse(pdf.body.toString("utf8")) as ErrorBody).error.code).toBe("NOT_ISSUED");
    const quote = await post(`/api/v1/bookings/${held.hashId}/refund-quote`, {});
    expect(quote.status).toBe(409);
    expect(json<ErrorBody>(quote).error).toMatchObject({
      code: "NOT_REFUNDABLE_NOW",
      message: CATALOGS.fa["follow.error.NOT_REFUNDABLE_NOW"],
    });
    const refund = await post(`/api/v1/bookings/${held.hashId}/refund`, { to: "card", sheba: VALID_SHEBA });
    expect(refund.status).toBe(409);
    expect(json<ErrorBody>(refund).error.code).toBe("NOT_REFUNDABLE_NOW");

    const unknown = "A".repeat(22);
    expect((await getPdf(`/api/v1/bookings/${unknown}/ticket.pdf`)).status).toBe(404);
    expect((await post(`/api/v1/bookings/${unknown}/refund-quote`)).status).toBe(404);
    expect((await post(`/api/v1/bookings/${unknown}/refund`, { to: "card", sheba: VALID_SHEBA })).status).toBe(404);
    // Another agency's host does not see this agency's bookings.
    const otherHost = DEMO_TENANTS[1]!.domains[0]!;
    expect((await get(`/api/v1/bookings/${held.hashId}/ticket.pdf`, otherHost)).status).toBe(404);
    expect(
      (await rawRequest(server.port, { method: "POST", path: `/api/v1/bookings/${held.hashId}/refund-quote`, host: otherHost })).status,
    ).toBe(404);
  });

  it("describes the ticket and refund endpoints and the booking's new fields in the OpenAPI document", async () => {
    type Operation = { responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> };
    type Schema = { properties?: Record<string, unknown>; enum?: string[] };
    const document = json<{ paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } }>(
      await get("/api/v1/openapi.json"),
    );
    const codesOf = (operation: Operation, status: string) => {
      const ref = operation.responses[status]!.content!["application/json"]!.schema.$ref!;
      const envelope = document.components.schemas[ref.replace("#/components/schemas/", "")] as {
        properties: { error: { properties: { code: Schema } } };
      };
      return envelope.properties.error.properties.code.enum;
    };
    const ticket = document.paths["/api/v1/bookings/{hashId}/ticket.pdf"]!.get!;
    expect(Object.keys(ticket.responses["200"]!.content!)).toEqual(["application/pdf"]);
    expect(codesOf(ticket, "409")).toEqual(["NOT_ISSUED"]);
    const quote = document.paths["/api/v1/bookings/{hashId}/refund-quote"]!.post!;
    expect(codesOf(quote, "409")).toEqual(["NOT_REFUNDABLE_NOW", "NON_REFUNDABLE", "REFUND_IN_PERSON_ONLY"]);
    const refund = document.paths["/api/v1/bookings/{hashId}/refund"]!.post!;
    expect(codesOf(refund, "422")).toEqual(expect.arrayContaining(["SHEBA_INVALID", "DESTINATION_UNAVAILABLE", "VALIDATION_FAILED"]));
    expect(Object.keys(document.components.schemas.Booking!.properties!)).toEqual(
      expect.arrayContaining(["tickets", "payments", "refund"]),
    );
  });
});
