/**
 * The official invoice of a paid booking (issue 23 §1), as the tax registry reads it: a header
 * (tax id, type, subject, seller, buyer), one line per booking item with its amount, discount and
 * VAT, the payment, and the totals. Amounts are integer rials, as filed; pages divide by ten. The
 * body is written once, when the invoice is made, and never recomputed: what was filed stays.
 */
import type { Booking } from "../booking/booking.ts";
import type { Payment } from "../payments/payment.ts";
import { paidPerItem } from "../refunds/refund-booking.ts";
import { moduleOfBooking } from "../services/service-modules.ts";
import { makeTaxId } from "./tax-id.ts";
import type { TaxProfile } from "./tax-profile.ts";
import { splitIncludedVat, VAT_RATE_PERCENT } from "./vat.ts";

export type { TaxProfile };

export type TaxInvoiceKind = "original" | "corrective";
/** 1: with the buyer's identity (a company); 2: the buyer optional. */
export type TaxInvoiceType = 1 | 2;
export const TAX_INVOICE_STATUSES = ["pending", "submitted", "accepted", "refused", "failed"] as const;
export type TaxInvoiceStatus = (typeof TAX_INVOICE_STATUSES)[number];

export type TaxBuyer =
  | { kind: "company"; name: string; nationalId: string; economicCode: string; postalCode: string; branchCode: string | null }
  | { kind: "person"; mobile: string | null };

export interface TaxInvoiceLine {
  position: number;
  /** The service it was sold as, and its code, ends and start, from the item's service module. */
  service: string;
  code: string;
  from: string | null;
  to: string | null;
  startsAt: string;
  /** The item's fare and charges, its share of the discount, and what remains (taxable + VAT). */
  amount: number;
  discount: number;
  taxable: number;
  vatRate: number;
  vat: number;
  total: number;
}

export interface TaxInvoicePayment {
  method: "gateway" | "wallet" | "card-to-card";
  /** The gateway's name ("sandbox", "zarinpal", "wallet"…). */
  gateway: string;
  reference: string | null;
  paidAt: string;
  amount: number;
}

export interface TaxInvoiceTotals {
  amount: number;
  discount: number;
  taxable: number;
  vat: number;
  total: number;
}

export interface TaxInvoiceBody {
  header: {
    taxId: string;
    type: TaxInvoiceType;
    subject: TaxInvoiceKind;
    /** A corrective's original. */
    refersToTaxId: string | null;
    serial: number;
    issuedAt: string;
    seller: { name: string; economicCode: string; nationalId: string; postalCode: string };
    buyer: TaxBuyer;
  };
  lines: TaxInvoiceLine[];
  payment: TaxInvoicePayment | null;
  /** A corrective's refund: what went back to the traveller (the lines keep what the agency kept). */
  refund: { reference: string; refunded: number; retained: number } | null;
  totals: TaxInvoiceTotals;
}

export interface TaxInvoice {
  id: string;
  tenantId: string;
  bookingId: string;
  kind: TaxInvoiceKind;
  refersTo: string | null;
  refundId: string | null;
  type: TaxInvoiceType;
  taxId: string;
  serial: number;
  body: TaxInvoiceBody;
  amount: number;
  vat: number;
  status: TaxInvoiceStatus;
  attempts: number;
  nextAttemptAt: Date;
  registryReference: string | null;
  lastError: string | null;
  paidAt: Date;
  issuedAt: Date;
  submittedAt: Date | null;
  acceptedAt: Date | null;
}

/** Whether a paid booking gets an official invoice under the tenant's profile. */
export function needsOfficialInvoice(booking: Pick<Booking, "company">, profile: TaxProfile | null | undefined): boolean {
  if (!profile) return false;
  return booking.company !== null || profile.invoiceEveryBooking;
}

const rials = (tomans: number) => tomans * 10;

function paymentMethod(gateway: string): TaxInvoicePayment["method"] {
  if (gateway === "wallet") return "wallet";
  if (gateway === "card-to-card") return "card-to-card";
  return "gateway";
}

function lineOf(base: Omit<TaxInvoiceLine, "taxable" | "vatRate" | "vat" | "total">): TaxInvoiceLine {
  const { taxable, vat } = splitIncludedVat(base.amount - base.discount);
  return { ...base, taxable, vatRate: VAT_RATE_PERCENT, vat, total: taxable + vat };
}

