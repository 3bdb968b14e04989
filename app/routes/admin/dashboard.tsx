import { dashboardLoader, pickTenantAction } from "#app/admin/dashboard.server.ts";
import { adminLinks, adminMeta } from "#app/admin/route-head.ts";
import { AdminScreen } from "#app/components/admin/admin-shell.tsx";
import { useToman } from "#app/components/booking/trip-summary.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { Route } from "./+types/dashboard";
import { headers as pageHeaders } from "#app/search/page-headers.ts";

/** The loader's no-store and noindex replace the root's public caching: the back-office is the staff's. */
export const headers = pageHeaders;

export const links = adminLinks;

export function loader({ request, context }: Route.LoaderArgs) {
  return dashboardLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return pickTenantAction(request, context);
}

export const meta = adminMeta("admin.dashboard.title");

function Figure({ label, value, detail }: { label: string; value: string; detail?: string | undefined }) {
  return (
    <div className="admin-figure">
      <dt>{label}</dt>
      <dd>
        <span className="admin-figure-value">{value}</span>
        {detail ? <span className="admin-figure-detail">{detail}</span> : null}
      </dd>
    </div>
  );
}

/** `/admin`: the dashboard. */
export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { t, number } = useI18n();
  const toman = useToman();
  return (
    <AdminScreen data={loaderData} current="admin" title={t("admin.dashboard.title")}>
      {({ today, figures }) => (
        <section aria-labelledby="admin-today">
          <h2 id="admin-today" className="admin-subtitle">
            {t("admin.dashboard.today", { date: today })}
          </h2>
          <dl className="admin-figures">
            <Figure label={t("admin.dashboard.bookingsToday")} value={number(figures.bookingsToday)} />
            <Figure label={t("admin.dashboard.revenueToday")} value={toman(figures.revenueToday)} />
            <Figure
              label={t("admin.dashboard.refundsDue")}
              value={number(figures.refundsDue.count)}
              detail={
                figures.refundsDue.count > 0
                  ? t("admin.dashboard.refundsDueAmount", { amount: toman(figures.refundsDue.amount) })
                  : undefined
              }
            />
            <Figure
              label={t("admin.dashboard.overdueInvoices")}
              value={number(figures.overdueInvoices)}
              detail={t("admin.dashboard.overdueHint")}
            />
            <Figure
              label={t("admin.dashboard.failedJobs")}
              value={number(figures.failedJobs.count)}
              detail={
                figures.failedJobs.queues.length > 0
                  ? t("admin.dashboard.failedQueues", { queues: figures.failedJobs.queues.join(", ") })
                  : undefined
              }
            />
          </dl>
        </section>
      )}
    </AdminScreen>
  );
}
