/**
 * The back-office's operations screens over HTTP (issue 25 §1): the refund queue and its "mark
 * paid", and the SMS log, on each database engine. Who may read and write them by role, that a
 * tenant's staff never see another tenant's refunds or messages, that "mark paid" is audited once
 * and a second one changes nothing, and that sign-in codes never reach a staff member's screen.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingRepository } from "#adapters/db/booking-repository.ts";
import { createLedgerRepository } from "#adapters/db/ledger-repository.ts";
import { createRefundRepository } from "#adapters/db/refund-repository.ts";
import { auditEntries, bookings, refunds, smsMessages } from "#adapters/db/schema.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { createHouseFlightSupplier } from "#adapters/suppliers/house/flight-supplier.ts";
import { newSessionToken } from "#core/accounts/session-token.ts";
import type { BackOfficeRole } from "#core/back-office/roles.ts";
import type { BookingEvent } from "#core/booking/booking-state.ts";
import { transition } from "#core/booking/booking-state.ts";
import { placeFlightBooking } from "#core/booking/place-flight-booking.ts";
import { refundBooking } from "#core/refunds/refund-booking.ts";
import { addDays } from "#core/search/dates.ts";
import { createSupplierRegistry } from "#core/suppliers/registry.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { HOST_A, HOST_B, backOfficeClient, seedBackOfficeTenants, signedInStaff, type Problem } from "../support/back-office.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { startTestServer } from "../support/server.ts";

interface QueuedRefund {
  reference: string;
  bookingReference: string;
  status: string;
  paidBy: string | null;
  bankReference: string | null;
}

const SHEBA = "IR820540102680020817909002";
const ADULT = {
  type: "adult",
  firstName: "علی",
  lastName: "رضایی",
  gender: "male",
  birthDate: "1990-05-17",
  nationalCode: "0499370899",
} as const;
const FIRST_DATE = "2026-03-10";
/** 08:00 in Tehran on the inventory's first day: the server and the bookings share this instant. */
const NOW = new Date(`${FIRST_DATE}T08:00:00+03:30`);

let counter = 0;
const freshMobile = () => `0936${String(5_000_000 + ++counter).padStart(7, "0")}`;

