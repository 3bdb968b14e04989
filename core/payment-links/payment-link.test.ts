import { describe, expect, it } from "vitest";
import type { Booking } from "../booking/booking.ts";
import {
  createPaymentLink,
  hashLinkToken,
  isLinkToken,
  linkState,
  MAX_LINKS_PER_BOOKING,
  newLinkToken,
  type PaymentLinkRepository,
} from "./payment-link.ts";

const now = new Date("2026-11-26T10:00:00Z");
const holdEnds = new Date("2026-11-26T10:15:00Z");

describe("link tokens", () => {
  it("are 256 random bits in 43 base64url characters, different each time", () => {
    const a = newLinkToken();
    const b = newLinkToken();
    expect(isLinkToken(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(isLinkToken("short")).toBe(false);
    expect(isLinkToken(`${a.slice(0, 42)}!`)).toBe(false);
  });

  it("are stored as their SHA-256 in hex", async () => {
    expect(await hashLinkToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

describe("linkState", () => {
  const link = { expiresAt: holdEnds, paidAt: null };
  it("is open while the booking is held and the link has not ended", () => {
    expect(linkState(link, { status: "held", holdExpiresAt: holdEnds }, now)).toBe("open");
    expect(linkState(link, { status: "awaiting_payment", holdExpiresAt: holdEnds }, now)).toBe("open");
  });
  it("is paid once the booking is paid, issued or refunded, or the link says so", () => {
    for (const status of ["paid", "issued", "refund_requested", "refunded"] as const)
      expect(linkState(link, { status, holdExpiresAt: holdEnds }, now)).toBe("paid");
    expect(linkState({ ...link, paidAt: now }, { status: "held", holdExpiresAt: holdEnds }, now)).toBe("paid");
  });
  it("is expired at the link's end, the hold's end, or a cancelled booking", () => {
    expect(linkState(link, { status: "held", holdExpiresAt: holdEnds }, holdEnds)).toBe("expired");
    expect(linkState({ ...link, expiresAt: now }, { status: "held", holdExpiresAt: holdEnds }, now)).toBe("expired");
    expect(linkState(link, { status: "cancelled", holdExpiresAt: holdEnds }, now)).toBe("expired");
  });
});

describe("createPaymentLink", () => {
  const booking = { id: "b1", tenantId: "t1", reference: "HS1", status: "held", holdExpiresAt: holdEnds } as Booking;
  const tenant = { id: "t1", optionActive: ["payByOthers"], smsDailyBudget: 10 };
  function deps(counts: { booking: number; today: number }) {
    const created: unknown[] = [];
    const sent: { mobile: string; text: string }[] = [];
    const links: PaymentLinkRepository = {
      create: (input) => {
        created.push(input);
        return Promise.resolve({ id: "l1", ...input, paidAt: null, createdAt: input.at });
      },
      countForBooking: () => Promise.resolve(counts.booking),
      countForTenantSince: () => Promise.resolve(counts.today),
      findByTokenHash: () => Promise.resolve(null),
    };
    const sms = {
      name: "test",
      send: (input: { mobile: string; text: string }) => (sent.push(input), Promise.resolve({ ok: true as const, messageId: "m" })),
    };
    return { created, sent, deps: { links, clock: { now: () => now }, sms, message: (token: string) => `pay at /payment/link/${token}` } };
  }

  it("stores the token's hash only, ends with the hold, and sends the link to the normalised mobile", async () => {
    const world = deps({ booking: 0, today: 0 });
    const result = await createPaymentLink({ tenant, booking, mobile: "۰۹۱۲ ۳۴۵ ۶۷۸۹" }, world.deps);
    if (!result.ok) throw new Error(result.error);
    expect(result.expiresAt).toEqual(holdEnds);
    expect(world.created).toEqual([
      {
        tenantId: "t1",
        bookingId: "b1",
        tokenHash: await hashLinkToken(result.token),
        mobile: "09123456789",
        expiresAt: holdEnds,
        at: now,
      },
    ]);
    expect(world.sent).toEqual([expect.objectContaining({ mobile: "09123456789", text: `pay at /payment/link/${result.token}` })]);
  });

  it("refuses an agency without the option, a bad mobile, an ended hold, too many links and a spent budget", async () => {
    const make = (counts: { booking: number; today: number }, input: Partial<Parameters<typeof createPaymentLink>[0]> = {}) =>
      createPaymentLink({ tenant, booking, mobile: "09123456789", ...input }, deps(counts).deps);
    expect(await make({ booking: 0, today: 0 }, { tenant: { ...tenant, optionActive: [] } })).toEqual({
      ok: false,
      error: "OPTION_NOT_ACTIVE",
    });
    expect(await make({ booking: 0, today: 0 }, { mobile: "0912" })).toEqual({ ok: false, error: "MOBILE_INVALID" });
    expect(await make({ booking: 0, today: 0 }, { booking: { ...booking, holdExpiresAt: now } })).toEqual({
      ok: false,
      error: "NOT_PAYABLE",
    });
    expect(await make({ booking: 0, today: 0 }, { booking: { ...booking, status: "issued" } })).toEqual({
      ok: false,
      error: "NOT_PAYABLE",
    });
    expect(await make({ booking: MAX_LINKS_PER_BOOKING, today: 0 })).toEqual({ ok: false, error: "TOO_MANY_LINKS" });
    expect(await make({ booking: 0, today: 10 })).toEqual({ ok: false, error: "SMS_BUDGET" });
  });
});
