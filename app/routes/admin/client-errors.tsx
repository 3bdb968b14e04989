import { clientErrorsLoader } from "#app/admin/client-errors.server.ts";
import { adminLinks, adminMeta } from "#app/admin/route-head.ts";
import { AdminScreen } from "#app/components/admin/admin-shell.tsx";
import { CommerceField } from "#app/components/admin/commerce-field.tsx";
import { AdminFilterForm, AdminResults } from "#app/components/admin/list-screen.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import type { Route } from "./+types/client-errors";
import { headers as pageHeaders } from "#app/search/page-headers.ts";

export const headers = pageHeaders;

export const links = adminLinks;

export function loader({ request, context }: Route.LoaderArgs) {
  return clientErrorsLoader(request, context);
}

export const meta = adminMeta("adminCommerce.clientErrors.title");

const COLUMNS: MessageKey[] = [
  "adminCommerce.clientErrors.col.when",
  "adminCommerce.clientErrors.col.report",
  "adminCommerce.clientErrors.col.page",
];

/**
 * `/admin/client-errors`: what travellers' browsers reported, newest first. Everything in a report
 * came from a browser, so it is only ever text (React escapes it), wrapped however long it is.
 */
export default function AdminClientErrors({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <AdminScreen data={loaderData} current="admin-client-errors" title={t("adminCommerce.clientErrors.title")}>
      {(page) => (
        <>
          <p className="admin-intro">{t("adminCommerce.clientErrors.intro")}</p>
          <AdminFilterForm idPrefix="client-errors" clearTo="admin-client-errors">
            <div className="admin-field">
              <label htmlFor="client-errors-category">{t("adminCommerce.clientErrors.field.category")}</label>
              <select
                id="client-errors-category"
                name="category"
                defaultValue={page.values.category}
                aria-invalid={page.errors.category ? true : undefined}
                aria-describedby={page.errors.category ? "client-errors-category-error" : undefined}
              >
                <option value="">{t("adminOps.filter.any")}</option>
                {page.categories.map((category) => (
                  <option key={category} value={category}>
                    {category}
                  </option>
                ))}
              </select>
              {page.errors.category ? (
                <p id="client-errors-category-error" className="admin-error">
                  {t(page.errors.category.key, page.errors.category.params)}
                </p>
              ) : null}
            </div>
            <CommerceField
              id="client-errors-days"
              name="days"
              label="adminCommerce.clientErrors.field.days"
              value={page.values.days}
              error={page.errors.days}
              hint={t("adminCommerce.clientErrors.hint.days", { min: 1, max: page.maxDays })}
              maxLength={6}
              ltr
              inputMode="numeric"
            />
            <CommerceField
              id="client-errors-text"
              name="text"
              label="adminCommerce.clientErrors.field.text"
              value={page.values.text}
              error={page.errors.text}
              maxLength={page.maxText * 2}
            />
          </AdminFilterForm>
          <AdminResults
            list={page}
            count="adminCommerce.clientErrors.count"
            empty="adminCommerce.clientErrors.empty"
            caption={t("adminCommerce.clientErrors.title")}
            columns={COLUMNS}
            rowKey={(row) => row.id}
            renderRow={(row) => (
              <>
                <td>
                  <time dateTime={row.received.at}>
                    <bdi dir="ltr">{row.received.date}</bdi> <bdi dir="ltr">{row.received.time}</bdi>
                  </time>
                  <span className="admin-muted">
                    <bdi dir="auto">{row.category}</bdi>
                  </span>
                </td>
                <td>
                  <strong className="admin-wrap" dir="auto">
                    {row.title}
                  </strong>
                  {row.text ? (
                    <p className="admin-sms-text admin-wrap" dir="auto">
                      {row.text}
                    </p>
                  ) : null}
                  <span className="admin-muted">
                    {t("adminCommerce.clientErrors.units", { units: row.units })}
                    {row.priority !== null ? <> · {t("adminCommerce.clientErrors.priority", { priority: row.priority })}</> : null}
                    {row.taskTime ? <> · {t("adminCommerce.clientErrors.taskTime", { time: row.taskTime })}</> : null}
                  </span>
                </td>
                <td>
                  {row.pageUrl ? (
                    <code className="admin-wrap" dir="ltr">
                      {row.pageUrl}
                    </code>
                  ) : (
                    <span className="admin-muted">{t("adminCommerce.clientErrors.noPage")}</span>
                  )}
                  <span className="admin-muted admin-wrap" dir="ltr">
                    {row.userAgent ?? t("adminCommerce.clientErrors.noAgent")}
                  </span>
                </td>
              </>
            )}
          />
        </>
      )}
    </AdminScreen>
  );
}
