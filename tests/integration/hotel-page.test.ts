/**
 * The hotel page of issue 20 §3 over HTTP, without JavaScript: details, gallery, rating, the rooms
 * of a stay and the form that chooses them, the 404s, and guests' comments behind sign-in and CSRF.
 * Hotels come from the in-memory test supplier; the clock is pinned so the stay is always ahead.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountRepository } from "#adapters/db/account-repository.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { createSessionRepository } from "#adapters/db/session-repository.ts";
import { hashSessionToken, newSessionToken } from "#core/accounts/session-token.ts";
import { testHotelComments, testHotelSupplier } from "#core/hotels/test-hotels.ts";
import { formatNumber, translate } from "#core/i18n/messages.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { PAGE_ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

const TODAY = addDays(tehranToday(new Date()), 1);
const clock = { now: () => new Date(`${TODAY}T08:00:00+03:30`) };
const CHECK_IN = addDays(TODAY, 20);
const CHECK_OUT = addDays(CHECK_IN, 2);
/** Two rooms: two adults and a child (a double needs its extra bed), and one adult. */
const STAY = `checkIn=${CHECK_IN}&checkOut=${CHECK_OUT}&room=2-1&room=1-0`;

const html = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");
/** The markup of one select, by its id. */
const selectOf = (body: string, id: string) =>
  body.slice(body.indexOf(`id="${id}"`), body.indexOf("</select>", body.indexOf(`id="${id}"`)));

interface Visitor {
  cookie: string;
  csrf: string;
}

