import { data, type AppLoadContext } from "react-router";
import { isHashId, type Booking, type TicketPlacement } from "#core/booking/booking.ts";
import { localizePath } from "#core/i18n/locales.ts";
import type { ServiceId } from "#core/services/service-ids.ts";
import { localizeDigits, translate } from "#core/i18n/messages.ts";
import { STATUS_MESSAGE } from "#core/tax/invoice-view.ts";
import { requireService } from "#app/service-guard.server.ts";
import { calendarOf } from "#app/search/search-page.server.ts";
import { placeNameIn, placeNamesOf } from "#core/services/place-names.ts";
import type { DescribeContext, ItemSummary, ServiceDocument, TicketLine } from "#core/services/service-module.ts";
import { moduleOfBooking } from "#core/services/service-modules.ts";
import type { Locale } from "#core/i18n/locales.ts";
import { factorPath, officialInvoicePath, prefactorPath } from "./paths.ts";
import { travellersOf, type PriceGroup, type PurchaseChoices } from "./purchase-choices.ts";
import { NO_STORE } from "./answers.server.ts";
import { requireBookingAccess } from "./access.server.ts";

/**
 * The invoice and ticket page (`/flight/factor/{reference?}/{hashId}/{status?}`, issue 8): the
 * booking as stored on the server, whatever status the path carries. Nothing here is a flight's:
 * items are described by their service's module (core/services).
 */

export type FactorOutcome = "success" | "pending" | "failed";

/** What the traveller is told, from the stored state only. */
export function factorOutcome(status: Booking["status"]): FactorOutcome {
  if (status === "issued") return "success";
  if (status === "held" || status === "awaiting_payment" || status === "paid") return "pending";
  return "failed";
}

export interface FactorPage {
  outcome: FactorOutcome;
  service: ServiceId;
  status: Booking["status"];
  reference: string;
  hashId: string;
  /** The words of the booking's service: what its supplier's code, numbers, download and two ends are called. */
  document: ServiceDocument;
  /** What was bought, one per item, as its service's module describes it; with the item's PNR once issued. */
  items: (ItemSummary & { pnr: string | null })[];
  /** Per item, the passenger's ticket numbers in leg order (an international round trip has two); empty before issue. */
  passengers: {
    name: string;
    latinName: string | null;
    type: string;
    identity: string | null;
    tickets: string[][];
    /** Per item, where the passenger sits ("Wagon 3, compartment 4, bed 13"), when the service's pages say it; else nulls. */
    places: (string | null)[];
  }[];
  price: Booking["price"];
  /** The price part by part when the service has its own choices (beds, meals, a car); null otherwise. */
  breakdown: PriceGroup[] | null;
  /** The e-ticket's boxes as the items' module writes them (with each traveller's place), once issued; empty when the pages do not show them. */
  ticketLines: TicketLine[];
  /** The print-ready layouts of this invoice (spec §2 `…/desktopFactor`, `…/mobileFactor`) and the invoice itself, when the service has them. */
  printHrefs: { desktop: string; mobile: string; invoice: string } | null;
  payment: { gateway: string; referenceId: string | null; maskedPan: string | null; amount: number } | null;
  /** The buyer of a company purchase as stored (its ids in the page's digits); null for a private one. */
  company: { name: string; nationalId: string; economicCode: string; postalCode: string; branchCode: string | null } | null;
  /** Issue 23: the booking's official invoices (the original, a refund's corrective): tax id, status in words, links. */
  officialInvoices: { heading: string; taxId: string; statusText: string; pageHref: string; pdfHref: string }[];
  supportPhone: string | null;
  pdfHref: string;
  prefactorHref: string;
  followHref: string;
}

/** What a service's invoice pages add to the shared one (trains: the breakdown, each traveller's place, the print layouts). */
export interface FactorOptions {
  breakdown?: PurchaseChoices<unknown>["breakdown"];
  /** A ticket's place as the traveller reads it; null when it names none the service knows. */
  placement?: (placement: TicketPlacement, locale: Locale) => string | null;
  /** Show the e-ticket's boxes (the module's ticket lines) once issued. */
  ticketLines?: boolean;
  /** The service's factor path has the `/desktopFactor` and `/mobileFactor` print layouts. */
  printVariants?: boolean;
}

function printHrefs(invoice: string): NonNullable<FactorPage["printHrefs"]> {
  return { desktop: `${invoice}/desktopFactor`, mobile: `${invoice}/mobileFactor`, invoice };
}

/**
 * Any service's invoice page: `service` is the one whose factor route this is (a tenant without it
 * gets 404 before any lookup); the booking's own module describes its items.
 */
