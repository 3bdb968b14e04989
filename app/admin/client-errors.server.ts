import type { AppLoadContext } from "react-router";
import { clientErrorFieldMessage, type FieldMessage } from "#core/back-office/commerce-messages.ts";
import {
  MAX_REPORT_DAYS,
  MAX_REPORT_SEARCH_LENGTH,
  listClientErrors,
  readClientErrorQuery,
  type ClientErrorQueryField,
} from "#core/client-errors/listing.ts";
import { PAGE_URL_LINE_PREFIX } from "#core/client-errors/limits.ts";
import { formatNumber } from "#core/i18n/messages.ts";
import { adminLoader } from "./guard.server.ts";
import { whenOf, type When } from "./when.server.ts";

export type ClientErrorFilterField = Exclude<ClientErrorQueryField, "page">;

export interface ClientErrorRow {
  id: string;
  received: When;
  category: string;
  title: string;
  /** The report's text without its page line (shown apart). */
  text: string;
  units: string;
  priority: string | null;
  taskTime: string | null;
  pageUrl: string | null;
  userAgent: string | null;
}

export interface ClientErrorsPage {
  values: Record<ClientErrorFilterField, string>;
  errors: Partial<Record<ClientErrorFilterField, FieldMessage>>;
  categories: string[];
  rows: ClientErrorRow[];
  total: number;
  page: number;
  pages: number;
  query: string;
  maxDays: number;
  maxText: number;
}

/** `/admin/client-errors`: this tenant's reports, newest first; text is rendered as text, never markup. */
export function clientErrorsLoader(request: Request, context: AppLoadContext) {
  return adminLoader(request, context, "clientErrors.read", async (staff): Promise<ClientErrorsPage> => {
    const locale = context.locale.locale;
    const when = whenOf(request, context);
    const params = new URL(request.url).searchParams;
    const raw = (name: string) => (params.get(name) ?? "").slice(0, 200);
    const values: Record<ClientErrorFilterField, string> = { category: raw("category"), days: raw("days"), text: raw("text") };
    const { query, errors } = readClientErrorQuery({ ...values, page: params.get("page") });
    const fieldErrors: ClientErrorsPage["errors"] = {};
    for (const error of errors) if (error.field !== "page") fieldErrors[error.field] = clientErrorFieldMessage(error.field);
    // A refused filter is left out rather than matching nothing; the rest still narrows the list.
    const [found, categories] = await Promise.all([
      listClientErrors(context.backOffice.clientErrorReports, { tenantId: staff.tenantId, query, now: context.now() }),
      context.backOffice.clientErrorReports.categories(staff.tenantId),
    ]);
    return {
      values,
      errors: fieldErrors,
      categories,
      rows: found.rows.map((report) => ({
        id: report.id,
        received: when.format(report.createdAt),
        category: report.category,
        title: report.title,
        text: report.text
          .split(/\r?\n/)
          .filter((line) => !line.startsWith(PAGE_URL_LINE_PREFIX))
          .join("\n")
          .trim(),
        units: report.units,
        priority: report.priority === null ? null : formatNumber(locale, report.priority),
        taskTime: report.taskTime,
        pageUrl: report.pageUrl,
        userAgent: report.userAgent,
      })),
      total: found.total,
      page: found.page,
      pages: found.pages,
      query: new URLSearchParams(Object.entries(values).filter(([, value]) => value.trim() !== "")).toString(),
      maxDays: MAX_REPORT_DAYS,
      maxText: MAX_REPORT_SEARCH_LENGTH,
    };
  });
}
