import { Link } from "react-router";
import { adminLinks, adminMeta } from "#app/admin/route-head.ts";
import { pagesLoader } from "#app/admin/pages.server.ts";
import { AdminScreen } from "#app/components/admin/admin-shell.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { href } from "#app/links.ts";
import { headers as pageHeaders } from "#app/search/page-headers.ts";
import type { Locale } from "#core/i18n/locales.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import type { Route } from "./+types/pages";

export const headers = pageHeaders;
export const links = adminLinks;
export const meta = adminMeta("admin.pages.title");

export function loader({ request, context }: Route.LoaderArgs) {
  return pagesLoader(request, context);
}

const LANGUAGE_NAMES: Record<Locale, MessageKey> = {
  fa: "admin.pages.lang.fa",
  en: "admin.pages.lang.en",
  ar: "admin.pages.lang.ar",
};

/** `/admin/pages`: each content page in each language, the tenant's own text or the default. */
export default function AdminPages({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  return (
    <AdminScreen data={loaderData} current="admin-pages" title={t("admin.pages.title")}>
      {(page) => (
        <>
          <p className="admin-intro">{t("admin.pages.intro")}</p>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t("admin.pages.page")}</th>
                  {page.locales.map((lang) => (
                    <th key={lang} scope="col">
                      {t(LANGUAGE_NAMES[lang])}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.rows.map((row) => (
                  <tr key={row.slug}>
                    <th scope="row">
                      <bdi dir="ltr">{row.slug}</bdi>
                    </th>
                    {row.cells.map((cell) => (
                      <td key={cell.locale}>
                        <Link to={href(locale, "admin-page", { slug: row.slug, lang: cell.locale })}>
                          {cell.own ? t("admin.pages.own") : t("admin.pages.default")}
                          <span className="admin-muted"> · {t("admin.pages.edit")}</span>
                        </Link>
                        {cell.since ? (
                          <>
                            {" "}
                            <time className="admin-muted" dateTime={cell.since.at}>
                              {cell.since.date}
                            </time>
                          </>
                        ) : null}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </AdminScreen>
  );
}
