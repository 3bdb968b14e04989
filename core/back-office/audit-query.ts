import { TEHRAN_OFFSET_MINUTES } from "#core/flights/clock.ts";
import { addDays } from "#core/search/dates.ts";
import type { AuditFilter } from "./audit.ts";

export const AUDIT_PAGE_SIZE = 50;

/** Midnight in Tehran at the start of an ISO day. */
export function tehranMidnight(isoDay: string): Date {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) - TEHRAN_OFFSET_MINUTES * 60_000);
}

/**
 * The audit filter of a screen's or an API's query: days are Tehran's and both ends are included;
 * a page is AUDIT_PAGE_SIZE entries. Inputs are already checked (ISO days, a page from 1).
 */
export function auditFilterOf(input: {
  actorMobile?: string | undefined;
  action?: string | undefined;
  subjectType?: string | undefined;
  subjectId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
}): AuditFilter {
  return {
    ...(input.actorMobile ? { actorMobile: input.actorMobile } : {}),
    ...(input.action ? { action: input.action } : {}),
    ...(input.subjectType ? { subjectType: input.subjectType } : {}),
    ...(input.subjectId ? { subjectId: input.subjectId } : {}),
    ...(input.from ? { from: tehranMidnight(input.from) } : {}),
    ...(input.to ? { to: tehranMidnight(addDays(input.to, 1)) } : {}),
    limit: AUDIT_PAGE_SIZE,
    offset: (input.page - 1) * AUDIT_PAGE_SIZE,
  };
}
