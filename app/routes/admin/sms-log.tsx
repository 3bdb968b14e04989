import { Form, Link } from "react-router";
import { smsLogLoader, type SmsFilterField } from "#app/admin/sms-log.server.ts";
import { AdminScreen } from "#app/components/admin/admin-shell.tsx";
import { AdminFilterField, type FilterFieldKind } from "#app/components/admin/filter-field.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { href } from "#app/links.ts";
import { translatedMeta } from "#app/route-meta.ts";
import { headers as pageHeaders } from "#app/search/page-headers.ts";
import adminStyles from "#app/styles/admin.css?url";
import adminOpsStyles from "#app/styles/admin-ops.css?url";
import type { MessageKey } from "#core/i18n/messages.ts";
import type { Route } from "./+types/sms-log";

export const headers: Route.HeadersFunction = pageHeaders;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: adminStyles },
  { rel: "stylesheet", href: adminOpsStyles },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return smsLogLoader(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...translatedMeta(matches, "adminOps.sms.title"),
  { name: "robots", content: "noindex, nofollow" },
];

const FIELDS: { name: SmsFilterField; label: MessageKey; kind: FilterFieldKind }[] = [
  { name: "mobile", label: "adminOps.sms.mobile", kind: "mobile" },
  { name: "from", label: "adminOps.filter.from", kind: "date" },
  { name: "to", label: "adminOps.filter.to", kind: "date" },
];

/** `/admin/sms`: what was sent to whom and when, filterable by number and days; codes never shown. */
export default function AdminSmsLog({ loaderData }: Route.ComponentProps) {
  const { t, number, locale } = useI18n();
  return (
    <AdminScreen data={loaderData} current="admin-sms" title={t("adminOps.sms.title")}>
      {(page) => (
        <>
          <p className="admin-intro">{t("adminOps.sms.intro")}</p>
          <Form method="get" className="admin-filters" aria-labelledby="sms-filters-title">
            <h2 id="sms-filters-title" className="sr-only">
              {t("adminOps.filter.title")}
            </h2>
            {FIELDS.map((field) => (
              <AdminFilterField
                key={field.name}
                idPrefix="sms"
                name={field.name}
                label={field.label}
                kind={field.kind}
                value={page.values[field.name]}
                error={page.errors[field.name]}
                maxLength={40}
                dateHint="adminOps.filter.dateHint"
                dateExample={page.dateExample}
              />
            ))}
            <div className="admin-actions">
              <button type="submit" className="admin-button">
                {t("adminOps.filter.apply")}
              </button>
              <Link to={href(locale, "admin-sms")}>{t("adminOps.filter.clear")}</Link>
            </div>
          </Form>
          <p className="admin-count" role="status">
            {t("adminOps.sms.count", { count: number(page.total) })}
          </p>
          {page.rows.length === 0 ? (
            <p className="admin-empty">{t("adminOps.sms.empty")}</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption className="sr-only">{t("adminOps.sms.title")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("adminOps.sms.col.when")}</th>
                    <th scope="col">{t("adminOps.sms.col.mobile")}</th>
                    <th scope="col">{t("adminOps.sms.col.text")}</th>
                    <th scope="col">{t("adminOps.sms.col.status")}</th>
                  </tr>
                </thead>
                <tbody>
                  {page.rows.map((row) => (
                    <tr key={row.id}>
                      <td>
                        <time dateTime={row.sent.at}>
                          <bdi dir="ltr">{row.sent.date}</bdi> <bdi dir="ltr">{row.sent.time}</bdi>
                        </time>
                      </td>
                      <td>
                        <bdi dir="ltr">{row.mobile}</bdi>
                      </td>
                      <td>
                        <p className="admin-sms-text" dir="auto">
                          {row.text}
                        </p>
                        {row.template ? (
                          <span className="admin-muted">
                            <code dir="ltr">{row.template}</code>
                          </span>
                        ) : null}
                      </td>
                      <td>
                        {t(`adminOps.sms.status.${row.status}`)}
                        <span className="admin-muted">{row.sender}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {page.pages > 1 ? (
            <nav className="admin-pages" aria-label={t("adminOps.page", { page: number(page.page), pages: number(page.pages) })}>
              {page.page > 1 ? (
                <Link to={`?${page.query}${page.query ? "&" : ""}page=${page.page - 1}`}>{t("adminOps.previous")}</Link>
              ) : null}
              <span>{t("adminOps.page", { page: number(page.page), pages: number(page.pages) })}</span>
              {page.page < page.pages ? (
                <Link to={`?${page.query}${page.query ? "&" : ""}page=${page.page + 1}`}>{t("adminOps.next")}</Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </AdminScreen>
  );
}
