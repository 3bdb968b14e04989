/**
 * Issue 23 §1: a booking's official invoices. `GET …/tax-invoice` lists them (the original and a
 * refund's corrective) with their status and amounts; `GET …/tax-invoice.pdf` is the latest one
 * (or the one named by `taxId`) as a PDF in the booking's language unless asked otherwise. Both
 * open with the booking's hashId, like its other pages.
 */
import { z } from "zod";
import { isLocale, localizePath, type Locale } from "#core/i18n/locales.ts";
import { TAX_INVOICE_STATUSES, type TaxInvoice } from "#core/tax/invoice.ts";
import { officialInvoiceView, type OfficialInvoiceView } from "#core/tax/invoice-view.ts";
import { apiSchemas } from "../openapi.ts";
import { ApiProblem, frontDoorProblem } from "../problem.ts";
import { defineRoute, file, json } from "../route.ts";
import { BOOKING_NOT_FOUND, openBooking } from "./access.ts";
import { BOOKINGS_PATH } from "./paths.ts";
import { hashIdParams } from "./schemas.ts";

/** react-pdf is loaded on the first invoice asked for, not when the server starts. */
const renderPdf = async (view: OfficialInvoiceView, seller: string) =>
  (await import("#adapters/pdf/tax-invoice-pdf.tsx")).renderTaxInvoicePdf(view, seller);

const rials = z.number().int().min(0);

const taxInvoiceSchema = z
  .object({
    taxId: z.string().length(22).describe("The 22-character tax id (fiscal memory id, day, serial, check digit)."),
    kind: z.enum(["original", "corrective"]).describe("corrective: a refund's, replacing the original with what the agency kept."),
    type: z.union([z.literal(1), z.literal(2)]).describe("1: with the buyer's identity (a company); 2: the buyer optional."),
    status: z
      .enum(TAX_INVOICE_STATUSES)
      .describe("pending, submitted (waiting for the registry), accepted, refused (filed again) or failed."),
    refersToTaxId: z.string().nullable().describe("A corrective's original."),
    issuedAt: z.string().describe("ISO 8601 instant."),
    acceptedAt: z.string().nullable(),
    amounts: z
      .object({
        amount: rials,
        discount: rials,
        taxable: rials,
        vat: rials,
        total: rials,
      })
      .describe("Integer rials, as filed; VAT is included in the price (total = taxable + vat)."),
    links: z.object({ page: z.string(), pdf: z.string() }),
  })
  .strict()
  .register(apiSchemas, { id: "TaxInvoice" });

const taxInvoicesSchema = z.object({ invoices: z.array(taxInvoiceSchema) }).strict();

const pdfPath = (hashId: string, invoice: Pick<TaxInvoice, "taxId">, locale: Locale) =>
  `${BOOKINGS_PATH}/${hashId}/tax-invoice.pdf?taxId=${invoice.taxId}&lang=${locale}`;

/** `GET /api/v1/bookings/{hashId}/tax-invoice`. */
export const taxInvoicesRoute = defineRoute({
  operationId: "getBookingTaxInvoices",
  method: "get",
  path: `${BOOKINGS_PATH}/{hashId}/tax-invoice`,
  summary: "The official invoices of a booking (issue 23): status, tax id, type, amounts and links",
  tags: ["bookings"],
  auth: "optional",
  params: hashIdParams,
  responses: {
    200: { description: "The booking's official invoices, the original first; empty when it gets none (yet).", schema: taxInvoicesSchema },
    404: BOOKING_NOT_FOUND,
  },
  async handler(context) {
    const booking = await openBooking(context);
    if (booking instanceof ApiProblem) return booking;
    const { deps, locale } = context;
    const invoices = deps.taxInvoices ? await deps.taxInvoices.forBooking(booking.id) : [];
    return json({
      invoices: invoices.map((invoice) => ({
        taxId: invoice.taxId,
        kind: invoice.kind,
        type: invoice.type,
        status: invoice.status,
        refersToTaxId: invoice.body.header.refersToTaxId,
        issuedAt: invoice.issuedAt.toISOString(),
        acceptedAt: invoice.acceptedAt?.toISOString() ?? null,
        amounts: invoice.body.totals,
        links: {
          page: localizePath(locale, `/invoice/official/${booking.hashId}`),
          pdf: pdfPath(booking.hashId, invoice, locale),
        },
      })),
    });
  },
});

/** `GET /api/v1/bookings/{hashId}/tax-invoice.pdf?taxId=&lang=`. */
export const taxInvoicePdfRoute = defineRoute({
  operationId: "getBookingTaxInvoicePdf",
  method: "get",
  path: `${BOOKINGS_PATH}/{hashId}/tax-invoice.pdf`,
  summary: "An official invoice of a booking, as a PDF",
  tags: ["bookings"],
  auth: "optional",
  params: hashIdParams,
  query: z.object({
    taxId: z.string().max(22).optional().describe("Which invoice; the latest (a corrective after a refund) when absent."),
    lang: z.string().max(8).optional().describe("fa, en or ar; the booking's language when absent."),
  }),
  responses: {
    200: { description: "The PDF, as an attachment.", contentType: "application/pdf" },
    404: { description: "No such booking here, or it has no such official invoice.", codes: ["NOT_FOUND"] },
  },
  async handler(context) {
    context.res.setHeader("X-Robots-Tag", "noindex");
    const booking = await openBooking(context);
    if (booking instanceof ApiProblem) return booking;
    const { deps, query, tenant } = context;
    const invoices = deps.taxInvoices ? await deps.taxInvoices.forBooking(booking.id) : [];
    const invoice = query.taxId ? invoices.find((item) => item.taxId === query.taxId) : invoices.at(-1);
    if (!invoice) return frontDoorProblem(context.locale, "NOT_FOUND");
    const locale: Locale = isLocale(query.lang) ? query.lang : isLocale(booking.locale) ? booking.locale : "fa";
    const pdf = await renderPdf(officialInvoiceView(invoice, locale), tenant.nameCompany[locale] ?? tenant.nameCompany.fa);
    return file(pdf, "application/pdf", { "Content-Disposition": `attachment; filename="invoice-${invoice.taxId}.pdf"` });
  },
});
