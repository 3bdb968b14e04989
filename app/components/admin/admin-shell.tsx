import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import type { AdminFrame, AdminPage } from "#app/admin/guard.server.ts";
import { ADMIN_SECTIONS, type AdminRouteName } from "#app/admin/sections.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { href } from "#app/links.ts";

function Icon({ path }: { path: string }) {
  return (
    <svg className="admin-nav-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The 403 page of the back-office, in the page's language: why, and the way back to the site. */
function Forbidden({ refusal }: { refusal: Extract<AdminPage<unknown>, { access: "forbidden" }> }) {
  const { t, locale } = useI18n();
  return (
    <section className="admin-forbidden" aria-labelledby="admin-forbidden-title" data-status="403">
      <h1 id="admin-forbidden-title">{t("admin.forbidden.title")}</h1>
      <p>
        {refusal.reason === "FORBIDDEN" && refusal.role
          ? t("admin.forbidden.role", { role: t(`admin.role.${refusal.role}`) })
          : t("admin.forbidden.notStaff", { site: refusal.site })}
      </p>
      <p className="admin-forbidden-links">
        {refusal.role ? <Link to={href(locale, "admin")}>{t("admin.nav.dashboard")}</Link> : null}
        <Link to={href(locale, "home")}>{t("error.home")}</Link>
        <Link to={href(locale, "logout")}>{t("admin.nav.logout")}</Link>
      </p>
    </section>
  );
}

/**
 * A platform operator's tenant picker (on the platform host only): the tenant every screen acts
 * on is always named here; switching keeps the screen they are on.
 */
function TenantPicker({ platform, csrf }: { platform: NonNullable<AdminFrame["platform"]>; csrf: string }) {
  const { t, locale } = useI18n();
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action={href(locale, "admin")} className="admin-tenant-picker">
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="intent" value="tenant" />
      <input type="hidden" name="next" value={`${pathname}${search}`} />
      <label htmlFor="admin-tenant">{t("admin.platform.tenant")}</label>
      <select id="admin-tenant" name="tenant" defaultValue={platform.current} key={platform.current}>
        {platform.choices.map((choice) => (
          <option key={choice.slug} value={choice.slug}>
            {choice.name}
          </option>
        ))}
      </select>
      <button type="submit" className="admin-button">
        {t("admin.platform.switch")}
      </button>
    </Form>
  );
}

function Shell({ frame, current, title, children }: { frame: AdminFrame; current: AdminRouteName; title: string; children: ReactNode }) {
  const { t, locale } = useI18n();
  const allowed = new Set(frame.sections);
  return (
    <div className="admin-shell">
      <aside className="admin-side">
        <p className="admin-brand">{t("admin.title")}</p>
        <p className="admin-who">
          <span className="sr-only">{t("admin.frame.who")} </span>
          <bdi dir="ltr">{frame.mobile}</bdi>
          <span className="admin-role">
            <span className="sr-only">{t("admin.frame.role")}: </span>
            {t(`admin.role.${frame.role}`)}
          </span>
        </p>
        {frame.platform ? <TenantPicker platform={frame.platform} csrf={frame.csrf} /> : null}
        <nav className="admin-nav" aria-label={t("admin.nav.label")}>
          <ul>
            {ADMIN_SECTIONS.filter((section) => allowed.has(section.name)).map((section) => (
              <li key={section.name}>
                <Link to={href(locale, section.name)} aria-current={section.name === current ? "page" : undefined}>
                  <Icon path={section.icon} />
                  {t(section.label)}
                </Link>
              </li>
            ))}
            <li className="admin-nav-end">
              <Link to={href(locale, "home")}>
                <Icon path="M3 11 12 4l9 7M5 10v10h14V10" />
                {t("admin.nav.storefront")}
              </Link>
            </li>
            <li>
              <Link to={href(locale, "logout")}>
                <Icon path="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 16l-4-4 4-4M6 12h10" />
                {t("admin.nav.logout")}
              </Link>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="admin-main">
        <h1 className="admin-title">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/**
 * Every back-office screen: the 403 page when the guard refused, else the shell (who is signed
 * in, the role's sections with the current one marked for assistive technology) around the screen.
 */
export function AdminScreen<T>({
  data,
  current,
  title,
  children,
}: {
  data: AdminPage<T>;
  current: AdminRouteName;
  title: string;
  children: (page: T, frame: AdminFrame) => ReactNode;
}) {
  if (data.access === "forbidden") return <Forbidden refusal={data} />;
  return (
    <Shell frame={data.frame} current={current} title={title}>
      {children(data.page, data.frame)}
    </Shell>
  );
}
