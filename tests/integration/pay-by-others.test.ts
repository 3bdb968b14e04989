/**
 * Payment by others (issue 23 §2) on the real server with a pinned clock: a payment link sent by
 * SMS and paid once through the sandbox bank (then 410), an expired and an unknown link, and
 * card-to-card receipts — matched (issued, one payment), replayed and forged (refused, nothing
 * issued), unmatched (pending, hold stretched) and then confirmed by an operator; the inbound
 * SMS webhook; the API's refusals in the one envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createCredentialStore } from "#adapters/db/credential-store.ts";
import { bookings, cardToCardReceipts, paymentLinks, payments, smsMessages, tenants } from "#adapters/db/schema.ts";
import { seedFlightInventory } from "#adapters/db/seed-flights.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { tehranDayStart } from "#core/accounts/otp.ts";
import { tehranClock } from "#core/payment-links/link-message.ts";
import { hashLinkToken, newLinkToken } from "#core/payment-links/payment-link.ts";
import { addDays, dateText, tehranToday } from "#core/search/dates.ts";
import { CATALOGS } from "#core/i18n/catalogs.ts";
import { runAdmin, type AdminContext } from "#server/cli/admin/commands.ts";
import { createCardToCardCommand } from "#server/cli/admin/card-to-card.ts";
import { INBOUND_SMS_CREDENTIAL_KIND } from "#server/pay-by-others.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { generateFlights } from "#seed/flights/generate.ts";
import { REFUND_RULES } from "#seed/flights/refund-rules.ts";
import { referencePlaces } from "#seed/places/index.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest, type RawResponse } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";

const CREDENTIALS_KEY = "b".repeat(64);
const NATIONAL_CODE = "0499370899";
const CONTACT = "09121234567";
const PAYER = "09351112233";
const CSRF = "c".repeat(43);

/** The hidden fields and action of the auto-submitting form a bank page answers with. */
function bankForm(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? "";
  const fields = Object.fromEntries(
    [...html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!.replace(/&amp;/g, "&")]),
  );
  return { action, fields };
}

