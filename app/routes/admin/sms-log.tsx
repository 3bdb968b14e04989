import { smsLogLoader, type SmsFilterField } from "#app/admin/sms-log.server.ts";
import { adminLinks, adminMeta } from "#app/admin/route-head.ts";
import { AdminScreen } from "#app/components/admin/admin-shell.tsx";
import { AdminFilterForm, AdminResults } from "#app/components/admin/list-screen.tsx";
import { AdminFilterField, type FilterFieldKind } from "#app/components/admin/filter-field.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import type { Route } from "./+types/sms-log";
import { headers as pageHeaders } from "#app/search/page-headers.ts";

export const headers = pageHeaders;

export const links = adminLinks;

export function loader({ request, context }: Route.LoaderArgs) {
  return smsLogLoader(request, context);
}

export const meta = adminMeta("adminOps.sms.title");

const FIELDS: { name: SmsFilterField; label: MessageKey; kind: FilterFieldKind }[] = [
  { name: "mobile", label: "adminOps.sms.mobile", kind: "mobile" },
  { name: "from", label: "adminOps.filter.from", kind: "date" },
  { name: "to", label: "adminOps.filter.to", kind: "date" },
];

const COLUMNS: MessageKey[] = ["adminOps.sms.col.when", "adminOps.sms.col.mobile", "adminOps.sms.col.text", "adminOps.sms.col.status"];

/** `/admin/sms`: what was sent to whom and when, filterable by number and days; codes never shown. */
export default function AdminSmsLog({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <AdminScreen data={loaderData} current="admin-sms" title={t("adminOps.sms.title")}>
      {(page) => (
        <>
          <p className="admin-intro">{t("adminOps.sms.intro")}</p>
          <AdminFilterForm idPrefix="sms" clearTo="admin-sms">
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
          </AdminFilterForm>
          <AdminResults
            list={page}
            count="adminOps.sms.count"
            empty="adminOps.sms.empty"
            caption={t("adminOps.sms.title")}
            columns={COLUMNS}
            rowKey={(row) => row.id}
            renderRow={(row) => (
              <>
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
              </>
            )}
          />
        </>
      )}
    </AdminScreen>
  );
}
