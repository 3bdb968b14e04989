/**
 * Official invoices (issue 23 §1) on each database engine, filed by the worker's use case with a
 * tenant on the Moadian adapter against the local fake registry: an invoice filed, refused,
 * filed again and accepted; a refund's corrective that waits for its original and is accepted;
 * two runs at once filing once; an invoice left pending that is overdue after 60 hours and not
 * before. The tenant's client id and key are stored encrypted, and each submission's signature
 * verifies with the public key. The clock is pinned and moved by hand.
 */
import { generateKeyPairSync } from "node:crypto";
import { and, asc, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCredentialStore } from "#adapters/db/credential-store.ts";
import { flightFares, flightRefundRules, flights, taxInvoices, tenantCredentials, tenants } from "#adapters/db/schema.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { startFakeMoadian, type FakeMoadian } from "#adapters/tax/moadian/fake-moadian-server.ts";
import { MOADIAN_CREDENTIAL_KIND } from "#adapters/tax/moadian/moadian-registry.ts";
import { verifyJws } from "#adapters/tax/moadian/packet.ts";
import { placeFlightBooking } from "#core/booking/place-flight-booking.ts";
import { payFromWallet } from "#core/payments/pay-from-wallet.ts";
import { refundBooking } from "#core/refunds/refund-booking.ts";
import { SWEEP_DAYS, fileBookingNow, runTaxFiling } from "#core/tax/file-invoices.ts";
import type { TaxInvoice } from "#core/tax/invoice.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { listInvoices } from "#server/cli/admin/invoices.ts";
import { databaseAdapters } from "#server/database-adapters.ts";
import { taxFilingDeps } from "#server/tax-filing.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { travellerWithWallet } from "../support/travellers.ts";

