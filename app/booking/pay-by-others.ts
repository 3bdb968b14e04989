import type { MessageKey } from "#core/i18n/messages.ts";
import type { CreateLinkRefusal } from "#core/payment-links/payment-link.ts";

/** What the payment-by-others forms (issue 23 §2) show and answer, shared by the server module and the page's components. */

/** The agency's card as the payer reads it. */
export interface CardPanel {
  /** Grouped by four, Latin digits: typed into a bank's app as it reads. */
  number: string;
  digits: string;
  holder: string;
  bank: string;
  /** Both in the page's digits. */
  tomans: number;
  rials: number;
  until: string;
  receiptMobile: string;
}

export interface PayByOthersPanel {
  /** The "someone else pays" form (only for the booking's own pre-invoice, not on a link's page). */
  link: boolean;
  card: CardPanel | null;
}

export type LinkError = CreateLinkRefusal | "RATE_LIMITED";
export type CardError =
  | "REQUIRED"
  | "NOT_A_RECEIPT"
  | "IMPOSSIBLE"
  | "WRONG_CARD"
  | "TRACE_USED"
  | "NOT_PAYABLE"
  | "NOT_OFFERED"
  | "OPTION_NOT_ACTIVE"
  | "RATE_LIMITED";

export type PayByOthersResult =
  | { form: "link"; ok: true; mobile: string; until: string }
  | { form: "link"; ok: false; error: LinkError; mobile: string }
  | { form: "card"; ok: true; status: "pending" }
  | { form: "card"; ok: false; error: CardError; text: string };

/** Where a refusal of the card form is explained: the payment-by-others messages for what both forms share. */
export const CARD_ERROR_MESSAGE: Record<CardError, MessageKey> = {
  REQUIRED: "cardToCard.error.REQUIRED",
  NOT_A_RECEIPT: "cardToCard.error.NOT_A_RECEIPT",
  IMPOSSIBLE: "cardToCard.error.IMPOSSIBLE",
  WRONG_CARD: "cardToCard.error.WRONG_CARD",
  TRACE_USED: "cardToCard.error.TRACE_USED",
  NOT_PAYABLE: "cardToCard.error.NOT_PAYABLE",
  NOT_OFFERED: "cardToCard.error.NOT_OFFERED",
  OPTION_NOT_ACTIVE: "payByOthers.error.OPTION_NOT_ACTIVE",
  RATE_LIMITED: "payByOthers.error.RATE_LIMITED",
};

export const LINK_ERROR_MESSAGE: Record<LinkError, MessageKey> = {
  OPTION_NOT_ACTIVE: "payByOthers.error.OPTION_NOT_ACTIVE",
  MOBILE_INVALID: "payByOthers.error.MOBILE_INVALID",
  NOT_PAYABLE: "payByOthers.error.NOT_PAYABLE",
  TOO_MANY_LINKS: "payByOthers.error.TOO_MANY_LINKS",
  SMS_BUDGET: "payByOthers.error.SMS_BUDGET",
  SEND_FAILED: "payByOthers.error.SEND_FAILED",
  RATE_LIMITED: "payByOthers.error.RATE_LIMITED",
};
