import { describe, expect, it } from "vitest";
import type { Booking } from "../booking/booking.ts";
import type { FlightOffer } from "../flights/flight.ts";
import { bodyProblems, correctiveInvoiceBody, needsOfficialInvoice, originalInvoiceBody, type TaxProfile } from "./invoice.ts";
import { parseTaxId } from "./tax-id.ts";
import { splitIncludedVat } from "./vat.ts";

const PROFILE: TaxProfile = {
  registry: "sandbox",
  memoryId: "A1HMSF",
  economicCode: "14001234567",
  nationalId: "14001234567",
  postalCode: "1415913456",
  invoiceEveryBooking: false,
};
const SELLER = { name: "همسفر", profile: PROFILE };
const ISSUED = new Date("2026-11-26T08:30:00Z");
const PAID = new Date("2026-11-26T08:00:00Z");

const offer = (flightNumber: string, from: string, to: string, departAt: string): FlightOffer => ({
  offerId: flightNumber,
  airline: { code: "IR", name: "Iran Air" },
  flightNumber,
  from,
  to,
  departAt,
  arriveAt: departAt.replace("T08", "T09"),
  durationMinutes: 90,
  aircraft: "A320",
  fareClass: "Y",
  cabin: "economy",
  seatsLeft: 9,
  charter: false,
  baggageKg: 20,
  refundable: true,
  price: { adult: 1_000_000, child: 1_000_000, infant: 100_000, total: 1_000_000 },
  taxesPerSeat: 50_000,
  latinNamesRequired: false,
});

function booking(company: Booking["company"], discount = 0): Booking {
  const items = [
    { offer: offer("IR 451", "THR", "MHD", "2026-12-01T08:00:00+03:30"), base: 1_900_000, taxes: 100_000 },
    { offer: offer("IR 452", "MHD", "THR", "2026-12-05T08:00:00+03:30"), base: 950_000, taxes: 50_000 },
  ].map((item, position) => ({
    position,
    service: "flightRtrip" as const,
    supplier: "house",
    offerId: item.offer.offerId,
    holdId: `h${position}`,
    seats: 2,
    offer: item.offer,
    base: item.base,
    taxes: item.taxes,
  }));
  const base = items.reduce((sum, item) => sum + item.base, 0);
  const taxes = items.reduce((sum, item) => sum + item.taxes, 0);
  return {
    id: "b1",
    tenantId: "t1",
    service: "flightRtrip",
    reference: "ABCD2345",
    hashId: "h".repeat(22),
    status: "issued",
    holdExpiresAt: PAID,
    party: { adults: 2, children: 0, infants: 0 },
    price: { base, taxes, discount, total: base + taxes - discount },
    discountCode: discount ? "OFF" : null,
    contact: { mobile: "09121234567", email: null },
    company,
    locale: "fa",
    items,
    passengers: [],
    createdAt: PAID,
    userId: null,
  };
}

const COMPANY = { name: "شرکت نمونه", nationalId: "10101234567", economicCode: "411111111111", postalCode: "1234567890", branchCode: null };
const PAYMENT = { gateway: "sandbox", referenceId: "SB-77", amount: 3_000_000, updatedAt: PAID };