export async function factorLoader(
  request: Request,
  context: AppLoadContext,
  service: ServiceId,
  hashId: string | undefined,
  options: FactorOptions = {},
) {
  requireService(context, service);
  const locale = context.locale.locale;
  const booking = await requireBookingAccess(
    request,
    context,
    hashId && isHashId(hashId) ? await context.bookings.findByHashId(context.tenant.id, hashId) : null,
  );
  const calendar = calendarOf(request, locale);
  const module = moduleOfBooking(booking);
  const [tickets, payment, names, taxInvoices] = await Promise.all([
    context.bookings.tickets(booking.id),
    context.payments.verifiedOf(booking.id),
    placeNamesOf([booking], async (code, places) => (await context.places.byRouteCode(code, places, locale))?.name ?? null),
    context.taxInvoices ? context.taxInvoices.forBooking(booking.id) : [],
  ]);
  const describe: DescribeContext = { locale, calendar, placeName: placeNameIn(names, module.places) };
  // One ticket per passenger per item, or per leg of an item (an international round trip): all of them, in leg order.
  const ticketsOf = (item: number, passenger: number) =>
    tickets
      .filter((ticket) => ticket.itemPosition === item && ticket.passengerPosition === passenger)
      .sort((a, b) => a.leg - b.leg)
      .flatMap((ticket) => (ticket.ticketNumber ? [ticket.ticketNumber] : []));
  const perTravellerCodes = module.document.reference === module.document.ticketNumber;
  const page: FactorPage = {
    outcome: factorOutcome(booking.status),
    service: booking.service,
    status: booking.status,
    reference: booking.reference,
    hashId: booking.hashId,
    document: module.document,
    items: booking.items.map((item) => ({
      ...module.summary(item.offer, describe),
      // An item's one supplier code (a PNR, a confirmation); none where each traveller's number is the code (a policy each).
      pnr: perTravellerCodes ? null : (tickets.find((ticket) => ticket.itemPosition === item.position)?.pnr ?? null),
    })),
    passengers: booking.passengers.map((passenger, index) => ({
      name: `${passenger.firstName} ${passenger.lastName}`,
      latinName:
        passenger.iranian && passenger.firstNameLatin && passenger.lastNameLatin
          ? `${passenger.firstNameLatin} ${passenger.lastNameLatin}`
          : null,
      type: passenger.type,
      identity: passenger.nationalCode ? localizeDigits(locale, passenger.nationalCode) : (passenger.passportNumber ?? null),
      tickets: booking.items.map((item) => ticketsOf(item.position, index)),
      places: booking.items.map((item) => {
        const placement = tickets.find((ticket) => ticket.itemPosition === item.position && ticket.passengerPosition === index)?.placement;
        return placement && options.placement ? options.placement(placement, locale) : null;
      }),
    })),
    price: booking.price,
    breakdown: options.breakdown ? options.breakdown(booking.items, travellersOf(booking), describe) : null,
    ticketLines:
      options.ticketLines && booking.status === "issued"
        ? booking.items.flatMap((item) =>
            module.ticketLines(
              item.offer,
              tickets.filter((ticket) => ticket.itemPosition === item.position),
              describe,
            ),
          )
        : [],
    printHrefs: options.printVariants ? printHrefs(factorPath(locale, booking)) : null,
    payment: payment
      ? { gateway: payment.gateway, referenceId: payment.referenceId, maskedPan: payment.maskedPan, amount: payment.amount }
      : null,
    company: booking.company
      ? {
          name: booking.company.name,
          nationalId: localizeDigits(locale, booking.company.nationalId),
          economicCode: localizeDigits(locale, booking.company.economicCode),
          postalCode: localizeDigits(locale, booking.company.postalCode),
          branchCode: booking.company.branchCode ? localizeDigits(locale, booking.company.branchCode) : null,
        }
      : null,
    officialInvoices: taxInvoices.map((invoice) => ({
      heading: translate(locale, invoice.kind === "corrective" ? "taxInvoice.heading.corrective" : "taxInvoice.heading.original"),
      taxId: invoice.taxId,
      statusText: translate(locale, STATUS_MESSAGE[invoice.status]),
      pageHref: officialInvoicePath(locale, booking.hashId),
      pdfHref: `/api/v1/bookings/${booking.hashId}/tax-invoice.pdf?taxId=${invoice.taxId}&lang=${locale}`,
    })),
    supportPhone: context.tenant.telSupportCmp ?? context.tenant.telCompany[0] ?? null,
    pdfHref: `/api/v1/bookings/${booking.hashId}/ticket.pdf?lang=${locale}`,
    prefactorHref: prefactorPath(locale, booking),
    followHref: localizePath(locale, "/follow"),
  };
  return data(page, { headers: NO_STORE });
}
