/**
 * Booking trains through the bookings API (issue 18), on the real server and each database engine:
 * a round trip with meals, services and a car, paid once at the sandbox bank, tickets issued with
 * wagon, compartment and bed, read back, printed and refunded in Raja's window; and the train's own
 * refusals (a foreign national on a train that takes none, a meal the train does not sell, a car on
 * a train without car transport, a bad plate) as 422 on their fields in the request's language.
 *
 * The trains are the house supplier's on our tables, found through the search API for what the
 * test books (date-proof: the clock is pinned to a day the test chooses).
 */
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { request as httpRequest } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingRepository } from "#adapters/db/booking-repository.ts";
import { smsMessages } from "#adapters/db/schema.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { addDays, addYears, tehranToday } from "#core/search/dates.ts";
import type { TrainOffer } from "#core/trains/train.ts";
import { writeTrainInventory } from "#server/database-adapters.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { pdfText } from "../support/pdf.ts";
import { startTestServer } from "../support/server.ts";

/** The hidden fields and action of the auto-submitting form a bank page answers with. */
function bankForm(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? "";
  const fields = Object.fromEntries(
    [...html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!.replace(/&amp;/g, "&")]),
  );
  return { action, fields };
}

const MOBILE = "09121234567";

interface ErrorBody {
  error: { code: string; message: string; fields?: { field: string; code: string; message: string }[] };
}
interface BookingBody {
  reference: string;
  hashId: string;
  status: string;
  service: string;
  price: { base: number; taxes: number; discount: number; total: number };
  items: {
    position: number;
    trainNumber: string;
    base: number;
    services: { passenger: number; code: string; price: number }[];
    vehicle: { ownerPassenger: number; plate: string | null; type: string; price: number } | null;
  }[];
  tickets: {
    flightNumber: string | null;
    pnr: string;
    passenger: number;
    leg: number;
    placement: { wagon: number; compartment: number | null; bed: number } | null;
  }[];
}

