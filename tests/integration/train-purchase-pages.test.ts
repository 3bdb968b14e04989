/**
 * The train purchase pages (issue 18), without JavaScript, on the real server with the house train
 * supplier: the passengers page offers meals and services per passenger and train and a car only
 * on a train that carries cars, says up front that a train refuses foreigners and refuses one on
 * the nationality field; a bad plate comes back on the plate field with everything typed kept; a
 * meal, a service and a car hold the train and the pre-invoice breaks the price down; once paid,
 * the invoice and its print layouts show each traveller's wagon, compartment and bed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingRepository } from "#adapters/db/booking-repository.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { seedTrainInventory } from "#adapters/db/seed-trains.ts";
import { createHouseTrainSupplier } from "#adapters/suppliers/house/train-supplier.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { formatNumber, translate } from "#core/i18n/messages.ts";
import { addDays } from "#core/search/dates.ts";
import type { TrainOffer } from "#core/trains/train.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { TRAIN_EXTRAS } from "#seed/trains/extras.ts";
import { TRAIN_OPERATORS } from "#seed/trains/operators.ts";
import { TRAIN_REFUND_RULES } from "#seed/trains/refund-rules.ts";
import { TRAINS } from "#seed/trains/trains.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

/** The `<input …>` tags of a page that carry this name (and value), to see what is checked or typed. */
function inputs(body: string, name: string, value?: string): string[] {
  return [...body.matchAll(/<input\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => tag.includes(`name="${name}"`) && (value === undefined || tag.includes(`value="${html(value)}"`)));
}

/** The hidden fields and action of the auto-submitting form a bank page answers with. */
function bankForm(body: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(body)?.[1]?.replace(/&amp;/g, "&") ?? "";
  const fields = Object.fromEntries(
    [...body.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!.replace(/&amp;/g, "&")]),
  );
  return { action, fields };
}

const CSRF = "c".repeat(43);
const FORM = "application/x-www-form-urlencoded";

