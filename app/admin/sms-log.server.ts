import type { AppLoadContext } from "react-router";
import { SMS_LOG_PAGE_SIZE, smsLog, smsLogFilterOf } from "#core/back-office/sms-log.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { normalizeMobile } from "#core/passengers/passenger-rules.ts";
import { adminLoader } from "./guard.server.ts";
import { whenOf, type When } from "./when.server.ts";

export type SmsFilterField = "mobile" | "from" | "to";
export type SmsFilterError = "MOBILE_INVALID" | "DATE_INVALID";

export interface SmsRow {
  id: string;
  sent: When;
  /** Masked, in the page's digits. */
  mobile: string;
  /** Codes and link tokens masked. */
  text: string;
  template: string | null;
  sender: string;
  status: SmsStatus;
}

export type SmsStatus = "stored" | "sent" | "failed";
const isSmsStatus = (status: string): status is SmsStatus => status === "stored" || status === "sent" || status === "failed";

export interface SmsLogPage {
  values: Record<SmsFilterField, string>;
  errors: Partial<Record<SmsFilterField, SmsFilterError>>;
  dateExample: string;
  rows: SmsRow[];
  total: number;
  page: number;
  pages: number;
  query: string;
}

/** `/admin/sms`: the messages sent to this host's tenant's travellers, newest first, masked. */
export function smsLogLoader(request: Request, context: AppLoadContext) {
  return adminLoader(request, context, "smsLog.read", async (staff): Promise<SmsLogPage> => {
    const locale = context.locale.locale;
    const when = whenOf(request, context);
    const params = new URL(request.url).searchParams;
    const read = (name: string) => (params.get(name) ?? "").trim().slice(0, 40);
    const values: Record<SmsFilterField, string> = { mobile: read("mobile"), from: read("from"), to: read("to") };
    const errors: SmsLogPage["errors"] = {};
    const mobile = values.mobile ? normalizeMobile(values.mobile) : undefined;
    if (mobile === null) errors.mobile = "MOBILE_INVALID";
    const from = when.day(values.from);
    if (from === null) errors.from = "DATE_INVALID";
    const to = when.day(values.to);
    if (to === null) errors.to = "DATE_INVALID";
    const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
    // A refused filter is left out rather than matching nothing: the rest still narrows the list.
    const { entries, total } = await smsLog(
      context.operations.smsLog,
      staff.tenantId,
      smsLogFilterOf({ mobile: mobile ?? undefined, from: from ?? undefined, to: to ?? undefined, page }),
    );
    return {
      values,
      errors,
      dateExample: when.example,
      rows: entries.map((entry) => ({
        id: entry.id,
        sent: when.format(entry.createdAt),
        mobile: localizeDigits(locale, entry.mobile),
        text: entry.text,
        template: entry.template,
        sender: entry.sender,
        // The table allows only these three; anything else would be a new state this screen has not learned.
        status: isSmsStatus(entry.status) ? entry.status : "failed",
      })),
      total,
      page,
      pages: Math.max(1, Math.ceil(total / SMS_LOG_PAGE_SIZE)),
      query: new URLSearchParams(Object.entries(values).filter(([, value]) => value !== "")).toString(),
    };
  });
}
