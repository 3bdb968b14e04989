import { Form, useActionData } from "react-router";
import { staffAction, staffLoader, type StaffRefusal } from "#app/admin/staff.server.ts";
import { adminLinks, adminMeta } from "#app/admin/route-head.ts";
import { AdminScreen } from "#app/components/admin/admin-shell.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { StaffChangeError } from "#core/back-office/staff.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import type { Route } from "./+types/staff";
import { headers as pageHeaders } from "#app/search/page-headers.ts";

export const headers = pageHeaders;

export const links = adminLinks;

export function loader({ request, context }: Route.LoaderArgs) {
  return staffLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return staffAction(request, context);
}

export const meta = adminMeta("admin.staff.title");

const ERROR_MESSAGES: Record<StaffChangeError, MessageKey> = {
  MOBILE_INVALID: "admin.field.mobileInvalid",
  NOT_STAFF: "admin.staff.notStaff",
  ROLE_INVALID: "admin.staff.roleInvalid",
  ROLE_NOT_GRANTABLE: "admin.staff.roleInvalid",
  LAST_OWNER: "admin.staff.lastOwner",
};

/** `/admin/staff`: the staff list; owners add a member by mobile and role, change a role, or remove one. */
export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const refusal = useActionData<StaffRefusal>();
  const errors = refusal?.errors ?? {};
  return (
    <AdminScreen data={loaderData} current="admin-staff" title={t("admin.staff.title")}>
      {(page, frame) => (
        <>
          {page.notice ? (
            <p className="admin-notice" role="status">
              {t(page.notice === "added" ? "admin.staff.saved" : "admin.staff.removed")}
            </p>
          ) : null}
          <p className="admin-intro">{t("admin.staff.intro")}</p>
          {errors.role === "LAST_OWNER" || errors.mobile === "NOT_STAFF" ? (
            <p className="admin-error" role="alert">
              {t(ERROR_MESSAGES[errors.role ?? errors.mobile!])}
            </p>
          ) : null}
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="sr-only">{t("admin.staff.title")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("admin.staff.col.mobile")}</th>
                  <th scope="col">{t("admin.staff.col.role")}</th>
                  <th scope="col">{t("admin.staff.col.added")}</th>
                  {page.canWrite ? <th scope="col">{t("admin.staff.col.actions")}</th> : null}
                </tr>
              </thead>
              <tbody>
                {page.rows.map((row) => (
                  <tr key={row.userId}>
                    <td>
                      <bdi dir="ltr">{row.mobile}</bdi>
                    </td>
                    <td>{t(`admin.role.${row.role}`)}</td>
                    <td>
                      <bdi dir="ltr">{row.added}</bdi>
                    </td>
                    {page.canWrite ? (
                      <td>
                        {row.removable ? (
                          <Form method="post">
                            <input type="hidden" name="csrf" value={frame.csrf} />
                            <input type="hidden" name="intent" value="remove" />
                            <input type="hidden" name="userId" value={row.userId} />
                            <button
                              type="submit"
                              className="admin-link-button"
                              aria-label={t("admin.staff.removeLabel", { mobile: row.mobile })}
                            >
                              {t("admin.staff.remove")}
                            </button>
                          </Form>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {page.canWrite ? (
            <Form method="post" className="admin-form" aria-labelledby="staff-add-title" noValidate>
              <h2 id="staff-add-title" className="admin-subtitle">
                {t("admin.staff.add.title")}
              </h2>
              <p className="admin-hint">{t("admin.staff.add.hint")}</p>
              <input type="hidden" name="csrf" value={frame.csrf} />
              <input type="hidden" name="intent" value="add" />
              <div className="admin-field">
                <label htmlFor="staff-mobile">{t("admin.staff.col.mobile")}</label>
                <input
                  id="staff-mobile"
                  name="mobile"
                  dir="ltr"
                  inputMode="tel"
                  autoComplete="off"
                  required
                  maxLength={20}
                  defaultValue={refusal?.values.mobile ?? ""}
                  aria-invalid={errors.mobile === "MOBILE_INVALID" ? true : undefined}
                  aria-describedby={errors.mobile === "MOBILE_INVALID" ? "staff-mobile-error" : undefined}
                />
                {errors.mobile === "MOBILE_INVALID" ? (
                  <p id="staff-mobile-error" className="admin-error">
                    {t("admin.field.mobileInvalid")}
                  </p>
                ) : null}
              </div>
              <div className="admin-field">
                <label htmlFor="staff-role">{t("admin.staff.col.role")}</label>
                <select
                  id="staff-role"
                  name="role"
                  defaultValue={refusal?.values.role || "operator"}
                  aria-invalid={errors.role && errors.role !== "LAST_OWNER" ? true : undefined}
                  aria-describedby={errors.role && errors.role !== "LAST_OWNER" ? "staff-role-error" : undefined}
                >
                  {page.roles.map((role) => (
                    <option key={role} value={role}>
                      {t(`admin.role.${role}`)}
                    </option>
                  ))}
                </select>
                {errors.role && errors.role !== "LAST_OWNER" ? (
                  <p id="staff-role-error" className="admin-error">
                    {t(ERROR_MESSAGES[errors.role])}
                  </p>
                ) : null}
              </div>
              <div className="admin-actions">
                <button type="submit" className="admin-button">
                  {t("admin.staff.add.submit")}
                </button>
              </div>
            </Form>
          ) : null}
        </>
      )}
    </AdminScreen>
  );
}
