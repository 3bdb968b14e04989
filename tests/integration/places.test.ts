import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlaceIndex } from "#adapters/db/place-index.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants } from "#adapters/db/seed.ts";
import { suggestPlaces } from "#core/places/suggest.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { buildPlaces, type ReferenceData } from "#seed/places/build.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

/** A small world of our own, so rankings are known: Mashhad is more popular than Mashhad-e Sar (made up). */
const DATA: ReferenceData = {
  provinces: [
    { slug: "razavi-khorasan", names: { fa: "خراسان رضوی", en: "Razavi Khorasan", ar: "خراسان رضوي" } },
    { slug: "tehran", names: { fa: "تهران", en: "Tehran", ar: "طهران" } },
    { slug: "hormozgan", names: { fa: "هرمزگان", en: "Hormozgan", ar: "هرمزگان" } },
  ],
  cities: [
    {
      slug: "mashhad",
      province: "razavi-khorasan",
      names: { fa: "مشهد", en: "Mashhad", ar: "مشهد" },
      aliases: ["Meshed", "مشهد مقدس"],
      popularity: 98,
      hotels: true,
    },
    {
      slug: "mashhad-sar",
      province: "razavi-khorasan",
      names: { fa: "مشهدسر", en: "Mashhadsar", ar: "مشهدسر" },
      popularity: 10,
      hotels: true,
    },
    {
      slug: "tehran",
      province: "tehran",
      names: { fa: "تهران", en: "Tehran", ar: "طهران" },
      aliases: ["Teheran"],
      popularity: 100,
      hotels: true,
    },
    {
      slug: "bandar-abbas",
      province: "hormozgan",
      names: { fa: "بندرعباس", en: "Bandar Abbas", ar: "بندر عباس" },
      aliases: ["بندر عباس"],
      popularity: 70,
    },
  ],
  airports: [
    {
      iata: "MHD",
      city: "mashhad",
      names: { fa: "فرودگاه شهید هاشمی‌نژاد", en: "Mashhad Shahid Hasheminejad Airport", ar: "مطار مشهد" },
      international: true,
    },
    { iata: "THR", city: "tehran", names: { fa: "فرودگاه مهرآباد", en: "Mehrabad Airport", ar: "مطار مهرآباد" } },
    {
      iata: "IKA",
      city: "tehran",
      names: { fa: "فرودگاه امام خمینی", en: "Imam Khomeini Airport", ar: "مطار الإمام الخميني" },
      international: true,
      domestic: false,
    },
    { iata: "BND", city: "bandar-abbas", names: { fa: "فرودگاه بندرعباس", en: "Bandar Abbas Airport", ar: "مطار بندر عباس" } },
  ],
  stations: [
    { slug: "mashhad", city: "mashhad", names: { fa: "ایستگاه راه‌آهن مشهد", en: "Mashhad Railway Station", ar: "محطة قطار مشهد" } },
  ],
  terminals: [
    {
      slug: "bandar-abbas-main",
      city: "bandar-abbas",
      names: { fa: "پایانه بندرعباس", en: "Bandar Abbas Bus Terminal", ar: "محطة حافلات بندر عباس" },
    },
  ],
  countries: [{ code: "TR", names: { fa: "ترکیه", en: "Turkey", ar: "تركيا" }, aliases: ["Türkiye"], popularity: 100 }],
  foreignCities: [
    {
      slug: "istanbul",
      country: "TR",
      names: { fa: "استانبول", en: "Istanbul", ar: "إسطنبول" },
      popularity: 100,
      airports: [{ iata: "IST", names: { fa: "فرودگاه استانبول", en: "Istanbul Airport", ar: "مطار إسطنبول" } }],
    },
  ],
};

