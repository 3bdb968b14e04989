import { data, type AppLoadContext } from "react-router";
import { isHashId } from "#core/booking/booking.ts";
import { calendarOf } from "#app/search/search-page.server.ts";
import { officialInvoiceView, type OfficialInvoiceView } from "#core/tax/invoice-view.ts";
import { NO_STORE } from "./answers.server.ts";
import { requireBookingAccess } from "./access.server.ts";
import { factorPath } from "./paths.ts";

/** Issue 23 §1: the official invoices of a booking (`/invoice/official/{hashId}`), opened by its hashId like its other pages. */
export interface OfficialInvoicePage {
  seller: string;
  invoices: (OfficialInvoiceView & { pdfHref: string })[];
  factorHref: string;
}

export async function officialInvoiceLoader(request: Request, context: AppLoadContext, hashId: string | undefined) {
  const locale = context.locale.locale;
  const booking = await requireBookingAccess(
    request,
    context,
    hashId && isHashId(hashId) ? await context.bookings.findByHashId(context.tenant.id, hashId) : null,
  );
  const invoices = context.taxInvoices ? await context.taxInvoices.forBooking(booking.id) : [];
  // A booking without an official invoice has no such page: the same 404 as an unknown one.
  if (invoices.length === 0) throw data(null, { status: 404, headers: NO_STORE });
  const calendar = calendarOf(request, locale);
  const page: OfficialInvoicePage = {
    seller: context.tenant.nameCompany[locale] ?? context.tenant.nameCompany.fa,
    invoices: invoices.map((invoice) => ({
      ...officialInvoiceView(invoice, locale, calendar),
      pdfHref: `/api/v1/bookings/${booking.hashId}/tax-invoice.pdf?taxId=${invoice.taxId}&lang=${locale}`,
    })),
    factorHref: factorPath(locale, booking),
  };
  return data(page, { headers: NO_STORE });
}
