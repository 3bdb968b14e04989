/**
 * What the e-ticket PDF shows (issue 8), prepared in the ticket's language: every label from the
 * catalogs (`ticket.*`), dates and times in the Persian calendar for fa and the Gregorian one
 * otherwise, every number in the language's digits, and the agency's name, colour, logo and
 * support phone. Codes (PNRs, ticket numbers, flight numbers, the reference, passports) stay as
 * they are printed by the airline. Each item's box comes from its service's module (ticketLines);
 * the renderer (adapters/pdf/ticket-pdf.tsx) only lays it out.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { formatNumber, localizeDigits, translate, type MessageKey, type Params } from "#core/i18n/messages.ts";
import "#core/i18n/catalogs.ts";
import { BOOKING_STATUS_MESSAGE, gatewayName, TICKET_LABEL_MESSAGE, TICKET_PASSENGER_TYPE_MESSAGE } from "#core/i18n/code-messages.ts";
import type { Booking, BookingTicket } from "#core/booking/booking.ts";
import { directionOf, localizePath, type Locale } from "#core/i18n/locales.ts";
import type { Payment } from "#core/payments/payment.ts";
import { dateText, tehranToday, TRAVEL_TIME_ZONE } from "#core/search/dates.ts";
import type { DescribeContext } from "#core/services/service-module.ts";
import { moduleOfBooking } from "#core/services/service-modules.ts";
import { readableTextOn, parseHexColor } from "#core/tenants/colors.ts";
import { localized, type Tenant } from "#core/tenants/site-config.ts";
import { TICKET_LABELS, type TicketDocument, type TicketLabel } from "#core/tickets/ticket-document.ts";
import { AIRLINES } from "#seed/flights/airlines.ts";
import { INTERNATIONAL_AIRLINES } from "#seed/international-flights/airlines.ts";
import { TRAIN_OPERATORS } from "#seed/trains/operators.ts";
import { BUS_COMPANIES } from "#seed/buses/companies.ts";

/** Where tenant logos live; nothing outside it is ever read. */
const TENANT_ASSETS = resolve(import.meta.dirname, "..", "public", "tenants");
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A logo bigger than this is not a logo: the header shows the name alone. */
const MAX_LOGO_BYTES = 256 * 1024;
const LOGOS = new Map<string, string | null>();

export interface TicketDocumentOptions {
  /** When the tickets were issued (the booking's history); else when the payment was verified. */
  issuedAt?: Date | null;
  /** Place names by the codes the booking's items store, in the ticket's language ("MHD" → "مشهد"); codes alone when missing. */
  placeNames?: Readonly<Record<string, string>>;
}

/** A message of the catalog. */
function message(locale: Locale, key: MessageKey, params?: Params): string {
  return translate(locale, key, params);
}

/**
 * The tenant's logo as SVG markup when its `logo` is its own `/tenants/<slug>/logo.svg` under
 * public/: read once per process and kept (null when missing or unusable). Any other path (an
 * uploaded image elsewhere, a URL) gives no logo.
 */
export function tenantLogoSvg(tenant: Pick<Tenant, "slug" | "logo">): string | null {
  if (!SLUG.test(tenant.slug) || tenant.logo !== `/tenants/${tenant.slug}/logo.svg`) return null;
  const cached = LOGOS.get(tenant.slug);
  if (cached !== undefined) return cached;
  let svg: string | null = null;
  try {
    const bytes = readFileSync(resolve(TENANT_ASSETS, tenant.slug, "logo.svg"));
    const text = bytes.length <= MAX_LOGO_BYTES ? bytes.toString("utf8") : "";
    svg = /<svg[\s>]/.test(text) ? text : null;
  } catch {
    svg = null;
  }
  LOGOS.set(tenant.slug, svg);
  return svg;
}

/** Local date (ISO) and time (HH:MM) of an instant in Tehran. */
function tehranDateTime(at: Date): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: TRAVEL_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
  return { date: tehranToday(at), time: parts };
}

function calendarOf(locale: Locale) {
  return locale === "fa" ? "persian" : "gregorian";
}

/** "date, time" with the language's comma. */
function dateAndTime(locale: Locale, date: string, time: string): string {
  return `${date}${locale === "en" ? ", " : "، "}${localizeDigits(locale, time)}`;
}

function amount(locale: Locale, tomans: number): string {
  return translate(locale, "booking.price.amount", { amount: formatNumber(locale, tomans) });
}

/** A carrier's name in the ticket's language from the reference lists (airlines, rail operators, bus companies); undefined keeps the stored one. */
function carrierName(locale: Locale, code: string): string | undefined {
  const carrier =
    AIRLINES.find((candidate) => candidate.code === code) ??
    INTERNATIONAL_AIRLINES.find((candidate) => candidate.code === code) ??
    TRAIN_OPERATORS.find((candidate) => candidate.code === code) ??
    BUS_COMPANIES.find((candidate) => candidate.code === code);
  return carrier ? (carrier.names[locale] ?? carrier.names.fa) : undefined;
}

