/**
 * Bank cards as card-to-card payments see them (issue 23 §2): 16 digits whose first six (the
 * issuer's BIN) name the bank and whose last is a Luhn check digit. The agency's card number is
 * public: payers type it into their bank's app.
 */
import { latinDigits } from "../i18n/digits.ts";
import type { LocalizedText } from "../tenants/site-config.ts";

/** The major Iranian banks whose receipts the parser reads, by our identifiers. */
export const BANK_IDS = [
  "mellat",
  "melli",
  "saderat",
  "tejarat",
  "sepah",
  "pasargad",
  "saman",
  "parsian",
  "keshavarzi",
  "refah",
  "maskan",
  "ayandeh",
] as const;
export type BankId = (typeof BANK_IDS)[number];

export function isBankId(value: unknown): value is BankId {
  return typeof value === "string" && (BANK_IDS as readonly string[]).includes(value);
}

/** Issuer numbers (the first six digits of a card) of each bank, as published by Shaparak. */
const BINS: Record<BankId, readonly string[]> = {
  mellat: ["610433", "991975"],
  melli: ["603799"],
  saderat: ["603769"],
  tejarat: ["627353", "585983"],
  sepah: ["589210"],
  pasargad: ["502229", "639347"],
  saman: ["621986"],
  parsian: ["622106", "639194", "627884"],
  keshavarzi: ["603770", "639217"],
  refah: ["589463"],
  maskan: ["628023"],
  ayandeh: ["636214"],
};

/** The bank that issued a card, by its first six digits; null for one we do not know. */
export function bankOfCard(digits: string): BankId | null {
  const bin = digits.slice(0, 6);
  for (const bank of BANK_IDS) if (BINS[bank].includes(bin)) return bank;
  return null;
}

/** A card number as typed (any digit set, spaces or dashes between groups) as its 16 digits, or null. */
export function cardDigits(input: string): string | null {
  const digits = latinDigits(input).replace(/[\s-]/g, "");
  return /^\d{16}$/.test(digits) ? digits : null;
}

/** The Luhn check every Shaparak card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 6037-9912-3456-7890 as "6037 9912 3456 7890": how payers read it off the page. */
export function groupedCard(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** The agency's card for card-to-card payments (tenants.card_to_card). */
export interface AgencyCard {
  cardNumber: string;
  holder: LocalizedText;
  bank: string;
  /** The agency's mobile that payers send the bank's SMS receipt to. */
  receiptMobile: string;
}