const KEY = "a".repeat(64);
const MEMORY_ID = "A1HMSF";
const COMPANY = { name: "شرکت نور گستر", nationalId: "10380284790", economicCode: "10380284790", postalCode: "1969833114" };
const ADULT = {
  type: "adult",
  firstName: "علی",
  lastName: "رضایی",
  firstNameLatin: "Ali",
  lastNameLatin: "Rezaei",
  gender: "male",
  birthDate: "1990-05-17",
  nationalCode: "0499370899",
} as const;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(ENGINES)("official invoices on %s", (engine) => {
  let database: TestDatabase;
  let fake: FakeMoadian;
  let tenantId: string;
  let adapters: ReturnType<typeof databaseAdapters>;
  let publicKeyPem: string;
  let offers: string[] = [];
  // The clock starts the day before the flights and is moved by each test, forward only.
  let nowMs = new Date("2026-03-09T08:00:00+03:30").getTime();
  const clock = { now: () => new Date(nowMs) };
  const later = (ms: number) => {
    nowMs += ms;
  };
  const warnings: { obj: object; msg: string }[] = [];
  const deps = () => taxFilingDeps(adapters, clock, { warn: (obj, msg) => void warnings.push({ obj, msg }) });
  const run = () => runTaxFiling(deps());
  let mobiles = 0;

  /** A company's one-way flight for one adult, paid from the buyer's wallet, so issued. */
  async function paidCompanyBooking(): Promise<{ id: string; hashId: string; userId: string }> {
    const mobile = `0912777${String((mobiles += 1)).padStart(4, "0")}`;
    const { account } = await travellerWithWallet(adapters, { tenantId, mobile, walletAmount: 100_000_000, now: clock.now() });
    const placed = await placeFlightBooking(
      {
        tenantId,
        tenantOptions: ["companyPurchase"],
        locale: "fa",
        offerIds: [offers.shift()!],
        passengers: [ADULT],
        contact: { mobile },
        company: COMPANY,
        discountCode: null,
        expectedFare: null,
        cause: "test",
        userId: account.id,
      },
      { flights: adapters.flights, bookings: adapters.bookings, clock },
    );
    if (!placed.ok) throw new Error(`not booked: ${JSON.stringify(placed)}`);
    const paid = await payFromWallet(
      { tenantId, bookingHashId: placed.booking.hashId, userId: account.id, amount: placed.booking.price.total },
      { ...adapters, clock, gateway: () => null },
    );
    expect(paid).toMatchObject({ ok: true, outcome: "issued" });
    return { id: placed.booking.id, hashId: placed.booking.hashId, userId: account.id };
  }

  const invoicesOf = async (bookingId: string): Promise<TaxInvoice[]> => adapters.taxInvoices.forBooking(bookingId);
  const originalOf = async (bookingId: string) => (await invoicesOf(bookingId)).find((invoice) => invoice.kind === "original")!;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    tenantId = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate: "2026-03-14", days: 1 }),
    });
    // Refundable economy fares, each test taking its own.
    const rows = await database.handle.db
      .select({ id: flightFares.id })
      .from(flightFares)
      .innerJoin(flights, eq(flights.id, flightFares.flightId))
      .innerJoin(flightRefundRules, eq(flightRefundRules.id, flightFares.refundRuleId))
      .where(and(eq(flightRefundRules.refundable, true), gt(flightFares.seatsAvailable, 0), eq(flightFares.cabin, "economy")))
      .orderBy(asc(flights.departAt), asc(flightFares.id))
      .limit(8);
    offers = rows.map((row) => row.id);

    // The agency files with Moadian: its profile names it, its client id and key go to the encrypted store.
    const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
    publicKeyPem = pair.publicKey.export({ type: "spki", format: "pem" }).toString();
    const privateKeyPem = pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const profile = DEMO_TENANTS.find(({ tenant }) => tenant.slug === "hamsafar")!.tenant.taxProfile!;
    await database.handle.db
      .update(tenants)
      .set({ taxProfile: { ...profile, registry: "moadian", memoryId: MEMORY_ID } })
      .where(eq(tenants.id, tenantId));
    await createCredentialStore(database.handle.db, { key: KEY }).put(tenantId, MOADIAN_CREDENTIAL_KIND, {
      clientId: MEMORY_ID,
      privateKey: privateKeyPem,
    });
    fake = await startFakeMoadian({ now: () => nowMs });
    fake.addClient(MEMORY_ID, publicKeyPem);
    adapters = databaseAdapters(database.handle, clock, { credentialsKey: KEY, moadianBaseUrl: fake.baseUrl });
  });
  afterAll(async () => {
    await fake?.close();
    await database?.drop();
  });

  it("stores the signing key encrypted: the row shows neither the key nor the client id", async () => {
    const [row] = await database.handle.db
      .select({ ciphertext: tenantCredentials.ciphertext })
      .from(tenantCredentials)
      .where(and(eq(tenantCredentials.tenantId, tenantId), eq(tenantCredentials.kind, MOADIAN_CREDENTIAL_KIND)));
    expect(row!.ciphertext).toMatch(/^v1:/);
    expect(row!.ciphertext).not.toContain("PRIVATE KEY");
    expect(row!.ciphertext).not.toContain(MEMORY_ID);
  });

  it("files a company's invoice, is refused once, files it again after the backoff and is accepted", async () => {
    const booking = await paidCompanyBooking();
    fake.refuseNext("0100", "Sample refusal");
    await run();
    let invoice = await originalOf(booking.id);
    expect(invoice).toMatchObject({ type: 1, status: "submitted", attempts: 1, serial: expect.any(Number) });
    expect(invoice.taxId.slice(0, 6)).toBe(MEMORY_ID);
    expect(invoice.body.header.buyer).toMatchObject({ kind: "company", name: COMPANY.name, nationalId: COMPANY.nationalId });

    // The submission was signed with the agency's key: the public key verifies it, and it carries the tax id.
    const submission = fake.submissions.find((item) => item.referenceNumber === invoice.registryReference)!;
    expect(await verifyJws(submission.payload, publicKeyPem)).toMatchObject({ header: { taxid: invoice.taxId, inty: 1 } });
    const otherKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ type: "spki", format: "pem" }).toString();
    expect(await verifyJws(submission.payload, otherKey)).toBeNull();

    later(MINUTE);
    await run();
    invoice = await originalOf(booking.id);
    expect(invoice).toMatchObject({ status: "refused", attempts: 1 });
    expect(invoice.lastError).toContain("0100");
    expect(warnings.some((warning) => warning.msg.includes("refused"))).toBe(true);

    // Not before its backoff (a minute after the first try).
    await run();
    expect((await originalOf(booking.id)).status).toBe("refused");
    later(MINUTE);
    await run();
    invoice = await originalOf(booking.id);
    expect(invoice).toMatchObject({ status: "submitted", attempts: 2 });
    later(MINUTE);
    await run();
    invoice = await originalOf(booking.id);
    expect(invoice.status).toBe("accepted");
    expect(invoice.acceptedAt).not.toBeNull();
    expect(fake.submissions.filter((item) => item.invoice.header.taxid === invoice.taxId)).toHaveLength(2);
  });

  it("files a refund's corrective once its original is accepted, keeping only the penalty", async () => {
    const booking = await paidCompanyBooking();
    await run();
    expect((await originalOf(booking.id)).status).toBe("submitted");
    const current = (await adapters.bookings.findById(tenantId, booking.id))!;
    const refunded = await refundBooking({ booking: current, to: { to: "wallet" }, cause: "test" }, { ...adapters, clock });
    if (!refunded.ok || !("quote" in refunded)) throw new Error(`not refunded: ${JSON.stringify(refunded)}`);

    later(MINUTE);
    await run();
    let [original, corrective] = await invoicesOf(booking.id);
    expect(original!.status).toBe("accepted");
    // Made, but waiting: the registry corrects only what it has accepted.
    expect(corrective).toMatchObject({
      kind: "corrective",
      refersTo: original!.id,
      status: "pending",
      attempts: 0,
      registryReference: null,
    });
    expect(corrective!.serial).toBeGreaterThan(original!.serial);
    expect(corrective!.body.header).toMatchObject({ subject: "corrective", refersToTaxId: original!.taxId, type: 1 });
    expect(corrective!.body.totals.total).toBe(refunded.quote.penalty * 10);
    expect(corrective!.body.refund).toMatchObject({ refunded: refunded.quote.refundAmount * 10 });

    later(MINUTE);
    await run();
    later(MINUTE);
    await run();
    [original, corrective] = await invoicesOf(booking.id);
    expect(corrective!.status).toBe("accepted");
    const filed = fake.submissions.find((item) => item.invoice.header.taxid === corrective!.taxId)!;
    expect(filed.invoice.header).toMatchObject({ ins: 2, irtaxid: original!.taxId });
  });

  it("files once when two runs go at the same moment", async () => {
    const booking = await paidCompanyBooking();
    later(MINUTE);
    await Promise.all([run(), run()]);
    const invoices = await database.handle.db.select().from(taxInvoices).where(eq(taxInvoices.bookingId, booking.id));
    expect(invoices).toHaveLength(1);
    expect(invoices[0]!.status).toBe("submitted");
    expect(fake.submissions.filter((item) => item.invoice.header.taxid === invoices[0]!.taxId)).toHaveLength(1);
  });

  it("lists an invoice still unaccepted 60 hours after payment as overdue, and warns once, not before", async () => {
    fake.stayPending(true);
    later(MINUTE);
    const paidAt = clock.now();
    const booking = await paidCompanyBooking();
    await run();
    const overdueNow = async () =>
      (await listInvoices(database.handle, { status: "overdue", tenantId, now: clock.now() })).map((invoice) => invoice.bookingId);

    later(59 * HOUR);
    await run();
    expect((await originalOf(booking.id)).status).toBe("submitted");
    expect(await overdueNow()).not.toContain(booking.id);

    // The run just after the 60-hour line warns about it.
    nowMs = paidAt.getTime() + 60 * HOUR + 30_000;
    warnings.length = 0;
    await run();
    const warned = warnings.filter((warning) => warning.msg.includes("60 hours"));
    expect(warned.map((warning) => (warning.obj as { booking: string }).booking)).toContain(
      (await listInvoices(database.handle, { status: "all", tenantId, now: clock.now() })).find((item) => item.bookingId === booking.id)!
        .bookingReference,
    );

    later(HOUR);
    const listed = await listInvoices(database.handle, { status: "overdue", tenantId, now: clock.now() });
    expect(listed.map((invoice) => invoice.bookingId)).toContain(booking.id);
    const mine = listed.find((invoice) => invoice.bookingId === booking.id)!;
    expect(mine).toMatchObject({ tenantSlug: "hamsafar", status: "submitted" });
    fake.stayPending(false);
  });

  it("leaves a sale older than the sweep's window to the operator, whose `invoices file` makes and files it", async () => {
    // An agency that had no tax profile when it sold: its booking is found by no sweep once the window has passed.
    await database.handle.db.update(tenants).set({ taxProfile: null }).where(eq(tenants.id, tenantId));
    const booking = await paidCompanyBooking();
    const profile = DEMO_TENANTS.find(({ tenant }) => tenant.slug === "hamsafar")!.tenant.taxProfile!;
    await database.handle.db
      .update(tenants)
      .set({ taxProfile: { ...profile, registry: "moadian", memoryId: MEMORY_ID } })
      .where(eq(tenants.id, tenantId));
    later((SWEEP_DAYS + 1) * 24 * HOUR);
    await run();
    expect(await invoicesOf(booking.id)).toHaveLength(0);

    const reference = (await adapters.bookings.findById(tenantId, booking.id))!.reference;
    const filed = await fileBookingNow({ tenantId, reference }, deps());
    expect(filed).toMatchObject({ ok: true, step: "submitted" });
    expect((await originalOf(booking.id)).status).toBe("submitted");
  });
});