export function totalsOf(lines: readonly TaxInvoiceLine[]): TaxInvoiceTotals {
  const sum = (pick: (line: TaxInvoiceLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    amount: sum((line) => line.amount),
    discount: sum((line) => line.discount),
    taxable: sum((line) => line.taxable),
    vat: sum((line) => line.vat),
    total: sum((line) => line.total),
  };
}

export interface InvoiceSeller {
  name: string;
  profile: TaxProfile;
}

/** The original invoice of a paid booking, numbered `serial` and issued at `issuedAt`. */
export function originalInvoiceBody(input: {
  booking: Booking;
  seller: InvoiceSeller;
  payment: Pick<Payment, "gateway" | "referenceId" | "amount" | "updatedAt"> | null;
  paidAt: Date;
  serial: number;
  issuedAt: Date;
}): TaxInvoiceBody {
  const { booking, seller } = input;
  const module = moduleOfBooking(booking);
  const paid = paidPerItem(booking);
  const lines = booking.items.map((item, index) => {
    const facts = module.facts(item.offer);
    const amount = rials(item.base + item.taxes);
    return lineOf({
      position: item.position,
      service: item.service,
      code: facts.code,
      from: facts.from,
      to: facts.to,
      startsAt: facts.startsAt,
      amount,
      discount: amount - rials(paid[index]!),
    });
  });
  const company = booking.company;
  const type: TaxInvoiceType = company ? 1 : 2;
  return {
    header: {
      taxId: makeTaxId({ memoryId: seller.profile.memoryId, issuedAt: input.issuedAt, serial: input.serial }),
      type,
      subject: "original",
      refersToTaxId: null,
      serial: input.serial,
      issuedAt: input.issuedAt.toISOString(),
      seller: sellerOf(seller),
      buyer: company ? { kind: "company", ...company } : { kind: "person", mobile: booking.contact.mobile || null },
    },
    lines,
    payment: input.payment
      ? {
          method: paymentMethod(input.payment.gateway),
          gateway: input.payment.gateway,
          reference: input.payment.referenceId,
          paidAt: input.paidAt.toISOString(),
          amount: rials(input.payment.amount),
        }
      : null,
    refund: null,
    totals: totalsOf(lines),
  };
}

function sellerOf(seller: InvoiceSeller): TaxInvoiceBody["header"]["seller"] {
  return {
    name: seller.name,
    economicCode: seller.profile.economicCode,
    nationalId: seller.profile.nationalId,
    postalCode: seller.profile.postalCode,
  };
}

/**
 * The corrective invoice of a refund: it replaces the original, each line now carrying only what
 * the agency kept (its share of the penalty, with the VAT in it), so the registry's record of the
 * sale equals the agency's revenue. The buyer, type and payment stay the original's.
 */
export function correctiveInvoiceBody(input: {
  original: TaxInvoiceBody;
  seller: InvoiceSeller;
  refund: { reference: string; penalty: number; amount: number };
  serial: number;
  issuedAt: Date;
}): TaxInvoiceBody {
  const { original } = input;
  const retainedTotal = rials(input.refund.penalty);
  const paidTotal = original.totals.total;
  let left = retainedTotal;
  const lines = original.lines.map((line, index) => {
    // The penalty shared by what each line cost; the last line takes the rounding.
    const retained = index === original.lines.length - 1 ? left : paidTotal > 0 ? Math.floor((retainedTotal * line.total) / paidTotal) : 0;
    left -= retained;
    return lineOf({ ...line, amount: retained, discount: 0 });
  });
  return {
    header: {
      ...original.header,
      taxId: makeTaxId({ memoryId: input.seller.profile.memoryId, issuedAt: input.issuedAt, serial: input.serial }),
      subject: "corrective",
      refersToTaxId: original.header.taxId,
      serial: input.serial,
      issuedAt: input.issuedAt.toISOString(),
      seller: sellerOf(input.seller),
    },
    lines,
    payment: original.payment,
    refund: { reference: input.refund.reference, refunded: rials(input.refund.amount), retained: retainedTotal },
    totals: totalsOf(lines),
  };
}

/** What a registry checks of a body before it looks further: a valid tax id is checked apart. */
export function bodyProblems(body: TaxInvoiceBody): string[] {
  const problems: string[] = [];
  if (body.lines.length === 0) problems.push("NO_LINES");
  for (const line of body.lines) {
    if (line.taxable + line.vat !== line.total || line.amount - line.discount !== line.total) problems.push(`LINE_SUM:${line.position}`);
    const expected = splitIncludedVat(line.total, line.vatRate);
    if (expected.vat !== line.vat) problems.push(`LINE_VAT:${line.position}`);
  }
  const totals = totalsOf(body.lines);
  for (const key of ["amount", "discount", "taxable", "vat", "total"] as const)
    if (totals[key] !== body.totals[key]) problems.push(`TOTAL_${key.toUpperCase()}`);
  if (body.header.type === 1 && body.header.buyer.kind !== "company") problems.push("BUYER_REQUIRED");
  if (body.header.buyer.kind === "company" && !/^\d{11}$/.test(body.header.buyer.nationalId)) problems.push("BUYER_NATIONAL_ID");
  if (body.header.subject === "corrective" && !body.header.refersToTaxId) problems.push("NO_ORIGINAL");
  return problems;
}
