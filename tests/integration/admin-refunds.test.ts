/**
 * `npm run admin -- refund list|paid` (issue 16 §4) through the command's functions and the
 * database, on each engine: card refunds requested by travellers are listed per tenant, recorded
 * as paid once (who, when, the bank's reference), their bookings become refunded and the
 * traveller gets an SMS in the booking's language; a second record, an unknown reference and
 * another tenant's refund are refused. The clock is pinned to a fixed day of a fixed inventory.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingRepository } from "#adapters/db/booking-repository.ts";
import { createLedgerRepository } from "#adapters/db/ledger-repository.ts";
import { createRefundRepository } from "#adapters/db/refund-repository.ts";
import { refunds, smsMessages } from "#adapters/db/schema.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { createHouseFlightSupplier } from "#adapters/suppliers/house/flight-supplier.ts";
import { createSupplierRegistry } from "#core/suppliers/registry.ts";
import { formatNumber, translate } from "#core/i18n/messages.ts";
import "#core/i18n/catalogs.ts";
import type { Booking } from "#core/booking/booking.ts";
import type { BookingEvent } from "#core/booking/booking-state.ts";
import { transition } from "#core/booking/booking-state.ts";
import { placeFlightBooking } from "#core/booking/place-flight-booking.ts";
import type { Locale } from "#core/i18n/locales.ts";
import { refundBooking } from "#core/refunds/refund-booking.ts";
import { addDays } from "#core/search/dates.ts";
import { runAdmin, type AdminContext } from "#server/cli/admin/commands.ts";
import { formatNumber as grouped, tehranTime } from "#server/cli/admin/discount.ts";
import { createRefundCommand } from "#server/cli/admin/refund.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";

const SHEBA = "IR820540102680020817909002";
const ADULT = {
  type: "adult",
  firstName: "علی",
  lastName: "رضایی",
  gender: "male",
  birthDate: "1990-05-17",
  nationalCode: "0499370899",
} as const;

describe.each(ENGINES)("admin refund commands on %s", (engine) => {
  let database: TestDatabase;
  const firstDate = "2026-03-10";
  const travelDate = addDays(firstDate, 1);
  /** 08:00 in Tehran on the first day; the settlement happens an hour later. */
  const requestedAt = new Date(`${firstDate}T08:00:00+03:30`);
  const paidAt = new Date(`${firstDate}T09:00:00+03:30`);
  let now = requestedAt;
  const clock = { now: () => now };
  const command = createRefundCommand({ now: () => paidAt });
  const tenantIds: Record<string, string> = {};
  let offerIndex = 0;

  interface Run {
    code: number;
    stdout: string;
    stderr: string;
  }
  /** `npm run admin -- refund …` against the test's database (which the command must not close). */
  async function refund(...args: string[]): Promise<Run> {
    const result = { stdout: "", stderr: "" };
    const context: AdminContext = {
      io: { out: (text) => void (result.stdout += text), err: (text) => void (result.stderr += text) },
      openDatabase: async () => ({ ...database.handle, close: async () => {} }),
    };
    const code = await runAdmin(["refund", ...args], context, [command]);
    return { code, ...result };
  }

  const deps = () => {
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

  /** An issued booking of the tenant refunded to a card: its booking and the refund's reference. */
  async function cardRefund(
    slug: string,
    locale: Locale,
    mobile: string,
  ): Promise<{ booking: Booking; reference: string; amount: number }> {
    const { flights, bookings } = deps();
    now = requestedAt;
    const offers = await flights.search({ from: "THR", to: "MHD", date: travelDate, adults: 1, children: 0, infants: 0 });
    let offer = offers[offerIndex++];
    // A fare whose rules allow a refund before departure.
    while (offer && !(await flights.refundTerms(offer.offerId))?.rule.refundable) offer = offers[offerIndex++];
    if (!offer) throw new Error("no refundable offer left");
    const placed = await placeFlightBooking(
      {
        tenantId: tenantIds[slug]!,
        tenantOptions: [],
        locale,
        offerIds: [offer.offerId],
        passengers: [ADULT],
        contact: { mobile },
        company: null,
        discountCode: null,
        expectedFare: null,
        cause: "test",
      },
      deps(),
    );
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    // Paid and issued, each step through the repository's guarded state change.
    let status = placed.booking.status;
    for (const event of ["go_to_bank", "payment_verified", "tickets_issued"] as BookingEvent[]) {
      const change = transition(status, event, { at: now, cause: "test" });
      if (!change.ok || !(await bookings.applyChange(placed.booking.id, change.change))) throw new Error(`${event} not applied`);
      status = change.change.to;
    }
    const issued = (await bookings.findById(tenantIds[slug]!, placed.booking.id))!;
    const refunded = await refundBooking({ booking: issued, to: { to: "card", sheba: SHEBA }, cause: "traveller (test)" }, deps());
    if (!refunded.ok) throw new Error(JSON.stringify(refunded));
    const [row] = await database.handle.db
      .select({ reference: refunds.reference, amount: refunds.amount })
      .from(refunds)
      .where(eq(refunds.bookingId, issued.id));
    return { booking: issued, reference: row!.reference, amount: row!.amount };
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    for (const { tenant } of DEMO_TENANTS) tenantIds[tenant.slug] = (await tenantIdBySlug(database.handle.db, tenant.slug))!;
    await seedFlightInventory(database.handle.db, {
      airlines: AIRLINES,
      refundRules: REFUND_RULES,
      flights: generateFlights({ firstDate, days: 3 }),
    });
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("lists a tenant's refunds with reference, booking, amount, method, status and time requested, filtered by status", async () => {
    const first = await cardRefund("safar-nur", "fa", "09121111111");
    expect(first.reference).toMatch(/^R[2-9A-HJ-NP-Z]{8}$/);
    const list = await refund("list", "--tenant", "safar-nur");
    expect(list.code, list.stderr).toBe(0);
    const line = list.stdout.split("\n").find((text) => text.startsWith(first.reference));
    expect(line).toBeDefined();
    for (const part of [first.booking.reference, `${grouped(first.amount)} tomans`, `card ${SHEBA}`, "requested", tehranTime(requestedAt)])
      expect(line).toContain(part);
    expect((await refund("list", "--tenant", "safar-nur", "--status", "paid")).stdout).toBe("Tenant safar-nur has no paid refunds.\n");
    expect((await refund("list", "--tenant", "parvaz-sabz")).stdout).toBe("Tenant parvaz-sabz has no refunds.\n");
    const bad = await refund("list", "--tenant", "safar-nur", "--status", "done");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("--status must be requested or paid");
  });

  it("records a card refund paid once, refunds the booking and texts the traveller in the booking's language", async () => {
    const { booking, reference, amount } = await cardRefund("hamsafar", "ar", "09122222222");
    const paid = await refund(
      "paid",
      "--tenant",
      "hamsafar",
      "--reference",
      reference.toLowerCase(),
      "--bank-reference",
      "PAYA 140312150001234",
      "--by",
      "Sara Ahmadi",
    );
    expect(paid.code, paid.stderr).toBe(0);
    expect(paid.stdout).toContain(`Refund ${reference} of booking ${booking.reference}`);
    expect(paid.stdout).toContain(`by Sara Ahmadi, bank reference PAYA 140312150001234`);
    expect(paid.stdout).toContain("The traveller was sent an SMS.");

    const [row] = await database.handle.db.select().from(refunds).where(eq(refunds.reference, reference));
    expect(row).toMatchObject({ status: "paid", paidBy: "Sara Ahmadi", bankReference: "PAYA 140312150001234", paidAt: paidAt });
    expect((await createBookingRepository(database.handle.db).findById(tenantIds.hamsafar!, booking.id))?.status).toBe("refunded");
    const texts = await database.handle.db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.mobile, "09122222222"), eq(smsMessages.template, "refund-paid")));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toBe(
      translate("ar", "sms.refundPaid", {
        reference: booking.reference,
        amount: formatNumber("ar", amount),
        bankReference: "PAYA 140312150001234",
      }),
    );
    expect(texts[0]!.tenantId).toBe(tenantIds.hamsafar);

    // Once: a second record is refused with the first one's details, and nothing more is sent.
    const again = await refund("paid", "--tenant", "hamsafar", "--reference", reference, "--bank-reference", "other", "--by", "Reza");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      `Refund ${reference} was already recorded as paid on ${tehranTime(paidAt)} (Tehran) by Sara Ahmadi, bank reference PAYA 140312150001234; nothing changed.`,
    );
    expect((await database.handle.db.select().from(refunds).where(eq(refunds.reference, reference)))[0]).toMatchObject({
      paidBy: "Sara Ahmadi",
    });
    expect(await database.handle.db.select().from(smsMessages).where(eq(smsMessages.template, "refund-paid"))).toHaveLength(1);

    const list = await refund("list", "--tenant", "hamsafar", "--status", "paid");
    expect(list.stdout).toContain(reference);
    expect(list.stdout).toContain(`  paid ${tehranTime(paidAt)} by Sara Ahmadi, bank reference PAYA 140312150001234`);
    expect((await refund("list", "--tenant", "hamsafar", "--status", "requested")).stdout).not.toContain(reference);
  });

  it("refuses an unknown reference, another tenant's refund, an unknown tenant and missing options, changing nothing", async () => {
    const { booking, reference } = await cardRefund("hamsafar", "fa", "09123333333");
    const unknown = await refund("paid", "--tenant", "hamsafar", "--reference", "RZZZZZZZZ", "--bank-reference", "x", "--by", "Sara");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Tenant hamsafar has no refund with the reference RZZZZZZZZ");
    const elsewhere = await refund("paid", "--tenant", "parvaz-sabz", "--reference", reference, "--bank-reference", "x", "--by", "Sara");
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain(`Tenant parvaz-sabz has no refund with the reference ${reference}`);
    const noTenant = await refund("paid", "--tenant", "nope", "--reference", reference, "--bank-reference", "x", "--by", "Sara");
    expect(noTenant.code).toBe(1);
    expect(noTenant.stderr).toContain('Unknown tenant: "nope"');
    for (const args of [
      ["--tenant", "hamsafar", "--bank-reference", "x", "--by", "Sara"],
      ["--tenant", "hamsafar", "--reference", reference, "--by", "Sara"],
      ["--tenant", "hamsafar", "--reference", reference, "--bank-reference", "x"],
    ]) {
      const missing = await refund("paid", ...args);
      expect(missing.code, args.join(" ")).toBe(1);
      expect(missing.stderr).toContain("Usage: npm run admin -- refund paid");
    }
    expect((await database.handle.db.select().from(refunds).where(eq(refunds.reference, reference)))[0]).toMatchObject({
      status: "requested",
      paidBy: null,
      bankReference: null,
      paidAt: null,
    });
    expect((await createBookingRepository(database.handle.db).findById(tenantIds.hamsafar!, booking.id))?.status).toBe("refund_requested");
  });
});