describe("the official invoice of a paid booking", () => {
  it("is type 1 with the buyer's identity for a company, type 2 with the contact mobile otherwise", () => {
    const forCompany = originalInvoiceBody({
      booking: booking(COMPANY),
      seller: SELLER,
      payment: PAYMENT,
      paidAt: PAID,
      serial: 7,
      issuedAt: ISSUED,
    });
    expect(forCompany.header.type).toBe(1);
    expect(forCompany.header.buyer).toEqual({ kind: "company", ...COMPANY });
    const forPerson = originalInvoiceBody({
      booking: booking(null),
      seller: SELLER,
      payment: PAYMENT,
      paidAt: PAID,
      serial: 8,
      issuedAt: ISSUED,
    });
    expect(forPerson.header.type).toBe(2);
    expect(forPerson.header.buyer).toEqual({ kind: "person", mobile: "09121234567" });
    expect(parseTaxId(forPerson.header.taxId)?.serial).toBe(8);
    expect(forPerson.header.seller).toEqual({
      name: "همسفر",
      economicCode: "14001234567",
      nationalId: "14001234567",
      postalCode: "1415913456",
    });
  });

  it("has one line per item, named by its service module, in rials with the VAT in the price", () => {
    const body = originalInvoiceBody({
      booking: booking(COMPANY),
      seller: SELLER,
      payment: PAYMENT,
      paidAt: PAID,
      serial: 1,
      issuedAt: ISSUED,
    });
    expect(body.lines.map((line) => [line.code, line.from, line.to, line.amount])).toEqual([
      ["IR 451", "THR", "MHD", 20_000_000],
      ["IR 452", "MHD", "THR", 10_000_000],
    ]);
    const [first] = body.lines;
    // 20,000,000 rials with 10% VAT in it: 18,181,818 taxable and 1,818,182 VAT.
    expect(first).toMatchObject({ discount: 0, taxable: 18_181_818, vat: 1_818_182, vatRate: 10, total: 20_000_000 });
    expect(body.totals).toEqual({ amount: 30_000_000, discount: 0, taxable: 27_272_727, vat: 2_727_273, total: 30_000_000 });
    expect(body.payment).toEqual({
      method: "gateway",
      gateway: "sandbox",
      reference: "SB-77",
      paidAt: PAID.toISOString(),
      amount: 30_000_000,
    });
    expect(bodyProblems(body)).toEqual([]);
  });

  it("shares a discount over the lines and keeps every sum exact", () => {
    const body = originalInvoiceBody({
      booking: booking(null, 100_001),
      seller: SELLER,
      payment: null,
      paidAt: PAID,
      serial: 2,
      issuedAt: ISSUED,
    });
    expect(body.lines.map((line) => line.discount)).toEqual([666_670, 333_340]);
    expect(body.totals.discount).toBe(1_000_010);
    expect(body.totals.total).toBe(30_000_000 - 1_000_010);
    for (const line of body.lines) {
      expect(line.taxable + line.vat).toBe(line.total);
      expect(line.vat).toBe(splitIncludedVat(line.total).vat);
    }
    expect(bodyProblems(body)).toEqual([]);
  });

  it("is needed for a company's purchase, or for every one when the agency says so, and never without a profile", () => {
    expect(needsOfficialInvoice({ company: COMPANY }, PROFILE)).toBe(true);
    expect(needsOfficialInvoice({ company: null }, PROFILE)).toBe(false);
    expect(needsOfficialInvoice({ company: null }, { ...PROFILE, invoiceEveryBooking: true })).toBe(true);
    expect(needsOfficialInvoice({ company: COMPANY }, null)).toBe(false);
  });

  it("a refund's corrective refers to the original and keeps only the penalty, shared over the lines", () => {
    const original = originalInvoiceBody({
      booking: booking(COMPANY),
      seller: SELLER,
      payment: PAYMENT,
      paidAt: PAID,
      serial: 1,
      issuedAt: ISSUED,
    });
    const corrective = correctiveInvoiceBody({
      original,
      seller: SELLER,
      refund: { reference: "RABCD2345", penalty: 900_001, amount: 2_099_999 },
      serial: 2,
      issuedAt: new Date("2026-11-28T08:30:00Z"),
    });
    expect(corrective.header).toMatchObject({ subject: "corrective", refersToTaxId: original.header.taxId, type: 1, serial: 2 });
    expect(corrective.header.taxId).not.toBe(original.header.taxId);
    expect(corrective.lines.map((line) => line.total)).toEqual([6_000_006, 3_000_004]);
    expect(corrective.totals.total).toBe(9_000_010);
    expect(corrective.refund).toEqual({ reference: "RABCD2345", refunded: 20_999_990, retained: 9_000_010 });
    expect(bodyProblems(corrective)).toEqual([]);
  });

  it("is found wrong when a sum is changed", () => {
    const body = originalInvoiceBody({
      booking: booking(COMPANY),
      seller: SELLER,
      payment: PAYMENT,
      paidAt: PAID,
      serial: 1,
      issuedAt: ISSUED,
    });
    expect(bodyProblems({ ...body, totals: { ...body.totals, vat: body.totals.vat + 1 } })).toContain("TOTAL_VAT");
  });
});
