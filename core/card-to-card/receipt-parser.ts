/**
 * Reads a bank's card-to-card receipt (issue 23 §2): the SMS a payer's bank sends after a
 * transfer, or the confirmation its app shows, pasted as text. Banks word them differently (and
 * each bank differently per channel: app, USSD, internet bank), but every one names the same
 * facts with a small set of labels: the amount (مبلغ، برداشت، انتقال), the cards (از / به, or
 * مبدا / مقصد, masked like 6037-99**-****-1234), the trace (پیگیری، مرجع، رهگیری، سند), and the
 * date and time, Shamsi (1405/09/05 or 05/09/05, with the time beside it). Digits come in the
 * Persian, Arabic-Indic or Latin set with any thousands separator.
 *
 * The parser says what it read and nothing more; whether that pays a booking is the matcher's
 * decision (match-receipt.ts). A field it could not find is null; a field it found but that
 * cannot be (the 31st of Esfand, 25:10, an amount of nothing) marks the receipt impossible.
 */
import { latinDigits } from "../i18n/digits.ts";
import { parseDateText, TRAVEL_TIME_ZONE } from "../search/dates.ts";
import { BANK_IDS, bankOfCard, type BankId } from "./card.ts";
import { parseDateTime, toZoned } from "@internationalized/date";

export interface ParsedReceipt {
  /** The payer's bank that wrote the receipt; null when the text names none we know. */
  bank: BankId | null;
  amountRials: number | null;
  /** The last four digits of the card the money went to. */
  cardSuffix: string | null;
  /** The payer's card, masked as printed: only its bank matters to us. */
  sourceCard: string | null;
  /** When the transfer was made; null when the receipt gives no time (or no date). */
  paidAt: Date | null;
  /** The bank's trace (or reference) number. */
  trace: string | null;
  /** A field was found but cannot be true: a forged or mistyped receipt. */
  impossible: boolean;
}

/** Receipts longer than this are no SMS: refused before any pattern runs. */
export const MAX_RECEIPT_LENGTH = 2000;

/** How each bank names itself in its messages, in Persian and in Latin letters. */
const BANK_NAMES: Record<BankId, RegExp> = {
  mellat: /ملت|mellat/,
  melli: /بانک ملی|ملی ایران|\bmelli\b|\bbmi\b/,
  saderat: /صادرات|saderat/,
  tejarat: /تجارت|tejarat/,
  sepah: /سپه|sepah/,
  pasargad: /پاسارگاد|pasargad/,
  saman: /سامان|\bsaman\b/,
  parsian: /پارسیان|parsian/,
  keshavarzi: /کشاورزی|keshavarzi/,
  refah: /رفاه|\brefah\b/,
  maskan: /مسکن|maskan/,
  ayandeh: /آینده|ayandeh/,
};

/** Arabic letters and marks of pasted text made Persian and plain, digits Latin, separators commas. */
export function normalizeReceiptText(text: string): string {
  return latinDigits(text)
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c]/g, "")
    .replace(/\u200c/g, " ")
    .replace(/ي/g, "ی")
    .replace(/ى/g, "ی")
    .replace(/ك/g, "ک")
    .replace(/أ|إ/g, "ا")
    .replace(/[\u066c\u060c]/g, ",")
    .replace(/\u066b/g, ".")
    .replace(/[：]/g, ":")
    .replace(/[×•]/g, "*")
    .toLowerCase();
}

const MASK = "*xX";
/** A run that may be a card: digits, masks and group separators, ending in four digits. */
const CARD_RUN = /[0-9*x][0-9*x \t-]{3,}[0-9]{4}(?![0-9])/g;
const DESTINATION_LABEL = /(به\s*کارت|کارت\s*مقصد|مقصد|واریز\s*به|به\s*شماره\s*کارت|\bto\b|\bdest\w*|به)\s*[:-]?\s*$/;
const SOURCE_LABEL = /(از\s*کارت|کارت\s*مبدا|مبدا|از\s*شماره\s*کارت|\bfrom\b|\bsource\b|از)\s*[:-]?\s*$/;

interface CardMention {
  text: string;
  digits: string;
  start: number;
  end: number;
  role: "destination" | "source" | null;
}

/** Every card in the text (16 digits, or masked with its last four), with the role its label gives it. */
function cardMentions(text: string): CardMention[] {
  const found: CardMention[] = [];
  for (const match of text.matchAll(CARD_RUN)) {
    const raw = match[0];
    const compact = raw.replace(/[\s-]/g, "");
    // Two mask characters at least: a lone "x" is a word's letter, not a hidden digit.
    const masked = [...compact].filter((char) => MASK.includes(char)).length >= 2;
    if (!(/^\d{16}$/.test(compact) || (masked && /^\d{0,8}[*x]+\d{0,4}[*x]*\d{4}$/.test(compact)))) continue;
    const start = match.index;
    const before = text.slice(Math.max(0, start - 24), start);
    const role = DESTINATION_LABEL.test(before) ? "destination" : SOURCE_LABEL.test(before) ? "source" : null;
    found.push({ text: raw.trim(), digits: compact, start, end: start + raw.length, role });
  }
  // Unlabelled cards: "from … to …" is the order every bank writes; a lone card is where the money went.
  const unlabelled = found.filter((card) => card.role === null);
  if (unlabelled.length > 0 && !found.some((card) => card.role === "destination")) {
    unlabelled[unlabelled.length - 1]!.role = "destination";
    if (unlabelled.length > 1 && !found.some((card) => card.role === "source")) unlabelled[0]!.role = "source";
  }
  return found;
}