describe.each(ENGINES)("the back-office operations screens on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let tenantIds = new Map<string, string>();
  const clock = { now: () => NOW };
  let offerIndex = 0;

  const { api, page, form } = backOfficeClient(() => server.port);

  const visitor = (host: string, role: BackOfficeRole | null) =>
    signedInStaff(database.handle.db, { tenantId: tenantIds.get(host)!, host, mobile: freshMobile(), role, now: NOW });

  const coreDeps = () => {
    const flights = createHouseFlightSupplier(database.handle.db, clock);
    return {
      flights,
      suppliers: createSupplierRegistry([{ service: "flight", supplier: flights }]),
      bookings: createBookingRepository(database.handle.db),
      refunds: createRefundRepository(database.handle.db),
      ledger: createLedgerRepository(database.handle.db),
      clock,
    };
  };

  /** An issued booking at the host's tenant, refunded to a card: the refund's reference. */
  async function cardRefund(host: string): Promise<{ reference: string; bookingId: string }> {
    const deps = coreDeps();
    const offers = await deps.flights.search({ from: "THR", to: "MHD", date: addDays(FIRST_DATE, 1), adults: 1, children: 0, infants: 0 });
    let offer = offers[offerIndex++];
    while (offer && !(await deps.flights.refundTerms(offer.offerId))?.rule.refundable) offer = offers[offerIndex++];
    if (!offer) throw new Error("no refundable offer left");
    const tenantId = tenantIds.get(host)!;
    const placed = await placeFlightBooking(
      {
        tenantId,
        tenantOptions: [],
        locale: "fa",
        offerIds: [offer.offerId],
        passengers: [ADULT],
        contact: { mobile: "09121111111" },
        company: null,
        discountCode: null,
        expectedFare: null,
        cause: "test",
      },
      deps,
    );
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    let status = placed.booking.status;
    for (const event of ["go_to_bank", "payment_verified", "tickets_issued"] as BookingEvent[]) {
      const change = transition(status, event, { at: NOW, cause: "test" });
      if (!change.ok || !(await deps.bookings.applyChange(placed.booking.id, change.change))) throw new Error(`${event} not applied`);
      status = change.change.to;
    }
    const issued = (await deps.bookings.findById(tenantId, placed.booking.id))!;
    const refunded = await refundBooking({ booking: issued, to: { to: "card", sheba: SHEBA }, cause: "traveller (test)" }, deps);
    if (!refunded.ok) throw new Error(JSON.stringify(refunded));
    const [row] = await database.handle.db.select({ reference: refunds.reference }).from(refunds).where(eq(refunds.bookingId, issued.id));
    return { reference: row!.reference, bookingId: issued.id };
  }

  const auditOf = (tenantId: string, reference: string) =>
    database.handle.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.tenantId, tenantId), eq(auditEntries.action, "refund.markPaid"), eq(auditEntries.subjectId, reference)));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    tenantIds = await seedBackOfficeTenants(database.handle.db);
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate: FIRST_DATE, days: 3 }),
    });
    server = await startTestServer(database.handle, {}, { clock });
  });

  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("answers a visitor who is not signed in 401 on the API and sends them to sign in from the screens", async () => {
    for (const path of ["/api/v1/admin/refunds", "/api/v1/admin/sms"]) {
      const refused = await api(path, null);
      expect(refused.status, path).toBe(401);
      expect((JSON.parse(refused.body) as Problem).error.code).toBe("UNAUTHORIZED");
    }
    expect((await api("/api/v1/admin/refunds/RXXXXXXXX/paid", null, { method: "POST", body: { bankReference: "x" } })).status).toBe(401);
    const screen = await page("/en/admin/refunds", null);
    expect(screen.status).toBe(302);
    expect(screen.headers.location).toBe(`/en/login?next=${encodeURIComponent("/en/admin/refunds")}`);
  });

  it("keeps an editor out of the refunds and lets support read but never mark paid", async () => {
    const { reference, bookingId } = await cardRefund(HOST_A);
    const editor = await visitor(HOST_A, "editor");
    expect((await api("/api/v1/admin/refunds", editor)).status).toBe(403);
    expect((await api("/api/v1/admin/sms", editor)).status).toBe(403);
    expect((await page("/admin/refunds", editor)).status).toBe(403);
    expect((await page("/admin/sms", editor)).status).toBe(403);

    const support = await visitor(HOST_A, "support");
    const listed = await api("/api/v1/admin/refunds", support);
    expect(listed.status).toBe(200);
    expect((JSON.parse(listed.body) as { refunds: QueuedRefund[] }).refunds.map((refund) => refund.reference)).toContain(reference);
    const screen = await page("/en/admin/refunds", support);
    expect(screen.status).toBe(200);
    expect(screen.body).toContain(reference);
    expect(screen.body).not.toContain('name="bankReference"');

    const refused = await api(`/api/v1/admin/refunds/${reference}/paid`, support, { method: "POST", body: { bankReference: "PAYA 1" } });
    expect(refused.status).toBe(403);
    expect((JSON.parse(refused.body) as Problem).error.code).toBe("FORBIDDEN");
    const posted = await form("/admin/refunds", support, { csrf: support.csrf, reference, bankReference: "PAYA 1" });
    expect(posted.status).toBe(403);
    const [row] = await database.handle.db.select({ status: refunds.status }).from(refunds).where(eq(refunds.bookingId, bookingId));
    expect(row!.status).toBe("requested");
    expect(await auditOf(tenantIds.get(HOST_A)!, reference)).toHaveLength(0);
  });

  it("never shows or settles one tenant's refund at another tenant", async () => {
    const { reference } = await cardRefund(HOST_A);
    const operatorB = await visitor(HOST_B, "operator");
    const listed = JSON.parse((await api("/api/v1/admin/refunds", operatorB)).body) as { refunds: QueuedRefund[] };
    expect(listed.refunds.map((refund) => refund.reference)).not.toContain(reference);
    expect((await page("/admin/refunds", operatorB)).body).not.toContain(reference);
    const refused = await api(`/api/v1/admin/refunds/${reference}/paid`, operatorB, {
      method: "POST",
      body: { bankReference: "PAYA 2" },
      lang: "en",
    });
    expect(refused.status).toBe(404);
    expect(JSON.parse(refused.body)).toEqual({ error: { code: "NOT_FOUND", message: "This refund was not found." } });
    // A session of tenant A is nobody at tenant B's host.
    const operatorA = await visitor(HOST_A, "operator");
    expect((await api("/api/v1/admin/refunds", { ...operatorA, host: HOST_B })).status).toBe(401);
  });

  it("marks a card refund paid once from the API, audited with before and after; a second call changes nothing", async () => {
    const { reference, bookingId } = await cardRefund(HOST_A);
    const operator = await visitor(HOST_A, "operator");
    const empty = await api(`/api/v1/admin/refunds/${reference}/paid`, operator, {
      method: "POST",
      body: { bankReference: "  " },
      lang: "en",
    });
    expect(empty.status).toBe(422);
    expect((JSON.parse(empty.body) as Problem).error.fields?.[0]).toMatchObject({ field: "bankReference" });

    const paid = await api(`/api/v1/admin/refunds/${reference}/paid`, operator, {
      method: "POST",
      body: { bankReference: "PAYA 140312150001234" },
    });
    expect(paid.status).toBe(200);
    const answer = JSON.parse(paid.body) as { refund: QueuedRefund; notified: boolean };
    expect(answer.refund).toMatchObject({ reference, status: "paid", bankReference: "PAYA 140312150001234" });
    expect(answer.refund.paidBy).toMatch(/^0936\*\*\*\d{4} \(operator\)$/);
    const [booking] = await database.handle.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
    expect(booking!.status).toBe("refunded");
    const entries = await auditOf(tenantIds.get(HOST_A)!, reference);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ via: "api", actorRole: "operator", subjectType: "refund" });
    expect(entries[0]!.before).toMatchObject({ reference, status: "requested", bankReference: null });
    expect(entries[0]!.after).toMatchObject({ reference, status: "paid", bankReference: "PAYA 140312150001234" });

    const again = await api(`/api/v1/admin/refunds/${reference}/paid`, operator, { method: "POST", body: { bankReference: "PAYA 999" } });
    expect(again.status).toBe(409);
    expect((JSON.parse(again.body) as Problem).error.code).toBe("ALREADY_PAID");
    expect(await auditOf(tenantIds.get(HOST_A)!, reference)).toHaveLength(1);
    const [row] = await database.handle.db
      .select({ bankReference: refunds.bankReference })
      .from(refunds)
      .where(eq(refunds.bookingId, bookingId));
    expect(row!.bankReference).toBe("PAYA 140312150001234");
    const queue = JSON.parse((await api("/api/v1/admin/refunds", operator)).body) as { refunds: QueuedRefund[] };
    expect(queue.refunds.map((refund) => refund.reference)).not.toContain(reference);
  });

  it("marks a card refund paid from the screen: the bank reference on its field when missing, then once, audited", async () => {
    const { reference } = await cardRefund(HOST_A);
    const operator = await visitor(HOST_A, "operator");
    const screen = await page("/en/admin/refunds", operator);
    expect(screen.status).toBe(200);
    expect(screen.headers["cache-control"]).toBe("no-store");
    expect(screen.body).toContain(reference);
    expect(screen.body).toContain(SHEBA);

    const missing = await form("/en/admin/refunds", operator, { csrf: operator.csrf, reference, bankReference: "" });
    expect(missing.status).toBe(400);
    expect(missing.body).toContain("Write the bank&#x27;s reference on one line");
    expect(missing.body).toContain('aria-invalid="true"');

    const forged = await form("/admin/refunds", operator, { csrf: newSessionToken(), reference, bankReference: "PAYA 3" });
    expect(forged.status).toBe(403);
    expect(await auditOf(tenantIds.get(HOST_A)!, reference)).toHaveLength(0);

    const saved = await form("/admin/refunds", operator, { csrf: operator.csrf, reference, bankReference: "PAYA 3" });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toMatch(new RegExp(`^/admin/refunds\\?paid=${reference}&sms=[01]$`));
    const again = await form("/admin/refunds", operator, { csrf: operator.csrf, reference, bankReference: "PAYA 4" });
    expect(again.status).toBe(409);
    const entries = await auditOf(tenantIds.get(HOST_A)!, reference);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ via: "web", actorRole: "operator" });
    expect(entries[0]!.after).toMatchObject({ bankReference: "PAYA 3" });
  });

  it("finds a tenant's booking and opens its file with national codes masked; another tenant finds nothing", async () => {
    const { bookingId } = await cardRefund(HOST_A);
    const [row] = await database.handle.db
      .select({ reference: bookings.reference, hashId: bookings.hashId })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    const { reference, hashId } = row!;
    const support = await visitor(HOST_A, "support");
    const found = await api(`/api/v1/admin/bookings?reference=${reference.toLowerCase()}&status=refund_requested`, support);
    expect(found.status).toBe(200);
    const listed = JSON.parse(found.body) as { bookings: { hashId: string; mobile: string }[]; total: number };
    expect(listed.total).toBe(1);
    expect(listed.bookings[0]).toMatchObject({ hashId, mobile: "0912***1111" });
    const none = JSON.parse((await api(`/api/v1/admin/bookings?reference=${reference}&status=issued`, support)).body) as { total: number };
    expect(none.total).toBe(0);

    const file = await api(`/api/v1/admin/bookings/${hashId}`, support);
    expect(file.status).toBe(200);
    const booking = JSON.parse(file.body) as { passengers: { document: string }[]; history: { to: string }[]; refund: { status: string } };
    expect(booking.passengers[0]!.document).toBe("••••••0899");
    expect(file.body).not.toContain("0499370899");
    expect(booking.history.map((change) => change.to)).toContain("refund_requested");
    expect(booking.refund.status).toBe("requested");
    const screen = await page(`/en/admin/bookings/${hashId}`, support);
    expect(screen.status).toBe(200);
    expect(screen.body).toContain(reference);
    expect(screen.body).toContain("••••••0899");
    expect(screen.body).not.toContain("0499370899");
    const list = await page(`/admin/bookings?reference=${reference}`, support);
    expect(list.status).toBe(200);
    expect(list.body).toContain(`/admin/bookings/${hashId}`);

    const operatorB = await visitor(HOST_B, "operator");
    const atB = JSON.parse((await api(`/api/v1/admin/bookings?reference=${reference}`, operatorB)).body) as { total: number };
    expect(atB.total).toBe(0);
    expect((await api(`/api/v1/admin/bookings/${hashId}`, operatorB)).status).toBe(404);
    expect((await page(`/admin/bookings/${hashId}`, operatorB)).status).toBe(404);
    const editor = await visitor(HOST_A, "editor");
    expect((await api(`/api/v1/admin/bookings/${hashId}`, editor)).status).toBe(403);
    expect((await page("/admin/bookings", editor)).status).toBe(403);
    expect((await api("/api/v1/admin/bookings", null)).status).toBe(401);
  });

  it("shows support the SMS log of its own tenant with sign-in codes and numbers masked", async () => {
    const db = database.handle.db;
    const mobile = "09127654321";
    await db.insert(smsMessages).values([
      {
        tenantId: tenantIds.get(HOST_A)!,
        mobile,
        text: "کد ورود شما به همسفر: 482913\nاین کد را به کسی ندهید.\n\n@localhost #482913",
        template: "login-code",
        tokens: ["482913"],
        sender: "outbox",
        status: "stored",
        createdAt: NOW,
      },
      {
        tenantId: tenantIds.get(HOST_A)!,
        mobile,
        text: "Your refund for booking K7M2Q9XA is paid: 1,250,000 tomans sent to your Sheba account. Bank reference: PAYA 77",
        template: "refund-paid",
        tokens: null,
        sender: "outbox",
        status: "stored",
        createdAt: new Date(NOW.getTime() + 60_000),
      },
      {
        tenantId: tenantIds.get(HOST_B)!,
        mobile,
        text: "Your sign-in code for Parvaz Sabz: 771204",
        template: "login-code",
        tokens: ["771204"],
        sender: "outbox",
        status: "stored",
        createdAt: NOW,
      },
    ]);
    const support = await visitor(HOST_A, "support");
    const listed = await api(`/api/v1/admin/sms?mobile=${mobile}`, support);
    expect(listed.status).toBe(200);
    const { messages, total } = JSON.parse(listed.body) as { messages: { mobile: string; text: string }[]; total: number };
    expect(total).toBe(2);
    expect(messages.map((message) => message.mobile)).toEqual(["0912***4321", "0912***4321"]);
    expect(listed.body).not.toContain("482913");
    expect(listed.body).not.toContain("771204");
    expect(messages[1]!.text).toBe("کد ورود شما به همسفر: ••••••\nاین کد را به کسی ندهید.\n\n@localhost #••••••");
    // Amounts and references are what support needs: they stay.
    expect(messages[0]!.text).toContain("K7M2Q9XA is paid: 1,250,000 tomans");

    // Unfiltered, so the number typed into the filter is not what the page echoes back.
    const screen = await page("/admin/sms", support);
    expect(screen.status).toBe(200);
    expect(screen.body).not.toContain("482913");
    expect(screen.body).not.toContain("771204");
    expect(screen.body).not.toContain(mobile);
    expect(screen.body).toContain("••••••");

    const bad = await api("/api/v1/admin/sms?mobile=123", support, { lang: "en" });
    expect(bad.status).toBe(400);
    expect((JSON.parse(bad.body) as Problem).error.fields?.[0]).toMatchObject({ field: "mobile" });
    const badScreen = await page("/en/admin/sms?mobile=123&from=tomorrow", support);
    expect(badScreen.status).toBe(200);
    expect(badScreen.body).toContain("This is not a valid mobile number");
    expect(badScreen.body).toContain("Write the date as");
  });
});
