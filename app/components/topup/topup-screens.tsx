import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { ChargeResultPage, TopupActionData, TopupPage } from "#app/topup/topup.server.ts";
import { CsrfField } from "#app/components/csrf-field.tsx";
import { FieldMessage } from "#app/components/search/field-message.tsx";
import { BankForm } from "#app/components/booking/bank-form.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { gatewayName } from "#core/i18n/code-messages.ts";
import { CHARGE_KINDS, detectOperator, type ChargeKind, type Operator } from "#core/topup/operators.ts";

/**
 * `/chargemobile` (issue 23 §3): the mobile (its operator suggested as it is typed, or by the
 * "detect" button without JavaScript), the operator (changeable: ported numbers), the kind, one of
 * the operator's amounts, and how to pay. Every choice is a native control, so the form works
 * with the keyboard and without JavaScript; the server decides everything again on submit.
 */
export function TopupScreen({ page, result }: { page: TopupPage; result: TopupActionData | null }) {
  const { t, number, locale } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const errors = result?.errors ?? {};
  const [mobile, setMobile] = useState(result?.values.mobile ?? "");
  const [operator, setOperator] = useState<Operator | "">(result?.values.operator ?? "");
  // A choice of the visitor is kept as they go on typing; only an untouched operator follows the prefix.
  const [operatorChosen, setOperatorChosen] = useState(Boolean(result?.values.operator));
  const [kind, setKind] = useState<ChargeKind>(result?.values.kind ?? "direct");
  const alertRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (Object.keys(result?.errors ?? {}).length > 0) alertRef.current?.focus();
  }, [result]);

  const detected = detectOperator(mobile);
  const facts = page.operators.find((entry) => entry.id === (operator || detected)) ?? page.operators[0]!;
  const amounts = facts.amounts[kind];
  const chosenAmount = result?.values.amount ?? "";
  const payDefault = result?.values.pay || (page.gateways[0] ? `gateway:${page.gateways[0]}` : "");
  const firstError = Object.values(errors)[0] ?? null;

  const onMobile = (value: string) => {
    setMobile(value);
    const suggestion = detectOperator(value);
    if (!operatorChosen && suggestion) setOperator(suggestion);
  };

  return (
    <div className="booking-page topup-page">
      <h1 className="booking-heading">{t("topup.title")}</h1>
      <p className="booking-note">{t("topup.intro")}</p>
      {firstError ? (
        <p className="booking-alert" role="alert" tabIndex={-1} ref={alertRef}>
          {firstError}
        </p>
      ) : null}
      <Form method="post" noValidate className="booking-form passenger-card">
        <CsrfField token={page.csrf} />
        <div className={`booking-field${errors.mobile ? " booking-field-invalid" : ""}`}>
          <label htmlFor="topup-mobile" className="booking-label">
            {t("topup.mobile")}
            <span aria-hidden="true"> *</span>
          </label>
          <input
            id="topup-mobile"
            name="mobile"
            value={mobile}
            onChange={(event) => onMobile(event.target.value)}
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            maxLength={20}
            aria-required
            aria-invalid={errors.mobile ? true : undefined}
            aria-describedby={`topup-mobile-hint topup-detected${errors.mobile ? " topup-mobile-error" : ""}`}
          />
          <p id="topup-mobile-hint" className="booking-hint">
            {t("topup.mobile.hint")}
          </p>
          <p id="topup-detected" className="booking-hint" aria-live="polite">
            {detected ? t("topup.detected", { operator: t(`topup.operator.${detected}`) }) : ""}
          </p>
          <FieldMessage id="topup-mobile-error" message={errors.mobile ?? null} />
          <button type="submit" name="intent" value="detect" className="booking-secondary" formNoValidate disabled={busy}>
            {t("topup.detect")}
          </button>
        </div>

        <fieldset
          className={`gateway-choice topup-choices${errors.operator ? " booking-field-invalid" : ""}`}
          aria-describedby="topup-operator-error"
        >
          <legend className="booking-label">{t("topup.operator")}</legend>
          {page.operators.map((entry) => (
            <label key={entry.id} className="booking-radio">
              <input
                type="radio"
                name="operator"
                value={entry.id}
                checked={operator === entry.id}
                onChange={() => {
                  setOperator(entry.id);
                  setOperatorChosen(true);
                }}
              />
              {t(`topup.operator.${entry.id}`)}
            </label>
          ))}
          <FieldMessage id="topup-operator-error" message={errors.operator ?? null} />
        </fieldset>

        <fieldset
          className={`gateway-choice topup-choices${errors.kind ? " booking-field-invalid" : ""}`}
          aria-describedby="topup-kind-error"
        >
          <legend className="booking-label">{t("topup.kind")}</legend>
          {CHARGE_KINDS.map((entry) => (
            <label key={entry} className="booking-radio">
              <input type="radio" name="kind" value={entry} checked={kind === entry} onChange={() => setKind(entry)} />
              {t(`topup.kind.${entry}`)}
            </label>
          ))}
          <FieldMessage id="topup-kind-error" message={errors.kind ?? null} />
        </fieldset>

        <fieldset
          className={`gateway-choice topup-choices${errors.amount ? " booking-field-invalid" : ""}`}
          aria-describedby="topup-amount-error"
        >
          <legend className="booking-label">{t("topup.amount")}</legend>
          {amounts.map((amount) => (
            <label key={`${facts.id}-${kind}-${amount}`} className="booking-radio">
              <input type="radio" name="amount" value={String(amount)} defaultChecked={chosenAmount === String(amount)} />
              {t("topup.amount.choice", { amount: number(amount) })}
            </label>
          ))}
          <FieldMessage id="topup-amount-error" message={errors.amount ?? null} />
        </fieldset>

        <fieldset className={`gateway-choice${errors.pay ? " booking-field-invalid" : ""}`} aria-describedby="topup-pay-error">
          <legend className="booking-label">{t("topup.pay")}</legend>
          {page.gateways.map((gateway) => (
            <label key={gateway} className="booking-radio">
              <input type="radio" name="pay" value={`gateway:${gateway}`} defaultChecked={payDefault === `gateway:${gateway}`} />
              {gatewayName(locale, gateway)}
            </label>
          ))}
          {page.wallet !== null ? (
            <>
              <label className="booking-radio">
                <input
                  type="radio"
                  name="pay"
                  value="wallet"
                  defaultChecked={payDefault === "wallet"}
                  // A wallet that covers none of the amounts is shown, not offered; the server decides for the chosen one.
                  disabled={page.wallet < Math.min(...amounts)}
                />
                {t("topup.pay.wallet", { amount: number(page.wallet) })}
              </label>
              {page.wallet < Math.min(...amounts) ? (
                <p className="booking-hint">{t("topup.pay.walletShort", { amount: number(page.wallet) })}</p>
              ) : null}
            </>
          ) : (
            <p className="booking-hint">
              <Link to={page.loginHref}>{t("topup.error.WALLET_NOT_ALLOWED")}</Link>
            </p>
          )}
          <FieldMessage id="topup-pay-error" message={errors.pay ?? null} />
        </fieldset>

        <button type="submit" name="intent" value="buy" className="booking-submit" disabled={busy}>
          {busy ? t("payment.redirecting") : t("topup.submit")}
        </button>
      </Form>
      {result?.post ? <BankForm post={result.post} /> : null}
    </div>
  );
}

