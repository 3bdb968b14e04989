import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PlaceSuggestion } from "#core/places/place.ts";
import type { PlaceSearchPort } from "#core/places/suggest.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { FALLBACK_TENANT, type Tenant } from "#core/tenants/site-config.ts";
import type { ApiDeps } from "#server/api/deps.ts";
import { apiRouter } from "#server/api/mount.ts";
import { API_ROUTES } from "#server/api/routes.ts";
import { createLogger } from "#server/logger.ts";
import { createFakeTrainSupplier, type FakeTrainSupplier } from "../support/fake-train-supplier.ts";

/**
 * `GET /api/v1/trains/search` through the real front door and route registry, over the fake train
 * supplier and an in-memory station list: every answer is also held to the OpenAPI document by
 * the integration tests' contract check (tests/support/contract-setup.ts).
 */

/** A pinned clock: 08:00 in Tehran on a fixed day. */
const TODAY = addDays(tehranToday(new Date()), 1);
const clock = { now: () => new Date(`${TODAY}T08:00:00+03:30`) };
const DATE = addDays(TODAY, 5);
const BACK = addDays(TODAY, 8);

const STATIONS = new Set(["tehran", "mashhad", "kerman"]);
let placesDown = false;
const places: PlaceSearchPort = {
  async findByPrefix() {
    return [];
  },
  async byId() {
    return null;
  },
  async byRouteCode(code) {
    if (placesDown) throw new Error("the place index is down");
    if (!STATIONS.has(code)) return null;
    return {
      id: `city:${code}`,
      kind: "city",
      name: code,
      detail: null,
      iata: null,
      countryCode: "IR",
      cityId: `city:${code}`,
    } satisfies PlaceSuggestion;
  },
};

function appWith(deps: Partial<ApiDeps>, tenant: Tenant) {
  return express()
    .use((_req, res, next) => {
      res.locals.log = createLogger("silent");
      res.locals.site = { tenant, configLoaded: true };
      next();
    })
    .use(
      apiRouter(API_ROUTES, {
        clock,
        places,
        auth: {},
        rateLimiter: { hit: async () => ({ allowed: true, count: 1, retryAfterSeconds: 0 }) },
        ...deps,
      } as ApiDeps),
    );
}