describe.each(ENGINES)("payment by others on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let tenantId: string;
  // Nine in the morning in Tehran: the SMS budget's day is not crossed below.
  let now = new Date(tehranDayStart(new Date()).getTime() + 9 * 3600_000);
  const clock = { now: () => now };
  const date = addDays(tehranToday(now), 2);
  let offers: { offerId: string; price: { total: number } }[] = [];
  let nextOffer = 0;
  let nextTrace = 700100;

  const json = <T>(response: RawResponse) => JSON.parse(response.body) as T;
  const post = (path: string, body: string, type = "application/json", headers: Record<string, string> = {}) =>
    rawRequest(server.port, { method: "POST", path, headers: { "content-type": type, ...headers }, body });
  const form = (path: string, fields: Record<string, string>) =>
    post(path, new URLSearchParams({ csrf: CSRF, ...fields }).toString(), "application/x-www-form-urlencoded", {
      cookie: `hs_csrf=${CSRF}`,
    });

  async function heldBooking(): Promise<{ hashId: string; reference: string; total: number; expiresAt: string }> {
    const offer = offers[nextOffer++ % offers.length]!;
    const created = await post(
      "/api/v1/bookings",
      JSON.stringify({
        offerId: offer.offerId,
        passengers: [
          { type: "adult", firstName: "علی", lastName: "رضایی", gender: "male", birthDate: "1990-05-01", nationalCode: NATIONAL_CODE },
        ],
        contact: { mobile: CONTACT },
      }),
    );
    expect(created.status, created.body).toBe(201);
    return json(created);
  }

  /** A receipt as Bank Mellat words it, for `rials` into the card ending `suffix`, made a minute ago. */
  function receipt(rials: number, options: { suffix?: string; trace?: string } = {}): string {
    const at = new Date(now.getTime() - 60_000);
    return [
      "بانک ملت",
      "انتقال از کارت 6104-33**-****-1234",
      `به کارت 6219-86**-****-${options.suffix ?? "6782"}`,
      `مبلغ ${rials.toLocaleString("en-US")} ریال`,
      `پیگیری: ${options.trace ?? String(nextTrace++)}`,
      `${dateText(tehranToday(at), "persian")} ${tehranClock(at)}`,
    ].join("\n");
  }

  const sendReceipt = (hashId: string, receiptText: string) =>
    post(`/api/v1/bookings/${hashId}/card-to-card`, JSON.stringify({ receiptText }));
  const bookingRow = async (hashId: string) => (await database.handle.db.select().from(bookings).where(eq(bookings.hashId, hashId)))[0]!;
  const paymentsOf = async (hashId: string) =>
    database.handle.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, (await bookingRow(hashId)).id));

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
    server = await startTestServer(database.handle, { CREDENTIALS_KEY }, { clock });
    const search = await rawRequest(server.port, { path: `/api/v1/flights/search?from=THR&to=MHD&date=${date}&adults=1` });
    offers = json<{ offers: { offerId: string; price: { total: number } }[] }>(search).offers;
    expect(offers.length).toBeGreaterThan(2);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("sends a link by SMS; its page shows no identity; paid once through the sandbox bank, then 410 and refused", async () => {
    const booking = await heldBooking();
    const created = await post(`/api/v1/bookings/${booking.hashId}/payment-link`, JSON.stringify({ mobile: "۰۹۳۵ ۱۱۱ ۲۲۳۳" }));
    expect(created.status, created.body).toBe(201);
    const link = json<{ url: string; expiresAt: string }>(created);
    expect(link.expiresAt).toBe(booking.expiresAt);
    const url = new URL(link.url);
    expect(url.host).toBe(`localhost:${server.port}`);
    expect(url.pathname).toMatch(/^\/payment\/link\/[A-Za-z0-9_-]{43}$/);
    const token = url.pathname.split("/").pop()!;

    // The SMS went to the payer's number with the link; only the token's hash is stored.
    const sms = await database.handle.db.select().from(smsMessages).where(eq(smsMessages.mobile, PAYER));
    expect(sms.map((message) => message.text).filter((text) => text.includes(link.url))).toHaveLength(1);
    const [row] = await database.handle.db
      .select()
      .from(paymentLinks)
      .where(eq(paymentLinks.tokenHash, await hashLinkToken(token)));
    expect(row).toMatchObject({ mobile: PAYER, paidAt: null });
    expect(JSON.stringify(await database.handle.db.select().from(paymentLinks))).not.toContain(token);

    const page = await rawRequest(server.port, { path: url.pathname });
    expect(page.status).toBe(200);
    expect(page.body).toContain("علی رضایی");
    for (const secret of [NATIONAL_CODE, "۰۴۹۹۳۷۰۸۹۹", CONTACT, "۰۹۱۲۱۲۳۴۵۶۷", "1990-05-01"]) expect(page.body).not.toContain(secret);

    // Paying from the link is the booking's own payment, and the bank sends the payer back to the link.
    const pay = await form(url.pathname, { intent: "pay", gateway: "sandbox" });
    expect(pay.status, pay.body.slice(0, 300)).toBe(303);
    const bankPath = new URL(String(pay.headers.location), url).pathname;
    expect(bankPath).toMatch(/^\/sandbox-bank\//);
    const paid = bankForm((await post(bankPath, "action=pay", "application/x-www-form-urlencoded")).body);
    expect(new URL(paid.action).search).toBe(`?link=${token}`);
    const back = await post(
      new URL(paid.action).pathname + new URL(paid.action).search,
      new URLSearchParams(paid.fields).toString(),
      "application/x-www-form-urlencoded",
    );
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe(`/payment/link/${token}`);

    const after = await rawRequest(server.port, { path: url.pathname });
    expect(after.status).toBe(410);
    expect(after.body).toContain(CATALOGS.fa["payByOthers.gone.issued.body"]);
    expect((await bookingRow(booking.hashId)).status).toBe("issued");
    expect((await paymentsOf(booking.hashId)).filter((payment) => payment.status === "verified")).toHaveLength(1);
    const [marked] = await database.handle.db
      .select()
      .from(paymentLinks)
      .where(eq(paymentLinks.tokenHash, await hashLinkToken(token)));
    expect(marked!.paidAt).not.toBeNull();
    // The ticket SMS went to the booking's contact, as after any payment.
    const ticketSms = await database.handle.db.select().from(smsMessages).where(eq(smsMessages.mobile, CONTACT));
    expect(ticketSms.filter((message) => message.text.includes(booking.reference))).toHaveLength(1);

    // A second attempt through the link, or a new link, is refused.
    expect((await form(url.pathname, { intent: "pay", gateway: "sandbox" })).status).toBe(410);
    const again = await post(`/api/v1/bookings/${booking.hashId}/payment-link`, JSON.stringify({ mobile: PAYER }));
    expect(again.status).toBe(409);
    expect(json<{ error: { code: string } }>(again).error.code).toBe("NOT_PAYABLE");
  });

  it("answers 410 for an expired link and 404 for an unknown one", async () => {
    const booking = await heldBooking();
    const created = json<{ url: string }>(await post(`/api/v1/bookings/${booking.hashId}/payment-link`, JSON.stringify({ mobile: PAYER })));
    const path = new URL(created.url).pathname;
    expect((await rawRequest(server.port, { path })).status).toBe(200);
    const before = now;
    now = new Date(Date.parse(booking.expiresAt) + 1000);
    try {
      const expired = await rawRequest(server.port, { path });
      expect(expired.status).toBe(410);
      expect(expired.body).toContain(CATALOGS.fa["payByOthers.gone.expired.title"]);
    } finally {
      now = before;
    }
    expect((await rawRequest(server.port, { path: `/payment/link/${newLinkToken()}` })).status).toBe(404);
    expect((await rawRequest(server.port, { path: "/payment/link/not-a-token" })).status).toBe(404);
  });

  it("lets the payer pay card-to-card on the link's page: a wrong card stays on the field, the right receipt pays and the link is gone", async () => {
    const booking = await heldBooking();
    const created = json<{ url: string }>(await post(`/api/v1/bookings/${booking.hashId}/payment-link`, JSON.stringify({ mobile: PAYER })));
    const path = new URL(created.url).pathname;
    const page = await rawRequest(server.port, { path });
    expect(page.body).toContain("<span>۶۲۱۹</span><span>۸۶۱۰</span><span>۲۳۴۵</span><span>۶۷۸۲</span>");
    const wrong = await form(path, { intent: "card-to-card", receiptText: receipt(booking.total * 10, { suffix: "9999" }) });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toContain(CATALOGS.fa["cardToCard.error.WRONG_CARD"]);
    const paid = await form(path, { intent: "card-to-card", receiptText: receipt(booking.total * 10) });
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(path);
    const gone = await rawRequest(server.port, { path });
    expect(gone.status).toBe(410);
    expect(gone.body).toContain(CATALOGS.fa["payByOthers.gone.issued.body"]);
    expect((await paymentsOf(booking.hashId)).map((payment) => [payment.gateway, payment.status])).toEqual([["card-to-card", "verified"]]);
  });

  it("refuses a bad mobile on its field and too many links per booking, in the one envelope", async () => {
    const booking = await heldBooking();
    const bad = await post(`/api/v1/bookings/${booking.hashId}/payment-link`, JSON.stringify({ mobile: "12345" }), "application/json", {
      language: "en",
    });
    expect(bad.status).toBe(422);
    expect(json<{ error: { fields: { field: string; code: string; message: string }[] } }>(bad).error.fields).toEqual([
      { field: "mobile", code: "MOBILE_INVALID", message: CATALOGS.en["payByOthers.error.MOBILE_INVALID"] },
    ]);
    for (let sent = 0; sent < 5; sent += 1)
      expect((await post(`/api/v1/bookings/${booking.hashId}/payment-link`, JSON.stringify({ mobile: PAYER }))).status).toBe(201);
    const sixth = await post(`/api/v1/bookings/${booking.hashId}/payment-link`, JSON.stringify({ mobile: PAYER }));
    expect(sixth.status).toBe(429);
    expect(json<{ error: { code: string } }>(sixth).error.code).toBe("TOO_MANY_LINKS");
    const unknown = await post(`/api/v1/bookings/${"x".repeat(22)}/payment-link`, JSON.stringify({ mobile: PAYER }));
    expect(unknown.status).toBe(404);
  });

  it("pays a booking from a matching receipt once: issued, one payment; the same receipt again and a forged one are refused", async () => {
    const booking = await heldBooking();
    const text = receipt(booking.total * 10);
    const matched = await sendReceipt(booking.hashId, text);
    expect(matched.status, matched.body).toBe(200);
    expect(json(matched)).toEqual({ status: "matched", bookingStatus: "issued" });
    const paid = await paymentsOf(booking.hashId);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ gateway: "card-to-card", status: "verified", amount: booking.total });

    // The same receipt again, for this booking or another: the trace paid once.
    const other = await heldBooking();
    const replay = await sendReceipt(other.hashId, text);
    expect(replay.status).toBe(409);
    expect(json<{ error: { code: string } }>(replay).error.code).toBe("TRACE_USED");

    // Another card, or text that is no receipt: refused on the field, nothing paid or issued.
    const forged = await sendReceipt(other.hashId, receipt(other.total * 10, { suffix: "1111" }));
    expect(forged.status).toBe(422);
    expect(json<{ error: { code: string; fields: { field: string }[] } }>(forged).error).toMatchObject({
      code: "WRONG_CARD",
      fields: [{ field: "receiptText" }],
    });
    expect((await sendReceipt(other.hashId, "سلام، واریز کردم")).status).toBe(422);
    expect((await bookingRow(other.hashId)).status).toBe("held");
    expect(await paymentsOf(other.hashId)).toHaveLength(0);
  });

  it("keeps a receipt that is not exact for an operator: hold stretched, nothing issued, then the operator's confirm issues it", async () => {
    const booking = await heldBooking();
    const heldUntil = (await bookingRow(booking.hashId)).holdExpiresAt;
    const pending = await sendReceipt(booking.hashId, receipt(booking.total * 10 + 50_000));
    expect(pending.status, pending.body).toBe(200);
    expect(json(pending)).toEqual({ status: "pending", bookingStatus: "held" });
    const stretched = await bookingRow(booking.hashId);
    expect(stretched.status).toBe("held");
    expect(stretched.holdExpiresAt.getTime()).toBe(now.getTime() + 30 * 60_000);
    expect(stretched.holdExpiresAt.getTime()).toBeGreaterThan(heldUntil.getTime());
    expect(await paymentsOf(booking.hashId)).toHaveLength(0);

    const [waiting] = await database.handle.db
      .select()
      .from(cardToCardReceipts)
      .where(and(eq(cardToCardReceipts.bookingId, stretched.id), eq(cardToCardReceipts.status, "pending")));
    const out = { stdout: "", stderr: "" };
    const context: AdminContext = {
      io: { out: (text) => void (out.stdout += text), err: (text) => void (out.stderr += text) },
      openDatabase: async () => ({ ...database.handle, close: async () => {} }),
      credentialsKey: () => CREDENTIALS_KEY,
    };
    const command = createCardToCardCommand({ now: () => now });
    expect(await runAdmin(["card-to-card", "list", "--tenant", "hamsafar", "--status", "pending"], context, [command])).toBe(0);
    expect(out.stdout).toContain(waiting!.id);
    const code = await runAdmin(
      ["card-to-card", "confirm", waiting!.id, "--tenant", "hamsafar", "--booking", booking.reference.toLowerCase()],
      context,
      [command],
    );
    expect(code, out.stderr).toBe(0);
    expect((await bookingRow(booking.hashId)).status).toBe("issued");
    expect(await paymentsOf(booking.hashId)).toHaveLength(1);
    // Confirmed once: a second confirm changes nothing.
    expect(
      await runAdmin(
        ["card-to-card", "confirm", "--tenant", "hamsafar", "--receipt", waiting!.id, "--booking", booking.reference],
        context,
        [command],
      ),
    ).toBe(1);
    expect(await paymentsOf(booking.hashId)).toHaveLength(1);
  });

  it("matches a receipt forwarded by SMS to the one open booking of its amount; two such bookings leave it to an operator", async () => {
    // The earlier tests' bookings still held are ended, so this test alone decides which bookings are open.
    await database.handle.db
      .update(bookings)
      .set({ status: "cancelled" })
      .where(and(eq(bookings.tenantId, tenantId), eq(bookings.status, "held")));
    const secret = "s".repeat(32);
    await createCredentialStore(database.handle.db, { key: CREDENTIALS_KEY }).put(tenantId, INBOUND_SMS_CREDENTIAL_KIND, { secret });
    const webhook = (path: string, message: string) =>
      post(path, new URLSearchParams({ from: PAYER, to: "10004346", message }).toString(), "application/x-www-form-urlencoded");

    const booking = await heldBooking();
    expect((await webhook(`/sms/inbound/${"t".repeat(32)}`, receipt(booking.total * 10))).status).toBe(404);
    const answer = await webhook(`/sms/inbound/${secret}`, receipt(booking.total * 10));
    expect(answer.status).toBe(200);
    expect(json<{ status: string }>(answer).status).toBe("matched");
    expect((await bookingRow(booking.hashId)).status).toBe("issued");

    // Two open bookings of one total: which one was paid is the operator's to say.
    nextOffer -= 1;
    const first = await heldBooking();
    nextOffer -= 1;
    const second = await heldBooking();
    expect(second.total).toBe(first.total);
    const ambiguous = await webhook(`/sms/inbound/${secret}`, receipt(first.total * 10));
    expect(json<{ status: string }>(ambiguous).status).toBe("pending");
    expect((await bookingRow(first.hashId)).status).toBe("held");
    expect((await bookingRow(second.hashId)).status).toBe("held");
    const [waiting] = await database.handle.db
      .select()
      .from(cardToCardReceipts)
      .where(
        and(eq(cardToCardReceipts.tenantId, tenantId), eq(cardToCardReceipts.source, "sms"), eq(cardToCardReceipts.status, "pending")),
      );
    expect(waiting).toMatchObject({ bookingId: null, senderMobile: PAYER, reason: "NO_SINGLE_BOOKING", amountRials: first.total * 10 });
  });

  it("takes the pre-invoice's forms without JavaScript: a link by SMS, a refused receipt on its field, a matched one to the invoice", async () => {
    const booking = await heldBooking();
    const path = `/flight/prefactor/${booking.reference}/${booking.hashId}`;
    const sent = await form(path, { intent: "payment-link", mobile: "09351119900" });
    expect(sent.status).toBe(200);
    expect(sent.body).toContain(CATALOGS.fa["payByOthers.link.sent"].split("{mobile}")[0]!);
    const sms = await database.handle.db.select().from(smsMessages).where(eq(smsMessages.mobile, "09351119900"));
    expect(sms).toHaveLength(1);
    const badMobile = await form(path, { intent: "payment-link", mobile: "0935" });
    expect(badMobile.status).toBe(422);
    expect(badMobile.body).toContain(CATALOGS.fa["payByOthers.error.MOBILE_INVALID"]);

    const forged = await form(path, { intent: "card-to-card", receiptText: receipt(booking.total * 10, { suffix: "4321" }) });
    expect(forged.status).toBe(422);
    expect(forged.body).toContain(CATALOGS.fa["cardToCard.error.WRONG_CARD"]);
    expect(forged.body).toMatch(/id="f-receiptText"[^>]*aria-invalid="true"/);
    const matched = await form(path, { intent: "card-to-card", receiptText: receipt(booking.total * 10) });
    expect(matched.status).toBe(303);
    expect(matched.headers.location).toBe(`/flight/factor/${booking.reference}/${booking.hashId}`);
    expect((await bookingRow(booking.hashId)).status).toBe("issued");
    // The invoice names the card-to-card payment in words, not by its gateway's code.
    const factor = await rawRequest(server.port, { path: String(matched.headers.location) });
    expect(factor.status).toBe(200);
    expect(factor.body).toContain(CATALOGS.fa["factor.paidWith"].replace("{gateway}", CATALOGS.fa["payment.gatewayName.cardToCard"]));
  });

  it("shows nothing and refuses everything for an agency without payment by others", async () => {
    const booking = await heldBooking();
    await database.handle.db
      .update(tenants)
      .set({ optionActive: ["wallet"] })
      .where(eq(tenants.id, tenantId));
    try {
      const link = await post(`/api/v1/bookings/${booking.hashId}/payment-link`, JSON.stringify({ mobile: PAYER }));
      expect(link.status).toBe(404);
      expect(json<{ error: { code: string } }>(link).error.code).toBe("OPTION_NOT_ACTIVE");
      expect((await sendReceipt(booking.hashId, receipt(booking.total * 10))).status).toBe(404);
      const prefactor = await rawRequest(server.port, { path: `/flight/prefactor/${booking.reference}/${booking.hashId}` });
      expect(prefactor.status).toBe(200);
      expect(prefactor.body).not.toContain(CATALOGS.fa["payByOthers.link.heading"]);
      expect(prefactor.body).not.toContain("<span>۶۲۱۹</span><span>۸۶۱۰</span><span>۲۳۴۵</span><span>۶۷۸۲</span>");
    } finally {
      await database.handle.db.update(tenants).set({ optionActive: DEMO_TENANTS[0]!.tenant.optionActive }).where(eq(tenants.id, tenantId));
    }
    const prefactor = await rawRequest(server.port, { path: `/flight/prefactor/${booking.reference}/${booking.hashId}` });
    expect(prefactor.body).toContain(CATALOGS.fa["payByOthers.link.heading"]);
    expect(prefactor.body).toContain("<span>۶۲۱۹</span><span>۸۶۱۰</span><span>۲۳۴۵</span><span>۶۷۸۲</span>");
  });
});
