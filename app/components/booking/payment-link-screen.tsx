import { useCallback, useState } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { CsrfField } from "#app/components/csrf-field.tsx";
import type { PaymentLinkPage } from "#app/booking/pay-by-others.server.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { BankForm } from "./bank-form.tsx";
import { HoldCountdown } from "./hold-countdown.tsx";
import { CardToCardPanel } from "./pay-by-others.tsx";
import { GatewayChoice } from "./prefactor-screen.tsx";
import { ItemSummaries } from "./trip-summary.tsx";

const GONE_BODY: Record<Extract<PaymentLinkPage, { kind: "gone" }>["reason"], MessageKey> = {
  paid: "payByOthers.gone.paid.body",
  issued: "payByOthers.gone.issued.body",
  refunded: "payByOthers.gone.refunded.body",
  expired: "payByOthers.gone.expired.body",
};

/** A link that was paid or ended (410): what happened, in a sentence. */
function GoneScreen({ reason }: { reason: Extract<PaymentLinkPage, { kind: "gone" }>["reason"] }) {
  const { t } = useI18n();
  return (
    <div className="booking-page">
      <h1 className="booking-heading">{t(reason === "expired" ? "payByOthers.gone.expired.title" : "payByOthers.gone.paid.title")}</h1>
      <p className={`booking-alert${reason === "expired" ? "" : " booking-alert-info"}`} role="status" data-reason={reason}>
        {t(GONE_BODY[reason])}
      </p>
    </div>
  );
}

/**
 * A payment link's page (issue 23 §2), for whoever the traveller sent it to: the trip, the
 * travellers' names (nothing that identifies them further), the amount and the time left, then
 * the bank or card-to-card.
 */
export function PaymentLinkScreen({
  page,
  payResult,
  bankPost,
}: {
  page: PaymentLinkPage;
  payResult: string | null;
  bankPost: { url: string; fields: Record<string, string> } | null;
}) {
  const { t, number } = useI18n();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [timedOut, setTimedOut] = useState(false);
  const onExpire = useCallback(() => {
    setTimedOut(true);
    void revalidator.revalidate();
  }, [revalidator]);
  if (page.kind === "gone") return <GoneScreen reason={page.reason} />;
  const payable = !timedOut && payResult !== "EXPIRED";
  return (
    <div className="booking-page">
      <h1 className="booking-heading">{t("payByOthers.page.title")}</h1>
      <p>{t("payByOthers.page.intro", { site: page.site })}</p>
      <div className="booking-layout">
        <div className="booking-form">
          <section className="passenger-card" aria-labelledby="link-trip">
            <h2 id="link-trip" className="booking-subheading">
              {t("payByOthers.page.trip")}
            </h2>
            <ItemSummaries items={page.items} />
          </section>
          <section className="passenger-card" aria-labelledby="link-travellers">
            <h2 id="link-travellers" className="booking-subheading">
              {t("payByOthers.page.travellers")}
            </h2>
            <ul className="prefactor-passengers">
              {page.travellers.map((name, index) => (
                <li key={index} className="prefactor-passenger-name">
                  {name}
                </li>
              ))}
            </ul>
          </section>
          {payable && page.card ? <CardToCardPanel card={page.card} csrf={page.csrf} /> : null}
        </div>
        <aside className="booking-aside" aria-labelledby="link-amount">
          <h2 id="link-amount" className="booking-subheading">
            {t("payByOthers.page.amount")}
          </h2>
          {payable ? (
            <HoldCountdown
              expiresAt={page.expiresAt}
              serverNow={page.serverNow}
              onExpire={onExpire}
              heldNote="payByOthers.page.heldUntil"
            />
          ) : null}
          <p className="booking-total" data-testid="link-amount">
            {t("booking.price.amount", { amount: number(page.total) })}
          </p>
          {payable ? (
            <Form method="post">
              <CsrfField token={page.csrf} />
              <input type="hidden" name="intent" value="pay" />
              <GatewayChoice gateways={page.gateways} />
              <button type="submit" className="booking-submit" disabled={navigation.state !== "idle"}>
                {navigation.state !== "idle" ? t("payment.redirecting") : t("payByOthers.page.pay", { amount: number(page.total) })}
              </button>
            </Form>
          ) : null}
          {bankPost ? <BankForm post={bankPost} /> : null}
          {payResult === "UNAVAILABLE" ? (
            <p className="booking-alert booking-alert-info" role="status">
              {t("payment.gatewayUnavailable")}
            </p>
          ) : null}
          {!payable ? (
            <p className="booking-alert" role="alert">
              {t("payByOthers.gone.expired.body")}
            </p>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
