import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PanelFrame as Frame } from "#app/account/panel.server.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { href } from "#app/links.ts";

export type PanelSection =
  | "account"
  | "account-passengers"
  | "account-bookings"
  | "account-alerts"
  | "account-wallet"
  | "account-auto-reserve"
  | "account-desired-price";

const SECTIONS: { name: PanelSection; label: MessageKey; icon: string }[] = [
  { name: "account", label: "account.nav.profile", icon: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0" },
  {
    name: "account-passengers",
    label: "account.nav.passengers",
    icon: "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm-6 9a6 6 0 0 1 12 0M16 4.5a3.5 3.5 0 0 1 0 6.5m2 9a6 6 0 0 0-3-5.2",
  },
  { name: "account-bookings", label: "account.nav.bookings", icon: "M4 7h16v10H4zM9 7V5h6v2M4 12h16" },
  { name: "account-alerts", label: "account.nav.alerts", icon: "M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2Zm4 4h4" },
  {
    name: "account-wallet",
    label: "account.nav.wallet",
    icon: "M4 7a2 2 0 0 1 2-2h11v4M4 7v11a2 2 0 0 0 2 2h14V9H6a2 2 0 0 1-2-2Zm12 7h.01",
  },
  { name: "account-auto-reserve", label: "account.nav.autoReserve", icon: "M12 7v5l3 2M21 12a9 9 0 1 1-9-9 9 9 0 0 1 9 9Z" },
  { name: "account-desired-price", label: "account.nav.desiredPrice", icon: "M20 12 12 20 4 12V4h8ZM8.5 8.5h.01" },
];

function Icon({ path }: { path: string }) {
  return (
    <svg className="account-nav-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The frame of every panel page: who is signed in, the panel's sections (the current one marked
 * for assistive technology, not by colour alone) and signing out; the page's own content beside it.
 */
export function PanelFrame({
  frame,
  current,
  title,
  children,
}: {
  frame: Frame;
  current: PanelSection;
  title: string;
  children: ReactNode;
}) {
  const { t, locale } = useI18n();
  return (
    <div className="booking-page account-panel">
      <div className="account-side">
        <div className="account-who">
          <span className="account-avatar" aria-hidden="true">
            {frame.name ? frame.name.trim().charAt(0) : <Icon path={SECTIONS[0]!.icon} />}
          </span>
          <div className="account-who-text">
            <p className="account-name">{frame.name ?? t("account.frame.untitled")}</p>
            <p className="account-mobile">
              <span className="sr-only">{t("account.frame.mobile")} </span>
              <bdi dir="ltr">{frame.mobile}</bdi>
            </p>
          </div>
        </div>
        <nav className="account-nav" aria-label={t("account.nav.label")}>
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.name}>
                <Link to={href(locale, section.name)} aria-current={section.name === current ? "page" : undefined}>
                  <Icon path={section.icon} />
                  {t(section.label)}
                </Link>
              </li>
            ))}
            <li>
              <Link to={href(locale, "logout")} className="account-nav-logout">
                <Icon path="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 16l-4-4 4-4M6 12h10" />
                {t("account.nav.logout")}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="account-main">
        <h1 className="booking-heading account-title">{title}</h1>
        {children}
      </div>
    </div>
  );
}
