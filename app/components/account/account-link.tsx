import { useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";
import { readDisplayName } from "#app/account/display-name-cookie.ts";
import { shownName } from "#app/account/sign-in-text.ts";
import { splitLocalePath } from "#core/i18n/locales.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { href } from "#app/links.ts";

/** Cookie changes where the browser reports them (Cookie Store API); elsewhere a navigation re-reads the cookie. */
function subscribe(onChange: () => void): () => void {
  const store = (globalThis as { cookieStore?: EventTarget }).cookieStore;
  store?.addEventListener("change", onChange);
  return () => store?.removeEventListener("change", onChange);
}

const fromCookie = () => readDisplayName(document.cookie);
// The server never knows the visitor: the page it renders is shared by public caches.
const onServer = () => null;

/** Pages the sign-in link must not send the visitor back to. */
const AUTH_PATHS = new Set(["/login", "/login/index2", "/register", "/logout"]);

/**
 * The header's "Sign in" link, or the signed-in traveller's name linking to their account. The
 * name comes from the `user_name` display cookie, read in the browser after hydration, because
 * every page is publicly cached and must be the same for everyone. `labelClassName` lets a narrow
 * header keep only the icon (e.g. "sr-only sm:not-sr-only"): the link keeps its name for screen readers.
 */
export function AccountLink({ className = "", labelClassName = "" }: { className?: string; labelClassName?: string }) {
  const { t, locale } = useI18n();
  // Read on every navigation, so signing in or out shows at once.
  const location = useLocation();
  const name = useSyncExternalStore(subscribe, fromCookie, onServer);
  const classes = `inline-flex min-h-11 items-center gap-1.5 rounded px-3 py-2.5 text-inherit no-underline hover:bg-black/5 ${className}`;
  const icon = (
    <svg
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
    </svg>
  );
  if (name) {
    return (
      <Link to={href(locale, "account")} className={classes} data-account-link="signed-in">
        {icon}
        <span className="sr-only">{t("nav.account")}: </span>
        <bdi className={`inline-block max-w-40 truncate ${labelClassName}`}>{shownName(locale, name)}</bdi>
      </Link>
    );
  }
  const here = splitLocalePath(location.pathname).rest;
  const next = here === "/" || AUTH_PATHS.has(here) ? "" : `?${new URLSearchParams({ next: location.pathname + location.search })}`;
  return (
    <Link to={`${href(locale, "login")}${next}`} className={classes} data-account-link="signed-out">
      {icon}
      <span className={labelClassName}>{t("nav.login")}</span>
    </Link>
  );
}
