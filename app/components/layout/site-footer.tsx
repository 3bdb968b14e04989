import { Link } from "react-router";
import { SOCIAL_NETWORKS } from "#core/tenants/site-config.ts";
import { href } from "#app/links.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { SiteView } from "#app/root-data.ts";

export function SiteFooter({ site }: { site: SiteView }) {
  const { t, locale, digits } = useI18n();
  const socials = SOCIAL_NETWORKS.filter((network) => site.social[network]);
  return (
    <footer className="site-footer mt-8 border-t border-black/10 bg-footer">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-3">
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className="mb-2 font-bold">
            {site.name}
          </h2>
          {site.slogan ? <p className="mb-2 text-sm">{site.slogan}</p> : null}
          <ul className="space-y-1 text-sm">
            <li><Link to={href(locale, "contact-aboutus")}>{t("nav.about")}</Link></li>
            <li><Link to={href(locale, "contact")}>{t("nav.contact")}</Link></li>
            <li><Link to={href(locale, "faq")}>{t("nav.faq")}</Link></li>
            <li><Link to={href(locale, "rules")}>{t("nav.rules")}</Link></li>
            <li><Link to={href(locale, "pages", { slug: "refund" })}>{t("nav.refund")}</Link></li>
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-2 font-bold">
            {t("footer.contact")}
          </h2>
          <dl className="space-y-1 text-sm">
            {site.phones.length > 0 ? (
              <div>
                <dt className="inline">{t("footer.phone")}: </dt>
                <dd className="inline">
                  {site.phones.map((phone, index) => (
                    <span key={phone}>
                      {index > 0 ? "، " : null}
                      <a href={`tel:${phone}`}><bdi dir="ltr">{digits(phone)}</bdi></a>
                    </span>
                  ))}
                </dd>
              </div>
            ) : null}
            {site.emails.length > 0 ? (
              <div>
                <dt className="inline">{t("footer.email")}: </dt>
                <dd className="inline">
                  {site.emails.map((email) => (
                    <a key={email} href={`mailto:${email}`} className="me-2"><bdi dir="ltr">{email}</bdi></a>
                  ))}
                </dd>
              </div>
            ) : null}
            {site.address ? (
              <div>
                <dt className="inline">{t("footer.address")}: </dt>
                <dd className="inline">{site.address}</dd>
              </div>
            ) : null}
          </dl>
        </section>
        {socials.length > 0 ? (
          <section aria-labelledby="footer-social">
            <h2 id="footer-social" className="mb-2 font-bold">
              {t("footer.social")}
            </h2>
            <ul className="flex flex-wrap gap-2 text-sm">
              {socials.map((network) => (
                <li key={network}>
                  <a href={site.social[network]} rel="noopener noreferrer me" target="_blank">
                    {t(`social.${network}`)}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      <p className="border-t border-black/10 py-3 text-center text-xs">{t("footer.rights", { name: site.name })}</p>
    </footer>
  );
}
