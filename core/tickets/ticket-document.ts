import type { Locale } from "../i18n/locales.ts";
import type { PassengerType } from "../passengers/passenger-rules.ts";
import type { TicketLine } from "../services/service-module.ts";

/**
 * What an e-ticket PDF shows (issue 8), prepared by the server in the booking's language: every
 * text is already translated and every number already written in the language's digits, so the
 * renderer only lays it out.
 */
export const TICKET_LABELS = [
  "title",
  "reference",
  "issuedAt",
  "status",
  "flight",
  "from",
  "to",
  "departure",
  "arrival",
  "class",
  "baggage",
  "pnr",
  "passenger",
  "ticketNumber",
  "identity",
  "type",
  "fare",
  "taxes",
  "discount",
  "total",
  "paidBy",
  "company",
  "companyNationalId",
  "economicCode",
  "support",
  "notes",
] as const;
export type TicketLabel = (typeof TICKET_LABELS)[number];

export interface TicketDocument {
  locale: Locale;
  /** Right to left for fa and ar. */
  direction: "rtl" | "ltr";
  labels: Record<TicketLabel, string>;
  tenant: {
    name: string;
    /** Header colour and the text colour on it (dark or white by brightness). */
    brandColor: string;
    onBrandColor: string;
    /** The tenant's logo as SVG markup, or null. */
    logoSvg: string | null;
    supportPhone: string | null;
    website: string;
  };
  booking: { reference: string; status: string; issuedAt: string };
  /** One box per item (a flight leg, a train, a hotel stay), as its service module writes it. */
  items: TicketLine[];
  /** The code of each item ("IR 451"), in item order: it labels a passenger's ticket numbers when there are several. */
  itemCodes: string[];
  passengers: {
    name: string;
    latinName: string | null;
    type: string;
    identity: string | null;
    /** One ticket number per item, in item order. */
    ticketNumbers: string[];
  }[];
  price: { fare: string; taxes: string; discount: string | null; total: string };
  payment: string | null;
  /**
   * The company of a company purchase (the official invoice's buyer): its name, and its national
   * id and economic code as stored (Latin digits, printed as codes); null for a private purchase.
   */
  company: { name: string; nationalId: string; economicCode: string } | null;
  /** Lines of advice printed at the bottom (check-in, refund guidance). */
  notes: string[];
}

export type { PassengerType, TicketLine };
