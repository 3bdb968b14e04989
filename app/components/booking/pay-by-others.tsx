import { useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { CsrfField } from "#app/components/csrf-field.tsx";
import { FieldMessage } from "#app/components/search/field-message.tsx";
import { TextField } from "#app/components/booking/form-fields.tsx";
import { CARD_ERROR_MESSAGE, LINK_ERROR_MESSAGE, type CardPanel, type PayByOthersResult } from "#app/booking/pay-by-others.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";

/**
 * Payment by others (issue 23 §2) on the pre-invoice and on a payment link's page: a link sent
 * by SMS to whoever pays, and the agency's card with a box for the bank's receipt. Both are plain
 * forms (they work without JavaScript); their answers come back as the route's action data.
 */
function usePayByOthersResult(): PayByOthersResult | null {
  const answer = useActionData<{ payByOthers?: PayByOthersResult | null } | null>();
  return answer?.payByOthers ?? null;
}

/** "Someone else pays": the payer's mobile, and the link goes to it by SMS. */
export function PaymentLinkPanel({ csrf }: { csrf: string }) {
  const { t } = useI18n();
  const result = usePayByOthersResult();
  const navigation = useNavigation();
  const linkResult = result?.form === "link" ? result : null;
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "payment-link";
  return (
    <section className="passenger-card pay-by-others" aria-labelledby="payment-link-heading">
      <h2 id="payment-link-heading" className="booking-subheading">
        {t("payByOthers.link.heading")}
      </h2>
      <p className="booking-hint">{t("payByOthers.link.intro")}</p>
      <Form method="post" className="pay-by-others-form">
        <CsrfField token={csrf} />
        <input type="hidden" name="intent" value="payment-link" />
        <TextField
          name="mobile"
          label={t("payByOthers.link.mobile")}
          value={linkResult && !linkResult.ok ? linkResult.mobile : ""}
          error={linkResult && !linkResult.ok ? t(LINK_ERROR_MESSAGE[linkResult.error]) : null}
          inputMode="tel"
          autoComplete="off"
          dir="ltr"
          maxLength={20}
          required
        />
        <button type="submit" className="booking-secondary" disabled={sending}>
          {sending ? t("payByOthers.link.sending") : t("payByOthers.link.send")}
        </button>
      </Form>
      {linkResult?.ok ? (
        <p className="booking-alert booking-alert-info" role="status">
          {t("payByOthers.link.sent", { mobile: linkResult.mobile, time: linkResult.until })}
        </p>
      ) : null}
    </section>
  );
}

/** The agency's card, the exact amount, where to send the receipt, and the box to paste it in. */
export function CardToCardPanel({ card, csrf }: { card: CardPanel; csrf: string }) {
  const { t, number, digits } = useI18n();
  const result = usePayByOthersResult();
  const navigation = useNavigation();
  const [copied, setCopied] = useState(false);
  const cardResult = result?.form === "card" ? result : null;
  const error = cardResult && !cardResult.ok ? t(CARD_ERROR_MESSAGE[cardResult.error]) : null;
  const checking = navigation.state !== "idle" && navigation.formData?.get("intent") === "card-to-card";
  const copy = () => {
    // Without a clipboard (an old browser, no permission) the number stays on the page to select.
    navigator.clipboard?.writeText(card.digits).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <section className="passenger-card pay-by-others" aria-labelledby="card-to-card-heading">
      <h2 id="card-to-card-heading" className="booking-subheading">
        {t("cardToCard.heading")}
      </h2>
      <p className="booking-hint">{t("cardToCard.intro", { mobile: card.receiptMobile })}</p>
      <dl className="card-to-card-facts">
        <div>
          <dt>{t("cardToCard.cardNumber")}</dt>
          <dd className="card-to-card-number">
            {/* Shown in the page's digits, its groups laid out left to right as boxes: Arabic-Indic
                digits joined by spaces would otherwise run right to left. The copy button copies
                Latin digits, which every bank app takes. */}
            <bdi dir="ltr" data-testid="agency-card" className="card-to-card-groups">
              {card.number.split(" ").map((group, index) => (
                <span key={index}>{digits(group)}</span>
              ))}
            </bdi>
            <button type="button" className="booking-secondary card-to-card-copy" onClick={copy}>
              {t("cardToCard.copy")}
            </button>
            <span className="sr-only" role="status">
              {copied ? t("cardToCard.copied") : ""}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t("cardToCard.holder")}</dt>
          <dd>{card.holder}</dd>
        </div>
        <div>
          <dt>{t("cardToCard.bank")}</dt>
          <dd>{card.bank}</dd>
        </div>
        <div>
          <dt>{t("cardToCard.amount")}</dt>
          <dd className="card-to-card-amount">{t("cardToCard.amountValue", { tomans: number(card.tomans), rials: number(card.rials) })}</dd>
        </div>
        <div>
          <dt>{t("cardToCard.until")}</dt>
          <dd>
            <bdi>{card.until}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t("cardToCard.receiptMobile")}</dt>
          <dd>
            <bdi dir="ltr">{card.receiptMobile}</bdi>
          </dd>
        </div>
      </dl>
      <Form method="post" className="pay-by-others-form">
        <CsrfField token={csrf} />
        <input type="hidden" name="intent" value="card-to-card" />
        <div className={`booking-field${error ? " booking-field-invalid" : ""}`}>
          <label htmlFor="f-receiptText" className="booking-label">
            {t("cardToCard.receipt")}
          </label>
          <textarea
            id="f-receiptText"
            name="receiptText"
            rows={6}
            maxLength={2000}
            required
            dir="auto"
            defaultValue={cardResult && !cardResult.ok ? cardResult.text : ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={`f-receiptText-hint${error ? " f-receiptText-error" : ""}`}
          />
          <p id="f-receiptText-hint" className="booking-hint">
            {t("cardToCard.receiptHint")}
          </p>
          <FieldMessage id="f-receiptText-error" message={error} />
        </div>
        <button type="submit" className="booking-secondary" disabled={checking}>
          {t("cardToCard.submit")}
        </button>
      </Form>
      {cardResult?.ok ? (
        <p className="booking-alert booking-alert-info" role="status">
          {t("cardToCard.pending")}
        </p>
      ) : null}
    </section>
  );
}
