import { NavLink } from "react-router";
import type { ServiceId } from "#core/services/service-ids.ts";
import { href } from "#app/links.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { SERVICE_ROUTES } from "./service-nav.ts";

/** One list item per service, each linking to that service's page in the current language. */
export function ServiceLinkItems({ services, linkClassName }: { services: readonly ServiceId[]; linkClassName: string }) {
  const { t, locale } = useI18n();
  return services.map((service) => {
    const route = SERVICE_ROUTES[service];
    return route ? (
      <li key={service}>
        <NavLink to={href(locale, route)} className={linkClassName} prefetch="intent">
          {t(`nav.${service}`)}
        </NavLink>
      </li>
    ) : null;
  });
}

/** The blog's menu item (issue 25): the tenant's blogUrl, an outside address as a plain link. */
export function BlogLinkItem({ blog, linkClassName }: { blog: { href: string; external: boolean } | null; linkClassName: string }) {
  const { t } = useI18n();
  if (!blog) return null;
  return (
    <li>
      {blog.external ? (
        <a href={blog.href} className={linkClassName}>
          {t("nav.blog")}
        </a>
      ) : (
        <NavLink to={blog.href} className={linkClassName} prefetch="intent">
          {t("nav.blog")}
        </NavLink>
      )}
    </li>
  );
}
