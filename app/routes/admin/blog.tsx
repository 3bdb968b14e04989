import { Link } from "react-router";
import { blogListLoader, type BlogFilterField } from "#app/admin/blog.server.ts";
import { adminLinks, adminMeta } from "#app/admin/route-head.ts";
import { AdminScreen } from "#app/components/admin/admin-shell.tsx";
import { AdminFilterForm, AdminResults } from "#app/components/admin/list-screen.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { href } from "#app/links.ts";
import { LOCALES } from "#core/i18n/locales.ts";
import { POST_STATUSES } from "#core/blog/post.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import type { Route } from "./+types/blog";
import { headers as pageHeaders } from "#app/search/page-headers.ts";
import blogStyles from "#app/styles/admin-blog.css?url";

export const headers = pageHeaders;

export const links = () => [...adminLinks(), { rel: "stylesheet", href: blogStyles }];

export function loader({ request, context }: Route.LoaderArgs) {
  return blogListLoader(request, context);
}

export const meta = adminMeta("adminBlog.title");

const COLUMNS: MessageKey[] = ["adminBlog.col.title", "adminBlog.col.lang", "adminBlog.col.status", "adminBlog.col.date"];

/** One menu of the filter form; "any" first. */
function Choice({
  name,
  label,
  value,
  options,
}: {
  name: BlogFilterField;
  label: MessageKey;
  value: string;
  options: { value: string; label: string }[];
}) {
  const { t } = useI18n();
  return (
    <div className="admin-field">
      <label htmlFor={`blog-${name}`}>{t(label)}</label>
      <select id={`blog-${name}`} name={name} defaultValue={value}>
        <option value="">{t("adminOps.filter.any")}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** `/admin/blog`: every post of the agency in every language, with links to edit and to the public page. */
export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  return (
    <AdminScreen data={loaderData} current="admin-blog" title={t("adminBlog.title")}>
      {(page) => (
        <>
          <p className="admin-intro">{t("adminBlog.intro")}</p>
          {page.canWrite ? (
            <p>
              <Link className="admin-button admin-blog-new" to={href(locale, "admin-blog-new")}>
                {t("adminBlog.new")}
              </Link>
            </p>
          ) : null}
          <AdminFilterForm idPrefix="blog" clearTo="admin-blog">
            <Choice
              name="lang"
              label="adminBlog.filter.lang"
              value={page.values.lang}
              options={LOCALES.map((code) => ({ value: code, label: t(`admin.settings.lang.${code}`) }))}
            />
            <Choice
              name="status"
              label="adminBlog.filter.status"
              value={page.values.status}
              options={POST_STATUSES.map((status) => ({ value: status, label: t(`adminBlog.status.${status}`) }))}
            />
            <Choice
              name="category"
              label="adminBlog.filter.category"
              value={page.values.category}
              options={page.categories.map((category) => ({ value: category, label: category.replace(/-/g, " ") }))}
            />
          </AdminFilterForm>
          <AdminResults
            list={page}
            count="adminBlog.count"
            empty="adminBlog.empty"
            caption={t("adminBlog.title")}
            columns={COLUMNS}
            rowKey={(row) => row.id}
            renderRow={(row) => (
              <>
                <td>
                  <Link to={href(locale, "admin-blog-post", { id: row.id })} lang={row.locale} dir="auto">
                    {row.title}
                  </Link>
                  {row.publicPath ? (
                    <span className="admin-muted">
                      <a href={row.publicPath} lang={row.locale}>
                        {t("adminBlog.viewPublic")}
                      </a>
                    </span>
                  ) : null}
                </td>
                <td>{t(`admin.settings.lang.${row.locale}`)}</td>
                <td data-status={row.status}>{t(`adminBlog.status.${row.status}`)}</td>
                <td>
                  <time dateTime={row.when.at}>
                    <bdi dir="ltr">{row.when.date}</bdi> <bdi dir="ltr">{row.when.time}</bdi>
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