/** `/charge/GetCharge?id=…`: what became of a top-up, from stored state. */
export function ChargeResultScreen({ page }: { page: ChargeResultPage }) {
  const { t, number, digits } = useI18n();
  const { charge } = page;
  const [copied, setCopied] = useState(false);
  const operator = t(`topup.operator.${charge.operator}`);
  const amount = number(charge.amount);
  const mobile = digits(charge.mobile);
  const copy = () => {
    if (!charge.pin) return;
    void navigator.clipboard?.writeText(charge.pin).then(() => setCopied(true));
  };
  return (
    <div className="booking-page topup-result">
      <h1 className="booking-heading">{t("topup.result.title")}</h1>
      {charge.status === "delivered" ? (
        <section className="passenger-card" aria-labelledby="topup-done">
          <p id="topup-done" className="booking-note" role="status">
            {charge.kind === "pin"
              ? t("topup.result.delivered.pin", { amount, operator, mobile })
              : t("topup.result.delivered.direct", { amount, operator, mobile })}
          </p>
          <dl className="booking-facts">
            {charge.pin ? (
              <>
                <dt>{t("topup.result.pin")}</dt>
                <dd>
                  <bdi dir="ltr" className="topup-pin" data-pin={charge.pin}>
                    {digits(charge.pin)}
                  </bdi>{" "}
                  <button type="button" className="booking-secondary" onClick={copy}>
                    {t("topup.result.copy")}
                  </button>
                  <span aria-live="polite">{copied ? ` ${t("topup.result.copied")}` : ""}</span>
                </dd>
                {charge.serial ? (
                  <>
                    <dt>{t("topup.result.serial")}</dt>
                    <dd>
                      <bdi dir="ltr">{digits(charge.serial)}</bdi>
                    </dd>
                  </>
                ) : null}
                <dt>{t("topup.result.howto")}</dt>
                <dd>
                  <a href={`tel:${encodeURIComponent(charge.dial ?? "")}`}>
                    {/* Latin digits, as the keypad shows them: dialled as read, and never reordered around * and #. */}
                    <bdi dir="ltr">{charge.dial ?? ""}</bdi>
                  </a>
                </dd>
              </>
            ) : null}
            <dt>{t("topup.result.reference")}</dt>
            <dd>
              <bdi dir="ltr">{charge.reference}</bdi>
            </dd>
            <dt>{t("topup.mobile")}</dt>
            <dd>
              <bdi dir="ltr">{mobile}</bdi>
            </dd>
          </dl>
        </section>
      ) : charge.status === "refunded" ? (
        <p className="booking-alert" role="status">
          {t("topup.result.refunded", { amount })}
        </p>
      ) : charge.status === "failed" ? (
        <p className="booking-alert" role="status">
          {t("topup.result.failed")}
        </p>
      ) : charge.status === "paid" ? (
        <p className="booking-note" role="status">
          {t("topup.result.processing")} <a href={page.selfHref}>{t("topup.result.refresh")}</a>
        </p>
      ) : (
        <p className="booking-note" role="status">
          {t("topup.result.awaiting")}
        </p>
      )}
      <p>
        <Link to={page.againHref} className="booking-secondary">
          {t("topup.result.again")}
        </Link>
      </p>
    </div>
  );
}