describe.each(PAGE_ENGINES)("the hotel page over HTTP on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  // Nobody has stayed at Razi: its comments are refused.
  const comments = testHotelComments((_userId, hotelId) => hotelId !== "razi");
  let signIn: () => Promise<Visitor>;

  const get = (path: string, visitor?: Visitor) => rawRequest(server.port, { path, headers: visitor ? { cookie: visitor.cookie } : {} });
  const post = (path: string, fields: Record<string, string>, visitor: Visitor) =>
    rawRequest(server.port, {
      method: "POST",
      path,
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: visitor.cookie },
      body: new URLSearchParams({ csrf: visitor.csrf, ...fields }).toString(),
    });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    const tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    const accounts = createAccountRepository(database.handle.db);
    const sessions = createSessionRepository(database.handle.db);
    let counter = 0;
    signIn = async () => {
      const now = clock.now();
      const { account } = await accounts.findOrCreate({ tenantId, mobile: `0936${String(1_000_000 + ++counter).padStart(7, "0")}`, now });
      const token = newSessionToken();
      await sessions.create({
        tenantId,
        userId: account.id,
        tokenHash: await hashSessionToken(token),
        kind: "web",
        userAgent: null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + 3600_000),
      });
      const csrf = newSessionToken();
      return { cookie: `hs_session=${token}; hs_csrf=${csrf}`, csrf };
    };
    server = await startTestServer(database.handle, {}, { clock, hotels: testHotelSupplier(), hotelComments: comments });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("shows the hotel in Persian, right to left, with a gallery that works without JavaScript and the rating in Persian digits", async () => {
    const page = await get("/hotel/mashhad/darvishi");
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<html[^>]*lang="fa"[^>]*dir="rtl"/);
    expect(page.body).toContain("Darvishi Hotel");
    expect(page.body).toContain(translate("fa", "hotelPage.stars", { count: 5 }));
    // Every picture has its anchor, and each thumbnail links to one.
    for (const index of [1, 2, 3]) {
      expect(page.body).toContain(`id="image-${index}"`);
      expect(page.body).toContain(`href="#image-${index}"`);
      expect(page.body).toContain(`src="/hotel-images/mashhad/darvishi/${index}.svg"`);
    }
    expect(page.body).toContain('alt="Darvishi Hotel"');
    const score = (value: number) => formatNumber("fa", value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    expect(page.body).toContain(`data-rating="location">${score(9.2)}<`);
    expect(page.body).toContain(`data-rating="staff">${score(8.8)}<`);
    expect(page.body).toMatch(/<meter[^>]*aria-labelledby="rating-cleaning"/);
    expect(page.body).toContain(html(translate("fa", "hotelPage.rating.count", { count: 120 })));
    // Without dates, the page asks for them instead of listing rooms.
    expect(page.body).toContain(translate("fa", "hotelPage.dates.heading"));
    expect(page.body).toContain('name="s" value="hotel"');
    expect(page.body).not.toContain('id="rooms"');
  });

  it("lists the rooms free for the stay in English with totals, and a form that sends an offer and the guests per room", async () => {
    const page = await get(`/en/hotel/mashhad/darvishi?${STAY}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<html[^>]*lang="en"[^>]*dir="ltr"/);
    const nights = translate("en", "search.nights", { count: 2 });
    const money = (tomans: number) => translate("en", "flights.toman", { amount: formatNumber("en", tomans) });
    expect(page.body).toContain(html(translate("en", "hotelPage.room.total", { nights, price: money(6_400_000) })));
    expect(page.body).toContain(html(translate("en", "hotelPage.room.perNight", { price: money(3_200_000) })));
    expect(page.body).toContain(html(translate("en", "hotelPage.room.foreign", { price: money(8_200_000) })));
    // Two suites left: few enough to say so.
    expect(page.body).toContain(translate("en", "hotelPage.room.left", { count: 2 }));

    expect(page.body).toMatch(/<form[^>]*action="\/en\/hotel\/reserve\/passengers" method="get"/);
    const form = page.body.slice(page.body.indexOf('action="/en/hotel/reserve/passengers"'));
    const rooms = [...form.matchAll(/name="room" value="([^"]+)"/g)].map((match) => match[1]);
    expect(rooms).toEqual(["2-1", "1-0"]);
    // Room 1 sleeps three: the double with its extra bed (cheapest, chosen) or the suite, never the twin.
    const first = selectOf(page.body, "choose-room-1");
    expect(first).toContain('name="offer"');
    expect(first).toContain(`value="darvishi:double|${CHECK_IN}|${CHECK_OUT}" selected`);
    expect(first).toContain(`value="darvishi:suite|${CHECK_IN}|${CHECK_OUT}"`);
    expect(first).not.toContain("darvishi:twin");
    expect(first).toContain(html(translate("en", "hotelPage.choose.optionExtraBed", { room: "double room", price: money(8_200_000) })));
    // Room 2 (one adult) gets every room, the twin being cheapest.
    expect(selectOf(page.body, "choose-room-2")).toContain(`value="darvishi:twin|${CHECK_IN}|${CHECK_OUT}" selected`);
  });

  it("comes back to the page with the stay when its dates form is sent for this city", async () => {
    const page = await get("/en/hotel/mashhad/darvishi");
    const city = /name="city" value="([^"]+)"/.exec(page.body)?.[1];
    expect(city).toBeTruthy();
    const query = new URLSearchParams({ s: "hotel", city: city!, checkIn: CHECK_IN, checkOut: CHECK_OUT, rooms: "1", room1Adults: "2" });
    const sent = await get(`/en/hotel/mashhad/darvishi?${query.toString()}`);
    expect(sent.status).toBe(302);
    expect(sent.headers.location).toBe(`/en/hotel/mashhad/darvishi?checkIn=${CHECK_IN}&checkOut=${CHECK_OUT}&room=2-0`);
    const past = await get(
      `/en/hotel/mashhad/darvishi?${new URLSearchParams({ ...Object.fromEntries(query), checkIn: addDays(TODAY, -3) }).toString()}`,
    );
    expect(past.status).toBe(400);
  });

  it("is in Arabic right to left, and shows a hotel abroad under its country and city", async () => {
    const arabic = await get("/ar/hotel/mashhad/razi");
    expect(arabic.status).toBe(200);
    expect(arabic.body).toMatch(/<html[^>]*lang="ar"[^>]*dir="rtl"/);
    expect(arabic.body).toContain(translate("ar", "hotelPage.rating.heading"));

    const istanbul = await get(`/en/internationalhotel/search/TR/istanbul/golden-horn?checkIn=${CHECK_IN}&checkOut=${CHECK_OUT}&room=2-0`);
    expect(istanbul.status).toBe(200);
    expect(istanbul.body).toContain("Golden Horn Hotel");
    expect(istanbul.body).toMatch(/<form[^>]*action="\/en\/internationalhotel\/reserve"/);
    expect(istanbul.body).toContain(translate("en", "hotelPage.room.nonRefundable"));

    // Ten nights abroad: the form says the limit and no room is offered.
    const tooLong = await get(
      `/en/internationalhotel/search/TR/istanbul/golden-horn?checkIn=${CHECK_IN}&checkOut=${addDays(CHECK_IN, 10)}&room=2-0`,
    );
    expect(tooLong.body).toContain(translate("en", "search.error.STAY_TOO_LONG_ABROAD"));
    expect(tooLong.body).not.toContain('id="rooms"');
  });

  it("answers 404 in the visitor's language for an unknown hotel, another city's, another country's or the other service's", async () => {
    const unknown = await get("/en/hotel/mashhad/nowhere");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatch(/<html[^>]*lang="en"/);
    for (const path of [
      "/hotel/tehran/darvishi",
      "/hotel/istanbul/golden-horn",
      "/internationalhotel/search/DE/istanbul/golden-horn",
      "/internationalhotel/search/IR/mashhad/darvishi",
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it("asks a guest to sign in to comment", async () => {
    const page = await get("/en/hotel/mashhad/darvishi");
    expect(page.body).toContain(translate("en", "hotelPage.comments.signIn"));
    expect(page.body).toContain(`href="/en/login?next=${encodeURIComponent("/en/hotel/mashhad/darvishi")}"`);
    expect(page.body).not.toContain('name="text"');
  });

  it("adds a signed-in guest's comment once, and refuses bad fields, a second comment, a guest who never stayed and a forged form", async () => {
    const visitor = await signIn();
    const form = await get("/en/hotel/mashhad/darvishi", visitor);
    expect(form.body).toContain('name="csrf"');
    expect(form.body).toContain('name="text"');

    const bad = await post("/en/hotel/mashhad/darvishi", { score: "11", text: "short" }, visitor);
    expect(bad.status).toBe(400);
    expect(bad.body).toContain(translate("en", "hotelPage.comments.error.SCORE_INVALID"));
    expect(bad.body).toContain(translate("en", "hotelPage.comments.error.TEXT_TOO_SHORT", { min: 10 }));

    const text = "Quiet rooms and a kind staff, close to the shrine.";
    const added = await post(`/en/hotel/mashhad/darvishi?${STAY}`, { score: "9", text }, visitor);
    expect(added.status).toBe(303);
    expect(added.headers.location).toBe(`/en/hotel/mashhad/darvishi?${STAY}&commented=1#comments`);
    const shown = await get(`/en/hotel/mashhad/darvishi?${STAY}&commented=1`, visitor);
    expect(shown.body).toContain(html(text));
    expect(shown.body).toContain(translate("en", "hotelPage.comments.added"));
    expect(shown.body).toContain(translate("en", "hotelPage.comments.scoreOf", { score: "9" }));

    const again = await post("/en/hotel/mashhad/darvishi", { score: "۸", text }, visitor);
    expect(again.status).toBe(409);
    expect(again.body).toContain(translate("en", "hotelPage.comments.error.ALREADY_COMMENTED"));

    const never = await post("/hotel/mashhad/razi", { score: "7", text }, visitor);
    expect(never.status).toBe(403);
    expect(never.body).toContain(translate("fa", "hotelPage.comments.error.NOT_STAYED"));

    const forged = await post("/hotel/mashhad/razi", { score: "7", text, csrf: newSessionToken() }, visitor);
    expect(forged.status).toBe(403);
    expect(comments.comments.filter((comment) => comment.hotelId === "razi")).toHaveLength(0);
    expect(comments.comments.filter((comment) => comment.hotelId === "darvishi")).toHaveLength(1);
  });

  it("shows comments ten to a page, by a link that keeps the stay and works without JavaScript", async () => {
    for (let index = 1; index <= 12; index += 1) {
      await comments.add({
        tenantId: "any",
        userId: `guest-${index}`,
        city: "istanbul",
        hotelId: "golden-horn",
        author: `Guest number ${index}`,
        score: 8,
        text: "A fine room above the Golden Horn.",
      });
    }
    const path = "/en/internationalhotel/search/TR/istanbul/golden-horn";
    const first = await get(`${path}?checkIn=${CHECK_IN}&checkOut=${CHECK_OUT}&room=2-0`);
    expect(first.body).toContain("Guest number 10<");
    expect(first.body).not.toContain("Guest number 11<");
    expect(first.body).toContain(translate("en", "hotelPage.comments.pageOf", { page: "1", pages: "2" }));
    expect(first.body).toContain(html(`${path}?checkIn=${CHECK_IN}&checkOut=${CHECK_OUT}&room=2-0&comments=2#comments`));

    const second = await get(`${path}?comments=2`);
    expect(second.body).toContain("Guest number 12<");
    expect(second.body).not.toContain("Guest number 10<");
    // A page past the last shows the last.
    expect((await get(`${path}?comments=9`)).body).toContain("Guest number 11<");
  });
});