describe.each(ENGINES)("the train purchase pages on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  // A fixed day and a clock pinned to it: the house supplier opens its days from the clock.
  const today = "2026-03-10";
  const travelDate = addDays(today, 2);
  const now = new Date(`${today}T08:00:00+03:30`);
  const clock = { now: () => now };
  let offers: TrainOffer[] = [];
  let returns: TrainOffer[] = [];
  const get = (path: string) => rawRequest(server.port, { path, headers: { cookie: `hs_csrf=${CSRF}` } });
  const post = (path: string, body: string) =>
    rawRequest(server.port, { method: "POST", path, headers: { "content-type": FORM, cookie: `hs_csrf=${CSRF}` }, body });
  const passengersPath = (offer: TrainOffer) =>
    `/train/tehran-mashhad/passengers?out=${encodeURIComponent(offer.offerId)}&date=${travelDate}&adults=1&children=0&infants=0&ticketType=general&coupe=0`;
  const expectedFareOf = (body: string) => /name="expectedFare" value="(\d+)"/.exec(body)?.[1] ?? "";

  /** One Iranian adult as the form without JavaScript sends them, with the page's fare. */
  const passenger = (expectedFare: string) => ({
    csrf: CSRF,
    expectedFare,
    "passengers.0.firstName": "علی",
    "passengers.0.lastName": "رضایی",
    "passengers.0.gender": "male",
    "passengers.0.birthDate": "1369/02/11",
    "passengers.0.nationalCode": "0499370899",
    "contact.mobile": "09121234567",
  });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedPlaces(database.handle.db, referencePlaces());
    await seedTrainInventory(database.handle.db, {
      operators: TRAIN_OPERATORS,
      refundRules: TRAIN_REFUND_RULES,
      extras: TRAIN_EXTRAS,
      trains: TRAINS,
    });
    // The offers as the results page has them (the server's supplier reads the same tables and clock).
    offers = await createHouseTrainSupplier(database.handle.db, clock).search({
      from: "tehran",
      to: "mashhad",
      date: travelDate,
      adults: 1,
      children: 0,
      infants: 0,
      ticketType: "general",
      coupe: false,
      locale: "fa",
    });
    returns = await createHouseTrainSupplier(database.handle.db, clock).search({
      from: "mashhad",
      to: "tehran",
      date: addDays(travelDate, 3),
      adults: 1,
      children: 0,
      infants: 0,
      ticketType: "general",
      coupe: false,
      locale: "fa",
    });
    server = await startTestServer(database.handle, {}, { clock });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const carTrain = () => {
    const offer = offers.find(
      (candidate) =>
        candidate.carTransport !== null &&
        candidate.seatsLeft > 0 &&
        candidate.extras.some((extra) => extra.kind === "meal" && extra.price > 0) &&
        candidate.extras.some((extra) => extra.kind === "service"),
    );
    expect(offer, "a car train with meals and services").toBeDefined();
    return offer!;
  };
  const plainTrain = () => {
    const offer = offers.find((candidate) => candidate.carTransport === null && !candidate.foreignersAllowed && candidate.seatsLeft > 0);
    expect(offer, "a train without cars that refuses foreigners").toBeDefined();
    return offer!;
  };

  it("offers meals and services per passenger, a car only on a car train, and says up front that a train refuses foreigners", async () => {
    const car = carTrain();
    const page = await get(passengersPath(car));
    expect(page.status, page.body.slice(0, 500)).toBe(200);
    const meal = car.extras.find((extra) => extra.kind === "meal")!;
    const service = car.extras.find((extra) => extra.kind === "service")!;
    expect(inputs(page.body, "passengers.0.meal.0", meal.code)).toHaveLength(1);
    expect(inputs(page.body, `passengers.0.service.0.${service.code}`)).toHaveLength(1);
    expect(page.body).toContain(html(meal.name));
    expect(page.body).toContain(
      html(translate("fa", "trainPurchase.choicesOf", { passenger: translate("fa", "booking.passenger.adult", { n: 1 }) })),
    );
    expect(inputs(page.body, "vehicle")).toHaveLength(1);
    expect(inputs(page.body, "vehicle.plate")).toHaveLength(1);
    // Every vehicle type with its price on this train.
    for (const rate of Object.values(car.carTransport!)) expect(page.body).toContain(formatNumber("fa", rate));

    const plain = plainTrain();
    const other = await get(passengersPath(plain));
    expect(other.status).toBe(200);
    expect(inputs(other.body, "vehicle")).toEqual([]);
    expect(other.body).not.toContain('name="vehicle.plate"');
    expect(other.body).toContain(html(CATALOGS.fa["booking.passengers.rule.noForeigners"]));
    expect(page.body).not.toContain(html(CATALOGS.fa["booking.passengers.rule.noForeigners"]));

    // A round trip: each train has its own meals, under its own legend.
    const back = returns.find((candidate) => candidate.seatsLeft > 0 && candidate.extras.some((extra) => extra.kind === "meal"));
    expect(back).toBeDefined();
    const round = await get(`${passengersPath(car)}&back=${encodeURIComponent(back!.offerId)}&returnDate=${addDays(travelDate, 3)}`);
    expect(round.status, round.body.slice(0, 500)).toBe(200);
    expect(inputs(round.body, "passengers.0.meal.1").length).toBeGreaterThan(1);
    expect(round.body).toContain(`${html(CATALOGS.fa["services.detail.return"])}: `);
    // The return's train missing from a return trip: back to choosing it.
    const incomplete = await get(`${passengersPath(car)}&returnDate=${addDays(travelDate, 3)}`);
    expect(incomplete.status).toBe(400);
    expect(incomplete.body).toContain(html(CATALOGS.fa["trainPurchase.error.PAIR_INCOMPLETE"]));
  });

  it("says up front that a sisters' compartment is for women, starts every traveller as one, and refuses a man on the gender field", async () => {
    const sisters = (
      await createHouseTrainSupplier(database.handle.db, clock).search({
        from: "tehran",
        to: "mashhad",
        date: travelDate,
        adults: 1,
        children: 0,
        infants: 0,
        ticketType: "sisters",
        coupe: false,
        locale: "fa",
      })
    ).find((offer) => offer.seatsLeft > 0);
    expect(sisters, "a sisters' compartment on sale").toBeDefined();
    const path = `/train/tehran-mashhad/passengers?out=${encodeURIComponent(sisters!.offerId)}&date=${travelDate}&adults=1&children=0&infants=0&ticketType=sisters&coupe=0`;
    const page = await get(path);
    expect(page.status, page.body.slice(0, 500)).toBe(200);
    expect(page.body).toContain(html(CATALOGS.fa["booking.passengers.rule.womenOnly"]));
    expect(inputs(page.body, "passengers.0.gender", "female")[0]).toContain("checked");
    const refused = await post(path, new URLSearchParams(passenger(expectedFareOf(page.body))).toString());
    expect(refused.status, refused.body.slice(0, 500)).toBe(400);
    expect(refused.body).toContain('id="f-passengers-0-gender-error"');
    expect(refused.body).toContain(html(CATALOGS.fa["booking.error.GENDER_NOT_ALLOWED"]));
  });

  it("refuses a foreign national on the nationality field of a train that does not sell to them", async () => {
    const plain = plainTrain();
    const path = passengersPath(plain);
    const fare = expectedFareOf((await get(path)).body);
    const form = new URLSearchParams({
      ...passenger(fare),
      "passengers.0.foreign": "1",
      "passengers.0.firstNameLatin": "Ayse",
      "passengers.0.lastNameLatin": "Yilmaz",
      "passengers.0.nationality": "TR",
      "passengers.0.passportNumber": "U1234567",
      "passengers.0.passportCountry": "TR",
      "passengers.0.passportExpiry": "2032/06/30",
    });
    const refused = await post(path, form.toString());
    expect(refused.status, refused.body.slice(0, 500)).toBe(400);
    expect(refused.body).toContain('id="f-passengers-0-nationality-error"');
    expect(refused.body).toContain(html(CATALOGS.fa["booking.error.FOREIGN_NOT_ALLOWED"]));
  });

  it("keeps a bad plate and everything typed, then holds a meal, a service and a car and breaks the price down, and prints the beds once paid", async () => {
    const car = carTrain();
    const path = passengersPath(car);
    const fare = expectedFareOf((await get(path)).body);
    expect(Number(fare)).toBeGreaterThan(0);
    const meal = car.extras.find((extra) => extra.kind === "meal" && extra.price > 0)!;
    const service = car.extras.find((extra) => extra.kind === "service")!;
    const choices = (plate: string) =>
      new URLSearchParams({
        ...passenger(fare),
        "passengers.0.meal.0": meal.code,
        [`passengers.0.service.0.${service.code}`]: "1",
        vehicle: "1",
        "vehicle.legs.0": "1",
        "vehicle.ownerPassenger": "0",
        "vehicle.idKind": "plate",
        "vehicle.plate": plate,
        "vehicle.type": "suv",
      }).toString();

    const bad = await post(path, choices("12345"));
    expect(bad.status, bad.body.slice(0, 500)).toBe(400);
    expect(bad.body).toContain('id="f-vehicle-plate-error"');
    expect(bad.body).toContain(html(CATALOGS.fa["booking.error.PLATE_INVALID"]));
    // Nothing typed is lost: the plate, the name, the meal, the service, the car's type and owner.
    expect(inputs(bad.body, "vehicle.plate", "12345")).toHaveLength(1);
    expect(inputs(bad.body, "passengers.0.firstName", "علی")).toHaveLength(1);
    expect(inputs(bad.body, "passengers.0.meal.0", meal.code)[0]).toContain("checked");
    expect(inputs(bad.body, `passengers.0.service.0.${service.code}`)[0]).toContain("checked");
    expect(inputs(bad.body, "vehicle.type", "suv")[0]).toContain("checked");
    expect(inputs(bad.body, "vehicle")[0]).toContain("checked");

    const held = await post(path, choices("۱۲ب۳۴۵-۶۷"));
    expect(held.status, held.body.slice(0, 800)).toBe(303);
    const prefactorPath = String(held.headers.location);
    expect(prefactorPath).toMatch(/^\/train\/prefactor\/[^/]+\/[A-Za-z0-9_-]+$/);
    const hashId = prefactorPath.split("/").pop()!;
    const tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    const repository = createBookingRepository(database.handle.db);
    const stored = (await repository.findByHashId(tenantId, hashId))!;
    const carRate = car.carTransport!.suv;
    // The server's price: the fare shown, and each choice at its price.
    expect(stored.price.total).toBe(Number(fare) + meal.price + service.price + carRate);

    const prefactor = await get(prefactorPath);
    expect(prefactor.status).toBe(200);
    expect(prefactor.body).toContain(html(CATALOGS.fa["booking.breakdown.heading"]));
    expect(prefactor.body).toContain(html(translate("fa", "trainPurchase.line.adult")));
    expect(prefactor.body).toContain(html(meal.name));
    expect(prefactor.body).toContain(html(service.name));
    expect(prefactor.body).toContain(
      html(translate("fa", "trainPurchase.line.car", { type: translate("fa", "trainService.vehicleType.suv") })),
    );
    for (const amount of [Number(fare), meal.price, service.price, carRate, stored.price.total])
      expect(prefactor.body).toContain(formatNumber("fa", amount));
    expect(prefactor.body).toContain("\u200e۱۲ب\u200e۳۴۵-۶۷");

    // Editing the held booking shows the choices as held, and changes the passenger only.
    const editHref = /href="(\/train\/[^"]+\/passengers\?edit=[^"]+)"/.exec(prefactor.body)?.[1]?.replace(/&amp;/g, "&");
    expect(editHref).toBeDefined();
    const edit = await get(editHref!);
    expect(edit.status).toBe(200);
    expect(edit.body).toContain(html(CATALOGS.fa["trainPurchase.editNote"]));
    expect(edit.body).toContain(html(meal.name));
    expect(inputs(edit.body, "passengers.0.meal.0")).toEqual([]);
    const edited = await post(
      editHref!,
      new URLSearchParams({ ...passenger(fare), edit: hashId, "passengers.0.firstName": "رضا" }).toString(),
    );
    expect(edited.status, edited.body.slice(0, 500)).toBe(303);
    const after = (await repository.findByHashId(tenantId, hashId))!;
    expect(after.passengers[0]?.firstName).toBe("رضا");
    expect(after.price.total).toBe(stored.price.total);

    // Paid at the sandbox bank: the tickets are issued with their beds.
    const pay = await post(prefactorPath, new URLSearchParams({ csrf: CSRF, gateway: "sandbox" }).toString());
    expect(pay.status, pay.body.slice(0, 500)).toBe(303);
    const bankPath = new URL(String(pay.headers.location), "http://localhost").pathname;
    const form = bankForm((await post(bankPath, "action=pay")).body);
    expect(form.fields.status).toBe("OK");
    const back = await post("/payment/callback/sandbox", new URLSearchParams(form.fields).toString());
    expect(String(back.headers.location)).toMatch(/\/issued$/);
    expect((await repository.findByHashId(tenantId, hashId))?.status).toBe("issued");
    const [ticket] = await repository.tickets(stored.id);
    expect(ticket?.placement).toBeTruthy();
    const { wagon, compartment, bed } = ticket!.placement as { wagon: number; compartment: number | null; bed: number };
    const place =
      compartment === null
        ? translate("fa", "trainService.place.seat", { wagon, bed })
        : translate("fa", "trainService.place.bed", { wagon, compartment, bed });

    const factorPath = `/train/factor/${stored.reference}/${hashId}`;
    for (const path of [factorPath, `${factorPath}/desktopFactor`, `${factorPath}/mobileFactor`, `/en${factorPath}/desktopFactor`]) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.body, path).toContain(ticket!.ticketNumber);
    }
    const factor = await get(factorPath);
    expect(factor.body).toContain(html(place));
    expect(factor.body).toContain(`href="${factorPath}/mobileFactor"`);
    const english = await get(`/en${factorPath}/mobileFactor`);
    expect(english.body).toContain(
      html(
        compartment === null
          ? translate("en", "trainService.place.seat", { wagon, bed })
          : translate("en", "trainService.place.bed", { wagon, compartment, bed }),
      ),
    );
  });
});
