import { auditLoader, type AuditFilterField, type AuditRow } from "#app/admin/audit.server.ts";
import { adminLinks, adminMeta } from "#app/admin/route-head.ts";
import { AdminScreen } from "#app/components/admin/admin-shell.tsx";
import { AdminFilterForm, AdminResults } from "#app/components/admin/list-screen.tsx";
import { AdminFilterField, type FilterFieldKind } from "#app/components/admin/filter-field.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import type { Route } from "./+types/audit";
import { headers as pageHeaders } from "#app/search/page-headers.ts";

export const headers = pageHeaders;

export const links = adminLinks;

export function loader({ request, context }: Route.LoaderArgs) {
  return auditLoader(request, context);
}

export const meta = adminMeta("admin.audit.title");

const FIELDS: { name: AuditFilterField; label: MessageKey; kind: FilterFieldKind }[] = [
  { name: "actor", label: "admin.audit.actor", kind: "mobile" },
  { name: "action", label: "admin.audit.action", kind: "code" },
  { name: "subjectType", label: "admin.audit.subjectType", kind: "code" },
  { name: "subjectId", label: "admin.audit.subjectId", kind: "code" },
  { name: "from", label: "admin.audit.from", kind: "date" },
  { name: "to", label: "admin.audit.to", kind: "date" },
];

const COLUMNS: MessageKey[] = [
  "admin.audit.col.when",
  "admin.audit.col.who",
  "admin.audit.col.action",
  "admin.audit.col.subject",
  "admin.audit.col.change",
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
  const { t } = useI18n();
  return (
    <AdminScreen data={loaderData} current="admin-audit" title={t("admin.audit.title")}>
      {(page) => (
        <>
          <p className="admin-intro">{t("admin.audit.intro")}</p>
          <AdminFilterForm idPrefix="audit" clearTo="admin-audit">
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
          </AdminFilterForm>
          <AdminResults
            list={page}
            count="admin.audit.count"
            empty="admin.audit.empty"
            caption={t("admin.audit.title")}
            columns={COLUMNS}
            rowKey={(row) => row.id}
            rowAction={(row) => row.action}
            renderRow={(row) => (
              <>
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
              </>
            )}
          />
        </>
      )}
    </AdminScreen>
  );
}
