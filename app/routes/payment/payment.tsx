import { data, Link } from "react-router";
import { PaymentResultScreen } from "#app/components/booking/payment-result-screen.tsx";
import { paymentResultLoader } from "#app/booking/payment.server.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
import { localizePath } from "#core/i18n/locales.ts";
export { headers } from "#app/search/page-headers.ts";
import type { Route } from "./+types/payment";

export const handle: RouteHandle = { layout: "factor" };

/** `/payment?hash=…`: a payment's status by its hash (spec §2); without one, where to look instead. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const privateAnswer = { headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } };
  if (!new URL(request.url).searchParams.has("hash")) return data({ page: null }, privateAnswer);
  return data({ page: (await paymentResultLoader(request, context, undefined)).data }, privateAnswer);
}

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "payment.title");

export default function PaymentStatus({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  if (loaderData.page) return <PaymentResultScreen page={loaderData.page} />;
  return (
    <div className="booking-page">
      <h1 className="booking-heading">{t("payment.title")}</h1>
      <p className="booking-note">{t("payment.noHash")}</p>
      <p>
        <Link to={localizePath(locale, "/follow")} className="offer-select">
          {t("follow.title")}
        </Link>
      </p>
    </div>
  );
}
