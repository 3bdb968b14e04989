import { Form, Link, useNavigation } from "react-router";
import type { LogoutPage } from "#app/account/logout.server.ts";
import { CsrfField } from "#app/components/csrf-field.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { href } from "#app/links.ts";

/** `/logout`: sign out on this device or on every device, each a button of one CSRF-checked form. */
export function LogoutScreen({ page }: { page: LogoutPage }) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  return (
    <div className="auth-page">
      <h1 className="booking-heading">{t("auth.logout.title")}</h1>
      {page.signedIn ? (
        <Form method="post" className="auth-card">
          <p className="booking-note">{t("auth.logout.intro")}</p>
          <CsrfField token={page.csrf} />
          <button type="submit" name="everywhere" value="0" className="booking-submit" disabled={navigation.state !== "idle"}>
            {t("auth.logout.here")}
          </button>
          <button type="submit" name="everywhere" value="1" className="booking-secondary auth-wide" disabled={navigation.state !== "idle"}>
            {t("auth.logout.everywhere")}
          </button>
        </Form>
      ) : (
        <div className="auth-card">
          <p>{t("auth.logout.notSignedIn")}</p>
          <Link to={href(locale, "login")} className="offer-select">
            {t("nav.login")}
          </Link>
        </div>
      )}
    </div>
  );
}