describe.each(ENGINES)("places on %s", (engine) => {
  let database: TestDatabase;
  let index: ReturnType<typeof createPlaceIndex>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, buildPlaces(DATA));
    index = createPlaceIndex(database.handle.db, { ttlMs: 60_000 });
  });
  afterAll(async () => {
    await database?.drop();
  });

  const suggest = (service: string, query: string, locale: "fa" | "en" | "ar" = "en") =>
    suggestPlaces({ service, query, locale }, { places: index });

  it("finds Mashhad by a prefix of any of its names, aliases or its airport code", async () => {
    for (const query of ["mash", "Mashhad", "مشه", "مشهـد", "MHD", "mhd", "meshed", "مشهد مقدس"]) {
      const ids = (await suggest("flight", query)).map((place) => place.id);
      expect(ids[0], query).toBe("city:mashhad");
    }
  });

  it("ranks an exact key first, then by popularity", async () => {
    const ids = (await suggest("hotel", "مشهد")).map((place) => place.id);
    expect(ids).toEqual(["city:mashhad", "city:mashhad-sar"]);
    const tehran = (await suggest("flight", "te")).map((place) => place.id);
    expect(tehran).toEqual(["city:tehran", "airport:THR"]);
  });

  it("offers only the places of the asked service", async () => {
    expect((await suggest("flight", "imam")).map((place) => place.id)).toEqual([]);
    expect((await suggest("internationalflight", "imam")).map((place) => place.id)).toEqual(["airport:IKA"]);
    expect((await suggest("train", "mash")).map((place) => place.id)).toEqual(["city:mashhad", "station:mashhad"]);
    expect((await suggest("insurance", "tur")).map((place) => place.id)).toEqual(["country:TR"]);
    expect((await suggest("bus", "mash")).map((place) => place.id)).toEqual([]);
  });

  it("answers in the asked language with the place's whereabouts", async () => {
    const [fa] = await suggest("flight", "MHD", "fa");
    expect(fa).toMatchObject({ name: "مشهد", detail: "خراسان رضوی", iata: "MHD", countryCode: "IR" });
    const airport = (await suggest("internationalflight", "IKA", "en"))[0];
    expect(airport).toMatchObject({ kind: "airport", name: "Imam Khomeini Airport", detail: "Tehran, Tehran" });
    const abroad = (await suggest("internationalflight", "إسط", "ar"))[0];
    expect(abroad).toMatchObject({ id: "city:istanbul", name: "إسطنبول", detail: "تركيا" });
  });

  it("finds a later word of a name and the name typed without its space", async () => {
    expect((await suggest("flight", "abbas"))[0]?.id).toBe("city:bandar-abbas");
    expect((await suggest("flight", "بندرع"))[0]?.id).toBe("city:bandar-abbas");
    expect((await suggest("flight", "بندر ع"))[0]?.id).toBe("city:bandar-abbas");
  });

  it("reseeding replaces keys instead of piling them up", async () => {
    const renamed = { ...DATA, cities: DATA.cities.map((city) => (city.slug === "mashhad" ? { ...city, aliases: ["Mashad"] } : city)) };
    await seedPlaces(database.handle.db, buildPlaces(renamed));
    await index.reload();
    expect((await suggest("flight", "meshed")).map((place) => place.id)).toEqual([]);
    expect((await suggest("flight", "mashad"))[0]?.id).toBe("city:mashhad");
    await seedPlaces(database.handle.db, buildPlaces(DATA));
    await index.reload();
  });

  it("tells each suggestion the city it is in: the city itself, or the city of an airport or station", async () => {
    const byId = new Map((await suggest("flight", "MHD")).map((place) => [place.id, place]));
    expect(byId.get("city:mashhad")).toMatchObject({ kind: "city", cityId: "city:mashhad" });
    expect(byId.get("airport:MHD")).toMatchObject({ kind: "airport", iata: "MHD", cityId: "city:mashhad" });
    const station = (await suggest("train", "mash")).find((place) => place.id === "station:mashhad");
    expect(station?.cityId).toBe("city:mashhad");
    expect((await suggest("internationalflight", "IST")).find((place) => place.id === "airport:IST")?.cityId).toBe("city:istanbul");
    expect((await suggest("insurance", "tur"))[0]).toMatchObject({ id: "country:TR", cityId: null });
    expect((await index.byId("province:tehran", "en"))?.cityId).toBeNull();
  });

  it("gives a city the code of its airport for the asked service: Tehran is THR at home and IKA abroad", async () => {
    const tehran = async (service: string) => (await suggest(service, "tehran")).find((place) => place.id === "city:tehran");
    expect((await tehran("flight"))?.iata).toBe("THR");
    expect((await tehran("internationalflight"))?.iata).toBe("IKA");
    expect((await index.byId("city:tehran", "en", "flight"))?.iata).toBe("THR");
    expect((await index.byId("city:tehran", "en", "internationalflight"))?.iata).toBe("IKA");
    // An airport keeps its own code whatever the service.
    expect((await index.byId("airport:MHD", "en", "internationalflight"))?.iata).toBe("MHD");
  });

  it("byId finds a place only when it is offered for the asked service", async () => {
    expect(await index.byId("airport:IKA", "en", "flight")).toBeNull();
    expect((await index.byId("airport:IKA", "en", "internationalflight"))?.id).toBe("airport:IKA");
    expect(await index.byId("city:bandar-abbas", "en", "train")).toBeNull();
    expect(await index.byId("city:istanbul", "en", "hotel")).toBeNull();
    expect(await index.byId("city:istanbul", "fa", "outHotel")).toMatchObject({ id: "city:istanbul", name: "استانبول", countryCode: "TR" });
    expect(await index.byId("country:TR", "en", "flight")).toBeNull();
    expect((await index.byId("country:TR", "en", "insurance"))?.id).toBe("country:TR");
    expect(await index.byId("city:atlantis", "en", "flight")).toBeNull();
    // Without a service, any place.
    expect((await index.byId("airport:IKA", "en"))?.id).toBe("airport:IKA");
  });

  it("byRouteCode finds the place a results route names, for the route's service", async () => {
    // A city's own code for the service names the city, as the search form chose it.
    expect(await index.byRouteCode("MHD", "flight", "en")).toMatchObject({ id: "city:mashhad", iata: "MHD", cityId: "city:mashhad" });
    expect(await index.byRouteCode("THR", "flight", "en")).toMatchObject({ id: "city:tehran", iata: "THR" });
    expect(await index.byRouteCode("IST", "internationalflight", "en")).toMatchObject({
      id: "city:istanbul",
      iata: "IST",
      countryCode: "TR",
      cityId: "city:istanbul",
    });
    expect(await index.byRouteCode("IKA", "internationalflight", "en")).toMatchObject({
      id: "city:tehran",
      iata: "IKA",
      cityId: "city:tehran",
    });
    expect(await index.byRouteCode("mashhad", "train", "en")).toMatchObject({ id: "city:mashhad", kind: "city" });
    expect(await index.byRouteCode("mashhad", "hotel", "fa")).toMatchObject({ id: "city:mashhad", name: "مشهد" });
    expect(await index.byRouteCode("istanbul", "outHotel", "en")).toMatchObject({ id: "city:istanbul", countryCode: "TR" });
    expect(await index.byRouteCode("TR", "insurance", "en")).toMatchObject({ id: "country:TR", kind: "country", countryCode: "TR" });
    // A bus item's ends are terminals: their slugs name them for buses only, and a city's slug still names the city.
    expect(await index.byRouteCode("bandar-abbas-main", "bus", "en")).toMatchObject({
      id: "terminal:bandar-abbas-main",
      kind: "terminal",
      name: "Bandar Abbas Bus Terminal",
    });
    expect(await index.byRouteCode("bandar-abbas", "bus", "en")).toMatchObject({ id: "city:bandar-abbas", kind: "city" });
    expect(await index.byRouteCode("bandar-abbas-main", "train", "en")).toBeNull();
  });

  it("byRouteCode is null for unknown codes, lowercase IATA codes and places the service does not offer", async () => {
    for (const [code, service] of [
      ["XYZ", "flight"],
      ["ZZ", "insurance"],
      ["atlantis", "hotel"],
      ["mhd", "flight"],
      ["ist", "internationalflight"],
      ["tr", "insurance"],
      ["IKA", "flight"],
      ["BND", "internationalflight"],
      ["istanbul", "hotel"],
      ["mashhad", "outHotel"],
      ["bandar-abbas", "train"],
      ["tehran", "bus"],
      ["TR", "flight"],
      ["MHD", "train"],
      ["", "flight"],
      ["city:mashhad", "train"],
      ["Mashhad", "train"],
      ["mashhad/../tehran", "train"],
    ] as const) {
      expect(await index.byRouteCode(code, service, "en"), `${code} for ${service}`).toBeNull();
    }
  });

  it("serves the places API: JSON in the asked language, empty for junk, never an error page", async () => {
    const server = await startTestServer(database.handle);
    try {
      const ok = await rawRequest(server.port, { path: "/api/v1/places?service=flight&q=mash&lang=fa", host: "localhost" });
      expect(ok.status).toBe(200);
      expect(ok.headers["content-type"]).toMatch(/application\/json/);
      const body = JSON.parse(ok.body) as { places: { id: string; name: string }[] };
      expect(body.places[0]).toMatchObject({ id: "city:mashhad", name: "مشهد" });
      for (const junk of [
        "",
        "?service=flight",
        "?service=flight&q=",
        "?service=nope&q=mash",
        "?service=flight&q=%27%3B%20drop%20table%20places",
        "?service=flight&q=%3Cscript%3E",
        "?service=flight&q=" + "a".repeat(3000),
        "?service[]=flight&q[]=mash",
        "?service=flight&q=%E0%A4%A",
      ]) {
        const res = await rawRequest(server.port, { path: `/api/v1/places${junk}`, host: "localhost" });
        expect(res.status, junk).toBe(200);
        expect(JSON.parse(res.body), junk).toEqual({ places: [] });
      }
      const disabled = await rawRequest(server.port, { path: "/api/v1/places?service=insurance&q=tur", host: "theme2.localhost" });
      expect(JSON.parse(disabled.body)).toEqual({ places: [] });
      const enabled = await rawRequest(server.port, { path: "/api/v1/places?service=insurance&q=tur", host: "localhost" });
      expect((JSON.parse(enabled.body) as { places: unknown[] }).places).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe("the product's reference places", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await seedPlaces(database.handle.db, referencePlaces());
  });
  afterAll(async () => {
    await database?.drop();
  });

  const first = async (service: string, query: string, locale: "fa" | "en" | "ar" = "en") =>
    (await suggestPlaces({ service, query, locale }, { places: createPlaceIndex(database.handle.db, { ttlMs: 60_000 }) }))[0];

  it("find Mashhad by 'mash', 'مشه' and 'MHD', and other favourites by their usual spellings", async () => {
    for (const query of ["mash", "مشه", "MHD", "Meshed", "مشهد"]) expect((await first("flight", query))?.id, query).toBe("city:mashhad");
    expect((await first("flight", "teh"))?.id).toBe("city:tehran");
    expect((await first("flight", "كيش"))?.id).toBe("city:kish");
    expect((await first("train", "تبر"))?.id).toBe("city:tabriz");
    expect((await first("internationalflight", "ist"))?.id).toBe("city:istanbul");
    expect((await first("internationalflight", "نجف"))?.id).toBe("city:najaf");
    expect((await first("outHotel", "دب"))?.id).toBe("city:dubai");
    expect((await first("insurance", "ترک"))?.id).toBe("country:TR");
    expect((await first("bus", "shiraz"))?.id).toBe("city:shiraz");
    expect((await first("hotel", "اصفه"))?.id).toBe("city:isfahan");
  });
});