async function listen(app: express.Express): Promise<{ server: Server; base: string }> {
  const server = await new Promise<Server>((done) => {
    const listening = app.listen(0, "127.0.0.1", () => done(listening));
  });
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

type Offer = {
  offerId: string;
  operator: { code: string; name: string };
  trainNumber: string;
  departAt: string;
  wagon: { kind: string; bedsPerCompartment: number };
  seatsLeft: number;
  coupe: boolean;
  bedsPaid: number;
  foreignersAllowed: boolean;
  carTransport: Record<string, number> | null;
  price: { adult: number; child: number; infant: number; total: number };
};
type Body = {
  offers?: Offer[];
  returnOffers?: Offer[];
  error?: { code: string; message: string; fields?: { field: string; code: string; message: string }[] };
};

const tenant: Tenant = { ...FALLBACK_TENANT, servicesActive: ["flight", "train"], serviceInactive: [] };

describe("GET /api/v1/trains/search", () => {
  let supplier: FakeTrainSupplier;
  let server: Server;
  let base = "";
  let withoutTrains: { server: Server; base: string };
  let noTrainService: { server: Server; base: string };
  const search = async (query: string, root = base) => {
    const response = await fetch(`${root}/api/v1/trains/search?${query}`);
    return { status: response.status, body: (await response.json()) as Body };
  };
  const route = (extra = "") => `from=tehran&to=mashhad&date=${DATE}${extra}`;

  beforeAll(async () => {
    supplier = createFakeTrainSupplier({ now: clock.now });
    ({ server, base } = await listen(appWith({ trains: supplier }, tenant)));
    withoutTrains = await listen(appWith({ trains: null }, tenant));
    noTrainService = await listen(appWith({ trains: supplier }, { ...tenant, servicesActive: ["flight"] }));
  });
  afterAll(async () => {
    for (const running of [server, withoutTrains?.server, noTrainService?.server])
      await new Promise<void>((done) => (running ? running.close(() => done()) : done()));
  });
  beforeEach(() => {
    placesDown = false;
    supplier.failing = null;
  });

  it("answers the day's trains earliest first, priced for the party, with every field of the issue's shape", async () => {
    const { status, body } = await search(route("&adults=2&children=1&infants=1&lang=en"));
    expect(status).toBe(200);
    expect(body.returnOffers).toBeUndefined();
    const offers = body.offers!;
    // Three travellers need three beds: the VIP wagon of the 356, with two left, is not offered; its 6-bed wagon is.
    expect(offers.map((offer) => `${offer.trainNumber} ${offer.wagon.kind}`)).toEqual([
      "310 salon",
      "352 compartment4",
      "356 compartment6",
      "390 compartment4",
    ]);
    const noor = offers.find((offer) => offer.trainNumber === "352")!;
    expect(noor).toMatchObject({
      operator: { code: "fadak", name: "Fadak" },
      from: "tehran",
      to: "mashhad",
      departAt: `${DATE}T16:45:00+03:30`,
      wagon: { kind: "compartment4", bedsPerCompartment: 4 },
      seatsLeft: 9,
      foreignersAllowed: false,
      carTransport: { sedan: 4_500_000, suv: 5_800_000, motorcycle: 2_100_000 },
      ticketType: "general",
      coupe: false,
      bedsPaid: 3,
    });
    // Two adults, a child at three quarters and an infant at a tenth.
    expect(noor.price).toEqual({ adult: 1_350_000, child: 1_013_000, infant: 135_000, total: 2 * 1_350_000 + 1_013_000 + 135_000 });
    expect(supplier.queries.at(-1)).toMatchObject({ from: "tehran", to: "mashhad", date: DATE, adults: 2, locale: "en" });
  });

  it("leaves out the trains the party does not fit, and prices a coupe with every bed paid", async () => {
    // Five travellers: the VIP wagon (2 beds left) cannot take them; the others can.
    const five = await search(route("&adults=5"));
    expect(five.body.offers!.map((offer) => `${offer.trainNumber} ${offer.wagon.kind}`)).toEqual([
      "310 salon",
      "352 compartment4",
      "356 compartment6",
      "390 compartment4",
    ]);
    // Coupe for three: whole compartments only (no salon), four beds paid in a 4-bed compartment.
    const coupe = await search(route("&adults=3&coupe=1"));
    const offers = coupe.body.offers!;
    expect(offers.every((offer) => offer.coupe && offer.wagon.kind !== "salon")).toBe(true);
    const noor = offers.find((offer) => offer.trainNumber === "352")!;
    expect(noor.bedsPaid).toBe(4);
    expect(noor.seatsLeft).toBe(8);
    expect(noor.price.total).toBe(4 * 1_350_000);
    const six = offers.find((offer) => offer.wagon.kind === "compartment6")!;
    expect(six.bedsPaid).toBe(6);
    expect(six.price.total).toBe(6 * 950_000);
  });

  it("says TRAIN_CAPACITY (422) when trains run that day but none can carry the party", async () => {
    // Nine travellers in whole compartments need three free 4-bed or two 6-bed compartments: none has them.
    const { status, body } = await search(route("&adults=9&coupe=1&lang=en"));
    expect(status).toBe(422);
    expect(body.error).toEqual({
      code: "TRAIN_CAPACITY",
      message: "Train cannot carry these passengers.",
      fields: [{ field: "date", code: "TRAIN_CAPACITY", message: "Train cannot carry these passengers." }],
    });
    const persian = await search(route("&adults=9&coupe=1"));
    expect(persian.body.error?.message).toBe("ظرفیت قطار برای این تعداد مسافر کافی نیست.");
  });

  it("answers the way back as returnOffers on a round trip, and an empty list on a day without trains", async () => {
    const round = await search(route(`&returnDate=${BACK}&ticketType=general`));
    expect(round.status).toBe(200);
    expect(round.body.returnOffers!.map((offer) => offer.trainNumber)).toEqual(["309", "351"]);
    expect(round.body.returnOffers!.every((offer) => offer.departAt.startsWith(BACK))).toBe(true);
    // Past the 90-day inventory nothing runs: an empty answer, not an error.
    const far = await search(`from=tehran&to=mashhad&date=${addDays(TODAY, 200)}`);
    expect(far).toEqual({ status: 200, body: { offers: [] } });
    // Sisters-only compartments: only the Noor has them.
    const sisters = await search(route("&ticketType=sisters"));
    expect(sisters.body.offers!.map((offer) => offer.trainNumber)).toEqual(["352"]);
    // An old link's "women" is read as sisters.
    expect((await search(route("&ticketType=women"))).body.offers!.map((offer) => offer.trainNumber)).toEqual(["352"]);
  });

  it("refuses bad input with 422, naming every field in the request's language", async () => {
    const { status, body } = await search(
      `from=tehran&to=tehran&date=${addDays(TODAY, -2)}&adults=1&infants=3&ticketType=kids&coupe=yes&lang=en`,
    );
    expect(status).toBe(422);
    expect(body.error?.code).toBe("SAME_ROUTE");
    expect(body.error?.fields?.map(({ field, code }) => [field, code])).toEqual([
      ["to", "SAME_ROUTE"],
      ["date", "DATE_PAST"],
      ["infants", "INFANTS_EXCEED_ADULTS"],
      ["ticketType", "TICKET_TYPE_INVALID"],
      ["coupe", "COUPE_INVALID"],
    ]);
    expect(body.error?.fields?.[3]?.message).toBe("ticketType must be general, brothers or sisters.");
    const missing = await search("lang=en");
    expect(missing.status).toBe(422);
    expect(missing.body.error?.fields?.map(({ field }) => field)).toEqual(["from", "to", "date"]);
    const unknown = await search(`from=tehran&to=atlantis&date=${DATE}`);
    expect(unknown.status).toBe(422);
    expect(unknown.body.error?.fields).toEqual([
      { field: "to", code: "UNKNOWN_STATION", message: "این نام به هیچ ایستگاه قطاری اشاره نمی‌کند." },
    ]);
    expect((await search(`from=tehran&to=mashhad&date=${DATE}&adults=${"9".repeat(80)}`)).status).toBe(422);
  });

  it("answers 503 when the station list, the supplier or any supplier at all is missing", async () => {
    placesDown = true;
    const stations = await search(route("&lang=en"));
    expect(stations.status).toBe(503);
    expect(stations.body.error).toMatchObject({ code: "STATIONS_UNAVAILABLE", message: "Stations cannot be shown right now." });
    placesDown = false;
    supplier.failing = "search";
    expect((await search(route())).status).toBe(503);
    expect(await search(route("&lang=en"), withoutTrains.base)).toMatchObject({ status: 503, body: { error: { code: "UNAVAILABLE" } } });
  });

  it("is not there for an agency that does not sell trains", async () => {
    expect(await search(route(), noTrainService.base)).toMatchObject({ status: 404, body: { error: { code: "SERVICE_UNAVAILABLE" } } });
  });
});
