import { addDays } from "#core/search/dates.ts";
import { tehranMidnight } from "./audit-query.ts";

/**
 * The SMS log of the back-office (issue 25 §1): what the storefront sent a tenant's travellers,
 * for support to answer "did I get a message?". Staff must never read a sign-in code or a secret
 * link off it, so every text is masked before it leaves core, and numbers are shown partly.
 */

export const SMS_LOG_PAGE_SIZE = 50;
export const MASK = "••••••";

export interface SmsLogEntry {
  id: string;
  mobile: string;
  text: string;
  template: string | null;
  sender: string;
  status: string;
  createdAt: Date;
}

export interface SmsLogFilter {
  /** The whole, normalised mobile (09…). */
  mobile?: string;
  /** Only messages whose text contains this (a booking's reference). */
  textContains?: string;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

export interface SmsLogSource {
  /** A tenant's messages, newest first, with how many match in all. */
  list(tenantId: string, filter: SmsLogFilter): Promise<{ entries: SmsLogEntry[]; total: number }>;
}

const DIGIT = "0-9۰-۹٠-٩";
/** Words after which a number is a one-time code: sign-in, verification, password, PIN, in each catalog's languages. */
const CODE_WORDING =
  "code|otp|password|passcode|pin|verification|verify|sign[- ]?in|log[- ]?in|کد|رمز|گذرواژه|تایید|تأیید|ورود|الرمز|رمز التحقق|كود|تسجيل الدخول|التحقق";
/** A 4–8 digit number within a few words after such wording, not part of a longer number or a reference. */
const CODE_AFTER_WORDING = new RegExp(
  `((?:${CODE_WORDING})[^${DIGIT}\\n]{0,30}?)(?<![\\p{L}${DIGIT}])[${DIGIT}]{4,8}(?![\\p{L}${DIGIT}])`,
  "giu",
);
/** The WebOTP line a sign-in SMS ends with: `@host #123456`. */
const WEB_OTP_CODE = new RegExp(`#[${DIGIT}]{4,8}(?![${DIGIT}])`, "gu");
/** A long random path segment or query value in a link (a payment link's token): a bearer secret. */
const LINK_TOKEN = /(https?:\/\/\S*?[/=])([A-Za-z0-9_-]{16,})/g;

/** A message's text as staff may read it: one-time codes and link tokens replaced by "••••••". */
export function maskSmsText(text: string): string {
  return text
    .replace(CODE_AFTER_WORDING, (_match, before: string) => `${before}${MASK}`)
    .replace(WEB_OTP_CODE, `#${MASK}`)
    .replace(LINK_TOKEN, (_match, before: string) => `${before}${MASK}`);
}

/** `0912***4567`: enough to match a caller's number, not to copy it. */
export function maskSmsMobile(mobile: string): string {
  return mobile.length < 8 ? "***" : `${mobile.slice(0, 4)}***${mobile.slice(-4)}`;
}

/** The filter of a screen's or the API's query: Tehran days, both ends included; inputs already checked. */
export function smsLogFilterOf(input: {
  mobile?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
}): SmsLogFilter {
  return {
    ...(input.mobile ? { mobile: input.mobile } : {}),
    ...(input.from ? { from: tehranMidnight(input.from) } : {}),
    ...(input.to ? { to: tehranMidnight(addDays(input.to, 1)) } : {}),
    limit: SMS_LOG_PAGE_SIZE,
    offset: (input.page - 1) * SMS_LOG_PAGE_SIZE,
  };
}

/** A page of a tenant's SMS log, texts and numbers masked. */
export async function smsLog(
  source: SmsLogSource,
  tenantId: string,
  filter: SmsLogFilter,
): Promise<{ entries: SmsLogEntry[]; total: number }> {
  const { entries, total } = await source.list(tenantId, filter);
  return { entries: entries.map((entry) => ({ ...entry, mobile: maskSmsMobile(entry.mobile), text: maskSmsText(entry.text) })), total };
}
