/**
 * Notify-me alerts (issue 22 §1, §5, §6) on the real server and the worker's job, with a fixed
 * clock and the house flight inventory changed by SQL: a 10% drop tells once, a 5% drop never,
 * two runs at once send one SMS, seats opening on a sold-out departure tell once, the agency's
 * SMS budget holds a message back until the next check, a passed date ends the alert; removing by
 * link and by the API, confirming a pending alert with its code, and refusals in the envelope.
 */
import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flightFares, flights, smsMessages, tenants, watchAlerts, watchEvents } from "#adapters/db/schema.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { tehranDayStart } from "#core/accounts/otp.ts";
import type { AlertCheckResult } from "#core/alerts/check-alerts.ts";
import { watchSources } from "#core/alerts/watch.ts";
import { addDays, tehranToday } from "#core/search/dates.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { alertCheckJob, databaseAdapters } from "#server/database-adapters.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

let mobileCounter = 0;
/** A number of its own per traveller, so no test sees another's codes or limits. */
const freshMobile = () => `0936${String(5_000_000 + ++mobileCounter).padStart(7, "0")}`;

interface ApiAlert {
  id: string;
  status: string;
  baselinePrice: number | null;
  lastSeats: number | null;
  codeSent?: boolean;
  history?: { kind: string }[];
}

