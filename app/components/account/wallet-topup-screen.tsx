import { Form, Link, useNavigation } from "react-router";
import type { TopUpPage, TopUpRefusal } from "#app/account/wallet-topup.server.ts";
import { CsrfField } from "#app/components/csrf-field.tsx";
import { TextField } from "#app/components/booking/form-fields.tsx";
import { FieldMessage } from "#app/components/search/field-message.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { gatewayName } from "#core/i18n/code-messages.ts";
import { PanelFrame } from "./panel-frame.tsx";
import { BankForm } from "#app/components/booking/bank-form.tsx";

/** The top-up form of the wallet: an amount (typed, or one of the quick picks), the gateway, and off to the bank. */
export function WalletTopUpScreen({ page, result }: { page: TopUpPage; result: TopUpRefusal | null }) {
  const { t, number, locale } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const errors = result?.errors ?? {};
  const chosenGateway = result?.values.gateway || page.gateways[0] || "";
  return (
    <PanelFrame frame={page.frame} current="account-wallet" title={t("wallet.pay.topup.title")}>
      <p className="booking-note">{t("wallet.pay.topup.balance", { amount: number(page.available) })}</p>
      <Form method="post" noValidate className="booking-form" key={result?.values.amount ?? ""}>
        <CsrfField token={page.frame.csrf} />
        <fieldset className="passenger-card">
          <legend className="passenger-title">{t("wallet.pay.topup.title")}</legend>
          <TextField
            name="amount"
            label={t("wallet.pay.topup.amount")}
            value={result?.values.amount}
            error={errors.amount?.message ?? null}
            hint={t("wallet.pay.topup.hint", { min: number(page.min), max: number(page.max) })}
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            maxLength={20}
            required
          />
          <div className="booking-field">
            <p className="booking-label" id="topup-quick">
              {t("wallet.pay.topup.quick")}
            </p>
            <div role="group" aria-labelledby="topup-quick" className="booking-actions">
              {page.quick.map((amount) => (
                <button key={amount} type="submit" name="quick" value={String(amount)} className="booking-secondary" disabled={busy}>
                  {t("booking.price.amount", { amount: number(amount) })}
                </button>
              ))}
            </div>
          </div>
          {page.gateways.length > 1 ? (
            <fieldset
              className={`gateway-choice${errors.gateway ? " booking-field-invalid" : ""}`}
              aria-describedby={errors.gateway ? "topup-gateway-error" : undefined}
            >
              <legend className="booking-label">{t("wallet.pay.topup.gateway")}</legend>
              {page.gateways.map((gateway) => (
                <label key={gateway} className="booking-radio">
                  <input type="radio" name="gateway" value={gateway} defaultChecked={gateway === chosenGateway} />
                  {gatewayName(locale, gateway)}
                </label>
              ))}
              <FieldMessage id="topup-gateway-error" message={errors.gateway?.message ?? null} />
            </fieldset>
          ) : (
            <>
              <input type="hidden" name="gateway" value={page.gateways[0] ?? ""} />
              <FieldMessage id="topup-gateway-error" message={errors.gateway?.message ?? null} />
            </>
          )}
        </fieldset>
        <button type="submit" className="booking-submit account-submit" disabled={busy}>
          {busy ? t("payment.redirecting") : t("wallet.pay.topup.submit")}
        </button>
      </Form>
      {result?.post ? <BankForm post={result.post} /> : null}
      <p>
        <Link to={page.walletHref} className="booking-secondary">
          {t("wallet.pay.topup.back")}
        </Link>
      </p>
    </PanelFrame>
  );
}