/** A sum with its thousands separators: 1,250,000 or 1.250.000 or plain digits. */
const NUMBER = String.raw`(\d{1,3}(?:[,.]\d{3})+|\d+)`;
const UNIT = String.raw`(ریال|ريال|rials?|irr|تومان|toman)`;
const AMOUNT_LABEL = String.raw`(?:مبلغ\s*(?:انتقال|تراکنش|واریز|برداشت)?|برداشت|انتقال\s*وجه|انتقال|واریز|amount|amt)`;
const LABELLED_AMOUNT = new RegExp(String.raw`${AMOUNT_LABEL}\s*(?:\(\s*${UNIT}\s*\))?\s*[:=-]?\s*${NUMBER}\s*${UNIT}?`);
const UNIT_AMOUNT = new RegExp(String.raw`${NUMBER}\s*${UNIT}`);

function readAmount(text: string): { rials: number | null; impossible: boolean } {
  const match = LABELLED_AMOUNT.exec(text) ?? UNIT_AMOUNT.exec(text);
  if (!match) return { rials: null, impossible: false };
  const labelled = match.length > 3;
  const number = labelled ? match[2] : match[1];
  const unit = (labelled ? (match[1] ?? match[3]) : match[2]) ?? "ریال";
  const value = Number((number ?? "").replace(/[,.]/g, ""));
  if (!Number.isSafeInteger(value) || value <= 0 || value > 1e13) return { rials: null, impossible: true };
  return { rials: /تومان|toman/.test(unit) ? value * 10 : value, impossible: false };
}

const TRACE =
  /(?:شماره\s*پیگیری|کد\s*پیگیری|ش\s*\.?\s*پیگیری|پیگیری|کد\s*رهگیری|رهگیری|شماره\s*مرجع|مرجع|شماره\s*سند|سند|ش\s*\.\s*پ|\btrace\b|\bref(?:erence)?\b|\brrn\b|\bstan\b)\s*(?:no\.?|number)?\s*[:#=-]?\s*(\d{4,20})/;

/** 1405/09/05, 05/09/05 or 2026/11/26, with - . or / between; a Shamsi date unless the year says Gregorian. */
const DATE = /(?<![\d,.])(\d{4}|\d{2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{1,2})(?!\d)/;
const TIME = /(?<![\d,.])([01]?\d|2\d)\s*:\s*(\d{2})(?:\s*:\s*(\d{2}))?(?!\d)/;

function readTime(text: string): { paidAt: Date | null; impossible: boolean } {
  const date = DATE.exec(text);
  const time = TIME.exec(date ? text.slice(0, date.index) + " ".repeat(date[0].length) + text.slice(date.index + date[0].length) : text);
  if (!date) return { paidAt: null, impossible: false };
  const yearText = date[1]!;
  // A two-digit year is Shamsi, as in every bank's short receipt (04/09/05 is 1404/09/05).
  const year = yearText.length === 2 ? 1400 + Number(yearText) : Number(yearText);
  const iso = parseDateText(`${year}/${date[2]}/${date[3]}`);
  if (!iso) return { paidAt: null, impossible: true };
  if (!time) return { paidAt: null, impossible: false };
  const [hours, minutes, seconds] = [Number(time[1]), Number(time[2]), Number(time[3] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return { paidAt: null, impossible: true };
  const local = `${iso}T${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
  // Receipts print Tehran's wall clock.
  return { paidAt: toZoned(parseDateTime(local), TRAVEL_TIME_ZONE).toDate(), impossible: false };
}

function readBank(text: string, source: CardMention | undefined): BankId | null {
  const bySource = source ? bankOfCard(source.digits) : null;
  if (bySource) return bySource;
  // The bank that wrote the receipt names itself first; the destination's bank may follow.
  let best: { bank: BankId; at: number } | null = null;
  for (const bank of BANK_IDS) {
    const at = text.search(BANK_NAMES[bank]);
    if (at >= 0 && (best === null || at < best.at)) best = { bank, at };
  }
  return best?.bank ?? null;
}

/**
 * What a pasted or forwarded receipt says, or null when it is no receipt at all (no amount and no
 * card in it, or far too long to be one).
 */
export function parseReceipt(input: string): ParsedReceipt | null {
  if (input.length > MAX_RECEIPT_LENGTH) return null;
  const text = normalizeReceiptText(input);
  const cards = cardMentions(text);
  // Cards are blanked before the other fields are read: their digits are no sum, date or trace.
  let rest = text;
  for (const card of cards) rest = rest.slice(0, card.start) + " ".repeat(card.end - card.start) + rest.slice(card.end);
  const destination = cards.find((card) => card.role === "destination");
  const source = cards.find((card) => card.role === "source");
  const trace = TRACE.exec(rest);
  // The trace's digits are no amount either.
  const withoutTrace = trace ? rest.slice(0, trace.index) + " ".repeat(trace[0].length) + rest.slice(trace.index + trace[0].length) : rest;
  const time = readTime(withoutTrace);
  const withoutDates = withoutTrace.replace(DATE, (found) => " ".repeat(found.length)).replace(TIME, (found) => " ".repeat(found.length));
  const amount = readAmount(withoutDates);
  if (amount.rials === null && !destination && !amount.impossible) return null;
  return {
    bank: readBank(text, source),
    amountRials: amount.rials,
    cardSuffix: destination ? destination.digits.slice(-4) : null,
    sourceCard: source?.text ?? null,
    paidAt: time.paidAt,
    trace: trace?.[1] ?? null,
    impossible: amount.impossible || time.impossible,
  };
}
