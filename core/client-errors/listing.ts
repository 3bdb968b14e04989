/**
 * Reading the client error reports back (spec §7): the command line lists the newest of every
 * tenant; the back-office and the admin API list one tenant's, filtered and in pages. The filter
 * is read here once for both; the reports' sender address exists only as a keyed hash.
 */
import { latinDigits } from "../i18n/digits.ts";
import { CLIENT_ERROR_FIELD_LIMITS } from "./limits.ts";
import type { ClientErrorReport } from "./ports.ts";

export const MAX_LISTED_REPORTS = 1000;
export const DEFAULT_REPORT_LIMIT = 20;
export const MAX_REPORT_DAYS = 90;
export const MAX_REPORT_SEARCH_LENGTH = 100;
export const REPORTS_PER_PAGE = 25;

/** A report as operators see it: never the sender's address hash. */
export interface ClientErrorListing extends Omit<ClientErrorReport, "ipHash"> {
  id: string;
  createdAt: Date;
  tenantSlug: string | null;
}

export interface ClientErrorFilter {
  tenantId: string;
  category?: string;
  /** Reports at or after this instant. */
  since?: Date;
  /** Contained in the title, the text or the page URL, case-insensitively. */
  text?: string;
}

/** One tenant's reports, newest first. */
export interface ClientErrorReader {
  search(filter: ClientErrorFilter, page: { limit: number; offset: number }): Promise<{ rows: ClientErrorListing[]; total: number }>;
  /** The categories this tenant's reports have used, for the filter's list. */
  categories(tenantId: string): Promise<string[]>;
}

/** The command line's `--limit`: 1 to MAX_LISTED_REPORTS, the default when absent. */
export function readReportLimit(text: string | undefined): number | null {
  if (text === undefined) return DEFAULT_REPORT_LIMIT;
  if (!/^\d+$/.test(text)) return null;
  const limit = Number(text);
  return Number.isInteger(limit) && limit >= 1 && limit <= MAX_LISTED_REPORTS ? limit : null;
}

export type ClientErrorQueryField = "category" | "days" | "text" | "page";

export interface ClientErrorQuery {
  category: string;
  /** Empty: any time. */
  days: number | null;
  text: string;
  page: number;
}

/** The screen's and the API's filter as typed; every refused field (it is then ignored, not guessed). */
export function readClientErrorQuery(input: {
  category?: string | null;
  days?: string | null;
  text?: string | null;
  page?: string | null;
}): {
  query: ClientErrorQuery;
  errors: { field: ClientErrorQueryField; code: "INVALID" | "TOO_LONG" }[];
} {
  const errors: { field: ClientErrorQueryField; code: "INVALID" | "TOO_LONG" }[] = [];
  const category = (input.category ?? "").trim();
  const text = (input.text ?? "").trim();
  const whole = (raw: string | null | undefined) => {
    const value = latinDigits((raw ?? "").trim());
    return value === "" ? null : /^\d{1,6}$/.test(value) ? Number(value) : NaN;
  };
  const query: ClientErrorQuery = { category: "", days: null, text: "", page: 1 };
  if (category.length > CLIENT_ERROR_FIELD_LIMITS.category) errors.push({ field: "category", code: "TOO_LONG" });
  else query.category = category;
  const days = whole(input.days);
  if (days !== null && (Number.isNaN(days) || days < 1 || days > MAX_REPORT_DAYS)) errors.push({ field: "days", code: "INVALID" });
  else query.days = days;
  if (text.length > MAX_REPORT_SEARCH_LENGTH) errors.push({ field: "text", code: "TOO_LONG" });
  else query.text = text;
  const page = whole(input.page);
  if (page !== null && (Number.isNaN(page) || page < 1)) errors.push({ field: "page", code: "INVALID" });
  else query.page = page ?? 1;
  return { query, errors };
}

/** One page of a tenant's reports for a query, newest first. */
export async function listClientErrors(
  reader: Pick<ClientErrorReader, "search">,
  input: { tenantId: string; query: ClientErrorQuery; now: Date; perPage?: number },
): Promise<{ rows: ClientErrorListing[]; total: number; page: number; pages: number }> {
  const perPage = input.perPage ?? REPORTS_PER_PAGE;
  const filter: ClientErrorFilter = { tenantId: input.tenantId };
  if (input.query.category) filter.category = input.query.category;
  if (input.query.text) filter.text = input.query.text;
  if (input.query.days !== null) filter.since = new Date(input.now.getTime() - input.query.days * 86_400_000);
  const page = input.query.page;
  const found = await reader.search(filter, { limit: perPage, offset: (page - 1) * perPage });
  return { rows: found.rows, total: found.total, page, pages: Math.max(1, Math.ceil(found.total / perPage)) };
}
