import { Form, Link } from "react-router";
import { bookingsLoader, type BookingFilterField } from "#app/admin/bookings.server.ts";
import { AdminScreen } from "#app/components/admin/admin-shell.tsx";
import { AdminFilterField, type FilterFieldKind } from "#app/components/admin/filter-field.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { href } from "#app/links.ts";
import { translatedMeta } from "#app/route-meta.ts";
import { headers as pageHeaders } from "#app/search/page-headers.ts";
import adminStyles from "#app/styles/admin.css?url";
import adminOpsStyles from "#app/styles/admin-ops.css?url";
import type { MessageKey } from "#core/i18n/messages.ts";
import type { Route } from "./+types/bookings";

export const headers: Route.HeadersFunction = pageHeaders;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: adminStyles },
  { rel: "stylesheet", href: adminOpsStyles },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return bookingsLoader(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...translatedMeta(matches, "adminOps.bookings.title"),
  { name: "robots", content: "noindex, nofollow" },
];

const TEXT_FIELDS: { name: BookingFilterField; label: MessageKey; kind: FilterFieldKind }[] = [
  { name: "reference", label: "adminOps.bookings.reference", kind: "code" },
  { name: "mobile", label: "adminOps.bookings.mobile", kind: "mobile" },
  { name: "from", label: "adminOps.filter.from", kind: "date" },
  { name: "to", label: "adminOps.filter.to", kind: "date" },
];

/** `/admin/bookings`: find a booking by reference, mobile, days, status or service; each opens its file. */
export default function AdminBookings({ loaderData }: Route.ComponentProps) {
  const { t, number, locale } = useI18n();
  return (
    <AdminScreen data={loaderData} current="admin-bookings" title={t("adminOps.bookings.title")}>
      {(page) => (
        <>
          <Form method="get" className="admin-filters" aria-labelledby="bookings-filters-title">
            <h2 id="bookings-filters-title" className="sr-only">
              {t("adminOps.filter.title")}
            </h2>
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
            <div className="admin-actions">
              <button type="submit" className="admin-button">
                {t("adminOps.filter.apply")}
              </button>
              <Link to={href(locale, "admin-bookings")}>{t("adminOps.filter.clear")}</Link>
            </div>
          </Form>
          <p className="admin-count" role="status">
            {t("adminOps.bookings.count", { count: number(page.total) })}
          </p>
          {page.rows.length === 0 ? (
            <p className="admin-empty">{t("adminOps.bookings.empty")}</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption className="sr-only">{t("adminOps.bookings.title")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("adminOps.bookings.reference")}</th>
                    <th scope="col">{t("adminOps.bookings.service")}</th>
                    <th scope="col">{t("adminOps.bookings.status")}</th>
                    <th scope="col">{t("adminOps.bookings.total")}</th>
                    <th scope="col">{t("adminOps.bookings.mobile")}</th>
                    <th scope="col">{t("adminOps.bookings.created")}</th>
                  </tr>
                </thead>
                <tbody>
                  {page.rows.map((row) => (
                    <tr key={row.hashId}>
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
