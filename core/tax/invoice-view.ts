/**
 * An official invoice as a reader sees it (the page and the PDF, issue 23 §1), in one language:
 * every label from the catalogs, amounts in toman (the body keeps rials, as filed) in the
 * language's digits, dates on the language's calendar in Tehran. Codes (the tax id, economic
 * codes, references) keep their own characters but take the language's digits where they are digits.
 */
import type { Locale } from "../i18n/locales.ts";
import { formatNumber, localizeDigits, translate, type MessageKey } from "../i18n/messages.ts";
import { dateText, tehranToday, type CalendarKind } from "../search/dates.ts";
import type { TaxInvoice, TaxInvoiceStatus } from "./invoice.ts";

export interface LabelledValue {
  label: string;
  value: string;
  /** Codes and numbers read left to right inside a right-to-left page. */
  ltr: boolean;
}

export interface OfficialInvoiceView {
  locale: Locale;
  heading: string;
  typeText: string;
  taxId: string;
  status: TaxInvoiceStatus;
  statusText: string;
  facts: LabelledValue[];
  seller: LabelledValue[];
  buyer: LabelledValue[];
  columns: { description: string; amount: string; discount: string; taxable: string; vat: string; total: string };
  lines: { description: string; amount: string; discount: string; taxable: string; vat: string; total: string }[];
  totals: { amount: string; discount: string; taxable: string; vat: string; total: string };
  payment: LabelledValue[];
  refundText: string | null;
  note: string;
  labels: { seller: string; buyer: string; lines: string; totals: string; payment: string; status: string; taxId: string };
}

export const STATUS_MESSAGE: Record<TaxInvoiceStatus, MessageKey> = {
  pending: "taxInvoice.status.pending",
  submitted: "taxInvoice.status.submitted",
  accepted: "taxInvoice.status.accepted",
  refused: "taxInvoice.status.refused",
  failed: "taxInvoice.status.failed",
};

const PAYMENT_MESSAGE = {
  gateway: "taxInvoice.payment.gateway",
  wallet: "taxInvoice.payment.wallet",
  "card-to-card": "taxInvoice.payment.card-to-card",
} as const satisfies Record<string, MessageKey>;

export function officialInvoiceView(
  invoice: Pick<TaxInvoice, "body" | "status" | "taxId" | "kind">,
  locale: Locale,
  calendar: CalendarKind = locale === "fa" ? "persian" : "gregorian",
): OfficialInvoiceView {
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params);
  // Rials as filed, shown in toman: a VAT share may end in a fraction of a toman.
  const toman = (rials: number) => formatNumber(locale, rials / 10, { maximumFractionDigits: 1 });
  const digits = (text: string) => localizeDigits(locale, text);
  const day = (iso: string) => localizeDigits(locale, dateText(tehranToday(new Date(iso)), calendar));
  const { header, lines, payment, totals, refund } = invoice.body;
  const code = (label: MessageKey, value: string): LabelledValue => ({ label: t(label), value: digits(value), ltr: true });

  const buyer: LabelledValue[] =
    header.buyer.kind === "company"
      ? [
          { label: t("taxInvoice.name"), value: header.buyer.name, ltr: false },
          code("taxInvoice.nationalId", header.buyer.nationalId),
          code("taxInvoice.economicCode", header.buyer.economicCode),
          code("taxInvoice.postalCode", header.buyer.postalCode),
          ...(header.buyer.branchCode ? [code("taxInvoice.branchCode", header.buyer.branchCode)] : []),
        ]
      : [
          header.buyer.mobile
            ? code("taxInvoice.mobile", header.buyer.mobile)
            : { label: t("taxInvoice.name"), value: t("taxInvoice.buyerUnnamed"), ltr: false },
        ];

  return {
    locale,
    heading: t(invoice.kind === "corrective" ? "taxInvoice.heading.corrective" : "taxInvoice.heading.original"),
    typeText: t(header.type === 1 ? "taxInvoice.type.1" : "taxInvoice.type.2"),
    taxId: invoice.taxId,
    status: invoice.status,
    statusText: t(STATUS_MESSAGE[invoice.status]),
    facts: [
      { label: t("taxInvoice.taxId"), value: invoice.taxId, ltr: true },
      code("taxInvoice.serial", String(header.serial)),
      { label: t("taxInvoice.issuedAt"), value: day(header.issuedAt), ltr: false },
      ...(header.refersToTaxId ? [{ label: t("taxInvoice.refersTo"), value: header.refersToTaxId, ltr: true }] : []),
    ],
    seller: [
      { label: t("taxInvoice.name"), value: header.seller.name, ltr: false },
      code("taxInvoice.economicCode", header.seller.economicCode),
      code("taxInvoice.nationalId", header.seller.nationalId),
      code("taxInvoice.postalCode", header.seller.postalCode),
    ],
    buyer,
    columns: {
      description: t("taxInvoice.line.description"),
      amount: t("taxInvoice.line.amount"),
      discount: t("taxInvoice.line.discount"),
      taxable: t("taxInvoice.line.taxable"),
      vat: t("taxInvoice.line.vat", { rate: formatNumber(locale, lines[0]?.vatRate ?? 0) }),
      total: t("taxInvoice.line.total"),
    },
    lines: lines.map((line) => ({
      // The flight number and place codes as printed; the date in the language's digits.
      description: `${line.code}${line.from && line.to ? ` ${line.from}–${line.to}` : ""} · ${digits(dateText(line.startsAt.slice(0, 10), calendar))}`,
      amount: toman(line.amount),
      discount: toman(line.discount),
      taxable: toman(line.taxable),
      vat: toman(line.vat),
      total: toman(line.total),
    })),
    totals: {
      amount: toman(totals.amount),
      discount: toman(totals.discount),
      taxable: toman(totals.taxable),
      vat: toman(totals.vat),
      total: toman(totals.total),
    },
    payment: payment
      ? [
          { label: t("taxInvoice.payment"), value: t(PAYMENT_MESSAGE[payment.method]), ltr: false },
          ...(payment.reference ? [code("taxInvoice.payment.reference", payment.reference)] : []),
          { label: t("taxInvoice.payment.paidAt"), value: day(payment.paidAt), ltr: false },
          { label: t("taxInvoice.line.amount"), value: t("flights.toman", { amount: toman(payment.amount) }), ltr: false },
        ]
      : [],
    refundText: refund
      ? t("taxInvoice.refund", { reference: refund.reference, refunded: toman(refund.refunded), retained: toman(refund.retained) })
      : null,
    note: t("taxInvoice.amountsNote"),
    labels: {
      seller: t("taxInvoice.seller"),
      buyer: t("taxInvoice.buyer"),
      lines: t("taxInvoice.lines"),
      totals: t("taxInvoice.totals"),
      payment: t("taxInvoice.payment"),
      status: t("taxInvoice.status"),
      taxId: t("taxInvoice.taxId"),
    },
  };
}
