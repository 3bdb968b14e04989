import type { AppLoadContext } from "react-router";
import { auditFilterOf, AUDIT_PAGE_SIZE } from "#core/back-office/audit-query.ts";
import type { AuditVia } from "#core/back-office/audit.ts";
import type { BackOfficeRole } from "#core/back-office/roles.ts";
import { TEHRAN_OFFSET_MINUTES } from "#core/flights/clock.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { normalizeMobile } from "#core/passengers/passenger-rules.ts";
import { dateText, parseDateText, type CalendarKind } from "#core/search/dates.ts";
import { calendarOf } from "#app/search/search-page.server.ts";
import { adminLoader } from "./guard.server.ts";

/** The filters as typed (shown back in the form) and each refused one's error. */
export type AuditFilterField = "actor" | "action" | "subjectType" | "subjectId" | "from" | "to";
export type AuditFilterError = "MOBILE_INVALID" | "DATE_INVALID";

export interface AuditRow {
  id: string;
  /** ISO 8601, for <time>. */
  at: string;
  /** Day and clock in Tehran, in the page's calendar and digits. */
  date: string;
  time: string;
  actorMobile: string | null;
  actorRole: BackOfficeRole | null;
  via: AuditVia;
  action: string;
  subject: { type: string; id: string };
  /** Pretty JSON; null when there was nothing (a subject added or removed). */
  before: string | null;
  after: string | null;
}

export interface AuditPage {
  values: Record<AuditFilterField, string>;
  errors: Partial<Record<AuditFilterField, AuditFilterError>>;
  /** How a date is typed in this calendar, for the hint and the error. */
  dateExample: string;
  rows: AuditRow[];
  total: number;
  page: number;
  pages: number;
  /** The query of the filters, for the pagination links. */
  query: string;
}

const FIELD_LIMIT = 100;

function tehranParts(at: Date, calendar: CalendarKind): { date: string; time: string } {
  const shifted = new Date(at.getTime() + TEHRAN_OFFSET_MINUTES * 60_000).toISOString();
  return { date: dateText(shifted.slice(0, 10), calendar), time: shifted.slice(11, 16) };
}

function pretty(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value, null, 2);
}

/** `/admin/audit`: the log of this host's tenant, filtered by the GET form, newest first. */
export function auditLoader(request: Request, context: AppLoadContext) {
  return adminLoader(request, context, "audit.read", async (staff): Promise<AuditPage> => {
    const locale = context.locale.locale;
    const calendar = calendarOf(request, locale);
    const params = new URL(request.url).searchParams;
    const read = (name: string) => (params.get(name) ?? "").trim().slice(0, FIELD_LIMIT);
    const values: Record<AuditFilterField, string> = {
      actor: read("actor"),
      action: read("action"),
      subjectType: read("subjectType"),
      subjectId: read("subjectId"),
      from: read("from"),
      to: read("to"),
    };
    const errors: AuditPage["errors"] = {};
    const actorMobile = values.actor ? normalizeMobile(values.actor) : undefined;
    if (actorMobile === null) errors.actor = "MOBILE_INVALID";
    const from = values.from ? parseDateText(values.from) : undefined;
    if (from === null) errors.from = "DATE_INVALID";
    const to = values.to ? parseDateText(values.to) : undefined;
    if (to === null) errors.to = "DATE_INVALID";
    const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
    // A refused filter is left out rather than matching nothing: the rest still narrows the list.
    const { entries, total } = await context.backOffice.audit.list(
      staff.tenantId,
      auditFilterOf({
        actorMobile: actorMobile ?? undefined,
        action: values.action,
        subjectType: values.subjectType,
        subjectId: values.subjectId,
        from: from ?? undefined,
        to: to ?? undefined,
        page,
      }),
    );
    const query = new URLSearchParams(Object.entries(values).filter(([, value]) => value !== "")).toString();
    return {
      values,
      errors,
      dateExample: localizeDigits(locale, calendar === "persian" ? "1405/09/05" : "2026/11/26"),
      rows: entries.map((entry) => {
        const { date, time } = tehranParts(entry.at, calendar);
        return {
          id: entry.id,
          at: entry.at.toISOString(),
          date: localizeDigits(locale, date),
          time: localizeDigits(locale, time),
          actorMobile: entry.actorMobile,
          actorRole: entry.actorRole,
          via: entry.via,
          action: entry.action,
          subject: entry.subject,
          before: pretty(entry.before),
          after: pretty(entry.after),
        };
      }),
      total,
      page,
      pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
      query,
    };
  });
}
