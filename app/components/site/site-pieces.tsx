import { Link, useRouteLoaderData } from "react-router";
import { SOCIAL_NETWORKS } from "#core/tenants/site-config.ts";
import { href } from "#app/links.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { RootData, SiteView } from "#app/root-data.ts";
import { SocialIcon } from "./social-icons.tsx";

/** The header's sign-in link, or the signed-in traveller's name (issue 9). */
export { AccountLink } from "#app/components/account/account-link.tsx";

/** The agency's logo and name, linking home. */
export function SiteLogo({
  site,
  src,
  size = 40,
  className = "",
}: {
  site: SiteView;
  src: string | null;
  size?: number;
  className?: string;
}) {
  const { locale } = useI18n();
  return (
    <Link to={href(locale, "home")} className={`flex items-center gap-2 font-bold text-inherit no-underline ${className}`}>
      {/* A wide logo keeps its shape inside the square. */}
      {src ? <img src={src} alt="" width={size} height={size} style={{ width: size, height: size, objectFit: "contain" }} /> : null}
      <span>{site.name}</span>
    </Link>
  );
}

/** Phone numbers in the page's digits, dialable, kept left-to-right inside right-to-left text. */
export function PhoneLinks({ phones, separator = "، " }: { phones: string[]; separator?: string }) {
  const { digits } = useI18n();
  return phones.map((phone, index) => (
    <span key={phone}>
      {index > 0 ? separator : null}
      <a href={`tel:${phone}`}>
        <bdi dir="ltr">{digits(phone)}</bdi>
      </a>
    </span>
  ));
}

export function EmailLinks({ emails }: { emails: string[] }) {
  return emails.map((email) => (
    <a key={email} href={`mailto:${email}`} className="me-3 inline-block">
      <bdi dir="ltr">{email}</bdi>
    </a>
  ));
}

/** The agency's social profiles as icon links, each named for screen readers. */
export function SocialLinks({ site, size = 20, className = "" }: { site: SiteView; size?: number; className?: string }) {
  const { t } = useI18n();
  const networks = SOCIAL_NETWORKS.filter((network) => site.social[network]);
  if (networks.length === 0) return null;
  return (
    <ul className={`flex flex-wrap items-center gap-1 ${className}`}>
      {networks.map((network) => (
        <li key={network}>
          <a
            href={site.social[network]}
            rel="noopener noreferrer me"
            target="_blank"
            aria-label={t(`social.${network}`)}
            title={t(`social.${network}`)}
            className="inline-flex size-11 items-center justify-center rounded-full hover:bg-black/10"
          >
            <SocialIcon network={network} size={size} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The agency's phones, e-mails and address, one per line, each labelled. */
export function ContactList({ site, className = "" }: { site: SiteView; className?: string }) {
  const { t } = useI18n();
  return (
    <ul className={className}>
      {site.phones.length > 0 ? (
        <li>
          {t("footer.phone")}: <PhoneLinks phones={site.phones} />
        </li>
      ) : null}
      {site.emails.length > 0 ? (
        <li>
          {t("footer.email")}: <EmailLinks emails={site.emails} />
        </li>
      ) : null}
      {site.address ? (
        <li>
          {t("footer.address")}: {site.address}
        </li>
      ) : null}
    </ul>
  );
}

/** Booking tracking (`/follow`): find a booking by reference and mobile, see it, refund it. */
export function FollowLink({ className = "" }: { className?: string }) {
  const { t, locale } = useI18n();
  return (
    <Link to={href(locale, "follow")} className={className} prefetch="intent">
      {t("nav.follow")}
    </Link>
  );
}

/** Links to the content pages; the footer and the content layout's side menu share it. */
export function CompanyLinks({ className = "", linkClassName = "" }: { className?: string; linkClassName?: string }) {
  const { t, locale } = useI18n();
  // Issue 23 §3: mobile top-up, for agencies that sell it.
  const site = useRouteLoaderData<RootData>("root")?.site;
  const mobileTopUp = site?.mobileTopUp ?? false;
  // Issue 25: the magazine, where the agency has one (its blogUrl); an outside blog is a plain link below.
  const blog = site?.blog ?? null;
  const links = [
    // Booking tracking (refunds start there) is one click away from every page (issue 16 §4).
    [href(locale, "follow"), t("nav.follow")],
    ...(mobileTopUp ? [[href(locale, "chargemobile"), t("nav.chargemobile")] as const] : []),
    ...(blog && !blog.external ? [[blog.href, t("nav.blog")] as const] : []),
    [href(locale, "contact-aboutus"), t("nav.about")],
    [href(locale, "contact"), t("nav.contact")],
    [href(locale, "faq"), t("nav.faq")],
    [href(locale, "faq-tips"), t("nav.tips")],
    [href(locale, "rules"), t("nav.rules")],
    [href(locale, "pages", { slug: "refund" }), t("nav.refund")],
    [href(locale, "pages", { slug: "sheba" }), t("nav.sheba")],
    [href(locale, "pages", { slug: "flightinformation" }), t("nav.flightinformation")],
    [href(locale, "pages", { slug: "hostrate" }), t("nav.hostrate")],
    [href(locale, "pages", { slug: "cooperation" }), t("nav.cooperation")],
    [href(locale, "pages", { slug: "jobs" }), t("nav.jobs")],
  ] as const;
  return (
    <ul className={className}>
      {links.map(([to, label]) => (
        <li key={to}>
          <Link to={to} className={linkClassName} prefetch="intent">
            {label}
          </Link>
        </li>
      ))}
      {blog?.external ? (
        <li>
          <a href={blog.href} className={linkClassName}>
            {t("nav.blog")}
          </a>
        </li>
      ) : null}
    </ul>
  );
}