describe.each(ENGINES)("booking trains through the API on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const firstDate = addDays(tehranToday(new Date()), 1);
  const outDate = addDays(firstDate, 1);
  const backDate = addDays(firstDate, 3);
  // "Now" is 08:00 in Tehran on the first day trains run, whatever the calendar says; tests move it on.
  let now = new Date(`${firstDate}T08:00:00+03:30`);
  const clock = { now: () => now };
  let issued: { hashId: string; total: number; offers: TrainOffer[] } | undefined;
  const json = <T>(response: RawResponse) => JSON.parse(response.body) as T;
  const post = (path: string, body: unknown, type = "application/json") =>
    rawRequest(server.port, {
      method: "POST",
      path,
      headers: { "content-type": type },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const getPdf = (path: string) =>
    new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port: server.port, path, headers: { host: `localhost:${server.port}` } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end();
    });

  const ali = (services: { leg: number; code: string }[] = []) => ({
    type: "adult",
    firstName: "علی",
    lastName: "رضایی",
    gender: "male",
    birthDate: "1990-05-01",
    nationalCode: "0499370899",
    services,
  });
  const maryam = (services: { leg: number; code: string }[] = []) => ({
    type: "adult",
    firstName: "مریم",
    lastName: "کریمی",
    gender: "female",
    birthDate: "1992-11-02",
    nationalCode: "0012345679",
    services,
  });
  const infant = () => ({
    type: "infant",
    firstName: "امیر",
    lastName: "رضایی",
    gender: "male",
    birthDate: addYears(outDate, -1),
    nationalCode: "2721123459",
  });
  const turkish = () => ({
    type: "adult",
    firstName: "Ayse",
    lastName: "Yilmaz",
    firstNameLatin: "Ayse",
    lastNameLatin: "Yilmaz",
    gender: "female",
    birthDate: "1988-02-11",
    nationality: "TR",
    passportNumber: "U1234567",
    passportCountry: "TR",
    passportExpiry: "2032-06-30",
  });

  /** The trains of a day between two stations, as the search API offers them (in English) for two adults and an infant. */
  async function search(from: string, to: string, date: string): Promise<TrainOffer[]> {
    const answer = await rawRequest(server.port, {
      path: `/api/v1/trains/search?from=${from}&to=${to}&date=${date}&adults=2&infants=1&lang=en`,
    });
    expect(answer.status, answer.body).toBe(200);
    return json<{ offers: TrainOffer[] }>(answer).offers;
  }
  /** Free beds of an offer now, as the search API counts them. */
  async function freeBeds(offer: TrainOffer): Promise<number> {
    const again = (await search(offer.from, offer.to, offer.departAt.slice(0, 10))).find((found) => found.offerId === offer.offerId);
    return again?.seatsLeft ?? 0;
  }
  const pricedMeal = (offer: TrainOffer) => offer.extras.filter((extra) => extra.kind === "meal").sort((a, b) => b.price - a.price)[0]!;
  const includedOrOtherMeal = (offer: TrainOffer, not: string) =>
    offer.extras.find((extra) => extra.kind === "meal" && extra.code !== not)!;
  const aService = (offer: TrainOffer) => offer.extras.find((extra) => extra.kind === "service")!;
  const withCars = (offers: TrainOffer[]) => offers.find((offer) => offer.carTransport !== null)!;
  const withoutForeigners = (offers: TrainOffer[]) => offers.find((offer) => !offer.foreignersAllowed)!;

  /** Pays a held booking at the sandbox bank; where the callback sends the buyer. */
  async function payAtBank(hashId: string): Promise<string> {
    const pay = await post(`/api/v1/bookings/${hashId}/pay`, { gateway: "sandbox" });
    expect(pay.status, pay.body).toBe(200);
    const bankPath = new URL(json<{ redirectUrl: string }>(pay).redirectUrl).pathname;
    const paid = await post(bankPath, "action=pay", "application/x-www-form-urlencoded");
    const form = bankForm(paid.body);
    expect(form.fields.status).toBe("OK");
    const back = await post("/payment/callback/sandbox", new URLSearchParams(form.fields).toString(), "application/x-www-form-urlencoded");
    expect(back.status).toBe(303);
    return String(back.headers.location);
  }

  /** A refusal's fields as [field, code, message]. */
  function refusedFields(response: RawResponse): [string, string, string][] {
    expect(response.status, response.body).toBe(422);
    const { error } = json<ErrorBody>(response);
    expect(error.code).toBe("VALIDATION_FAILED");
    return (error.fields ?? []).map((field) => [field.field, field.code, field.message]);
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    await writeTrainInventory(database.handle, { info: () => {} });
    server = await startTestServer(database.handle, {}, { clock });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("books a round trip with meals, services and a car, pays once, issues tickets with their places and prints them", async () => {
    const out = withCars(await search("tehran", "mashhad", outDate));
    const back = withCars(await search("mashhad", "tehran", backDate));
    const freeBefore = [await freeBeds(out), await freeBeds(back)];
    // Two adult beds and an infant on a lap each way; a meal each out, a service back; a sedan both ways.
    const outFare = 2 * out.price.adult + out.price.infant;
    const backFare = 2 * back.price.adult + back.price.infant;
    const sedan = out.carTransport!.sedan;
    const backSedan = back.carTransport!.sedan;
    const meal = pricedMeal(out);
    const secondMeal = includedOrOtherMeal(out, meal.code);
    const service = aService(back);
    const expectedFare = outFare + meal.price + secondMeal.price + sedan + (backFare + service.price + backSedan);

    const created = await post("/api/v1/bookings?lang=en", {
      service: "train",
      offerId: out.offerId,
      returnOfferId: back.offerId,
      passengers: [
        ali([
          { leg: 0, code: meal.code },
          { leg: 1, code: service.code },
        ]),
        maryam([{ leg: 0, code: secondMeal.code }]),
        infant(),
      ],
      contact: { mobile: MOBILE },
      vehicle: { ownerPassenger: 0, plate: "۱۲ ب ۳۴۵ ایران ۶۷", type: "sedan" },
      expectedFare,
    });
    expect(created.status, created.body).toBe(201);
    const booking = json<{ reference: string; hashId: string; total: number; status: string }>(created);
    expect(booking).toMatchObject({ status: "held", total: expectedFare });
    // Two beds held on each train: infants take none.
    expect([await freeBeds(out), await freeBeds(back)]).toEqual(freeBefore.map((beds) => beds - 2));

    const held = json<BookingBody>(await rawRequest(server.port, { path: `/api/v1/bookings/${booking.hashId}` }));
    expect(held.service).toBe("train");
    expect(held.items.map((item) => [item.trainNumber, item.base])).toEqual([
      [out.trainNumber, outFare + meal.price + secondMeal.price + sedan],
      [back.trainNumber, backFare + service.price + backSedan],
    ]);
    expect(held.items[0]!.services).toEqual([
      expect.objectContaining({ passenger: 0, code: meal.code, price: meal.price }),
      expect.objectContaining({ passenger: 1, code: secondMeal.code, price: secondMeal.price }),
    ]);
    expect(held.items[1]!.services).toEqual([expect.objectContaining({ passenger: 0, code: service.code, price: service.price })]);
    // The plate as typed in Persian digits, stored in its one canonical form.
    expect(held.items.map((item) => item.vehicle)).toEqual([
      { ownerPassenger: 0, plate: "12ب345-67", chassis: null, type: "sedan", price: sedan },
      { ownerPassenger: 0, plate: "12ب345-67", chassis: null, type: "sedan", price: backSedan },
    ]);

    const location = await payAtBank(booking.hashId);
    expect(location).toMatch(new RegExp(`^/payment/paymentp/${booking.reference}/[A-Za-z0-9_-]+/issued$`));
    const tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    const stored = (await createBookingRepository(database.handle.db).findByHashId(tenantId, booking.hashId))!;
    expect(stored.status).toBe("issued");

    const read = json<BookingBody>(await rawRequest(server.port, { path: `/api/v1/bookings/${booking.hashId}` }));
    // A ticket per traveller per train, each with its wagon, compartment and bed.
    expect(read.tickets).toHaveLength(6);
    for (const ticket of read.tickets) {
      expect(ticket.placement).toEqual({ wagon: expect.any(Number), compartment: expect.any(Number), bed: expect.any(Number) });
      expect([out.trainNumber, back.trainNumber]).toContain(ticket.flightNumber);
    }
    const outTickets = read.tickets.filter((ticket) => ticket.flightNumber === out.trainNumber);
    expect(outTickets.map((ticket) => ticket.passenger).sort()).toEqual([0, 1, 2]);
    // The two adults have beds of their own.
    const [first, second] = outTickets.sort((a, b) => a.passenger - b.passenger);
    expect(first!.placement).not.toEqual(second!.placement);

    const texts = await database.handle.db.select({ text: smsMessages.text }).from(smsMessages).where(eq(smsMessages.mobile, MOBILE));
    const ticketSms = texts.find((message) => message.text.includes(booking.reference));
    expect(ticketSms?.text).toContain(out.trainNumber);
    // Stations by name in the booking's language, not by their codes.
    expect(ticketSms?.text).toContain("Mashhad");
    expect(ticketSms?.text).not.toContain("mashhad");
    expect(ticketSms?.text).toContain(first!.pnr);

    const pdf = await getPdf(`/api/v1/bookings/${booking.hashId}/ticket.pdf?lang=en`);
    expect(pdf.status).toBe(200);
    expect(pdf.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfText(pdf.body).replace(/\s+/g, " ");
    const { wagon, compartment, bed } = first!.placement!;
    expect(text).toContain(`Wagon ${wagon}, compartment ${compartment}, bed ${bed}`);
    expect(text).toContain(CATALOGS.en["ticket.title.train"]);
    expect(text).toContain(meal.name);
    expect(text).toContain(first!.pnr);
    issued = { hashId: booking.hashId, total: booking.total, offers: [out, back] };
  });

  it("quotes the refund in Raja's window before noon the day before, refunds it and puts the beds back on sale", async () => {
    const booking = issued!;
    const freeBefore = await Promise.all(booking.offers.map(freeBeds));
    // Past the free hour after issue, well before noon of the day before the outbound.
    now = new Date(now.getTime() + 2 * 3_600_000);
    const quoted = await post(`/api/v1/bookings/${booking.hashId}/refund-quote`, {});
    expect(quoted.status, quoted.body).toBe(200);
    const quote = json<{
      paid: number;
      penalty: number;
      refundAmount: number;
      lines: { flightNumber: string; penaltyPercent: number; window: { label: string; endsAt?: string | null } }[];
    }>(quoted);
    expect(quote.paid).toBe(booking.total);
    expect(quote.lines.map((line) => [line.flightNumber, line.penaltyPercent, line.window.label])).toEqual([
      [booking.offers[0]!.trainNumber, 10, "before"],
      [booking.offers[1]!.trainNumber, 10, "before"],
    ]);
    expect(quote.lines[0]!.window.endsAt).toBe(new Date(`${addDays(outDate, -1)}T12:00:00+03:30`).toISOString());
    expect(quote.penalty + quote.refundAmount).toBe(quote.paid);

    const refunded = await post(`/api/v1/bookings/${booking.hashId}/refund`, { to: "card", sheba: "IR820540102680020817909002" });
    expect(refunded.status, refunded.body).toBe(200);
    expect(await Promise.all(booking.offers.map(freeBeds))).toEqual(freeBefore.map((beds) => beds + 2));
  });

  it("refuses a foreign national on a train that takes none, on the nationality field, in the request's language", async () => {
    const train = withoutForeigners(await search("tehran", "mashhad", outDate));
    const freeBefore = await freeBeds(train);
    const request = { service: "train", offerId: train.offerId, passengers: [ali(), turkish()], contact: { mobile: MOBILE } };
    expect(refusedFields(await post("/api/v1/bookings?lang=en", request))).toEqual([
      ["passengers.1.nationality", "FOREIGN_NOT_ALLOWED", "Booking of foreign nationals is not possible for this train."],
    ]);
    expect(refusedFields(await post("/api/v1/bookings", request))).toEqual([
      ["passengers.1.nationality", "FOREIGN_NOT_ALLOWED", "امکان رزرو اتباع خارجی برای این قطار وجود ندارد."],
    ]);
    expect(await freeBeds(train)).toBe(freeBefore);
  });

  it("refuses a service the train does not sell, a car on a train without cars and a bad plate, each on its field", async () => {
    const offers = await search("tehran", "mashhad", outDate);
    const carrying = withCars(offers);
    const noCars = offers.find((offer) => offer.carTransport === null)!;
    const freeBefore = [await freeBeds(carrying), await freeBeds(noCars)];
    const book = (offerId: string, extra: Record<string, unknown>) =>
      post("/api/v1/bookings?lang=en", { service: "train", offerId, passengers: [ali(), maryam()], contact: { mobile: MOBILE }, ...extra });

    expect(
      refusedFields(
        await book(carrying.offerId, {
          passengers: [
            ali([
              { leg: 0, code: "snack" },
              { leg: 0, code: "caviar" },
            ]),
            maryam(),
          ],
        }),
      ),
    ).toEqual([["passengers.0.services.1", "EXTRA_UNAVAILABLE", "This meal or service is not offered on this train."]]);
    expect(refusedFields(await book(noCars.offerId, { vehicle: { ownerPassenger: 1, plate: "12ب345-67", type: "sedan" } }))).toEqual([
      ["vehicle.type", "VEHICLE_NOT_CARRIED", "This train does not carry cars."],
    ]);
    expect(refusedFields(await book(carrying.offerId, { vehicle: { ownerPassenger: 1, plate: "12-345-67", type: "suv" } }))).toEqual([
      ["vehicle.plate", "PLATE_INVALID", "The plate number is not valid; enter it like 12B345-67."],
    ]);
    expect(
      refusedFields(await book(carrying.offerId, { vehicle: { ownerPassenger: 5, chassis: "NAAM01CA9KK123456", type: "suv" } })),
    ).toEqual([["vehicle.ownerPassenger", "VEHICLE_OWNER_INVALID", "The vehicle's owner must be one of the passengers."]]);
    // The travellers' own refusals come back with the choices' in one answer.
    const both = refusedFields(
      await book(carrying.offerId, {
        passengers: [{ ...ali(), nationalCode: "0499370898" }, maryam()],
        vehicle: { ownerPassenger: 1, plate: "12-345-67", type: "suv" },
      }),
    );
    expect(both.map(([field, code]) => [field, code])).toEqual([
      ["passengers.0.nationalCode", "NATIONAL_CODE_INVALID"],
      ["vehicle.plate", "PLATE_INVALID"],
    ]);
    expect([await freeBeds(carrying), await freeBeds(noCars)]).toEqual(freeBefore);
  });

  it("quotes each of Raja's windows as the clock moves: free for an hour after issue, 10% to noon the day before, 30%, 50%, nothing after departure", async () => {
    const start = now;
    try {
      now = new Date(`${firstDate}T08:00:00+03:30`);
      const train = (await search("tehran", "mashhad", backDate)).find((offer) => offer.seatsLeft >= 1 && offer.foreignersAllowed)!;
      const created = await post("/api/v1/bookings", {
        service: "train",
        offerId: train.offerId,
        passengers: [ali()],
        contact: { mobile: MOBILE },
      });
      expect(created.status, created.body).toBe(201);
      const { hashId } = json<{ hashId: string }>(created);
      await payAtBank(hashId);
      const issuedAt = now.getTime();
      const departAt = Date.parse(train.departAt);
      const noonBefore = Date.parse(`${addDays(backDate, -1)}T12:00:00+03:30`);
      const quoteAt = async (instant: number) => {
        now = new Date(instant);
        const quoted = await post(`/api/v1/bookings/${hashId}/refund-quote`, {});
        expect(quoted.status, quoted.body).toBe(200);
        const [line] = json<{
          lines: { penaltyPercent: number; refundAmount: number; window: { label: string; endsAt: string | null } }[];
        }>(quoted).lines;
        return [line!.penaltyPercent, line!.window.label, line!.window.endsAt];
      };
      expect(await quoteAt(issuedAt + 30 * 60_000)).toEqual([0, "free-after-issue", new Date(issuedAt + 60 * 60_000).toISOString()]);
      expect(await quoteAt(issuedAt + 61 * 60_000)).toEqual([10, "before", new Date(noonBefore).toISOString()]);
      expect(await quoteAt(noonBefore)).toEqual([10, "before", new Date(noonBefore).toISOString()]);
      expect(await quoteAt(noonBefore + 1)).toEqual([30, "before", new Date(departAt - 180 * 60_000).toISOString()]);
      expect(await quoteAt(departAt - 2 * 3_600_000)).toEqual([50, "last", new Date(departAt).toISOString()]);
      expect(await quoteAt(departAt + 60_000)).toEqual([100, "after-departure", null]);
    } finally {
      now = start;
    }
  });

  it("answers 503 where the deployment has no train inventory", async () => {
    const bare = await startTestServer(database.handle, {}, { clock, trains: null });
    try {
      const answer = await rawRequest(bare.port, {
        method: "POST",
        path: "/api/v1/bookings?lang=en",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ service: "train", offerId: "352@2030-01-01", passengers: [ali()], contact: { mobile: MOBILE } }),
      });
      expect(answer.status, answer.body).toBe(503);
      expect(json<ErrorBody>(answer).error.code).toBe("UNAVAILABLE");
    } finally {
      await bare.close();
    }
  });
});