describe.each(ENGINES)("notify-me alerts on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let tenantId: string;
  // Nine in the morning in Tehran: the SMS budget's day is not crossed by the checks below.
  let now = new Date(tehranDayStart(new Date()).getTime() + 9 * 3600_000);
  const clock = { now: () => now };
  const advanceMinutes = (count: number) => {
    now = new Date(now.getTime() + count * 60_000);
  };
  const date = addDays(tehranToday(now), 2);
  let runJob: () => Promise<AlertCheckResult>;
  /** Routes of the day the tests have not used yet, each test taking its own. */
  const freeRoutes: { from: string; to: string }[] = [];

  const json = <T>(response: RawResponse) => JSON.parse(response.body) as T;
  const send = (method: string, path: string, body: unknown, options: { token?: string; language?: string } = {}) =>
    rawRequest(server.port, {
      method,
      path,
      headers: {
        "x-forwarded-for": `10.22.${mobileCounter % 250}.${Math.floor(Math.random() * 250)}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.language ? { language: options.language } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  const lastSms = async (mobile: string) =>
    database.handle.db
      .select({ text: smsMessages.text, template: smsMessages.template })
      .from(smsMessages)
      .where(eq(smsMessages.mobile, mobile))
      .orderBy(desc(smsMessages.createdAt));
  const alertSms = async (mobile: string) => (await lastSms(mobile)).filter((sms) => sms.template?.startsWith("alert-"));
  const codeOf = async (mobile: string) =>
    /#(\d{6})\s*$/.exec((await lastSms(mobile)).find((sms) => sms.template === "login-code")?.text ?? "")?.[1] ?? "";

  async function signIn(): Promise<{ token: string; mobile: string }> {
    const mobile = freshMobile();
    expect((await send("POST", "/api/v1/auth/otp", { mobile })).status).toBe(202);
    const verified = await send("POST", "/api/v1/auth/verify", { mobile, code: await codeOf(mobile) });
    expect(verified.status, verified.body).toBe(200);
    return { token: json<{ token: string }>(verified).token, mobile };
  }

  /** The flights of a route on the test day, by their Tehran day. */
  async function flightIdsOf(route: { from: string; to: string }): Promise<string[]> {
    const rows = await database.handle.db
      .select({ id: flights.id })
      .from(flights)
      .where(
        and(
          eq(flights.fromIata, route.from),
          eq(flights.toIata, route.to),
          sql`(${flights.departAt} at time zone 'Asia/Tehran')::date = ${date}::date`,
        ),
      );
    return rows.map((row) => row.id);
  }

  /** Sets every fare of a route's day: its price and free seats. */
  async function setFares(route: { from: string; to: string }, fares: { price?: number; seats?: number; fareIds?: string[] }) {
    const ids = await flightIdsOf(route);
    await database.handle.db
      .update(flightFares)
      .set({
        ...(fares.price !== undefined ? { adultPrice: fares.price, childPrice: fares.price, taxesPerSeat: 0 } : {}),
        ...(fares.seats !== undefined ? { seatsAvailable: sql`least(${flightFares.seatsTotal}, ${fares.seats})` } : {}),
      })
      .where(and(inArray(flightFares.flightId, ids), ...(fares.fareIds ? [inArray(flightFares.id, fares.fareIds)] : [])));
  }

  function takeRoute(): { from: string; to: string } {
    const route = freeRoutes.shift();
    if (!route) throw new Error("no route of the test day is left");
    return route;
  }

  const createAlert = (body: Record<string, unknown>, options: { token?: string; language?: string } = {}) =>
    send("POST", "/api/v1/alerts", body, options);

  const alertRow = async (id: string) => (await database.handle.db.select().from(watchAlerts).where(eq(watchAlerts.id, id)))[0]!;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate: addDays(date, -1), days: 3 }),
    });
    await seedPlaces(database.handle.db, referencePlaces());
    server = await startTestServer(database.handle, { TRUST_PROXY: "loopback" }, { clock });
    const adapters = databaseAdapters(database.handle, clock);
    runJob = alertCheckJob(adapters, clock);
    // Routes that fly on the test day, read from the inventory itself (never assumed).
    const routes = await database.handle.db
      .selectDistinct({ from: flights.fromIata, to: flights.toIata })
      .from(flights)
      .where(sql`(${flights.departAt} at time zone 'Asia/Tehran')::date = ${date}::date`)
      .orderBy(asc(flights.fromIata), asc(flights.toIata));
    const search = watchSources(adapters).get("flight")!;
    for (const route of routes) {
      const offers = await search.search({ service: "flight", ...route, date, party: { adults: 1, children: 0, infants: 0 } });
      if (offers.length > 0) freeRoutes.push(route);
    }
    expect(freeRoutes.length).toBeGreaterThan(8);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("a 10% drop sends one SMS naming the route, both prices and the links; a second run sends nothing", async () => {
    const route = takeRoute();
    await setFares(route, { price: 1_000_000, seats: 5 });
    const traveller = await signIn();
    const created = await createAlert(
      { kind: "price-drop", route: { service: "flight", ...route }, date, percent: 10, intervalMinutes: 30, mobile: traveller.mobile },
      { token: traveller.token },
    );
    expect(created.status, created.body).toBe(201);
    const alert = json<ApiAlert>(created);
    expect(alert).toMatchObject({ status: "active", baselinePrice: 1_000_000 });

    await setFares(route, { price: 900_000 });
    // Not due yet: nothing is looked at before its interval.
    expect((await runJob()).alerts).toBe(0);
    advanceMinutes(30);
    const result = await runJob();
    expect(result).toMatchObject({ fired: 1, sms: 1 });
    const [sms, ...others] = await alertSms(traveller.mobile);
    expect(others).toHaveLength(0);
    // Persian: digits in Persian, the results link on the agency's host, and the remove link.
    expect(sms!.text).toContain("۱٬۰۰۰٬۰۰۰");
    expect(sms!.text).toContain("۹۰۰٬۰۰۰");
    expect(sms!.text).toContain(`https://localhost/flight/${route.from}-${route.to}?date=${date}&adults=1&children=0&infants=0`);
    const row = await alertRow(alert.id);
    expect(sms!.text).toContain(`https://localhost/alerts/remove/${row.removeToken}`);
    expect(row).toMatchObject({ baselinePrice: 900_000, firedCount: 1 });

    advanceMinutes(30);
    expect(await runJob()).toMatchObject({ fired: 0, sms: 0 });
    expect(await alertSms(traveller.mobile)).toHaveLength(1);
  });

  it("a 5% drop with percent 10 sends nothing", async () => {
    const route = takeRoute();
    await setFares(route, { price: 2_000_000, seats: 5 });
    const traveller = await signIn();
    const created = await createAlert(
      { kind: "price-drop", route: { service: "flight", ...route }, date, intervalMinutes: 30, mobile: traveller.mobile },
      { token: traveller.token },
    );
    expect(json<ApiAlert>(created).baselinePrice).toBe(2_000_000);
    await setFares(route, { price: 1_900_000 });
    advanceMinutes(30);
    await runJob();
    expect(await alertSms(traveller.mobile)).toHaveLength(0);
    expect((await alertRow(json<ApiAlert>(created).id)).lastPrice).toBe(1_900_000);
  });

  it("two runs at once, and alerts of one route, share one search per group and send one SMS each", async () => {
    const route = takeRoute();
    await setFares(route, { price: 1_000_000, seats: 5 });
    const first = await signIn();
    const second = await signIn();
    for (const traveller of [first, second]) {
      const created = await createAlert(
        { kind: "price-drop", route: { service: "flight", ...route }, date, percent: 15, intervalMinutes: 30, mobile: traveller.mobile },
        { token: traveller.token },
      );
      expect(created.status).toBe(201);
    }
    await setFares(route, { price: 800_000 });
    advanceMinutes(30);
    const [a, b] = await Promise.all([runJob(), runJob()]);
    // Each run searched once for the group of two.
    expect(a.searches).toBe(a.groups);
    expect(a.fired + b.fired).toBe(2);
    expect(await alertSms(first.mobile)).toHaveLength(1);
    expect(await alertSms(second.mobile)).toHaveLength(1);
  });

  it("seats opening on a sold-out departure tell once in English, and re-arm when it sells out again", async () => {
    const route = takeRoute();
    await setFares(route, { price: 1_500_000, seats: 5 });
    const search = watchSources(databaseAdapters(database.handle, clock)).get("flight")!;
    const [watched] = await search.search({ service: "flight", ...route, date, party: { adults: 2, children: 0, infants: 0 } });
    await setFares(route, { seats: 0 });
    const traveller = await signIn();
    const created = await createAlert(
      {
        kind: "seats",
        offerId: watched!.offerId,
        route: { service: "flight", ...route },
        date,
        intervalMinutes: 30,
        mobile: traveller.mobile,
        adults: 2,
      },
      { token: traveller.token, language: "en" },
    );
    expect(created.status, created.body).toBe(201);
    expect(json<ApiAlert>(created)).toMatchObject({ status: "active", lastSeats: 0 });
    advanceMinutes(30);
    await runJob();
    expect(await alertSms(traveller.mobile)).toHaveLength(0);

    await setFares(route, { seats: 3, fareIds: [watched!.offerId] });
    advanceMinutes(30);
    await runJob();
    const sent = await alertSms(traveller.mobile);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("Seats opened");
    expect(sent[0]!.text).toContain("https://localhost/en/flight/");
    expect(sent[0]!.text).toContain("adults=2");
    advanceMinutes(30);
    await runJob();
    expect(await alertSms(traveller.mobile)).toHaveLength(1);
    // Sold out, then open again: a new change.
    await setFares(route, { seats: 0 });
    advanceMinutes(30);
    await runJob();
    await setFares(route, { seats: 4, fareIds: [watched!.offerId] });
    advanceMinutes(30);
    await runJob();
    expect(await alertSms(traveller.mobile)).toHaveLength(2);
  });

  it("a guest's alert waits for the sign-in code; a wrong code is refused in the envelope, the right one activates it", async () => {
    const route = takeRoute();
    const mobile = freshMobile();
    const created = await createAlert({ kind: "price-drop", route: { service: "flight", ...route }, date, mobile }, { language: "en" });
    expect(created.status, created.body).toBe(201);
    const alert = json<ApiAlert>(created);
    expect(alert).toMatchObject({ status: "pending", codeSent: true });
    const code = await codeOf(mobile);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await send(
      "POST",
      `/api/v1/alerts/${alert.id}/confirm`,
      { code: code === "000000" ? "111111" : "000000" },
      { language: "en" },
    );
    expect(wrong.status).toBe(401);
    expect(json<{ error: { code: string; message: string } }>(wrong).error.code).toBe("CODE_WRONG");
    const confirmed = await send("POST", `/api/v1/alerts/${alert.id}/confirm`, { code });
    expect(confirmed.status, confirmed.body).toBe(200);
    expect(json<ApiAlert>(confirmed).status).toBe("active");
    // Attached to the number's account: signing in with it (a minute later, as codes allow) lists the alert with its history.
    advanceMinutes(2);
    expect((await send("POST", "/api/v1/auth/otp", { mobile })).status).toBe(202);
    const verified = await send("POST", "/api/v1/auth/verify", { mobile, code: await codeOf(mobile) });
    const token = json<{ token: string }>(verified).token;
    const listed = json<{ alerts: ApiAlert[] }>(await send("GET", "/api/v1/me/alerts", undefined, { token }));
    expect(listed.alerts.map((entry) => entry.id)).toEqual([alert.id]);
    expect(listed.alerts[0]!.history!.map((entry) => entry.kind)).toEqual(["created", "confirmed"]);
    expect((await send("POST", `/api/v1/alerts/${alert.id}/confirm`, { code })).status).toBe(409);
  });

  it("DELETE removes the traveller's own alert and is 404 for another's; the remove link removes it signed out", async () => {
    const route = takeRoute();
    const owner = await signIn();
    const other = await signIn();
    const created = json<ApiAlert>(
      await createAlert({ kind: "seats", route: { service: "flight", ...route }, date, mobile: owner.mobile }, { token: owner.token }),
    );
    expect((await send("DELETE", `/api/v1/me/alerts/${created.id}`, undefined, { token: other.token })).status).toBe(404);
    expect((await send("DELETE", `/api/v1/me/alerts/${created.id}`, undefined, { token: owner.token })).status).toBe(204);
    expect((await alertRow(created.id)).status).toBe("removed");
    expect((await send("DELETE", `/api/v1/me/alerts/${created.id}`, undefined, { token: owner.token })).status).toBe(404);

    const second = json<ApiAlert>(
      await createAlert({ kind: "seats", route: { service: "flight", ...route }, date, mobile: owner.mobile }, { token: owner.token }),
    );
    const token = (await alertRow(second.id)).removeToken;
    const page = await rawRequest(server.port, { method: "GET", path: `/en/alerts/remove/${token}` });
    expect(page.status).toBe(200);
    const removed = await rawRequest(server.port, {
      method: "POST",
      path: `/en/alerts/remove/${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=remove",
    });
    expect([200, 303]).toContain(removed.status);
    expect((await alertRow(second.id)).status).toBe("removed");
    const history = await database.handle.db.select().from(watchEvents).where(eq(watchEvents.subjectId, second.id));
    expect(history.map((entry) => entry.kind)).toContain("removed");
  });

  it("from the pages: a guest's form goes to the code step, the code activates it; a refused form says why on its field", async () => {
    const route = takeRoute();
    const mobile = freshMobile();
    const form = (path: string, fields: Record<string, string>) =>
      rawRequest(server.port, {
        method: "POST",
        path,
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `10.23.${mobileCounter % 250}.9` },
        body: new URLSearchParams(fields).toString(),
      });
    const fields = {
      kind: "price-drop",
      service: "flight",
      from: route.from,
      to: route.to,
      date,
      adults: "1",
      children: "0",
      infants: "0",
      percent: "20",
      intervalMinutes: "180",
      mobile,
    };
    const refused = await form("/en/alerts/new", { ...fields, percent: "95", mobile: "0912" });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("The drop must be a whole percent from 1 to 90.");
    expect(refused.body).toContain("The mobile number is not valid.");

    const created = await form("/en/alerts/new", fields);
    expect(created.status).toBe(303);
    const confirmPath = String(created.headers.location);
    expect(confirmPath).toMatch(/^\/en\/alerts\/confirm\/[0-9a-f-]{36}$/);
    const id = confirmPath.split("/").pop()!;
    expect((await alertRow(id)).status).toBe("pending");
    const page = await rawRequest(server.port, { method: "GET", path: confirmPath });
    expect(page.status).toBe(200);
    expect(page.body).toContain("We sent a 6-digit code to");
    expect((await form(confirmPath, { code: "12" })).status).toBe(400);
    const confirmed = await form(confirmPath, { code: await codeOf(mobile) });
    expect(confirmed.status).toBe(303);
    expect(await alertRow(id)).toMatchObject({ status: "active", percent: 20, intervalMinutes: 180 });
    expect((await rawRequest(server.port, { method: "GET", path: confirmPath })).body).toContain("Your alert is set.");
  });

  it("refuses bad requests field by field in the visitor's language", async () => {
    const refused = await createAlert(
      {
        kind: "price-drop",
        route: { service: "ship", from: "THR", to: "MHD" },
        date: addDays(date, -5),
        percent: 95,
        intervalMinutes: 7,
        mobile: "12345",
        adults: 1,
        infants: 2,
      },
      { language: "en" },
    );
    expect(refused.status).toBe(422);
    const body = json<{ error: { code: string; fields: { field: string; code: string; message: string }[] } }>(refused);
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(Object.fromEntries(body.error.fields.map((entry) => [entry.field, entry.code]))).toEqual({
      "route.service": "SERVICE_UNKNOWN",
      date: "DATE_PAST",
      percent: "PERCENT_INVALID",
      intervalMinutes: "INTERVAL_INVALID",
      mobile: "MOBILE_INVALID",
      infants: "INFANTS_EXCEED_ADULTS",
    });
    expect(body.error.fields.find((entry) => entry.field === "percent")!.message).toBe("The drop must be a whole percent from 1 to 90.");
    const persian = await createAlert({
      kind: "price-drop",
      route: { service: "flight", from: "THR", to: "MHD" },
      date: "2020-01-01",
      mobile: "x",
    });
    expect(
      json<{ error: { fields: { field: string; message: string }[] } }>(persian).error.fields.find((entry) => entry.field === "date")!
        .message,
    ).toBe("این تاریخ گذشته است.");
    expect((await send("GET", "/api/v1/me/alerts", undefined)).status).toBe(401);
  });

  it("over the agency's daily SMS budget an SMS waits for the next check, then goes once", async () => {
    const route = takeRoute();
    await setFares(route, { price: 1_000_000, seats: 5 });
    const traveller = await signIn();
    const created = json<ApiAlert>(
      await createAlert(
        { kind: "price-drop", route: { service: "flight", ...route }, date, intervalMinutes: 30, mobile: traveller.mobile },
        { token: traveller.token },
      ),
    );
    const [sentToday] = await database.handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(watchEvents)
      .where(and(eq(watchEvents.tenantId, tenantId), eq(watchEvents.kind, "sms"), gte(watchEvents.at, tehranDayStart(now))));
    await database.handle.db.update(tenants).set({ smsDailyBudget: sentToday!.count }).where(eq(tenants.id, tenantId));
    try {
      await setFares(route, { price: 850_000 });
      advanceMinutes(30);
      expect(await runJob()).toMatchObject({ deferred: 1, sms: 0 });
      expect(await alertSms(traveller.mobile)).toHaveLength(0);
      expect((await alertRow(created.id)).baselinePrice).toBe(1_000_000);
      await database.handle.db
        .update(tenants)
        .set({ smsDailyBudget: sentToday!.count + 1 })
        .where(eq(tenants.id, tenantId));
      advanceMinutes(30);
      expect(await runJob()).toMatchObject({ sms: 1 });
      advanceMinutes(30);
      await runJob();
      expect(await alertSms(traveller.mobile)).toHaveLength(1);
    } finally {
      await database.handle.db.update(tenants).set({ smsDailyBudget: null }).where(eq(tenants.id, tenantId));
    }
  });

  it("ends every alert once its date has passed, a guest's never confirmed too", async () => {
    const route = takeRoute();
    const traveller = await signIn();
    const created = json<ApiAlert>(
      await createAlert(
        { kind: "seats", route: { service: "flight", ...route }, date, mobile: traveller.mobile },
        { token: traveller.token },
      ),
    );
    // A guest's alert whose code never came back.
    const unconfirmed = json<ApiAlert>(
      await createAlert({ kind: "seats", route: { service: "flight", ...route }, date, mobile: freshMobile() }),
    );
    expect(unconfirmed.status).toBe("pending");
    // The morning after the travel day, in Tehran.
    now = new Date(tehranDayStart(new Date(`${addDays(date, 1)}T12:00:00+03:30`)).getTime() + 8 * 3600_000);
    const result = await runJob();
    expect(result.ended).toBeGreaterThan(0);
    expect(await alertRow(created.id)).toMatchObject({ status: "ended", endedReason: "date-passed" });
    expect(await alertRow(unconfirmed.id)).toMatchObject({ status: "ended", endedReason: "date-passed" });
    const active = await database.handle.db.select({ id: watchAlerts.id }).from(watchAlerts).where(eq(watchAlerts.status, "active"));
    expect(active).toHaveLength(0);
  });
});
