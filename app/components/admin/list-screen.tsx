import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { AdminRouteName } from "#app/admin/sections.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { href } from "#app/links.ts";
import type { MessageKey } from "#core/i18n/messages.ts";

/**
 * The frame of a back-office filter form (audit, bookings, SMS log, …): a GET form so a filtered
 * list is a link staff can share, its fields as children, then "apply" and a link clearing them.
 */
export function AdminFilterForm({ idPrefix, clearTo, children }: { idPrefix: string; clearTo: AdminRouteName; children: ReactNode }) {
  const { t, locale } = useI18n();
  const titleId = `${idPrefix}-filters-title`;
  return (
    <Form method="get" className="admin-filters" aria-labelledby={titleId}>
      <h2 id={titleId} className="sr-only">
        {t("adminOps.filter.title")}
      </h2>
      {children}
      <div className="admin-actions">
        <button type="submit" className="admin-button">
          {t("adminOps.filter.apply")}
        </button>
        <Link to={href(locale, clearTo)}>{t("adminOps.filter.clear")}</Link>
      </div>
    </Form>
  );
}

/** One page of a filtered list, as every back-office list loader returns it. */
export interface AdminListPage<Row> {
  rows: Row[];
  total: number;
  page: number;
  pages: number;
  /** The filters as a query string without `page`, so the page links keep them. */
  query: string;
}

/**
 * A back-office list's results: how many match (announced), a line when none do, the table with
 * its column heads, and previous/next links when there is more than one page.
 */
export function AdminResults<Row>({
  list,
  count,
  empty,
  caption,
  columns,
  rowKey,
  rowAction,
  renderRow,
}: {
  list: AdminListPage<Row>;
  count: MessageKey;
  empty: MessageKey;
  caption: string;
  columns: readonly MessageKey[];
  rowKey: (row: Row) => string;
  /** What the row records (an audit entry's action), as `data-action` for tests and styles. */
  rowAction?: (row: Row) => string;
  renderRow: (row: Row) => ReactNode;
}) {
  const { t, number } = useI18n();
  const pageLabel = t("adminOps.page", { page: number(list.page), pages: number(list.pages) });
  const pageLink = (page: number) => `?${list.query}${list.query ? "&" : ""}page=${page}`;
  return (
    <>
      <p className="admin-count" role="status">
        {t(count, { count: number(list.total) })}
      </p>
      {list.rows.length === 0 ? (
        <p className="admin-empty">{t(empty)}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {t(column)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <tr key={rowKey(row)} data-action={rowAction?.(row)}>
                  {renderRow(row)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.pages > 1 ? (
        <nav className="admin-pages" aria-label={pageLabel}>
          {list.page > 1 ? <Link to={pageLink(list.page - 1)}>{t("adminOps.previous")}</Link> : null}
          <span>{pageLabel}</span>
          {list.page < list.pages ? <Link to={pageLink(list.page + 1)}>{t("adminOps.next")}</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
