import { Form, Link } from "react-router";
import { auditLoader, type AuditFilterField, type AuditRow } from "#app/admin/audit.server.ts";
import { AdminScreen } from "#app/components/admin/admin-shell.tsx";
import { AdminFilterField, type FilterFieldKind } from "#app/components/admin/filter-field.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { href } from "#app/links.ts";
import { translatedMeta } from "#app/route-meta.ts";
import { headers as pageHeaders } from "#app/search/page-headers.ts";
import adminStyles from "#app/styles/admin.css?url";
import type { MessageKey } from "#core/i18n/messages.ts";
import type { Route } from "./+types/audit";

export const headers: Route.HeadersFunction = pageHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export function loader({ request, context }: Route.LoaderArgs) {
  return auditLoader(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...translatedMeta(matches, "admin.audit.title"),
  { name: "robots", content: "noindex, nofollow" },
];

const FIELDS: { name: AuditFilterField; label: MessageKey; kind: FilterFieldKind }[] = [
  { name: "actor", label: "admin.audit.actor", kind: "mobile" },
  { name: "action", label: "admin.audit.action", kind: "code" },
  { name: "subjectType", label: "admin.audit.subjectType", kind: "code" },
  { name: "subjectId", label: "admin.audit.subjectId", kind: "code" },
  { name: "from", label: "admin.audit.from", kind: "date" },
  { name: "to", label: "admin.audit.to", kind: "date" },
];

function Change({ row }: { row: AuditRow }) {
  const { t } = useI18n();
  return (
    <div className="admin-change">
      <details>
        <summary>{t("admin.audit.before")}</summary>
        <pre dir="ltr">{row.before ?? t("admin.audit.nothing")}</pre>
      </details>
      <details open={row.before === null}>
        <summary>{t("admin.audit.after")}</summary>
        <pre dir="ltr">{row.after ?? t("admin.audit.nothing")}</pre>
      </details>
    </div>
  );
}

/** `/admin/audit`: who changed what, filterable by actor, action, subject and days. */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t, number, locale } = useI18n();
  return (
    <AdminScreen data={loaderData} current="admin-audit" title={t("admin.audit.title")}>
      {(page) => (
        <>
          <p className="admin-intro">{t("admin.audit.intro")}</p>
          <Form method="get" className="admin-filters" aria-labelledby="admin-filters-title">
            <h2 id="admin-filters-title" className="sr-only">
              {t("admin.audit.filters")}
            </h2>
            {FIELDS.map((field) => (
              <AdminFilterField
                key={field.name}
                idPrefix="audit"
                name={field.name}
                label={field.label}
                kind={field.kind}
                value={page.values[field.name]}
                error={page.errors[field.name]}
                maxLength={100}
                dateHint="admin.audit.dateHint"
                dateExample={page.dateExample}
              />
            ))}
            <div className="admin-actions">
              <button type="submit" className="admin-button">
                {t("admin.audit.apply")}
              </button>
              <Link to={href(locale, "admin-audit")}>{t("admin.audit.clear")}</Link>
            </div>
          </Form>
          <p className="admin-count" role="status">
            {t("admin.audit.count", { count: number(page.total) })}
          </p>
          {page.rows.length === 0 ? (
            <p className="admin-empty">{t("admin.audit.empty")}</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption className="sr-only">{t("admin.audit.title")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("admin.audit.col.when")}</th>
                    <th scope="col">{t("admin.audit.col.who")}</th>
                    <th scope="col">{t("admin.audit.col.action")}</th>
                    <th scope="col">{t("admin.audit.col.subject")}</th>
                    <th scope="col">{t("admin.audit.col.change")}</th>
                  </tr>
                </thead>
                <tbody>
                  {page.rows.map((row) => (
                    <tr key={row.id} data-action={row.action}>
                      <td>
                        <time dateTime={row.at}>
                          <bdi dir="ltr">{row.date}</bdi> <bdi dir="ltr">{row.time}</bdi>
                        </time>
                      </td>
                      <td>
                        {row.actorMobile ? <bdi dir="ltr">{row.actorMobile}</bdi> : null}
                        <span className="admin-muted">
                          {row.actorRole ? `${t(`admin.role.${row.actorRole}`)} · ` : ""}
                          {t(`admin.audit.via.${row.via}`)}
                        </span>
                      </td>
                      <td>
                        <code dir="ltr">{row.action}</code>
                      </td>
                      <td>
                        <code dir="ltr">
                          {row.subject.type}:{row.subject.id}
                        </code>
                      </td>
                      <td>
                        <Change row={row} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {page.pages > 1 ? (
            <nav className="admin-pages" aria-label={t("admin.audit.page", { page: number(page.page), pages: number(page.pages) })}>
              {page.page > 1 ? (
                <Link to={`?${page.query}${page.query ? "&" : ""}page=${page.page - 1}`}>{t("admin.audit.previous")}</Link>
              ) : null}
              <span>{t("admin.audit.page", { page: number(page.page), pages: number(page.pages) })}</span>
              {page.page < page.pages ? (
                <Link to={`?${page.query}${page.query ? "&" : ""}page=${page.page + 1}`}>{t("admin.audit.next")}</Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </AdminScreen>
  );
}