function paymentLine(locale: Locale, payment: Payment | null): string | null {
  if (!payment) return null;
  const parts = [translate(locale, "factor.paidWith", { gateway: gatewayName(locale, payment.gateway) })];
  if (payment.maskedPan) parts.push(message(locale, "ticket.card", { card: localizeDigits(locale, payment.maskedPan) }));
  if (payment.referenceId)
    parts.push(message(locale, "ticket.paymentReference", { referenceId: localizeDigits(locale, payment.referenceId) }));
  return parts.join(locale === "en" ? ", " : "، ");
}

/** A brand colour the PDF can paint: the tenant's button colour, else the product's blue. */
function brandColor(tenant: Tenant): string {
  return parseHexColor(tenant.colors.button) ? tenant.colors.button : "#0077DB";
}

export function ticketDocument(
  booking: Booking,
  tickets: readonly BookingTicket[],
  payment: Payment | null,
  tenant: Tenant,
  locale: Locale,
  options: TicketDocumentOptions = {},
): TicketDocument {
  const placeNames = options.placeNames ?? {};
  const labels = Object.fromEntries(TICKET_LABELS.map((label) => [label, message(locale, TICKET_LABEL_MESSAGE[label])])) as Record<
    TicketLabel,
    string
  >;
  // Each service names its own document (a bus ticket, a hotel's vouchers), its codes, its two ends and its advice.
  const module = moduleOfBooking(booking);
  const { document } = module;
  labels.title = message(locale, document.title);
  labels.ticketNumber = message(locale, document.ticketNumber);
  labels.pnr = message(locale, document.reference);
  labels.from = message(locale, document.from);
  labels.to = message(locale, document.to);
  labels.departure = message(locale, document.starts);
  labels.arrival = message(locale, document.ends);
  const issued = tehranDateTime(options.issuedAt ?? payment?.updatedAt ?? booking.createdAt);
  // An item of two legs (an international round trip) has a ticket per leg: both are printed, in leg order.
  const ticketNumberOf = (item: number, passenger: number) =>
    tickets
      .filter((ticket) => ticket.itemPosition === item && ticket.passengerPosition === passenger)
      .sort((a, b) => a.leg - b.leg)
      .map((ticket) => ticket.ticketNumber)
      .join(" / ");
  const website = tenant.nameDomain1;
  const supportPhone = tenant.telSupportCmp ?? tenant.telCompany[0] ?? null;
  const brand = brandColor(tenant);
  const describe: DescribeContext = {
    locale,
    calendar: calendarOf(locale),
    placeName: (code) => placeNames[code],
    carrierName: (code) => carrierName(locale, code),
  };
  return {
    locale,
    direction: directionOf(locale),
    labels,
    tenant: {
      name: localized(tenant.nameCompany, locale) ?? tenant.nameCompany.fa,
      brandColor: brand,
      onBrandColor: readableTextOn(brand),
      logoSvg: tenantLogoSvg(tenant),
      supportPhone: supportPhone ? localizeDigits(locale, supportPhone) : null,
      website,
    },
    booking: {
      reference: booking.reference,
      status: message(locale, BOOKING_STATUS_MESSAGE[booking.status]),
      issuedAt: dateAndTime(locale, localizeDigits(locale, dateText(issued.date, calendarOf(locale))), issued.time),
    },
    items: booking.items.flatMap((item) =>
      module.ticketLines(
        item.offer,
        tickets.filter((ticket) => ticket.itemPosition === item.position),
        describe,
      ),
    ),
    itemCodes: booking.items.map((item) => module.facts(item.offer).code),
    passengers: booking.passengers.map((passenger, index) => {
      const name = `${passenger.firstName} ${passenger.lastName}`;
      const latin =
        passenger.firstNameLatin && passenger.lastNameLatin ? `${passenger.firstNameLatin} ${passenger.lastNameLatin}`.toUpperCase() : null;
      const identity = passenger.nationalCode
        ? translate(locale, "booking.prefactor.nationalCode", { code: localizeDigits(locale, passenger.nationalCode) })
        : passenger.passportNumber
          ? translate(locale, "booking.prefactor.passport", { number: passenger.passportNumber })
          : null;
      return {
        name,
        latinName: latin && latin !== name.toUpperCase() ? latin : null,
        type: message(locale, TICKET_PASSENGER_TYPE_MESSAGE[passenger.type]),
        identity,
        ticketNumbers: booking.items.map((item) => ticketNumberOf(item.position, index)),
      };
    }),
    price: {
      fare: amount(locale, booking.price.base),
      taxes: amount(locale, booking.price.taxes),
      discount: booking.price.discount > 0 ? amount(locale, booking.price.discount) : null,
      total: amount(locale, booking.price.total),
    },
    payment: paymentLine(locale, payment),
    company: booking.company
      ? { name: booking.company.name, nationalId: booking.company.nationalId, economicCode: booking.company.economicCode }
      : null,
    notes: [message(locale, document.note), message(locale, "ticket.note.refund", { url: `${website}${localizePath(locale, "/follow")}` })],
  };
}
