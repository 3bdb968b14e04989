/**
 * The bus purchase pages (issue 19), without JavaScript, on the real server with the house bus
 * supplier: the passengers page puts each seat from the seat map at the top of its passenger's card
 * and links back to the map; the wrong number of seats says 'Choose a seat'; a woman on a first-row
 * seat, a woman beside a man of another booking and a seat just taken are refused on that seat with
 * everything typed kept; two seats and an infant on a lap hold the bus, the pre-invoice breaks the
 * price down seat by seat, and once paid the invoice and its print layouts name every seat.
 * Seats are picked from the seat map as it is, never by assuming how a generated bus is filled.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingRepository } from "#adapters/db/booking-repository.ts";
import { seedBusInventory } from "#adapters/db/seed-buses.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { createHouseBusSupplier } from "#adapters/suppliers/house/bus-supplier.ts";
import type { BusOffer, BusSeat, BusSeatMap } from "#core/buses/bus.ts";
import type { BusSupplier } from "#core/buses/supplier.ts";
import { FIRST_ROW, gendersAllowed, neighboursOf } from "#core/buses/seat-rules.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { formatNumber, translate } from "#core/i18n/messages.ts";
import { addDays } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { BUS_COMPANIES } from "#seed/buses/companies.ts";
import { BUS_LAYOUTS } from "#seed/buses/layouts.ts";
import { BUS_REFUND_RULES } from "#seed/buses/refund-rules.ts";
import { BUS_TRIPS } from "#seed/buses/schedules.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { IRAN_TERMINALS } from "#seed/places/terminals.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { payPrefactorAtSandboxBank } from "../support/sandbox-bank.ts";
import { startTestServer } from "../support/server.ts";

/** Text as React writes it into HTML. */
const escaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

