import type { TaxInvoice, TaxInvoiceBody, TaxInvoiceStatus, TaxProfile } from "./invoice.ts";

/**
 * A tax registry (the Moadian system, or the built-in sandbox): it takes an invoice, signed by the
 * adapter with the seller's key, and answers a reference to ask about it later; the verdict comes
 * from an inquiry. Expected failures are values; only faults throw.
 */
export interface RegistryError {
  code: string;
  message: string;
}

export type SubmitResult =
  | { ok: true; reference: string }
  /** Not reached, a 5xx, a timeout, a nonce that expired: try again later. */
  | { ok: false; error: "UNAVAILABLE"; message: string }
  /** Refused at the door (a bad signature, an unknown client, a malformed packet), with the registry's codes. */
  | { ok: false; error: "REFUSED"; errors: RegistryError[] };

export type InquiryResult =
  | { ok: true; status: "pending" }
  | { ok: true; status: "accepted" }
  | { ok: true; status: "refused"; errors: RegistryError[] }
  | { ok: false; error: "UNAVAILABLE"; message: string };

/** What a registry is given to file: the invoice as made, and the seller's profile. */
export interface InvoicePacket {
  taxId: string;
  body: TaxInvoiceBody;
  profile: TaxProfile;
}

export interface TaxRegistry {
  readonly name: string;
  submit(packet: InvoicePacket): Promise<SubmitResult>;
  inquire(reference: string): Promise<InquiryResult>;
}

/** A new invoice's fields, made once the tenant's next serial is known. */
export interface NewTaxInvoice {
  kind: TaxInvoice["kind"];
  refersTo: string | null;
  refundId: string | null;
  taxId: string;
  body: TaxInvoiceBody;
  paidAt: Date;
  issuedAt: Date;
}

/** A tax invoice as the operator lists it: with its tenant and booking named. */
export interface TaxInvoiceListing extends TaxInvoice {
  tenantSlug: string;
  bookingReference: string;
}

export interface TaxInvoiceFilter {
  tenantId?: string;
  status?: TaxInvoiceStatus;
  /** Not accepted and paid at or before this instant. */
  overdueAt?: Date;
  limit?: number;
}

/** The seller of a tenant's invoices: its name and tax profile (null: it files none). */
export interface TaxSeller {
  tenantId: string;
  slug: string;
  name: string;
  profile: TaxProfile | null;
}

export interface TaxInvoiceRepository {
  seller(tenantId: string): Promise<TaxSeller | null>;
  /**
   * Paid bookings of tenants with a tax profile that have no original invoice yet (the sweep),
   * last changed at or after `since`, oldest first, with when they were paid.
   */
  bookingsWithoutInvoice(limit: number, since: Date): Promise<{ tenantId: string; bookingId: string; paidAt: Date | null }[]>;
  /** Refunds (made at or after `since`) of bookings with an original invoice but no corrective yet. */
  refundsWithoutCorrective(limit: number, since: Date): Promise<{ tenantId: string; bookingId: string; refundId: string }[]>;
  /**
   * Writes an invoice under the tenant's next serial, in one transaction that locks the tenant
   * (serials strictly increase, never twice). `make` builds it from the serial; null when the
   * booking already has its original (or the refund its corrective), which is then returned.
   */
  create(
    tenantId: string,
    bookingId: string,
    key: { kind: "original" } | { kind: "corrective"; refundId: string },
    make: (serial: number) => NewTaxInvoice,
  ): Promise<TaxInvoice>;
  findById(id: string): Promise<TaxInvoice | null>;
  /** A booking's invoices, original first. */
  forBooking(bookingId: string): Promise<TaxInvoice[]>;
  /** Invoices due to be filed or asked about at `now`; a corrective only once its original is accepted. */
  due(now: Date, limit: number): Promise<TaxInvoice[]>;
  /** Takes a due invoice until `until` (moving its next attempt there); false when another worker has it. */
  claim(id: string, now: Date, until: Date): Promise<boolean>;
  /** Records a step's outcome. */
  update(
    id: string,
    patch: Partial<
      Pick<TaxInvoice, "status" | "attempts" | "nextAttemptAt" | "registryReference" | "lastError" | "submittedAt" | "acceptedAt">
    >,
  ): Promise<void>;
  list(filter: TaxInvoiceFilter): Promise<TaxInvoiceListing[]>;
  /** Invoices not accepted (nor failed) paid in (from, to]: those that have just become overdue. */
  paidBetween(from: Date, to: Date): Promise<TaxInvoiceListing[]>;
  /** A tenant's booking id by its reference. */
  bookingIdByReference(tenantId: string, reference: string): Promise<string | null>;
}
