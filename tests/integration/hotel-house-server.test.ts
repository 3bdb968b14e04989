/**
 * The house hotels behind the real server (no test supplier): a migrating start's hotel inventory
 * answers the results, the hotel page at home and abroad, and the drawn pictures. Nights the test
 * relies on are set by it; the clock is pinned so the stay is always ahead.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hotelRoomNights } from "#adapters/db/schema.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { nightsOf } from "#adapters/suppliers/house/hotel-offers.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { writeHotelInventory } from "#server/database-adapters.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { houseHotels } from "#seed/hotels/generate.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { PAGE_ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

const TODAY = addDays(tehranToday(new Date()), 1);
const clock = { now: () => new Date(`${TODAY}T08:00:00+03:30`) };
const stay = { checkIn: addDays(TODAY, 15), checkOut: addDays(TODAY, 18) };
const QUERY = `checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&room=2-0`;
const darvishi = houseHotels().find((hotel) => hotel.hotelId === "darvishi-mashhad")!;
const istanbul = houseHotels().find((hotel) => hotel.city === "istanbul")!;
const html = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");

describe.each(PAGE_ENGINES)("the house hotels served on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const get = (path: string) => rawRequest(server.port, { path });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    await writeHotelInventory(database.handle, { info: () => {} });
    // Every room of the two hotels the test opens is free on every night of the stay.
    const rows = [darvishi, istanbul].flatMap((hotel) =>
      hotel.roomTypes.flatMap((type) =>
        nightsOf(stay).map((night) => ({ roomTypeId: type.id, night, roomsTotal: type.rooms, roomsSold: 0 })),
      ),
    );
    await database.handle.db.insert(hotelRoomNights).values(rows);
    server = await startTestServer(database.handle, {}, { clock });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("lists Mashhad's hotels for the stay with their drawn thumbnails", async () => {
    const results = await get(`/hotel/mashhad?${QUERY}`);
    expect(results.status).toBe(200);
    expect(results.body).toContain(html(darvishi.names.fa));
    expect(results.body).toContain(`/hotel-images/mashhad/${darvishi.hotelId}/1.svg`);
  });

  it("opens a hotel in Iran with its description, drawn pictures and rooms for the stay", async () => {
    const page = await get(`/en/hotel/mashhad/${darvishi.hotelId}?${QUERY}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(html(darvishi.names.en));
    expect(page.body).toContain(html(darvishi.descriptions.en));
    expect(page.body).toContain(`src="/hotel-images/mashhad/${darvishi.hotelId}/1.svg"`);
    for (const type of darvishi.roomTypes) expect(page.body).toContain(html(type.names.en));
  });

  it("opens a hotel abroad on its country's path", async () => {
    const page = await get(`/en/internationalhotel/search/TR/istanbul/${istanbul.hotelId}?${QUERY}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(html(istanbul.names.en));
  });

  it("serves the hotel's pictures and no others", async () => {
    const picture = await get(`/hotel-images/mashhad/${darvishi.hotelId}/${darvishi.images}.svg`);
    expect(picture.status).toBe(200);
    expect(picture.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(picture.headers["cache-control"]).toContain("max-age=31536000");
    for (const path of [
      `/hotel-images/mashhad/${darvishi.hotelId}/${darvishi.images + 1}.svg`,
      `/hotel-images/tehran/${darvishi.hotelId}/1.svg`,
    ])
      expect((await get(path)).status, path).toBe(404);
  });
});