/** The `<input …>` tags of a page with this name and value, to see what is typed or checked. */
const inputTags = (body: string, name: string, value: string) =>
  [...body.matchAll(/<input\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => tag.includes(`name="${name}"`) && tag.includes(`value="${value}"`));

/** Texts React wrote side by side (it separates them with an empty comment). */
const adjacent = (...texts: string[]) => new RegExp(texts.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("(?:<!-- -->)*"));

const CSRF = "b".repeat(43);
const FORM = "application/x-www-form-urlencoded";
/** Valid Iranian national codes, one per traveller. */
const NATIONAL_CODES = ["0499370899", "0012345679", "1234567891"];

type Traveller = { gender: "male" | "female"; birthDate: string };
const ADULT_MAN: Traveller = { gender: "male", birthDate: "1369/02/11" };
const ADULT_WOMAN: Traveller = { gender: "female", birthDate: "1372/06/20" };

/** Free seats side by side behind the first row that anyone may take (no stranger beside either). */
function pairBeside(map: BusSeatMap, skip: ReadonlySet<number> = new Set()): [BusSeat, BusSeat] {
  const open = (seat: BusSeat) => seat.status === "free" && !skip.has(seat.number) && gendersAllowed(map, seat).length === 2;
  for (const seat of map.seats) {
    if (seat.row === FIRST_ROW || !open(seat)) continue;
    const next = neighboursOf(map, seat).find((other) => other.column === seat.column + 1 && open(other));
    if (next) return [seat, next];
  }
  throw new Error(`no two free seats side by side on ${map.offerId}`);
}

describe.each(ENGINES)("the bus purchase pages on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let buses: BusSupplier;
  // A fixed day and a clock pinned to it: the house supplier opens its days from the clock.
  const today = "2026-03-10";
  const travelDate = addDays(today, 2);
  const now = new Date(`${today}T08:00:00+03:30`);
  const clock = { now: () => now };
  let offers: BusOffer[] = [];
  const get = (path: string) => rawRequest(server.port, { path, headers: { cookie: `hs_csrf=${CSRF}` } });
  const post = (path: string, body: URLSearchParams) =>
    rawRequest(server.port, {
      method: "POST",
      path,
      headers: { "content-type": FORM, cookie: `hs_csrf=${CSRF}` },
      body: body.toString(),
    });
  const partyQuery = (adults: number, infants: number) => `date=${travelDate}&adults=${adults}&children=0&infants=${infants}`;
  const passengersPath = (offer: BusOffer, seats: number[], infants = 0) =>
    `/bus/tehran-isfahan/passengers?offer=${encodeURIComponent(offer.offerId)}&${partyQuery(seats.length, infants)}${seats.map((seat) => `&seat=${seat}`).join("")}`;
  const mapHref = (offer: BusOffer, adults: number, infants = 0) =>
    `/bus/tehran-isfahan?${partyQuery(adults, infants)}&bus=${encodeURIComponent(offer.offerId)}#seats`;
  const expectedFareOf = (body: string) => /name="expectedFare" value="(\d+)"/.exec(body)?.[1] ?? "";
  const seatText = (seat: number, locale: "fa" | "en" = "fa") => escaped(translate(locale, "busPurchase.seat", { seat }));

  /** The travellers as the form without JavaScript sends them, with the page's fare. */
  const form = (fare: string, travellers: Traveller[]) => {
    const fields = new URLSearchParams({ csrf: CSRF, expectedFare: fare, "contact.mobile": "09121234567" });
    travellers.forEach((traveller, index) => {
      fields.set(`passengers.${index}.firstName`, ["علی", "مریم", "سارا"][index]!);
      fields.set(`passengers.${index}.lastName`, "رضایی");
      fields.set(`passengers.${index}.gender`, traveller.gender);
      fields.set(`passengers.${index}.birthDate`, traveller.birthDate);
      fields.set(`passengers.${index}.nationalCode`, NATIONAL_CODES[index]!);
    });
    return fields;
  };
  /** Posts the passengers form as the page gave it. */
  const submit = async (path: string, travellers: Traveller[]) => post(path, form(expectedFareOf((await get(path)).body), travellers));

  /** A bus of the day with seats to spare, a different one for each test that holds seats. */
  let used = 0;
  const nextBus = () => {
    const offer = offers[used];
    used += 1;
    expect(offer, "another bus of the day").toBeDefined();
    return offer!;
  };
  const seatMap = async (offer: BusOffer) => (await buses.seatMap(offer.offerId, "fa"))!;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    await seedBusInventory(database.handle.db, {
      companies: BUS_COMPANIES,
      terminals: IRAN_TERMINALS,
      layouts: Object.values(BUS_LAYOUTS),
      refundRules: BUS_REFUND_RULES,
      trips: BUS_TRIPS,
    });
    buses = createHouseBusSupplier(database.handle.db, clock);
    // The buses as the results page has them (the server's supplier reads the same tables and clock).
    offers = (
      await buses.search({ from: "tehran", to: "isfahan", date: travelDate, adults: 2, children: 0, infants: 0, locale: "fa" })
    ).filter((offer) => offer.seatsLeft >= 4);
    expect(offers.length, "buses from Tehran to Isfahan with seats").toBeGreaterThanOrEqual(3);
    server = await startTestServer(database.handle, {}, { clock, buses: createHouseBusSupplier(database.handle.db, clock) });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("puts each passenger's seat at the top of their card, an infant on a lap, and links back to the seat map", async () => {
    const offer = offers[0]!;
    const [first, second] = pairBeside(await seatMap(offer));
    const page = await get(passengersPath(offer, [first.number, second.number], 1));
    expect(page.status, page.body.slice(0, 500)).toBe(200);
    for (const [index, seat] of [first, second].entries()) {
      const card = new RegExp(
        `<legend[^>]*>(?:(?!</fieldset>)[\\s\\S])*?id="f-passengers-${index}-seat"[^>]*>(?:(?!</div>)[\\s\\S])*${seatText(seat.number)}`,
      );
      expect(page.body).toMatch(card);
    }
    expect(page.body).toContain(escaped(CATALOGS.fa["busPurchase.onLap"]));
    expect(page.body).toContain(escaped(CATALOGS.fa["busPurchase.genderNote"]));
    expect(page.body).toContain(`href="${escaped(mapHref(offer, 2, 1))}"`);
    // Every traveller's gender is asked for: it decides the seats.
    for (const index of [0, 1, 2]) expect(page.body).toContain(`name="passengers.${index}.gender"`);
    expect(page.body).not.toContain(escaped(CATALOGS.fa["booking.error.SEAT_REQUIRED"]));

    const english = await get(`/en${passengersPath(offer, [first.number, second.number])}`);
    expect(english.status).toBe(200);
    expect(english.body).toContain(seatText(first.number, "en"));
    expect(english.body).toContain(`href="${escaped(`/en${mapHref(offer, 2)}`)}"`);
  });

  it("says 'Choose a seat' with a link to the map when the seats do not match the travellers, and refuses the form", async () => {
    const offer = offers[0]!;
    const [first] = pairBeside(await seatMap(offer));
    const path = passengersPath(offer, [first.number]).replace("adults=1", "adults=2");
    const page = await get(path);
    expect(page.status, page.body.slice(0, 500)).toBe(200);
    expect(page.body).toContain(escaped(CATALOGS.fa["booking.error.SEAT_REQUIRED"]));
    expect(page.body).toContain(`href="${escaped(mapHref(offer, 2))}"`);
    expect(page.body).not.toContain('id="f-passengers-0-seat"');

    const refused = await post(path, form(expectedFareOf(page.body), [ADULT_MAN, ADULT_WOMAN]));
    expect(refused.status, refused.body.slice(0, 500)).toBe(400);
    expect(refused.body).toContain('id="f-seats-error"');
    expect(refused.body).toContain(escaped(CATALOGS.fa["booking.error.SEAT_REQUIRED"]));
    expect(refused.body).toMatch(
      adjacent(escaped(CATALOGS.fa["busPurchase.seats"]), ": ", escaped(CATALOGS.fa["booking.error.SEAT_REQUIRED"])),
    );
  });

  it("refuses a woman on a first-row seat on that seat, keeping what was typed", async () => {
    const offer = offers[0]!;
    const map = await seatMap(offer);
    const front = map.seats.find((seat) => seat.row === FIRST_ROW && seat.status === "free");
    expect(front, "a free first-row seat").toBeDefined();
    const refused = await submit(passengersPath(offer, [front!.number]), [ADULT_WOMAN]);
    expect(refused.status, refused.body.slice(0, 500)).toBe(400);
    expect(refused.body).toContain('id="f-passengers-0-seat-error"');
    expect(refused.body).toContain(escaped(CATALOGS.fa["booking.error.SEAT_FIRST_ROW_WOMEN"]));
    expect(refused.body).toMatch(
      adjacent(`${escaped(translate("fa", "booking.passenger.adult", { n: 1 }))} · ${seatText(front!.number)}`, ": "),
    );
    expect(refused.body).toContain(`href="${escaped(mapHref(offer, 1))}"`);
    expect(inputTags(refused.body, "passengers.0.firstName", "علی")).toHaveLength(1);
    expect(inputTags(refused.body, "passengers.0.gender", "female")[0]).toContain("checked");
  });

  it("asks for a missing gender on the gender field, not on the seat it decides", async () => {
    const offer = offers[0]!;
    const [seat] = pairBeside(await seatMap(offer));
    const path = passengersPath(offer, [seat.number]);
    const fields = form(expectedFareOf((await get(path)).body), [ADULT_MAN]);
    fields.delete("passengers.0.gender");
    const refused = await post(path, fields);
    expect(refused.status, refused.body.slice(0, 500)).toBe(400);
    expect(refused.body).toMatch(/id="f-passengers-0-gender-error"[^>]*>[^<]+</);
    expect(refused.body).not.toContain('id="f-passengers-0-seat-error"');
  });

  it("refuses a woman beside a man of another booking, and a seat another booking holds", async () => {
    const offer = nextBus();
    const [his, beside] = pairBeside(await seatMap(offer));
    const held = await submit(passengersPath(offer, [his.number]), [ADULT_MAN]);
    expect(held.status, held.body.slice(0, 500)).toBe(303);

    const neighbour = await submit(passengersPath(offer, [beside.number]), [ADULT_WOMAN]);
    expect(neighbour.status, neighbour.body.slice(0, 500)).toBe(400);
    expect(neighbour.body).toContain('id="f-passengers-0-seat-error"');
    expect(neighbour.body).toContain(escaped(CATALOGS.fa["booking.error.SEAT_NEIGHBOUR_GENDER"]));

    const taken = await submit(passengersPath(offer, [his.number]), [ADULT_MAN]);
    expect(taken.status, taken.body.slice(0, 500)).toBe(409);
    expect(taken.body).toContain(escaped(CATALOGS.fa["booking.error.SEAT_TAKEN"]));
    expect(taken.body).toContain(`href="${escaped(mapHref(offer, 1))}"`);
  });

  it("holds two seats and an infant on a lap, breaks the price down by seat, and names every seat once paid", async () => {
    const offer = nextBus();
    const [first, second] = pairBeside(await seatMap(offer));
    const path = passengersPath(offer, [first.number, second.number], 1);
    const page = await get(path);
    const fare = expectedFareOf(page.body);
    // A man and a woman of one booking may sit side by side.
    const infant: Traveller = { gender: "female", birthDate: "1404/06/01" };
    const held = await post(path, form(fare, [ADULT_MAN, ADULT_WOMAN, infant]));
    expect(held.status, held.body.slice(0, 800)).toBe(303);
    const prefactorPath = String(held.headers.location);
    expect(prefactorPath).toMatch(/^\/bus\/prefactor\/[^/]+\/[A-Za-z0-9_-]+$/);
    const hashId = prefactorPath.split("/").pop()!;
    const tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    const repository = createBookingRepository(database.handle.db);
    const stored = (await repository.findByHashId(tenantId, hashId))!;
    expect(stored.price.total).toBe(Number(fare));
    const seatsHeld = (await seatMap(offer)).seats.filter((seat) => seat.number === first.number || seat.number === second.number);
    expect(seatsHeld.map((seat) => seat.status)).toEqual(["taken", "taken"]);

    const prefactor = await get(prefactorPath);
    expect(prefactor.status).toBe(200);
    expect(prefactor.body).toContain(escaped(CATALOGS.fa["booking.breakdown.heading"]));
    const [low, high] = [first.number, second.number].sort((a, b) => a - b) as [number, number];
    expect(prefactor.body).toContain(
      escaped(translate("fa", "busPurchase.line.seats", { seats: `${formatNumber("fa", low)}، ${formatNumber("fa", high)}` })),
    );
    expect(prefactor.body).toContain(escaped(translate("fa", "busPurchase.line.infant")));
    expect(prefactor.body).toContain(`${formatNumber("fa", 2)}\u00a0×\u00a0${formatNumber("fa", offer.price.adult)}`);
    expect(prefactor.body).toContain(formatNumber("fa", stored.price.total));

    // Editing the held booking shows the seats as held, without a way to change them here.
    const editHref = /href="(\/bus\/[^"]+\/passengers\?edit=[^"]+)"/.exec(prefactor.body)?.[1]?.replace(/&amp;/g, "&");
    expect(editHref).toBeDefined();
    const edit = await get(editHref!);
    expect(edit.status, edit.body.slice(0, 500)).toBe(200);
    expect(edit.body).toContain(seatText(first.number));
    expect(edit.body).toContain(escaped(CATALOGS.fa["busPurchase.editNote"]));

    // Paid at the sandbox bank: each seated traveller's ticket is for their seat.
    expect(await payPrefactorAtSandboxBank(server.port, prefactorPath, CSRF)).toMatch(/\/issued$/);
    expect((await repository.findByHashId(tenantId, hashId))?.status).toBe("issued");
    const tickets = (await repository.tickets(stored.id)).sort((a, b) => a.passengerPosition - b.passengerPosition);
    expect(tickets.map((ticket) => ticket.placement)).toEqual([{ seat: first.number }, { seat: second.number }, null]);

    const factorPath = `/bus/factor/${stored.reference}/${hashId}`;
    for (const path of [factorPath, `${factorPath}/desktopFactor`, `${factorPath}/mobileFactor`]) {
      const invoice = await get(path);
      expect(invoice.status, path).toBe(200);
      for (const ticket of tickets) expect(invoice.body, path).toContain(ticket.ticketNumber);
      expect(invoice.body, path).toContain(seatText(first.number));
      expect(invoice.body, path).toContain(seatText(second.number));
    }
    expect((await get(`${factorPath}/desktopFactor`)).body).toContain(escaped(CATALOGS.fa["busPurchase.print.title"]));
    const english = await get(`/en${factorPath}/mobileFactor`);
    expect(english.body).toContain(seatText(second.number, "en"));
    expect(english.body).toContain(escaped(CATALOGS.en["busPurchase.factor.next"]));
  });
});
