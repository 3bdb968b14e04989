import { Link } from "react-router";
import { bookingsLoader, type BookingFilterField } from "#app/admin/bookings.server.ts";
import { adminLinks, adminMeta } from "#app/admin/route-head.ts";
import { AdminScreen } from "#app/components/admin/admin-shell.tsx";
import { AdminFilterForm, AdminResults } from "#app/components/admin/list-screen.tsx";
import { AdminFilterField, type FilterFieldKind } from "#app/components/admin/filter-field.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { href } from "#app/links.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import type { Route } from "./+types/bookings";
import { headers as pageHeaders } from "#app/search/page-headers.ts";

export const headers = pageHeaders;

export const links = adminLinks;

export function loader({ request, context }: Route.LoaderArgs) {
  return bookingsLoader(request, context);
}

export const meta = adminMeta("adminOps.bookings.title");

const TEXT_FIELDS: { name: BookingFilterField; label: MessageKey; kind: FilterFieldKind }[] = [
  { name: "reference", label: "adminOps.bookings.reference", kind: "code" },
  { name: "mobile", label: "adminOps.bookings.mobile", kind: "mobile" },
  { name: "from", label: "adminOps.filter.from", kind: "date" },
  { name: "to", label: "adminOps.filter.to", kind: "date" },
];

const COLUMNS: MessageKey[] = [
  "adminOps.bookings.reference",
  "adminOps.bookings.service",
  "adminOps.bookings.status",
  "adminOps.bookings.total",
  "adminOps.bookings.mobile",
  "adminOps.bookings.created",
];

/** `/admin/bookings`: find a booking by reference, mobile, days, status or service; each opens its file. */
export default function AdminBookings({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  return (
    <AdminScreen data={loaderData} current="admin-bookings" title={t("adminOps.bookings.title")}>
      {(page) => (
        <>
          <AdminFilterForm idPrefix="bookings" clearTo="admin-bookings">
            {TEXT_FIELDS.map((field) => (
              <AdminFilterField
                key={field.name}
                idPrefix="bookings"
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
            <div className="admin-field">
              <label htmlFor="bookings-status">{t("adminOps.bookings.status")}</label>
              <select id="bookings-status" name="status" defaultValue={page.values.status}>
                <option value="">{t("adminOps.filter.any")}</option>
                {page.statuses.map((status) => (
                  <option key={status} value={status}>
                    {t(`booking.status.${status}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="admin-field">
              <label htmlFor="bookings-service">{t("adminOps.bookings.service")}</label>
              <select id="bookings-service" name="service" defaultValue={page.values.service}>
                <option value="">{t("adminOps.filter.any")}</option>
                {page.services.map((service) => (
                  <option key={service} value={service}>
                    {t(`nav.${service}`)}
                  </option>
                ))}
              </select>
            </div>
          </AdminFilterForm>
          <AdminResults
            list={page}
            count="adminOps.bookings.count"
            empty="adminOps.bookings.empty"
            caption={t("adminOps.bookings.title")}
            columns={COLUMNS}
            rowKey={(row) => row.hashId}
            renderRow={(row) => (
              <>
                <td>
                  <Link to={href(locale, "admin-booking", { hashId: row.hashId })}>
                    <bdi dir="ltr">{row.reference}</bdi>
                  </Link>
                </td>
                <td>{t(`nav.${row.service}`)}</td>
                <td>{t(`booking.status.${row.status}`)}</td>
                <td>{t("adminOps.tomans", { amount: row.total })}</td>
                <td>
                  <bdi dir="ltr">{row.mobile}</bdi>
                </td>
                <td>
                  <time dateTime={row.created.at}>
                    <bdi dir="ltr">{row.created.date}</bdi> <bdi dir="ltr">{row.created.time}</bdi>
                  </time>
                </td>
              </>
            )}
          />
        </>
      )}
    </AdminScreen>
  );
}
